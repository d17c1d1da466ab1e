-- +goose Up
-- A class's ledger transactions name their booking by a foreign key, so
-- auditing a booking is a join; until now only their description, "class
-- #N", said which class they were for. It stays, for wallet readers.
ALTER TABLE ledger_transactions ADD COLUMN booking_id INTEGER REFERENCES bookings (id);
-- The ledger is append-only; this one backfill of the new column is the
-- exception, so its guard is lifted for it alone.
DROP TRIGGER ledger_transactions_no_update;
UPDATE ledger_transactions
    SET booking_id = (SELECT b.id FROM bookings b WHERE 'class #' || b.id = ledger_transactions.description)
    WHERE type IN ('class_payment', 'refund') AND description GLOB 'class #[0-9]*';
-- +goose StatementBegin
CREATE TRIGGER ledger_transactions_no_update BEFORE UPDATE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
-- +goose StatementEnd
CREATE INDEX ledger_transactions_booking ON ledger_transactions (booking_id) WHERE booking_id IS NOT NULL;

-- +goose Down
DROP INDEX ledger_transactions_booking;
ALTER TABLE ledger_transactions DROP COLUMN booking_id;
