package sqlstore

import (
	"context"
	"hash/fnv"
)

// Exclusive runs job unless another process is running the job of the same
// name. On PostgreSQL a session advisory lock picks one winner per run, so
// processes sharing the database do not all scan for the same due work (the
// jobs are also safe without it: each item changes state conditionally). An
// SQLite database is served by one process, whose jobs have a goroutine each.
// It reports whether job ran.
func (db *DB) Exclusive(ctx context.Context, name string, job func(context.Context) (int, error)) (n int, ran bool, err error) {
	if !db.pg {
		n, err = job(ctx)
		return n, true, err
	}
	// The lock belongs to a session: take and release it on one connection.
	conn, err := db.writer.Conn(ctx)
	if err != nil {
		return 0, false, err
	}
	defer conn.Close()
	h := fnv.New64a()
	h.Write([]byte("zabano job " + name))
	key := int64(h.Sum64())
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&ran); err != nil || !ran {
		return 0, false, err
	}
	// Unlock even when ctx has ended; a broken connection releases the lock
	// with its session.
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key)
	n, err = job(ctx)
	return n, true, err
}
