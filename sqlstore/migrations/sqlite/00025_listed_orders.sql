-- +goose Up
-- A page of listed teachers walks the index of its order (issue 15). These
-- begin with bookable and listed, which every page asks for, and hold the
-- page's whole order, so the walk skips no one unlisted and needs no sort
-- to break ties among equal prices.
DROP INDEX teacher_profiles_newest;
DROP INDEX teacher_profiles_price;
DROP INDEX teacher_profiles_experience;
CREATE INDEX teacher_profiles_newest ON teacher_profiles (bookable, listed, user_id);
CREATE INDEX teacher_profiles_price ON teacher_profiles (bookable, listed, price_per_hour, user_id);
CREATE INDEX teacher_profiles_experience ON teacher_profiles (bookable, listed, experience_years, user_id);

-- +goose Down
DROP INDEX teacher_profiles_experience;
DROP INDEX teacher_profiles_price;
DROP INDEX teacher_profiles_newest;
CREATE INDEX teacher_profiles_newest ON teacher_profiles (bookable, user_id);
CREATE INDEX teacher_profiles_price ON teacher_profiles (bookable, price_per_hour);
CREATE INDEX teacher_profiles_experience ON teacher_profiles (bookable, experience_years);
