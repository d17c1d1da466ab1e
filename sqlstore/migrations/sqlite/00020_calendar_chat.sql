-- +goose Up
-- Calendars and a livelier chat (issue 17).

-- Each member's secret calendar address. The token is the only key to the
-- feed of their classes, so it is random; resetting it replaces it, and the
-- old address stops working.
CREATE TABLE calendars (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token      TEXT    NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
-- A class's revision in a feed counts its accepted reschedules.
CREATE INDEX reschedules_booking ON reschedules (booking_id, status);

-- A message's file, an image or a PDF: its media key (NULL without one),
-- the name its sender gave it and its size in bytes.
ALTER TABLE messages ADD COLUMN attachment TEXT;
ALTER TABLE messages ADD COLUMN attachment_name TEXT NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN attachment_size INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE messages DROP COLUMN attachment_size;
ALTER TABLE messages DROP COLUMN attachment_name;
ALTER TABLE messages DROP COLUMN attachment;
DROP INDEX reschedules_booking;
DROP TABLE calendars;
