-- +goose Up
-- The teacher list's read path (issue 15). Its count filters on listed,
-- which the languages index lacked, so counting a language read every
-- profile row; with listed in it the count reads this index alone.
DROP INDEX teacher_profiles_languages;
CREATE INDEX teacher_profiles_languages ON teacher_profiles (bookable, listed, languages);
-- A card's next free slots and their count read this index alone:
-- held_until, which a free slot must not have in the future, is in it.
DROP INDEX slots_free;
CREATE INDEX slots_free ON slots (teacher_id, booked, start_at, held_until);
-- When the next hold of any teacher runs out, for the answers that depend
-- on every teacher's free time (httpapi.ResponseCache).
CREATE INDEX slots_held ON slots (held_until) WHERE held_until IS NOT NULL;

-- +goose Down
DROP INDEX slots_held;
DROP INDEX slots_free;
CREATE INDEX slots_free ON slots (teacher_id, booked, start_at);
DROP INDEX teacher_profiles_languages;
CREATE INDEX teacher_profiles_languages ON teacher_profiles (bookable, languages);
