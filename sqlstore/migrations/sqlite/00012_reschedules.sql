-- +goose Up
-- A proposal to move a booked class to another free slot of its teacher.
-- The proposed slot is held (slots.held_until) until the proposal is
-- answered or expires; a hold counts only while held_until is ahead, so an
-- expired proposal frees its slot by time alone, with no job. Booking and
-- proposing claim a slot by one conditional UPDATE of its row, so of the two
-- at once one wins.
ALTER TABLE slots ADD COLUMN held_until INTEGER;

CREATE TABLE reschedules (
    id          INTEGER PRIMARY KEY,
    booking_id  INTEGER NOT NULL REFERENCES bookings (id),
    -- A proposal without its slot means nothing: it goes with it.
    slot_id     INTEGER NOT NULL REFERENCES slots (id) ON DELETE CASCADE,
    proposed_by TEXT    NOT NULL CHECK (proposed_by IN ('student', 'teacher')),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    -- open until answered; an open one past expires_at has expired, and is
    -- marked so when a later write meets it.
    status      TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'withdrawn')),
    decided_at  INTEGER
);
-- One open proposal per class, and one per slot: the last guards.
CREATE UNIQUE INDEX reschedules_open_booking ON reschedules (booking_id) WHERE status = 'open';
CREATE UNIQUE INDEX reschedules_open_slot ON reschedules (slot_id) WHERE status = 'open';

-- +goose Down
DROP TABLE reschedules;
ALTER TABLE slots DROP COLUMN held_until;
