-- +goose Up
-- Teacher review: students find and book a teacher only once an operator has
-- approved their profile. review_requested_at is when the teacher registered
-- or last asked again after a rejection; review_reason is the rejection's,
-- which the teacher is shown.
ALTER TABLE teacher_profiles ADD COLUMN review_status TEXT NOT NULL DEFAULT 'pending'
    CHECK (review_status IN ('pending', 'approved', 'rejected'));
ALTER TABLE teacher_profiles ADD COLUMN review_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE teacher_profiles ADD COLUMN review_requested_at BIGINT NOT NULL DEFAULT 0;
-- listed: approved, and the user neither suspended nor deleted. Kept in the
-- transaction of each of those changes, so the teacher list and booking read
-- one column of the row they already read.
ALTER TABLE teacher_profiles ADD COLUMN listed BOOLEAN NOT NULL DEFAULT FALSE;
-- The teachers of today are listed today: they stay so.
UPDATE teacher_profiles SET review_status = 'approved',
    review_requested_at = (SELECT u.created_at FROM users u WHERE u.id = teacher_profiles.user_id),
    listed = (SELECT u.suspended_at IS NULL AND u.deleted_at IS NULL FROM users u WHERE u.id = teacher_profiles.user_id);
-- The operators' queue, oldest request first.
CREATE INDEX teacher_profiles_review ON teacher_profiles (review_status, review_requested_at);

-- Why an operator hid a review (hidden came with the reviews).
ALTER TABLE reviews ADD COLUMN hidden_reason TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE reviews DROP COLUMN hidden_reason;
DROP INDEX teacher_profiles_review;
ALTER TABLE teacher_profiles DROP COLUMN listed;
ALTER TABLE teacher_profiles DROP COLUMN review_requested_at;
ALTER TABLE teacher_profiles DROP COLUMN review_reason;
ALTER TABLE teacher_profiles DROP COLUMN review_status;
