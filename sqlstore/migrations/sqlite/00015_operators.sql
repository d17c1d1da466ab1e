-- +goose NO TRANSACTION
-- +goose Up
-- Operators are users of a third role, admin, whom nobody can register
-- through the API. A user can be suspended (their tokens stop working) or
-- deleted (their personal data erased, their money records kept).
-- SQLite cannot change a CHECK constraint, so users is rebuilt the way
-- SQLite's manual says: foreign keys off (they cannot be turned off inside
-- a transaction, hence no goose transaction), copy, drop, rename, and check
-- the keys before committing. Dropping users with the keys on would cascade
-- into the tables that reference it.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE users_new (
    id               INTEGER PRIMARY KEY,
    role             TEXT    NOT NULL CHECK (role IN ('student', 'teacher', 'admin')),
    username         TEXT    NOT NULL,
    email            TEXT    NOT NULL DEFAULT '',
    phone            TEXT    NOT NULL,
    first_name       TEXT    NOT NULL DEFAULT '',
    last_name        TEXT    NOT NULL DEFAULT '',
    bio              TEXT    NOT NULL DEFAULT '',
    photo            TEXT    NOT NULL DEFAULT '',
    password_hash    TEXT    NOT NULL,
    token_version    INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    level            TEXT    NOT NULL DEFAULT '',
    suspended_at     INTEGER,
    suspended_reason TEXT    NOT NULL DEFAULT '',
    deleted_at       INTEGER
);
INSERT INTO users_new (id, role, username, email, phone, first_name, last_name, bio, photo,
        password_hash, token_version, created_at, level)
    SELECT id, role, username, email, phone, first_name, last_name, bio, photo,
        password_hash, token_version, created_at, level FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_phone_key ON users (phone);
CREATE INDEX users_role_created ON users (role, created_at);

-- Every operator action, append-only: who, what, on which object, when and
-- the reason they typed.
CREATE TABLE operator_log (
    id          INTEGER PRIMARY KEY,
    admin_id    INTEGER NOT NULL REFERENCES users (id),
    action      TEXT    NOT NULL,
    object_type TEXT    NOT NULL,
    object_id   INTEGER NOT NULL,
    reason      TEXT    NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL
);
CREATE INDEX operator_log_object ON operator_log (object_type, object_id);
-- +goose StatementBegin
CREATE TRIGGER operator_log_no_update BEFORE UPDATE ON operator_log
BEGIN SELECT RAISE(ABORT, 'the operator log is append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER operator_log_no_delete BEFORE DELETE ON operator_log
BEGIN SELECT RAISE(ABORT, 'the operator log is append-only'); END;
-- +goose StatementEnd
PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DROP TABLE operator_log;
DELETE FROM users WHERE role = 'admin';
CREATE TABLE users_old (
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
    created_at    INTEGER NOT NULL,
    level         TEXT    NOT NULL DEFAULT ''
);
INSERT INTO users_old (id, role, username, email, phone, first_name, last_name, bio, photo,
        password_hash, token_version, created_at, level)
    SELECT id, role, username, email, phone, first_name, last_name, bio, photo,
        password_hash, token_version, created_at, level FROM users;
DROP TABLE users;
ALTER TABLE users_old RENAME TO users;
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_phone_key ON users (phone);
COMMIT;
PRAGMA foreign_keys = ON;
