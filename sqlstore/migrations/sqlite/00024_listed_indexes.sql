-- +goose Up
-- The teacher list past its cache (issue 15). A list filtered by language
-- counted its teachers by reading every listed profile's entry of
-- teacher_profiles_languages, and a search counted its matches by looking
-- each one's profile up to see whether it is listed: both read far more
-- than the teachers they count. Two indexes now hold the listed, bookable
-- teachers alone, so such a count reads one of them and nothing else.

-- The languages each listed, bookable teacher teaches, a row each, kept by
-- triggers from teacher_profiles.languages (names of
-- zabano.TeacherLanguages, which hold no comma or quote, joined by commas).
CREATE TABLE listed_languages (
    language   TEXT    NOT NULL,
    teacher_id INTEGER NOT NULL REFERENCES teacher_profiles (user_id) ON DELETE CASCADE,
    PRIMARY KEY (language, teacher_id)
) WITHOUT ROWID;
CREATE INDEX listed_languages_teacher ON listed_languages (teacher_id);
INSERT INTO listed_languages (language, teacher_id)
    SELECT l.value, tp.user_id FROM teacher_profiles tp, json_each('["' || replace(tp.languages, ',', '","') || '"]') l
    WHERE tp.listed AND tp.bookable AND l.value <> '';
-- +goose StatementBegin
CREATE TRIGGER listed_languages_insert AFTER INSERT ON teacher_profiles WHEN new.listed AND new.bookable BEGIN
    INSERT INTO listed_languages (language, teacher_id)
        SELECT value, new.user_id FROM json_each('["' || replace(new.languages, ',', '","') || '"]') WHERE value <> '';
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER listed_languages_update AFTER UPDATE OF languages, listed, bookable ON teacher_profiles BEGIN
    DELETE FROM listed_languages WHERE teacher_id = old.user_id;
    INSERT INTO listed_languages (language, teacher_id)
        SELECT value, new.user_id FROM json_each('["' || replace(new.languages, ',', '","') || '"]')
        WHERE new.listed AND new.bookable AND value <> '';
END;
-- +goose StatementEnd

-- The search's trigram index now holds the listed, bookable teachers alone
-- (an external-content index may hold fewer rows than its table: FTS5 reads
-- the table only for the rows a query finds). A row leaves it with the
-- texts it went in with, as FTS5's 'delete' requires.
DROP TRIGGER teacher_search_insert;
DROP TRIGGER teacher_search_delete;
DROP TRIGGER teacher_search_update;
INSERT INTO teacher_search (teacher_search) VALUES ('delete-all');
INSERT INTO teacher_search (rowid, search_name, search)
    SELECT user_id, search_name, search FROM teacher_profiles WHERE listed AND bookable;
-- +goose StatementBegin
CREATE TRIGGER teacher_search_insert AFTER INSERT ON teacher_profiles WHEN new.listed AND new.bookable BEGIN
    INSERT INTO teacher_search (rowid, search_name, search) VALUES (new.user_id, new.search_name, new.search);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER teacher_search_delete AFTER DELETE ON teacher_profiles WHEN old.listed AND old.bookable BEGIN
    INSERT INTO teacher_search (teacher_search, rowid, search_name, search) VALUES ('delete', old.user_id, old.search_name, old.search);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER teacher_search_update AFTER UPDATE OF search_name, search, listed, bookable ON teacher_profiles BEGIN
    INSERT INTO teacher_search (teacher_search, rowid, search_name, search)
        SELECT 'delete', old.user_id, old.search_name, old.search WHERE old.listed AND old.bookable;
    INSERT INTO teacher_search (rowid, search_name, search)
        SELECT new.user_id, new.search_name, new.search WHERE new.listed AND new.bookable;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER teacher_search_update;
DROP TRIGGER teacher_search_delete;
DROP TRIGGER teacher_search_insert;
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
DROP TRIGGER listed_languages_update;
DROP TRIGGER listed_languages_insert;
DROP TABLE listed_languages;
