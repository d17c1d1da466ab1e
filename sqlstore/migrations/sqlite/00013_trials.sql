-- +goose Up
-- A trial class: the teacher's first class with a student, at the teacher's
-- trial price (teacher_profiles.test_session_price) instead of a level's.
ALTER TABLE bookings ADD COLUMN trial BOOLEAN NOT NULL DEFAULT FALSE;
-- One trial per student and teacher: the last guard against two booked at
-- once. A cancelled trial is not live, so it gives the trial back.
CREATE UNIQUE INDEX bookings_one_trial ON bookings (student_id, teacher_id)
    WHERE trial AND status IN ('booked', 'cancel_pending', 'done');

-- +goose Down
DROP INDEX bookings_one_trial;
ALTER TABLE bookings DROP COLUMN trial;
