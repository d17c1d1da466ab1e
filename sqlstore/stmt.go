package sqlstore

import (
	"context"
	"database/sql"
	"sync"
)

// maxStmts bounds a pool's cache. Most queries are constant text; those
// built from filters or IN lists come in a few dozen shapes, and past the
// bound a new shape is simply parsed on each call, as without the cache.
const maxStmts = 2000

// stmtCache holds the prepared statements of one pool by their text with ?
// placeholders. SQLite's driver parses a statement again on every call
// unless it is prepared, which cost a list page up to a third of its time;
// database/sql keeps each prepared statement on every connection it has
// been used on, so a statement is parsed once per connection.
//
// A statement is prepared after the transaction that first ran it: a
// transaction holds its connection, and on SQLite the writer's pool has
// only that one, so preparing on the pool from inside would wait forever.
type stmtCache struct {
	pool *sql.DB
	pg   bool
	mu   sync.RWMutex
	m    map[string]*sql.Stmt
}

func newStmtCache(pool *sql.DB, pg bool) *stmtCache {
	return &stmtCache{pool: pool, pg: pg, m: make(map[string]*sql.Stmt)}
}

// get returns the statement q, or nil when it is not prepared yet.
func (c *stmtCache) get(q string) *sql.Stmt {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[q]
}

// prepare prepares the statements qs that are not yet in the cache. A
// statement that fails to prepare is left out: its calls report the error.
func (c *stmtCache) prepare(ctx context.Context, qs []string) {
	for _, q := range qs {
		c.mu.RLock()
		_, done := c.m[q]
		full := len(c.m) >= maxStmts
		c.mu.RUnlock()
		if done || full {
			continue
		}
		s, err := c.pool.PrepareContext(ctx, bind(c.pg, q))
		if err != nil {
			continue
		}
		c.mu.Lock()
		if _, done := c.m[q]; done || len(c.m) >= maxStmts {
			s.Close()
		} else {
			c.m[q] = s
		}
		c.mu.Unlock()
	}
}

// close closes the cached statements.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, s := range c.m {
		s.Close()
		delete(c.m, q)
	}
}

// stmt returns the transaction's form of the prepared statement q (the
// pool's own for a readOne), or nil when q is not prepared yet; q is then
// noted, to be prepared after the transaction.
func (tx *Tx) stmt(ctx context.Context, q string) *sql.Stmt {
	if s, ok := tx.stmts[q]; ok {
		return s
	}
	s := tx.cache.get(q)
	switch {
	case s == nil:
		tx.missed = append(tx.missed, q)
	case tx.tx != nil:
		s = tx.tx.StmtContext(ctx, s)
	}
	if tx.stmts == nil {
		tx.stmts = make(map[string]*sql.Stmt)
	}
	tx.stmts[q] = s
	return s
}
