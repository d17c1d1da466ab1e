-- +goose Up
-- Search that reads Persian, and saved teachers (issue 15).

-- A profile's search text is zabano.NormalizeSearch's: search of the names,
-- username and bio, search_name of the names and username alone, which
-- ranks a match of the name above one of the bio. NULL search_name marks a
-- row whose texts the store has yet to write with NormalizeSearch, which
-- SQL cannot run: DB.Open rewrites such rows after migrating (here, every
-- existing row; a migration that changes NormalizeSearch sets it NULL again).
ALTER TABLE teacher_profiles ADD COLUMN search_name TEXT;

-- The name and bio search reads a trigram index of the search texts, which
-- finds any part of three characters or more. It is an external-content
-- table: the text stays in teacher_profiles, and the triggers keep the
-- index in step with it, as SQLite's FTS5 documentation sets out.
CREATE VIRTUAL TABLE teacher_search USING fts5(
    search_name, search, content = 'teacher_profiles', content_rowid = 'user_id', tokenize = 'trigram'
);
-- A match of the name weighs ten times one of the rest (bm25's column weights).
INSERT INTO teacher_search (teacher_search, rank) VALUES ('rank', 'bm25(10.0, 1.0)');
INSERT INTO teacher_search (teacher_search) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER teacher_search_insert AFTER INSERT ON teacher_profiles BEGIN
    INSERT INTO teacher_search (rowid, search_name, search) VALUES (new.user_id, new.search_name, new.search);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER teacher_search_delete AFTER DELETE ON teacher_profiles BEGIN
    INSERT INTO teacher_search (teacher_search, rowid, search_name, search) VALUES ('delete', old.user_id, old.search_name, old.search);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER teacher_search_update AFTER UPDATE OF search_name, search ON teacher_profiles BEGIN
    INSERT INTO teacher_search (teacher_search, rowid, search_name, search) VALUES ('delete', old.user_id, old.search_name, old.search);
    INSERT INTO teacher_search (rowid, search_name, search) VALUES (new.user_id, new.search_name, new.search);
END;
-- +goose StatementEnd

-- The teachers each student saved (the heart on a card).
CREATE TABLE saved_teachers (
    student_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    teacher_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (student_id, teacher_id)
) WITHOUT ROWID;
-- A deleted teacher's marks go with their account.
CREATE INDEX saved_teachers_teacher ON saved_teachers (teacher_id);

-- +goose Down
DROP TABLE saved_teachers;
DROP TRIGGER teacher_search_update;
DROP TRIGGER teacher_search_delete;
DROP TRIGGER teacher_search_insert;
DROP TABLE teacher_search;
ALTER TABLE teacher_profiles DROP COLUMN search_name;
