package sqlstore

import (
	"database/sql"
	"errors"
	"fmt"
	"regexp"
)

// rowParts reads rows that join several tables' columns one after the
// other (a booking's, then its review's, ...), each part scanned by its
// table's own scan function: a part's Scan takes the next len(dest)
// columns of the row. The first part's Scan reads the whole row, keeping
// the other parts' values; a later part whose first column is NULL, where
// a LEFT JOIN found nothing, is absent: its Scan fills nothing and fails
// with errAbsent, and only a present one reads the row again.
type rowParts struct {
	rows    *sql.Rows
	vals    []any // the current row's values, to tell absent parts
	ptrs    []any
	next    int
	discard any
}

var errAbsent = errors.New("sqlstore: an absent part of a row")

func newRowParts(rows *sql.Rows) (*rowParts, error) {
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	return &rowParts{rows: rows, vals: make([]any, len(cols)), ptrs: make([]any, len(cols))}, nil
}

// start begins the row rows is on.
func (p *rowParts) start() { p.next = 0 }

// Scan scans the next part into dest.
func (p *rowParts) Scan(dest ...any) error {
	off := p.next
	p.next += len(dest)
	if p.next > len(p.vals) {
		return fmt.Errorf("sqlstore: a part of %d columns past the row's %d", len(dest), len(p.vals)-off)
	}
	for i := range p.ptrs {
		switch {
		case i >= off && i < p.next:
			p.ptrs[i] = dest[i-off]
		case off == 0:
			p.ptrs[i] = &p.vals[i]
		default:
			p.ptrs[i] = &p.discard
		}
	}
	if off > 0 && p.vals[off] == nil {
		return errAbsent
	}
	return p.rows.Scan(p.ptrs...)
}

// optional is scan's part of the row, nil when it is absent.
func optional[T any](p *rowParts, scan func(row interface{ Scan(...any) error }) (*T, error)) (*T, error) {
	v, err := scan(p)
	if errors.Is(err, errAbsent) {
		return nil, nil
	}
	return v, err
}

// aliasRE is an alias before its column's name.
var aliasRE = regexp.MustCompile(`\b([a-z_]+)\.`)

// realias renames the aliases of cols, a list of alias.column terms, by
// pairs of old and new names: for a statement that joins their tables
// under other names.
func realias(cols string, pairs ...string) string {
	names := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		names[pairs[i]] = pairs[i+1]
	}
	return aliasRE.ReplaceAllStringFunc(cols, func(m string) string {
		if n, ok := names[m[:len(m)-1]]; ok {
			return n + "."
		}
		return m
	})
}
