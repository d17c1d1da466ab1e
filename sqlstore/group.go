package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// group commits SQLite's writes in groups. SQLite has one writer, so writes
// run one after another whatever else does, and a commit is a large part
// of each: it appends every page the write changed to the WAL. A booking
// changed 23 pages, and its commit (with the WAL's checkpoint, since moved
// beside the writer: checkpoint.go) was half of its time in the writer.
// Writes that wait while another commits are run together in one
// transaction, each in a savepoint of its own, and committed at once: the
// pages they share (the last leaf of every table and index they append to)
// are written once. A write alone is committed as before, without waiting.
//
// A write that fails is rolled back to its savepoint and the others stand;
// if the group's transaction fails (its commit, or a savepoint), each write
// of it fails with that error, and none is half-written.
type group struct {
	mu      sync.Mutex
	pending []*pendingWrite
	// turn is held by the write that commits a group, the group's leader.
	turn chan struct{}
}

// pendingWrite is a write queued for a group, and what it came to.
type pendingWrite struct {
	ctx  context.Context
	fn   func(*Tx) error
	done chan struct{}
	// tx is the write's view of the group's transaction; err what fn
	// returned, or why the write did not commit (failed).
	tx     *Tx
	err    error
	failed bool
	// panicked is what fn panicked with: it panics again in its own goroutine.
	panicked any
}

// writeInGroup runs fn in the next group and returns once it is committed or
// rolled back. The write that finds no group being committed leads the next:
// it commits every write queued by then, its own among them. A write whose
// caller stops waiting before a leader takes it leaves the queue.
func (db *DB) writeInGroup(ctx context.Context, fn func(*Tx) error) error {
	w := &pendingWrite{ctx: ctx, fn: fn, done: make(chan struct{})}
	g := &db.group
	g.mu.Lock()
	g.pending = append(g.pending, w)
	g.mu.Unlock()
	select {
	case <-w.done:
	case g.turn <- struct{}{}:
		db.lead(w)
	case <-ctx.Done():
		if g.withdraw(w) {
			return ctx.Err()
		}
		<-w.done // a leader runs it: what it came to is the caller's to know
	}
	if w.panicked != nil {
		panic(w.panicked)
	}
	if w.tx != nil {
		defer w.tx.cache.prepare(context.WithoutCancel(ctx), w.tx.missed)
	}
	if w.failed {
		return w.err
	}
	return db.committed(w.tx, w.err)
}

// lead commits the writes queued, w's among them unless an earlier leader
// took it, and gives up the turn whatever happens in the commit.
func (db *DB) lead(w *pendingWrite) {
	g := &db.group
	defer func() { <-g.turn }()
	select {
	case <-w.done:
		return
	default:
	}
	g.mu.Lock()
	writes := g.pending
	g.pending = nil
	g.mu.Unlock()
	db.commitGroup(writes)
}

// withdraw takes w out of the queue, and reports whether it was still there.
func (g *group) withdraw(w *pendingWrite) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	i := slices.Index(g.pending, w)
	if i < 0 {
		return false
	}
	g.pending = slices.Delete(g.pending, i, i+1)
	return true
}

// commitGroup runs writes in one transaction, each in a savepoint, commits
// it and marks each write done.
func (db *DB) commitGroup(writes []*pendingWrite) {
	defer func() {
		for _, w := range writes {
			close(w.done)
		}
	}()
	// The group is not any one write's: it runs to its end whoever stops waiting.
	ctx := context.Background()
	sqlTx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		failAll(writes, err)
		return
	}
	for _, w := range writes {
		if err := w.ctx.Err(); err != nil {
			w.err, w.failed = err, true
			continue
		}
		if err := db.runInSavepoint(sqlTx, w); err != nil {
			sqlTx.Rollback()
			failAll(writes, err)
			return
		}
	}
	if err := sqlTx.Commit(); err != nil {
		failAll(writes, err)
		return
	}
	db.checkpoints.committed()
}

// runInSavepoint runs w's fn in a savepoint of tx and keeps or undoes what
// it wrote. An error is the group's: the savepoint could not be made or ended.
func (db *DB) runInSavepoint(sqlTx *sql.Tx, w *pendingWrite) error {
	if _, err := sqlTx.Exec(`SAVEPOINT write`); err != nil {
		return err
	}
	w.tx = db.newTx(sqlTx, db.writer)
	// An interrupted statement rolls SQLite's whole transaction back, the
	// other writes of the group with it: a write's statements run to their
	// end though its caller stops waiting (Tx.start).
	w.tx.whole = true
	w.err, w.panicked = runFn(w.tx, w.fn)
	var keep keepWrites
	if w.panicked != nil || w.err != nil && !errors.As(w.err, &keep) {
		w.failed = true
		if _, err := sqlTx.Exec(`ROLLBACK TO write`); err != nil {
			return err
		}
	}
	_, err := sqlTx.Exec(`RELEASE write`)
	return err
}

// runFn runs fn, recovering a panic so that the group goes on.
func runFn(tx *Tx, fn func(*Tx) error) (err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	return fn(tx), nil
}

// failAll fails every write of a group that did not commit, with err.
func failAll(writes []*pendingWrite, err error) {
	for _, w := range writes {
		if !w.failed {
			w.err, w.failed = fmt.Errorf("sqlstore: the write's group did not commit: %w", err), true
		}
	}
}
