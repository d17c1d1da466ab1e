-- +goose Up
-- The search's order by relevance (issue 15) is a match of the name first,
-- then a match of the rest, newest first in each: a page walks an order and
-- stops at its last teacher, where ranking by bm25 read every match (four
-- fifths of a search's page). The names get a trigram index of their own,
-- small enough to read whole; the search text's index holds that text
-- alone, which is the names, username and bio. Both hold the listed,
-- bookable teachers alone, as migration 00024 set out.
DROP TRIGGER teacher_search_update;
DROP TRIGGER teacher_search_delete;
DROP TRIGGER teacher_search_insert;
DROP TABLE teacher_search;
CREATE VIRTUAL TABLE teacher_search USING fts5(
    search, content = 'teacher_profiles', content_rowid = 'user_id', tokenize = 'trigram'
);
CREATE VIRTUAL TABLE teacher_names USING fts5(
    search_name, content = 'teacher_profiles', content_rowid = 'user_id', tokenize = 'trigram'
);
INSERT INTO teacher_search (rowid, search) SELECT user_id, search FROM teacher_profiles WHERE listed AND bookable;
INSERT INTO teacher_names (rowid, search_name) SELECT user_id, search_name FROM teacher_profiles WHERE listed AND bookable;
-- +goose StatementBegin
CREATE TRIGGER teacher_search_insert AFTER INSERT ON teacher_profiles WHEN new.listed AND new.bookable BEGIN
    INSERT INTO teacher_search (rowid, search) VALUES (new.user_id, new.search);
    INSERT INTO teacher_names (rowid, search_name) VALUES (new.user_id, new.search_name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER teacher_search_delete AFTER DELETE ON teacher_profiles WHEN old.listed AND old.bookable BEGIN
    INSERT INTO teacher_search (teacher_search, rowid, search) VALUES ('delete', old.user_id, old.search);
    INSERT INTO teacher_names (teacher_names, rowid, search_name) VALUES ('delete', old.user_id, old.search_name);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER teacher_search_update AFTER UPDATE OF search_name, search, listed, bookable ON teacher_profiles BEGIN
    INSERT INTO teacher_search (teacher_search, rowid, search)
        SELECT 'delete', old.user_id, old.search WHERE old.listed AND old.bookable;
    INSERT INTO teacher_names (teacher_names, rowid, search_name)
        SELECT 'delete', old.user_id, old.search_name WHERE old.listed AND old.bookable;
    INSERT INTO teacher_search (rowid, search)
        SELECT new.user_id, new.search WHERE new.listed AND new.bookable;
    INSERT INTO teacher_names (rowid, search_name)
        SELECT new.user_id, new.search_name WHERE new.listed AND new.bookable;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER teacher_search_update;
DROP TRIGGER teacher_search_delete;
DROP TRIGGER teacher_search_insert;
DROP TABLE teacher_names;
DROP TABLE teacher_search;
CREATE VIRTUAL TABLE teacher_search USING fts5(
    search_name, search, content = 'teacher_profiles', content_rowid = 'user_id', tokenize = 'trigram'
);
INSERT INTO teacher_search (teacher_search, rank) VALUES ('rank', 'bm25(10.0, 1.0)');
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
