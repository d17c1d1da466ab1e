-- +goose Up
-- A class's reminders are written when they come due (issue 15): a booking
-- notes when its first one is due, and the delivery worker writes each as
-- its time comes (sqlstore WriteReminders). Written at booking, they were
-- six notifications and eighteen deliveries in every booking's transaction:
-- 24 of the 40 pages its commit wrote on SQLite.
ALTER TABLE bookings ADD COLUMN remind_at INTEGER;
CREATE INDEX bookings_remind ON bookings (remind_at) WHERE remind_at IS NOT NULL;

-- The reminders written ahead become the time of the first of them; the
-- deliveries of those not yet due go with them (ON DELETE CASCADE).
UPDATE bookings SET remind_at = (SELECT min(n.due_at) FROM notifications n
    WHERE n.object_type = 'booking' AND n.object_id = bookings.id
        AND n.kind IN ('reminder_24h', 'reminder_1h', 'class_starting') AND n.due_at > unixepoch() * 1000)
WHERE status IN ('booked', 'cancel_pending');
DELETE FROM notifications
WHERE object_type = 'booking' AND kind IN ('reminder_24h', 'reminder_1h', 'class_starting') AND due_at > unixepoch() * 1000;

-- +goose Down
-- The reminders not yet written are not written ahead again: after a
-- downgrade, classes booked before it get those of their reminders that
-- came due before it, and no more.
DROP INDEX bookings_remind;
ALTER TABLE bookings DROP COLUMN remind_at;
