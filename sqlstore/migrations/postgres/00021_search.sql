-- +goose Up
-- Search that reads Persian, and saved teachers (issue 15).

-- A profile's search text is zabano.NormalizeSearch's: search of the names,
-- username and bio, search_name of the names and username alone, which
-- ranks a match of the name above one of the bio. NULL search_name marks a
-- row whose texts the store has yet to write with NormalizeSearch, which
-- SQL cannot run: DB.Open rewrites such rows after migrating (here, every
-- existing row; a migration that changes NormalizeSearch sets it NULL again).
ALTER TABLE teacher_profiles ADD COLUMN search_name TEXT;

-- The name and bio search reads a trigram index (pg_trgm), which serves
-- LIKE '%part%'. An extension belongs to the database, not to a schema's
-- tables: it goes into public (or the current schema where there is no
-- public), where dropping one database's schema (each test has its own)
-- leaves it to the others, unless it is already installed somewhere. The
-- lock keeps two schemas' migrations from creating it at once; the index
-- names its operator class in whatever schema the extension is in.
-- +goose StatementBegin
DO $$
BEGIN
    PERFORM pg_advisory_xact_lock(7715150021);
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE format('CREATE EXTENSION pg_trgm SCHEMA %I',
            CASE WHEN EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN 'public' ELSE current_schema() END);
    END IF;
    EXECUTE format('CREATE INDEX teacher_profiles_search_trgm ON teacher_profiles USING gin (search %I.gin_trgm_ops)',
        (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
END
$$;
-- +goose StatementEnd

-- The teachers each student saved (the heart on a card).
CREATE TABLE saved_teachers (
    student_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    teacher_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (student_id, teacher_id)
);
-- A deleted teacher's marks go with their account.
CREATE INDEX saved_teachers_teacher ON saved_teachers (teacher_id);

-- +goose Down
-- The extension stays: other schemas of the database may use it.
DROP TABLE saved_teachers;
DROP INDEX teacher_profiles_search_trgm;
ALTER TABLE teacher_profiles DROP COLUMN search_name;
