-- +goose Up
-- A level whose prices change gets a new row, and so a new id, so that a
-- booking charges the price its student chose; the old row stays, inactive,
-- for the bookings that name it. One active row per level remains the rule.
ALTER TABLE teacher_levels DROP CONSTRAINT teacher_levels_teacher_id_language_level_key;
CREATE UNIQUE INDEX teacher_levels_offered ON teacher_levels (teacher_id, language, level) WHERE active;
CREATE INDEX teacher_levels_teacher ON teacher_levels (teacher_id, language, level);

-- +goose Down
DROP INDEX teacher_levels_teacher;
DROP INDEX teacher_levels_offered;
ALTER TABLE teacher_levels ADD CONSTRAINT teacher_levels_teacher_id_language_level_key UNIQUE (teacher_id, language, level);
