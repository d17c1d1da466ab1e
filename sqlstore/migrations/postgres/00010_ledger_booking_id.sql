-- +goose Up
-- A class's ledger transactions name their booking by a foreign key, so
-- auditing a booking is a join; until now only their description, "class
-- #N", said which class they were for. It stays, for wallet readers.
ALTER TABLE ledger_transactions ADD COLUMN booking_id BIGINT REFERENCES bookings (id);
-- The ledger is append-only; this one backfill of the new column is the
-- exception, so its guard is lifted for it alone, inside the migration's
-- transaction.
ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only;
UPDATE ledger_transactions t SET booking_id = b.id
    FROM bookings b
    WHERE t.type IN ('class_payment', 'refund') AND t.description = 'class #' || b.id;
ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only;
CREATE INDEX ledger_transactions_booking ON ledger_transactions (booking_id) WHERE booking_id IS NOT NULL;

-- +goose Down
ALTER TABLE ledger_transactions DROP COLUMN booking_id;
