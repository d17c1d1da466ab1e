-- +goose Up
-- A student's rating of a class they took, once per class (the unique index
-- makes concurrent tries have one winner), and the teacher's one answer.
CREATE TABLE reviews (
    id         INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id),
    teacher_id INTEGER NOT NULL REFERENCES users (id),
    student_id INTEGER NOT NULL REFERENCES users (id),
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    text       TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    reply      TEXT    NOT NULL DEFAULT '',
    replied_at INTEGER,
    -- An operator may hide a review; a hidden one counts in no rating.
    hidden     BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE UNIQUE INDEX reviews_booking ON reviews (booking_id);
CREATE INDEX reviews_teacher ON reviews (teacher_id, hidden, created_at);
CREATE INDEX reviews_student ON reviews (student_id);

-- The teacher's visible reviews, counted and summed in the transaction that
-- changes them, so the teacher list stays one query over one table.
ALTER TABLE teacher_profiles ADD COLUMN review_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE teacher_profiles ADD COLUMN rating_sum INTEGER NOT NULL DEFAULT 0;
-- The marketplace mean of the rating order reads the rated teachers only.
CREATE INDEX teacher_profiles_rated ON teacher_profiles (review_count, rating_sum);

-- +goose Down
DROP INDEX teacher_profiles_rated;
ALTER TABLE teacher_profiles DROP COLUMN rating_sum;
ALTER TABLE teacher_profiles DROP COLUMN review_count;
DROP TABLE reviews;
