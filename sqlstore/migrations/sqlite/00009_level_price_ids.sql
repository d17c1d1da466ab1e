-- +goose Up
-- A level whose prices change gets a new row, and so a new id, so that a
-- booking charges the price its student chose; the old row stays, inactive,
-- for the bookings that name it. One active row per level remains the rule.
-- SQLite cannot drop a table's UNIQUE constraint, so the table is rebuilt.
-- Bookings reference it: with their check deferred to the commit, dropping
-- the rows counts as violations and putting them back, same ids, undoes them.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE teacher_levels_copy AS SELECT * FROM teacher_levels;
DROP TABLE teacher_levels;
CREATE TABLE teacher_levels (
    id            INTEGER PRIMARY KEY,
    teacher_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    language      TEXT    NOT NULL,
    level         INTEGER NOT NULL CHECK (level BETWEEN 1 AND 6),
    regular_price INTEGER NOT NULL,
    exam_price    INTEGER NOT NULL,
    -- A level the teacher stops offering, or offers at new prices, stays for
    -- the bookings that name it.
    active        BOOLEAN NOT NULL DEFAULT TRUE
);
INSERT INTO teacher_levels (id, teacher_id, language, level, regular_price, exam_price, active)
    SELECT id, teacher_id, language, level, regular_price, exam_price, active FROM teacher_levels_copy;
DROP TABLE teacher_levels_copy;
CREATE UNIQUE INDEX teacher_levels_offered ON teacher_levels (teacher_id, language, level) WHERE active;
CREATE INDEX teacher_levels_teacher ON teacher_levels (teacher_id, language, level);

-- +goose Down
PRAGMA defer_foreign_keys = ON;
CREATE TABLE teacher_levels_copy AS SELECT * FROM teacher_levels;
DROP TABLE teacher_levels;
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
INSERT INTO teacher_levels (id, teacher_id, language, level, regular_price, exam_price, active)
    SELECT id, teacher_id, language, level, regular_price, exam_price, active FROM teacher_levels_copy;
DROP TABLE teacher_levels_copy;
