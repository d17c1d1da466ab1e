package realtime

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/zabano/zabano"
)

// Postgres hands its streams the events of every server process on one
// PostgreSQL: each process's store announces the events it commits by
// NOTIFY (sqlstore), and each process LISTENs on a connection of its own.
// The process's own events come twice, from its store and from PostgreSQL;
// a stream skips those it has shown.
type Postgres struct {
	*Local
	// Changes, when set, hears of the zabano.TeacherChanges every process
	// commits (sqlstore announces them), and of a change of anything after
	// a gap in which some may have been lost.
	Changes func(zabano.TeacherChange)
	// UsersChanged, when set, hears of the zabano.UserChanges every process
	// commits, and of a change of anyone after a gap in which some may have
	// been lost.
	UsersChanged func(zabano.UserChange)
	dsn          string
	logger       *slog.Logger
}

// NewPostgres returns a notifier listening to the database dsn. Listen
// must run for other processes' events to reach this one's streams.
func NewPostgres(dsn string, logger *slog.Logger) *Postgres {
	return &Postgres{Local: NewLocal(), dsn: dsn, logger: logger}
}

// Listen receives notifications until ctx ends, reconnecting after a
// failure; after each (re)connection it sends every local stream to the
// database, since notifications sent while it was away are lost. ready, if
// not nil, is closed once it listens for the first time.
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
	// The channels are the schema's, as sqlstore names them.
	var schema string
	if err := conn.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return err
	}
	events, changes, users := zabano.EventChannel+":"+schema, zabano.TeacherChangeChannel+":"+schema, zabano.UsersChangeChannel+":"+schema
	listen := make([]string, 3)
	for i, channel := range []string{events, changes, users} {
		listen[i] = "LISTEN " + pgx.Identifier{channel}.Sanitize()
	}
	if _, err := conn.Exec(ctx, strings.Join(listen, "; ")); err != nil {
		return err
	}
	if *ready != nil {
		close(*ready)
		*ready = nil
	}
	p.lookAll()
	if p.Changes != nil {
		p.Changes(zabano.TeacherChange{All: true})
	}
	if p.UsersChanged != nil {
		p.UsersChanged(zabano.UserChange{All: true})
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		switch n.Channel {
		case changes:
			if p.Changes != nil {
				p.Changes(zabano.ParseTeacherChange(n.Payload))
			}
			continue
		case users:
			if p.UsersChanged != nil {
				p.UsersChanged(zabano.ParseUserChange(n.Payload))
			}
			continue
		}
		events, err := zabano.ParseEventsPayload(n.Payload)
		if err != nil {
			p.logger.Error("event listener: a payload it cannot read", "err", err)
			p.lookAll()
			continue
		}
		p.Publish(events)
	}
}
