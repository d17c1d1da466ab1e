package sqlstore

import (
	"context"
	"sync"
	"time"
)

// checkpointRest is the least time between two checkpoints of the
// checkpointer: under load the WAL grows by what the writes of that time
// change, a few thousand pages.
const checkpointRest = 100 * time.Millisecond

// checkpointer writes SQLite's WAL back into the database file beside the
// writer rather than in it. SQLite does it in the commit that takes the WAL
// past a thousand pages, and with the writes committed in groups
// (group.go) that copy and its sync were a third of each commit, while the
// other core idled. A PASSIVE checkpoint runs beside the writer without
// stopping it; it runs on a reader's connection after a commit, and at
// most once in checkpointRest. The writer still checkpoints the WAL itself
// past 10,000 pages, should this one fall behind.
type checkpointer struct {
	wake    chan struct{}
	stop    chan struct{}
	stopped sync.Once
	done    chan struct{}
}

// startCheckpoints starts the checkpointer of db, an SQLite database.
func (db *DB) startCheckpoints() {
	c := &checkpointer{wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	db.checkpoints = c
	go func() {
		defer close(c.done)
		for {
			select {
			case <-c.stop:
				return
			case <-c.wake:
			}
			// A checkpoint that fails leaves the WAL to the next, or to the writer's own.
			db.reader.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
			select {
			case <-c.stop:
				return
			case <-time.After(checkpointRest):
			}
		}
	}()
}

// committed tells the checkpointer of a commit (nil: PostgreSQL).
func (c *checkpointer) committed() {
	if c == nil {
		return
	}
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// close stops the checkpointer (nil: PostgreSQL); a database may be closed twice.
func (c *checkpointer) close() {
	if c == nil {
		return
	}
	c.stopped.Do(func() { close(c.stop) })
	<-c.done
}
