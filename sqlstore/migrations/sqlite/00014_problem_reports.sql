-- +goose Up
-- A side's report of a problem with a class that has ended, and the
-- resolution it proposes. While a report is open or disputed the class's
-- payment to its teacher waits; the unique index keeps one such report a
-- class, so of two at once one wins.
CREATE TABLE problem_reports (
    id          INTEGER PRIMARY KEY,
    booking_id  INTEGER NOT NULL REFERENCES bookings (id),
    reported_by TEXT    NOT NULL CHECK (reported_by IN ('student', 'teacher')),
    reason      TEXT    NOT NULL CHECK (reason IN ('teacher_absent', 'student_absent', 'technical', 'other')),
    text        TEXT    NOT NULL DEFAULT '',
    resolution  TEXT    NOT NULL CHECK (resolution IN ('full_refund', 'half_refund', 'no_refund')),
    -- resolved is an operator's decision of a dispute (a later issue).
    status      TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'disputed', 'resolved')),
    created_at  INTEGER NOT NULL,
    -- When the other side accepted or declined.
    answered_at INTEGER,
    -- How the money moved, when and, for an operator's decision, by whom:
    -- what the operator's console needs besides the proposal.
    outcome     TEXT CHECK (outcome IN ('full_refund', 'half_refund', 'no_refund')),
    settled_at  INTEGER,
    decided_by  INTEGER REFERENCES users (id)
);
CREATE UNIQUE INDEX problem_reports_held ON problem_reports (booking_id) WHERE status IN ('open', 'disputed');
CREATE INDEX problem_reports_booking ON problem_reports (booking_id);

-- +goose Down
DROP TABLE problem_reports;
