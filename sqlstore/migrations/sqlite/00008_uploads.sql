-- +goose Up
-- Every stored upload, under the user who uploaded it: the storage quota is
-- the sum of a user's bytes. A row goes when its file is deleted.
CREATE TABLE uploads (
    key     TEXT    PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    bytes   INTEGER NOT NULL
);
CREATE INDEX uploads_user ON uploads (user_id, bytes);

-- +goose Down
DROP TABLE uploads;
