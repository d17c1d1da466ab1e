-- +goose Up
-- Email notifications (issue 17) go only to an address its user proved is
-- theirs by the link sent to it: email_verified_at is when they did (Unix
-- ms), NULL until then. Changing the email clears it, in the same statement.
ALTER TABLE users ADD COLUMN email_verified_at BIGINT;

-- +goose Down
ALTER TABLE users DROP COLUMN email_verified_at;
