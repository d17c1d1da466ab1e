-- +goose Up
-- Notifications (issue 17): a transactional outbox. A change someone must
-- hear about writes its notification, and one delivery per channel, in its
-- own transaction; delivery workers in every process send them later.

-- One thing a user should hear about, due at due_at: at once, or later for
-- a reminder or a proposal's expiry. data is zabano.NotificationData as JSON,
-- so the text is written when it is read, in the reader's language and zone.
-- about_id is the other side the text names (data's name): once they delete
-- their account the text shows a deleted user.
CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    object_type TEXT    NOT NULL,
    object_id   INTEGER NOT NULL,
    about_id    INTEGER REFERENCES users (id),
    data        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    due_at      INTEGER NOT NULL,
    read_at     INTEGER
);
-- A user's list, newest first, and their unread count.
CREATE INDEX notifications_user_due ON notifications (user_id, due_at, id);
-- The old ones the prune job deletes.
CREATE INDEX notifications_due ON notifications (due_at);
-- A class's reminders, which its cancellation deletes and its move moves.
CREATE INDEX notifications_object ON notifications (object_type, object_id, kind);

-- A notification on its way by one channel. The worker finds due work by
-- (status, due_at) and claims a row until claimed_until; quiet hours and
-- retries move due_at.
CREATE TABLE deliveries (
    id              INTEGER PRIMARY KEY,
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    channel         TEXT    NOT NULL CHECK (channel IN ('app', 'sms', 'email')),
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
    due_at          INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT    NOT NULL DEFAULT '',
    claimed_until   INTEGER,
    sent_at         INTEGER,
    UNIQUE (notification_id, channel)
);
CREATE INDEX deliveries_due ON deliveries (status, due_at);

-- A user's choices; no row means zabano.DefaultNotificationPrefs. off is
-- JSON {kind: [channel]}; quiet_start and quiet_end are minutes after
-- midnight in time_zone.
CREATE TABLE notification_prefs (
    user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    off         TEXT    NOT NULL,
    quiet_start INTEGER NOT NULL,
    quiet_end   INTEGER NOT NULL,
    time_zone   TEXT    NOT NULL,
    language    TEXT    NOT NULL CHECK (language IN ('fa', 'en'))
);

-- When the user last had an event stream open (its opening and each
-- heartbeat): an unread message is texted or mailed only to someone away.
ALTER TABLE users ADD COLUMN stream_seen_at INTEGER;

-- The app channel's delivery: a "notification" event of the user's stream.
-- No foreign key: events go within a day, and a notification is deleted
-- only before it is due (a cancelled class's reminder), before its event.
ALTER TABLE events ADD COLUMN notification_id INTEGER;

-- +goose Down
ALTER TABLE events DROP COLUMN notification_id;
ALTER TABLE users DROP COLUMN stream_seen_at;
DROP TABLE notification_prefs;
DROP TABLE deliveries;
DROP TABLE notifications;
