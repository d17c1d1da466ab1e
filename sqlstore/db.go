// Package sqlstore implements Zabano's stores on SQLite (the default) and
// PostgreSQL (for several server processes) from one code base. Queries are
// written once with ? placeholders; each public method is one transaction.
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/zabano/zabano"
)

//go:embed migrations
var migrations embed.FS

// DB is the database behind every store.
type DB struct {
	pg bool
	// writer takes every write transaction. On SQLite it is one connection whose
	// transactions begin IMMEDIATE, so writers queue on the busy timeout instead of
	// failing with SQLITE_BUSY when a read lock is upgraded.
	writer *sql.DB
	// reader serves read-only transactions; on PostgreSQL it is the writer's pool.
	reader *sql.DB
	// stmts are each pool's prepared statements.
	stmts map[*sql.DB]*stmtCache
	// group commits SQLite's writes (group.go); checkpoints writes their
	// WAL back into the database file (checkpoint.go).
	group       group
	checkpoints *checkpointer
	// Now is the clock; tests set it.
	Now func() time.Time
	// TeacherReview makes new teachers wait for an operator's approval
	// before students find them (ZABANO_TEACHER_REVIEW); off, they are
	// approved as they register. It is read in the registration's
	// transaction, so no teacher is ever listed unreviewed while it is on.
	TeacherReview bool
	// OnTeacherChange, when set, hears of each committed change of what
	// students see of teachers in this process; other processes hear of it
	// on zabano.TeacherChangeChannel.
	OnTeacherChange func(zabano.TeacherChange)
	// OnUsersChange, when set, hears of each committed change of users in
	// this process (zabano.SignedIn.Changed); other processes hear of it on
	// zabano.UsersChangeChannel.
	OnUsersChange func(zabano.UserChange)
	// OnEvents, when set, is handed the events each transaction wrote, once
	// it commits (zabano.Notifier.Publish); other processes hear of them on
	// zabano.EventChannel.
	OnEvents func([]zabano.Event)
}

// IsPostgres reports whether dsn names a PostgreSQL database rather than an SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens the database dsn, a postgres:// URL or an SQLite file path, and
// applies pending migrations.
func Open(ctx context.Context, dsn string) (*DB, error) {
	db, err := connect(dsn)
	if err != nil {
		return nil, err
	}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.rewriteSearch(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.Optimize(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// connect opens the connections to dsn.
func connect(dsn string) (*DB, error) {
	db := &DB{pg: IsPostgres(dsn), Now: time.Now}
	if db.pg {
		pool, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		pool.SetMaxOpenConns(32)
		pool.SetMaxIdleConns(32)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		db.writer, db.reader = pool, pool
	} else {
		// busy_timeout comes first so that the pragmas after it wait for locks too.
		// mmap_size maps the database's first GiB into memory: the connections
		// read its pages where the kernel keeps them, instead of copying them
		// into a page cache of their own each (a search past the cache spent
		// a third of its time so).
		params := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)" +
			"&_pragma=mmap_size(1073741824)"
		base := "file:" + (&url.URL{Path: dsn}).EscapedPath() + "?" + params
		// temp_store(2) keeps the writer's savepoint journal in memory: a
		// group's writes each have a savepoint (group.go), and past 64 KiB
		// SQLite wrote the pages they changed to a temporary file first, a
		// third of the writer's system calls.
		// wal_autocheckpoint(10000) leaves the WAL to the checkpointer
		// (checkpoint.go) unless it falls far behind.
		w, err := sql.Open("sqlite", base+"&_txlock=immediate&_pragma=temp_store(2)&_pragma=wal_autocheckpoint(10000)")
		if err != nil {
			return nil, err
		}
		w.SetMaxOpenConns(1)
		w.SetConnMaxIdleTime(0)
		r, err := sql.Open("sqlite", base+"&_pragma=query_only(1)")
		if err != nil {
			w.Close()
			return nil, err
		}
		r.SetMaxOpenConns(8)
		r.SetMaxIdleConns(8)
		db.writer, db.reader = w, r
		db.group.turn = make(chan struct{}, 1)
		db.startCheckpoints()
	}
	db.stmts = map[*sql.DB]*stmtCache{db.writer: newStmtCache(db.writer, db.pg), db.reader: newStmtCache(db.reader, db.pg)}
	return db, nil
}

// Optimize refreshes SQLite's table statistics where they are missing or
// stale, as SQLite advises for long-lived connections at start and then
// from time to time; the server's prune job calls it. Without them the
// planner picks any index on bookable for a bio search, and reads the
// profiles through it at three times the cost of a scan. PostgreSQL's
// autovacuum keeps its own statistics.
//
// The driver's SQLite also keeps samples of each index's values (STAT4),
// and with samples it plans a prepared statement again each time a value
// compared to an indexed column is bound, which is every call: it undid
// the statement cache (stmt.go) for nearly every query. The row counts of
// sqlite_stat1 are what the plans here need, so the samples are dropped.
//
// The search's FTS5 indexes (teacher_search, teacher_names) are merged into
// one segment each. Each change of a profile adds a segment, and FTS5 seeks
// every trigram of a word in every segment, each seek a statement of its
// own that SQLite plans again at every bind: with the seven segments a seed
// leaves, that was two fifths of a search's CPU. Merging 10,000 profiles
// takes 65 ms, an index of one segment nothing.
func (db *DB) Optimize(ctx context.Context) error {
	if db.pg {
		return nil
	}
	// One transaction: no reader loads the statistics between the two.
	tx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `PRAGMA optimize=0x10002`); err != nil {
		return err
	}
	for _, index := range []string{"teacher_search", "teacher_names"} {
		if _, err := tx.ExecContext(ctx, `INSERT INTO `+index+` (`+index+`) VALUES ('optimize')`); err != nil {
			return err
		}
	}
	var samples bool
	err = tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4')`).Scan(&samples)
	if err != nil {
		return err
	}
	if samples {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sqlite_stat4`); err != nil {
			return err
		}
		// This connection loaded the samples as it made them; this has it
		// read the statistics again, without them.
		if _, err := tx.ExecContext(ctx, `ANALYZE sqlite_schema`); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Close closes the database.
func (db *DB) Close() error {
	db.checkpoints.close()
	for _, c := range db.stmts {
		c.close()
	}
	err := db.writer.Close()
	if db.reader != db.writer {
		err = errors.Join(err, db.reader.Close())
	}
	return err
}

// Ping checks that the database answers; readiness probes call it.
func (db *DB) Ping(ctx context.Context) error {
	return db.reader.PingContext(ctx)
}

// migrate applies the embedded migrations of the dialect that are not applied yet.
func (db *DB) migrate(ctx context.Context) error {
	p, err := db.migrations(ctx)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// migrations is the migration provider of the dialect's embedded migrations.
func (db *DB) migrations(ctx context.Context) (*goose.Provider, error) {
	dialect, dir := goose.DialectSQLite3, "migrations/sqlite"
	var opts []goose.ProviderOption
	if db.pg {
		dialect, dir = goose.DialectPostgres, "migrations/postgres"
		// Several processes starting at once: one migrates, the others wait,
		// trying again every second. The lock is the schema's: databases in
		// other schemas of the server (tests run each in one) never wait.
		var schema string
		if err := db.writer.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
			return nil, err
		}
		h := fnv.New64a()
		h.Write([]byte("zabano migrations " + schema))
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(int64(h.Sum64())), lock.WithLockTimeout(1, 300))
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	fsys, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, err
	}
	return goose.NewProvider(dialect, db.writer, fsys, opts...)
}

// Tx is a transaction that writes ? placeholders for its dialect and runs
// its pool's prepared statements; or, made by readOne, a read of one
// statement on the pool itself.
type Tx struct {
	tx *sql.Tx // nil for readOne's
	on conn    // tx, or readOne's pool
	// ran counts readOne's statements, to refuse a second.
	ran int
	pg  bool
	// now is the clock's reading when the transaction began: one instant for all
	// it writes.
	now time.Time
	// cache is the pool's prepared statements; stmts their forms in this
	// transaction (nil for a statement not prepared yet), and missed the
	// statements to prepare after it.
	cache  *stmtCache
	stmts  map[string]*sql.Stmt
	missed []string
	// What the transaction changes of what students see, and of users (change.go).
	changedAll, teacherWrites  bool
	changedTeachers            []int64
	changedAnyone, savedWrites bool
	changedUsers               []int64
	// events are the events the transaction wrote (addEvents).
	events []zabano.Event
	// locked are the keys the transaction holds (lockKeys).
	locked map[string]bool
	// whole has the statements run to their end when their context ends
	// (group.go).
	whole bool
}

// conn is what a Tx's statements run on.
type conn interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

var errTwoStatements = errors.New("sqlstore: a second statement in a read of one (readOne)")

// start checks a statement before it is sent, and gives the context it runs in.
func (tx *Tx) start(ctx context.Context, q string, args []any) (context.Context, error) {
	if err := checkText(args); err != nil {
		return ctx, err
	}
	if tx.tx == nil {
		if tx.ran++; tx.ran > 1 {
			return ctx, errTwoStatements
		}
	}
	tx.watch(q)
	if tx.whole {
		ctx = context.WithoutCancel(ctx)
	}
	return ctx, nil
}

// bind writes q's ? placeholders as PostgreSQL's $1, $2, ... when pg.
func bind(pg bool, q string) string {
	if !pg {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (tx *Tx) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	ctx, err := tx.start(ctx, q, args)
	if err != nil {
		return nil, err
	}
	if s := tx.stmt(ctx, q); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return tx.on.ExecContext(ctx, bind(tx.pg, q), args...)
}

// repeated is n copies of s, comma-separated: the placeholders of a list,
// the rows of a VALUES.
func repeated(s string, n int) string {
	return strings.TrimSuffix(strings.Repeat(s+", ", n), ", ")
}

// placeholders is n comma-separated ?.
func placeholders(n int) string { return repeated("?", n) }

// limitOffset is the LIMIT and OFFSET of a page, written as numbers, not bound:
// PostgreSQL plans a statement whose LIMIT is a parameter for a tenth of
// its rows, and finding that plan dearer than one for the values bound, it
// plans the statement again at every call (a page of teachers: 0.7 ms of
// its 1.8).
func limitOffset(n, offset int) string {
	return " LIMIT " + strconv.Itoa(n) + " OFFSET " + strconv.Itoa(offset)
}

// valueRows is the VALUES of a many-row INSERT: rows of cols ?.
func valueRows(rows, cols int) string { return repeated("("+placeholders(cols)+")", rows) }

// scanAll runs the query q and calls scan on each row it returns.
func scanAll(ctx context.Context, tx *Tx, scan func(*sql.Rows) error, q string, args ...any) error {
	rows, err := tx.query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (tx *Tx) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	ctx, err := tx.start(ctx, q, args)
	if err != nil {
		return nil, err
	}
	if s := tx.stmt(ctx, q); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return tx.on.QueryContext(ctx, bind(tx.pg, q), args...)
}

// row is one row of a query: a *sql.Row, or the error that kept the query
// from being sent.
type row interface{ Scan(dest ...any) error }

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

func (tx *Tx) queryRow(ctx context.Context, q string, args ...any) row {
	ctx, err := tx.start(ctx, q, args)
	if err != nil {
		return errRow{err}
	}
	if s := tx.stmt(ctx, q); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return tx.on.QueryRowContext(ctx, bind(tx.pg, q), args...)
}

var msgNULText = zabano.Msg{
	En: "The request contains a character that is not allowed (NUL).",
	Fa: "درخواست نویسه‌ای غیرمجاز (NUL) دارد.",
}

// checkText refuses text with a NUL byte as invalid input. PostgreSQL cannot
// store it (SQLSTATE 22021, which would surface as an internal error), so
// neither database gets it, and both answer alike.
func checkText(args []any) error {
	for _, a := range args {
		if v := reflect.ValueOf(a); v.Kind() == reflect.String && strings.IndexByte(v.String(), 0) >= 0 {
			return zabano.Errorf(zabano.EINVALID, msgNULText)
		}
	}
	return nil
}

// keepWrites wraps an error after which a write transaction still commits: a
// wrong verification code fails the call but its counted try must stand.
type keepWrites struct{ err error }

func (k keepWrites) Error() string { return k.err.Error() }

// write runs fn in a write transaction, committed when fn returns nil or
// keepWrites; on SQLite, in a group with the writes waiting beside it (group.go).
func (db *DB) write(ctx context.Context, fn func(*Tx) error) error {
	if !db.pg {
		return db.writeInGroup(ctx, fn)
	}
	return db.run(ctx, db.writer, nil, fn)
}

// read runs fn in a read-only transaction.
func (db *DB) read(ctx context.Context, fn func(*Tx) error) error {
	return db.run(ctx, db.reader, &sql.TxOptions{ReadOnly: db.pg}, fn)
}

// readOne runs fn, a read of one statement, outside a transaction: a
// statement sees one snapshot by itself, and on PostgreSQL a BEGIN and a
// COMMIT would be two more round trips (the user lookup of every signed-in
// request took three). A second statement in fn fails.
func (db *DB) readOne(ctx context.Context, fn func(*Tx) error) error {
	tx := &Tx{on: db.reader, pg: db.pg, now: db.Now().UTC(), cache: db.stmts[db.reader]}
	defer func() { tx.cache.prepare(context.WithoutCancel(ctx), tx.missed) }()
	return fn(tx)
}

// newTx is a Tx of sqlTx, a transaction of pool.
func (db *DB) newTx(sqlTx *sql.Tx, pool *sql.DB) *Tx {
	return &Tx{tx: sqlTx, on: sqlTx, pg: db.pg, now: db.Now().UTC(), cache: db.stmts[pool]}
}

func (db *DB) run(ctx context.Context, pool *sql.DB, opts *sql.TxOptions, fn func(*Tx) error) error {
	sqlTx, err := pool.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	tx := db.newTx(sqlTx, pool)
	defer func() { tx.cache.prepare(context.WithoutCancel(ctx), tx.missed) }()
	err = fn(tx)
	var keep keepWrites
	if err != nil && !errors.As(err, &keep) {
		sqlTx.Rollback()
		return err
	}
	if aerr := tx.announce(ctx); aerr != nil {
		sqlTx.Rollback()
		return aerr
	}
	if cerr := sqlTx.Commit(); cerr != nil {
		return cerr
	}
	return db.committed(tx, err)
}

// committed tells the process what tx, committed, changed, and returns what
// its fn returned: nil, or the error of a keepWrites.
func (db *DB) committed(tx *Tx, err error) error {
	if change, changed := tx.change(); changed && db.OnTeacherChange != nil {
		db.OnTeacherChange(change)
	}
	if c, ok := tx.userChange(); ok && db.OnUsersChange != nil {
		db.OnUsersChange(c)
	}
	if len(tx.events) > 0 && db.OnEvents != nil {
		db.OnEvents(tx.events)
	}
	var keep keepWrites
	if errors.As(err, &keep) {
		return keep.err
	}
	return err
}

// ms is the stored form of an instant: Unix milliseconds, which sort and
// compare the same way in both databases.
func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// fromNullMS is the instant of a nullable column, zero when it is NULL.
func fromNullMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMS(v.Int64)
}

// uniqueViolation returns the constraint or index name of a unique violation,
// or "" when err is not one.
func uniqueViolation(err error) (string, bool) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return pgErr.ConstraintName, true
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) && (sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY) {
		return sqErr.Error(), true
	}
	return "", false
}

var msgNotFound = zabano.Msg{En: "Not found.", Fa: "یافت نشد."}

// notFound maps sql.ErrNoRows to an ENOTFOUND error and passes others through.
func notFound(err error, m zabano.Msg) error {
	if errors.Is(err, sql.ErrNoRows) {
		return zabano.Errorf(zabano.ENOTFOUND, m)
	}
	return err
}

// oneRow is nil when res changed a row, else an ENOTFOUND error saying m.
func oneRow(res sql.Result, m zabano.Msg) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return zabano.Errorf(zabano.ENOTFOUND, m)
	}
	return nil
}
