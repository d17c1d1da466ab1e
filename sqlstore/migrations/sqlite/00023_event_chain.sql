-- +goose Up
-- Each event names its user's event before it, so a live stream that
-- showed that one may show this one as it comes, without a query
-- (zabano.Event.PrevID); older events have none.
ALTER TABLE events ADD COLUMN prev_id INTEGER;

-- +goose Down
ALTER TABLE events DROP COLUMN prev_id;
