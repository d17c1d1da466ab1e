-- +goose NO TRANSACTION
-- +goose Up
-- The operator's side of the money (issue 14). SQLite cannot change a CHECK
-- constraint, so ledger_accounts and payments are rebuilt as 00015 rebuilt
-- users: foreign keys off (not possible inside a transaction, hence no goose
-- transaction), copy, drop, rename, and check the keys before committing.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- The platform's account may go below zero, as gateway clearing does: a
-- bonus it has not earned is money the company owes the users' pool and
-- brings in from outside. Wallets, escrow and withdrawals never may.
CREATE TABLE ledger_accounts_new (
    id      INTEGER PRIMARY KEY,
    kind    TEXT    NOT NULL CHECK (kind IN ('wallet', 'escrow', 'withdrawals', 'platform', 'gateway')),
    user_id INTEGER REFERENCES users (id),
    balance INTEGER NOT NULL DEFAULT 0,
    CHECK (balance >= 0 OR kind IN ('gateway', 'platform')),
    CHECK ((user_id IS NULL) = (kind IN ('platform', 'gateway')))
);
INSERT INTO ledger_accounts_new (id, kind, user_id, balance) SELECT id, kind, user_id, balance FROM ledger_accounts;
DROP TABLE ledger_accounts;
ALTER TABLE ledger_accounts_new RENAME TO ledger_accounts;
CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (kind, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind) WHERE user_id IS NULL;

-- failed: after its window, an operator asked the gateway again and it said
-- the payment was never made.
CREATE TABLE payments_new (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id),
    authority      TEXT    NOT NULL UNIQUE,
    amount         INTEGER NOT NULL CHECK (amount > 0),
    description    TEXT    NOT NULL,
    mobile         TEXT    NOT NULL DEFAULT '',
    email          TEXT    NOT NULL DEFAULT '',
    status         TEXT    NOT NULL CHECK (status IN ('pending', 'paid', 'expired', 'failed')),
    ref_id         INTEGER,
    card_pan       TEXT    NOT NULL DEFAULT '',
    transaction_id INTEGER UNIQUE REFERENCES ledger_transactions (id),
    created_at     INTEGER NOT NULL,
    paid_at        INTEGER
);
INSERT INTO payments_new (id, user_id, authority, amount, description, mobile, email, status, ref_id, card_pan,
        transaction_id, created_at, paid_at)
    SELECT id, user_id, authority, amount, description, mobile, email, status, ref_id, card_pan,
        transaction_id, created_at, paid_at FROM payments;
DROP TABLE payments;
ALTER TABLE payments_new RENAME TO payments;
CREATE INDEX payments_status_created ON payments (status, created_at);

-- A withdrawal is a teacher's earnings, or (kind refund) a student's whole
-- wallet going back to their bank account. An operator pays it with the
-- bank's reference or rejects it with a reason; settled_by is that operator,
-- NULL when it was settled from the command line, which has none.
ALTER TABLE withdrawals ADD COLUMN kind TEXT NOT NULL DEFAULT 'withdrawal' CHECK (kind IN ('withdrawal', 'refund'));
ALTER TABLE withdrawals ADD COLUMN reference TEXT NOT NULL DEFAULT '';
ALTER TABLE withdrawals ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE withdrawals ADD COLUMN settled_by INTEGER REFERENCES users (id);

-- The marketplace's settings, one row. commission_percent is the platform's
-- share of each class payment, in whole percent.
CREATE TABLE settings (
    id                 INTEGER PRIMARY KEY CHECK (id = 1),
    commission_percent INTEGER NOT NULL DEFAULT 0 CHECK (commission_percent BETWEEN 0 AND 50)
);
INSERT INTO settings (id) VALUES (1);

-- The commission in force when the class was booked: its settlement pays
-- the teacher the price less it. Classes booked before commissions had none.
ALTER TABLE bookings ADD COLUMN commission_percent INTEGER NOT NULL DEFAULT 0 CHECK (commission_percent BETWEEN 0 AND 50);

-- An operator's decision of a dispute: outcome, decided_by and settled_at
-- are there already; note is what both sides are told.
ALTER TABLE problem_reports ADD COLUMN note TEXT NOT NULL DEFAULT '';

-- An operator's credit (amount > 0) or debit of a wallet against the
-- platform's account, and the ledger transaction that moved it.
CREATE TABLE adjustments (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id),
    admin_id       INTEGER NOT NULL REFERENCES users (id),
    amount         INTEGER NOT NULL CHECK (amount <> 0),
    reason         TEXT    NOT NULL,
    transaction_id INTEGER NOT NULL UNIQUE REFERENCES ledger_transactions (id),
    created_at     INTEGER NOT NULL
);
CREATE INDEX adjustments_user ON adjustments (user_id, id);

PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DROP TABLE adjustments;
ALTER TABLE problem_reports DROP COLUMN note;
ALTER TABLE bookings DROP COLUMN commission_percent;
DROP TABLE settings;
-- settled_by is a foreign key, which SQLite cannot drop: the table is rebuilt.
CREATE TABLE withdrawals_old (
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
INSERT INTO withdrawals_old (id, user_id, amount, iban, status, request_transaction_id, settle_transaction_id, created_at, settled_at)
    SELECT id, user_id, amount, iban, status, request_transaction_id, settle_transaction_id, created_at, settled_at FROM withdrawals;
DROP TABLE withdrawals;
ALTER TABLE withdrawals_old RENAME TO withdrawals;
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_status ON withdrawals (status, id);
CREATE TABLE payments_old (
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
INSERT INTO payments_old (id, user_id, authority, amount, description, mobile, email, status, ref_id, card_pan,
        transaction_id, created_at, paid_at)
    SELECT id, user_id, authority, amount, description, mobile, email,
        CASE status WHEN 'failed' THEN 'expired' ELSE status END, ref_id, card_pan,
        transaction_id, created_at, paid_at FROM payments;
DROP TABLE payments;
ALTER TABLE payments_old RENAME TO payments;
CREATE INDEX payments_status_created ON payments (status, created_at);
CREATE TABLE ledger_accounts_old (
    id      INTEGER PRIMARY KEY,
    kind    TEXT    NOT NULL CHECK (kind IN ('wallet', 'escrow', 'withdrawals', 'platform', 'gateway')),
    user_id INTEGER REFERENCES users (id),
    balance INTEGER NOT NULL DEFAULT 0,
    CHECK (balance >= 0 OR kind = 'gateway'),
    CHECK ((user_id IS NULL) = (kind IN ('platform', 'gateway')))
);
INSERT INTO ledger_accounts_old (id, kind, user_id, balance) SELECT id, kind, user_id, balance FROM ledger_accounts;
DROP TABLE ledger_accounts;
ALTER TABLE ledger_accounts_old RENAME TO ledger_accounts;
CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (kind, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind) WHERE user_id IS NULL;
COMMIT;
PRAGMA foreign_keys = ON;
