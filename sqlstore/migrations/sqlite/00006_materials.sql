-- +goose Up
CREATE TABLE materials (
    id            INTEGER PRIMARY KEY,
    teacher_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title         TEXT    NOT NULL,
    description   TEXT    NOT NULL DEFAULT '',
    material_type TEXT    NOT NULL CHECK (material_type IN ('note', 'class_link', 'assignment')),
    link_url      TEXT    NOT NULL DEFAULT '',
    file          TEXT    NOT NULL DEFAULT '',
    file_name     TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
);
CREATE INDEX materials_teacher ON materials (teacher_id, created_at);

CREATE TABLE courses (
    id          INTEGER PRIMARY KEY,
    teacher_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title       TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    class_link  TEXT    NOT NULL DEFAULT '',
    days        TEXT    NOT NULL, -- weekdays 0 (Sunday) to 6, comma-separated
    start_time  INTEGER NOT NULL, -- minutes after midnight
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  INTEGER NOT NULL
);
CREATE INDEX courses_teacher ON courses (teacher_id);

CREATE TABLE study_notes (
    id         INTEGER PRIMARY KEY,
    student_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title      TEXT    NOT NULL,
    content    TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX study_notes_student ON study_notes (student_id, id);

-- +goose Down
DROP TABLE study_notes;
DROP TABLE courses;
DROP TABLE materials;
