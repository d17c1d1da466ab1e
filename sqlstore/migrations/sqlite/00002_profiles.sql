-- +goose Up
CREATE TABLE teacher_profiles (
    user_id            INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    price_per_hour     INTEGER NOT NULL DEFAULT 0,
    test_session_price INTEGER NOT NULL DEFAULT 0,
    intro_video        TEXT    NOT NULL DEFAULT '',
    experience_years   INTEGER NOT NULL DEFAULT 0,
    education          TEXT    NOT NULL DEFAULT '',
    certifications     TEXT    NOT NULL DEFAULT '',
    specializations    TEXT    NOT NULL DEFAULT '',
    teaching_style     TEXT    NOT NULL DEFAULT '',
    availability_note  TEXT    NOT NULL DEFAULT '',
    wp_teacher_id      TEXT    NOT NULL DEFAULT '',
    timezone           TEXT    NOT NULL DEFAULT 'Asia/Tehran',
    -- The listing columns are rewritten in every transaction that changes the
    -- teacher's names, bio or levels, so the teacher list reads one row a card.
    languages          TEXT    NOT NULL DEFAULT '', -- offered languages, comma-separated
    search             TEXT    NOT NULL DEFAULT '', -- lower-cased names, username and bio
    bookable           BOOLEAN NOT NULL DEFAULT FALSE -- offers at least one priced level
);
CREATE UNIQUE INDEX teacher_profiles_wp_teacher_id ON teacher_profiles (wp_teacher_id) WHERE wp_teacher_id <> '';
CREATE INDEX teacher_profiles_newest ON teacher_profiles (bookable, user_id);
CREATE INDEX teacher_profiles_price ON teacher_profiles (bookable, price_per_hour);
CREATE INDEX teacher_profiles_experience ON teacher_profiles (bookable, experience_years);
INSERT INTO teacher_profiles (user_id, search)
    SELECT id, lower(username || ' ' || bio) FROM users WHERE role = 'teacher';

CREATE TABLE teacher_levels (
    id            INTEGER PRIMARY KEY,
    teacher_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    language      TEXT    NOT NULL,
    level         INTEGER NOT NULL CHECK (level BETWEEN 1 AND 6),
    regular_price INTEGER NOT NULL,
    exam_price    INTEGER NOT NULL,
    -- A level the teacher stops offering stays, for the bookings that name it.
    active        BOOLEAN NOT NULL DEFAULT TRUE,
    UNIQUE (teacher_id, language, level)
);

CREATE TABLE teacher_documents (
    id         INTEGER PRIMARY KEY,
    teacher_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    file       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX teacher_documents_teacher ON teacher_documents (teacher_id);

CREATE TABLE student_languages (
    id         INTEGER PRIMARY KEY,
    student_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    language   TEXT    NOT NULL,
    level      TEXT    NOT NULL,
    UNIQUE (student_id, language)
);

-- A student's overall level, set by their teachers.
ALTER TABLE users ADD COLUMN level TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE users DROP COLUMN level;
DROP TABLE student_languages;
DROP TABLE teacher_documents;
DROP TABLE teacher_levels;
DROP TABLE teacher_profiles;
