-- +goose Up
-- Instants are Unix milliseconds (UTC) in every table.
CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    role          TEXT    NOT NULL CHECK (role IN ('student', 'teacher')),
    username      TEXT    NOT NULL,
    email         TEXT    NOT NULL DEFAULT '',
    phone         TEXT    NOT NULL,
    first_name    TEXT    NOT NULL DEFAULT '',
    last_name     TEXT    NOT NULL DEFAULT '',
    bio           TEXT    NOT NULL DEFAULT '',
    photo         TEXT    NOT NULL DEFAULT '',
    password_hash TEXT    NOT NULL,
    token_version INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_phone_key ON users (phone);

CREATE TABLE phone_codes (
    id         INTEGER PRIMARY KEY,
    phone      TEXT    NOT NULL,
    hash       TEXT    NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    used_at    INTEGER,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX phone_codes_phone ON phone_codes (phone, id);

CREATE TABLE rate_events (
    key TEXT    NOT NULL,
    at  INTEGER NOT NULL
);
CREATE INDEX rate_events_key_at ON rate_events (key, at);

-- +goose Down
DROP TABLE rate_events;
DROP TABLE phone_codes;
DROP TABLE users;
