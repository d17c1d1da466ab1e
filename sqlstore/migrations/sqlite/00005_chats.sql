-- +goose Up
CREATE TABLE chats (
    id               INTEGER PRIMARY KEY,
    student_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    teacher_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at       INTEGER NOT NULL,
    -- Kept with each message, for the chat list in one query.
    last_message_id  INTEGER,
    last_activity_at INTEGER NOT NULL,
    -- The newest message each side has read.
    student_read_id  INTEGER NOT NULL DEFAULT 0,
    teacher_read_id  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (student_id, teacher_id)
);
CREATE INDEX chats_student ON chats (student_id, last_activity_at);
CREATE INDEX chats_teacher ON chats (teacher_id, last_activity_at);

CREATE TABLE messages (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    sender_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content    TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX messages_chat ON messages (chat_id, id);

-- What each user's open tabs are told; kept a day so streams can resume.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type       TEXT    NOT NULL,
    chat_id    INTEGER NOT NULL,
    message_id INTEGER,
    created_at INTEGER NOT NULL
);
CREATE INDEX events_user ON events (user_id, id);
CREATE INDEX events_created ON events (created_at);

-- +goose Down
DROP TABLE events;
DROP TABLE messages;
DROP TABLE chats;
