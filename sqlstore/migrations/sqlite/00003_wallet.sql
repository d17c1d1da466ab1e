-- +goose Up
-- The double-entry ledger. Every change of a balance is a transaction whose
-- entries sum to zero; transactions and entries are only ever appended.
-- balance caches the sum of an account's entries and is updated in the same
-- database transaction as they are written, by a conditional UPDATE that
-- refuses to take it below zero (only gateway clearing may go below: its
-- balance is minus the money the system holds).
CREATE TABLE ledger_accounts (
    id      INTEGER PRIMARY KEY,
    kind    TEXT    NOT NULL CHECK (kind IN ('wallet', 'escrow', 'withdrawals', 'platform', 'gateway')),
    user_id INTEGER REFERENCES users (id),
    balance INTEGER NOT NULL DEFAULT 0,
    CHECK (balance >= 0 OR kind = 'gateway'),
    CHECK ((user_id IS NULL) = (kind IN ('platform', 'gateway')))
);
CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (kind, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind) WHERE user_id IS NULL;

CREATE TABLE ledger_transactions (
    id          INTEGER PRIMARY KEY,
    type        TEXT    NOT NULL CHECK (type IN ('topup', 'class_payment', 'refund', 'withdrawal', 'bonus', 'other')),
    description TEXT    NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL
);

CREATE TABLE ledger_entries (
    id             INTEGER PRIMARY KEY,
    transaction_id INTEGER NOT NULL REFERENCES ledger_transactions (id),
    account_id     INTEGER NOT NULL REFERENCES ledger_accounts (id),
    amount         INTEGER NOT NULL CHECK (amount <> 0),
    UNIQUE (transaction_id, account_id)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, transaction_id);

-- +goose StatementBegin
CREATE TRIGGER ledger_transactions_no_update BEFORE UPDATE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER ledger_transactions_no_delete BEFORE DELETE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
-- +goose StatementEnd

-- Card payments the server requested to top up wallets. The server keeps the
-- amount; transaction_id is the top-up credited once the gateway confirmed it.
CREATE TABLE payments (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id),
    authority      TEXT    NOT NULL UNIQUE,
    amount         INTEGER NOT NULL CHECK (amount > 0),
    description    TEXT    NOT NULL,
    mobile         TEXT    NOT NULL DEFAULT '',
    email          TEXT    NOT NULL DEFAULT '',
    status         TEXT    NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
    ref_id         INTEGER,
    card_pan       TEXT    NOT NULL DEFAULT '',
    transaction_id INTEGER UNIQUE REFERENCES ledger_transactions (id),
    created_at     INTEGER NOT NULL,
    paid_at        INTEGER
);
CREATE INDEX payments_status_created ON payments (status, created_at);

-- Teachers' requests to be paid their earnings to a bank account.
CREATE TABLE withdrawals (
    id                     INTEGER PRIMARY KEY,
    user_id                INTEGER NOT NULL REFERENCES users (id),
    amount                 INTEGER NOT NULL CHECK (amount > 0),
    iban                   TEXT    NOT NULL,
    status                 TEXT    NOT NULL CHECK (status IN ('pending', 'paid', 'rejected')),
    request_transaction_id INTEGER NOT NULL UNIQUE REFERENCES ledger_transactions (id),
    settle_transaction_id  INTEGER UNIQUE REFERENCES ledger_transactions (id),
    created_at             INTEGER NOT NULL,
    settled_at             INTEGER
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_status ON withdrawals (status, id);

-- The built-in sandbox gateway's own record of the authorities it issued.
-- id doubles as the receipt number (ref_id) of a paid one.
CREATE TABLE sandbox_payments (
    id           INTEGER PRIMARY KEY,
    authority    TEXT    NOT NULL UNIQUE,
    amount       INTEGER NOT NULL,
    description  TEXT    NOT NULL,
    callback_url TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'verified')),
    created_at   INTEGER NOT NULL
);

-- +goose Down
DROP TABLE sandbox_payments;
DROP TABLE withdrawals;
DROP TABLE payments;
DROP TABLE ledger_entries;
DROP TABLE ledger_transactions;
DROP TABLE ledger_accounts;
