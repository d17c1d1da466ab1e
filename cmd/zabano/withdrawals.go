package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/zabano/zabano"
)

const withdrawalsUsage = `usage: zabano withdrawals [flags] <command>

commands:
  list [pending|paid|rejected|all]   teachers' withdrawals, newest first (pending by default)
  pay <id>                           mark a withdrawal paid, once its bank transfer is made
  reject <id>                        reject a withdrawal: its amount returns to the teacher's wallet

The database flags and variables are those of 'zabano serve'.`

// withdrawals is the operator's side of teachers' withdrawals: the server
// takes requests, an operator transfers the money by bank and records it here.
func withdrawals(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var flags *flag.FlagSet
	c, err := parseConfig("withdrawals", args, getenv, stdout, stderr, withdrawalsUsage, func(fs *flag.FlagSet) { flags = fs })
	if err != nil {
		return err
	}
	rest := flags.Args()
	if len(rest) == 0 || len(rest) > 2 {
		fmt.Fprintln(stderr, withdrawalsUsage)
		return errors.New("withdrawals: give one command")
	}
	db, err := openDB(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()

	switch cmd := rest[0]; cmd {
	case "list":
		arg := ""
		if len(rest) == 2 {
			arg = rest[1]
		}
		f := zabano.WithdrawalFilter{Status: zabano.WithdrawalPending}
		switch arg {
		case "", "pending":
		case "paid", "rejected":
			f.Status = zabano.WithdrawalStatus(arg)
		case "all":
			f.Status = ""
		default:
			return fmt.Errorf("withdrawals list: unknown status %q", arg)
		}
		list, err := db.Withdrawals(ctx, f)
		if err != nil {
			return err
		}
		printWithdrawals(stdout, list)
		return nil
	case "pay", "reject":
		if len(rest) != 2 {
			return fmt.Errorf("withdrawals %s: give the withdrawal's id", cmd)
		}
		id, err := strconv.ParseInt(rest[1], 10, 64)
		if err != nil {
			return fmt.Errorf("withdrawals %s: %q is not an id", cmd, rest[1])
		}
		var w *zabano.Withdrawal
		if cmd == "pay" {
			w, err = db.PayWithdrawal(ctx, id)
		} else {
			w, err = db.RejectWithdrawal(ctx, id)
		}
		if err != nil {
			return domainText(err)
		}
		amount := zabano.Tomans(w.Amount).En
		if cmd == "pay" {
			fmt.Fprintf(stdout, "withdrawal %d paid: %s Toman to %s (%s)\n", w.ID, amount, w.IBAN, w.Username)
		} else {
			fmt.Fprintf(stdout, "withdrawal %d rejected: %s Toman returned to the wallet of %s\n", w.ID, amount, w.Username)
		}
		return nil
	}
	fmt.Fprintln(stderr, withdrawalsUsage)
	return fmt.Errorf("withdrawals: unknown command %q", rest[0])
}

// printWithdrawals writes list as a table, times in Tehran.
func printWithdrawals(w io.Writer, list []zabano.Withdrawal) {
	if len(list) == 0 {
		fmt.Fprintln(w, "no withdrawals")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTEACHER\tTOMAN\tIBAN\tSTATUS\tREQUESTED (TEHRAN)\tSETTLED")
	for _, wd := range list {
		settled := "-"
		if !wd.SettledAt.IsZero() {
			settled = tehranTime(wd.SettledAt)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", wd.ID, wd.Username, zabano.Tomans(wd.Amount).En, wd.IBAN, wd.Status,
			tehranTime(wd.CreatedAt), settled)
	}
	tw.Flush()
}

func tehranTime(t time.Time) string { return t.In(zabano.Tehran).Format("2006-01-02 15:04") }

// domainText turns a domain error into its English message for the
// terminal, with each invalid field's.
func domainText(err error) error {
	var e *zabano.Error
	if !errors.As(err, &e) || e.Code == zabano.EINTERNAL {
		return err
	}
	text := []string{e.Message.En}
	for _, field := range slices.Sorted(maps.Keys(e.Fields)) {
		for _, m := range e.Fields[field] {
			text = append(text, field+": "+m.En)
		}
	}
	return errors.New(strings.Join(text, "; "))
}
