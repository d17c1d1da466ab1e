-- +goose Up
-- The teacher list past its cache (issue 15). A list filtered by language
-- counted its teachers by reading every listed profile's row: the
-- languages each listed, bookable teacher teaches, a row each, are now an
-- index of their own, kept by a trigger from teacher_profiles.languages
-- (names of zabano.TeacherLanguages joined by commas), so the count reads
-- the entries of that language alone.
CREATE TABLE listed_languages (
    language   TEXT   NOT NULL,
    teacher_id BIGINT NOT NULL REFERENCES teacher_profiles (user_id) ON DELETE CASCADE,
    PRIMARY KEY (language, teacher_id)
);
CREATE INDEX listed_languages_teacher ON listed_languages (teacher_id);
INSERT INTO listed_languages (language, teacher_id)
    SELECT l, tp.user_id FROM teacher_profiles tp, unnest(string_to_array(tp.languages, ',')) l
    WHERE tp.listed AND tp.bookable AND l <> '';
-- +goose StatementBegin
CREATE FUNCTION list_languages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM listed_languages WHERE teacher_id = OLD.user_id;
    END IF;
    IF NEW.listed AND NEW.bookable THEN
        INSERT INTO listed_languages (language, teacher_id)
            SELECT l, NEW.user_id FROM unnest(string_to_array(NEW.languages, ',')) l WHERE l <> '';
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER listed_languages AFTER INSERT OR UPDATE OF languages, listed, bookable ON teacher_profiles
    FOR EACH ROW EXECUTE FUNCTION list_languages();

-- +goose Down
DROP TRIGGER listed_languages ON teacher_profiles;
DROP FUNCTION list_languages();
DROP TABLE listed_languages;
