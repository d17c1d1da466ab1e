-- +goose Up
-- The search's order by relevance (issue 15) is a match of the name first,
-- then a match of the rest, newest first in each: a page walks an order and
-- stops at its last teacher, where ranking by word_similarity read every
-- match. The names get a trigram index of their own, which finds the
-- matches of the name without reading every match of the search text. Its
-- operator class is in pg_trgm's schema, as migration 00021 explains.
-- +goose StatementBegin
DO $$
BEGIN
    EXECUTE format('CREATE INDEX teacher_profiles_search_name_trgm ON teacher_profiles USING gin (search_name %I.gin_trgm_ops)',
        (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP INDEX teacher_profiles_search_name_trgm;
