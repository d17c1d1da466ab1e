-- +goose Up
CREATE TABLE slots (
    id         INTEGER PRIMARY KEY,
    teacher_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    start_at   INTEGER NOT NULL,
    end_at     INTEGER NOT NULL CHECK (end_at > start_at),
    booked     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX slots_teacher_start ON slots (teacher_id, start_at);
CREATE INDEX slots_free ON slots (teacher_id, booked, start_at);

-- A booking keeps its own copy of the time, teacher and price, so it stays
-- whole when its slot is deleted.
CREATE TABLE bookings (
    id                  INTEGER PRIMARY KEY,
    slot_id             INTEGER REFERENCES slots (id) ON DELETE SET NULL,
    student_id          INTEGER NOT NULL REFERENCES users (id),
    teacher_id          INTEGER NOT NULL REFERENCES users (id),
    level_price_id      INTEGER NOT NULL REFERENCES teacher_levels (id),
    start_at            INTEGER NOT NULL,
    end_at              INTEGER NOT NULL,
    price               INTEGER NOT NULL CHECK (price >= 0),
    status              TEXT    NOT NULL CHECK (status IN ('booked', 'cancel_pending', 'approved_cancel', 'done')),
    cancelled_by        TEXT    NOT NULL DEFAULT '',
    meeting_link        TEXT    NOT NULL,
    notes               TEXT    NOT NULL DEFAULT '',
    created_at          INTEGER NOT NULL,
    cancel_requested_at INTEGER,
    closed_at           INTEGER
);
-- At most one live booking per slot: the last guard against a double booking.
CREATE UNIQUE INDEX bookings_live_slot ON bookings (slot_id) WHERE status IN ('booked', 'cancel_pending', 'done');
CREATE INDEX bookings_student ON bookings (student_id, start_at);
CREATE INDEX bookings_teacher ON bookings (teacher_id, start_at);
CREATE INDEX bookings_due ON bookings (status, end_at);

-- Classes held, kept with the done bookings for the teacher cards.
ALTER TABLE teacher_profiles ADD COLUMN sessions INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE teacher_profiles DROP COLUMN sessions;
DROP TABLE bookings;
DROP TABLE slots;
