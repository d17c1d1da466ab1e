package main

import (
	"context"
	"fmt"
	"io"
)

const auditUsage = `usage: zabano audit [flags]

Runs the audits of the operator's console (the ledger, the bookings, the
withdrawals and the card payments) and prints what they find. It exits
non-zero on any finding, for a cron job.

The database flags and variables are those of 'zabano serve'.`

// audit runs every audit once and prints its findings, one a line.
func audit(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := parseConfig("audit", args, getenv, stdout, stderr, auditUsage)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	report, err := db.Audit(ctx)
	if err != nil {
		return err
	}
	for _, f := range report.Findings {
		fmt.Fprintf(stdout, "%s: %s\n", f.Check, f.Message)
	}
	if !report.OK() {
		return fmt.Errorf("audit: %d findings", len(report.Findings))
	}
	fmt.Fprintf(stdout, "audit: no findings (%s Tehran)\n", tehranTime(report.CheckedAt))
	return nil
}
