package realtime

import (
	"context"
	"database/sql"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/zabano/zabano"
)

// channel is the PostgreSQL notification channel of Zabano's events.
const channel = "zabano_events"

// Postgres wakes streams in every server process on one PostgreSQL: Notify
// sends NOTIFY, and each process LISTENs on a connection of its own and
// wakes its local streams.
type Postgres struct {
	*Local
	// Changes, when set, hears of the zabano.TeacherChanges every process
	// commits (sqlstore announces them), and of a change of anything after
	// a gap in which some may have been lost.
	Changes func(zabano.TeacherChange)
	db      *sql.DB
	dsn     string
	logger  *slog.Logger
}

// NewPostgres returns a notifier over the database dsn; db sends the
// notifications. Listen must run for this process's streams to wake.
func NewPostgres(db *sql.DB, dsn string, logger *slog.Logger) *Postgres {
	return &Postgres{Local: NewLocal(), db: db, dsn: dsn, logger: logger}
}

// Notify implements zabano.Notifier: one NOTIFY naming the users.
func (p *Postgres) Notify(ctx context.Context, userIDs ...int64) error {
	ids := make([]string, len(userIDs))
	for i, id := range userIDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	_, err := p.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, channel, strings.Join(ids, ","))
	return err
}

// Listen receives notifications until ctx ends, reconnecting after a
// failure; after each (re)connection it wakes every local stream, since
// notifications sent while it was away are lost. ready, if not nil, is closed
// once it listens for the first time.
func (p *Postgres) Listen(ctx context.Context, ready chan<- struct{}) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := p.listen(ctx, &ready)
		if ctx.Err() != nil {
			return
		}
		p.logger.Error("event listener", "err", err, "retry_in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

func (p *Postgres) listen(ctx context.Context, ready *chan<- struct{}) error {
	conn, err := pgx.Connect(ctx, p.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+channel+"; LISTEN "+zabano.TeacherChangeChannel); err != nil {
		return err
	}
	if *ready != nil {
		close(*ready)
		*ready = nil
	}
	p.wakeAll()
	if p.Changes != nil {
		p.Changes(zabano.TeacherChange{All: true})
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Channel == zabano.TeacherChangeChannel {
			if p.Changes != nil {
				p.Changes(zabano.ParseTeacherChange(n.Payload))
			}
			continue
		}
		var ids []int64
		for _, s := range strings.Split(n.Payload, ",") {
			if id, err := strconv.ParseInt(s, 10, 64); err == nil {
				ids = append(ids, id)
			}
		}
		p.wake(ids...)
	}
}
