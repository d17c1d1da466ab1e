package main

import (
	"cmp"
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
  list [pending|paid|rejected|all]   teachers' withdrawals and students' refunds, newest first (pending by default)
  pay <id>                           mark a withdrawal paid, once its bank transfer is made (-reference REF before it)
  reject <id>                        reject a withdrawal: its amount returns to the wallet (-reason TEXT before it)

The operator's console does the same with an operator's name on each; here
none is recorded, and no operator-log row is written. The database flags and
variables are those of 'zabano serve'.`

// withdrawals is the scripts' side of withdrawals: the server takes
// requests, an operator transfers the money by bank and records it here or
// in the console, through the same store methods.
func withdrawals(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var flags *flag.FlagSet
	var reference, reason string
	c, err := parseConfig("withdrawals", args, getenv, stdout, stderr, withdrawalsUsage, func(fs *flag.FlagSet) {
		flags = fs
		fs.StringVar(&reference, "reference", "", "pay: the bank's reference of the transfer, which its user sees")
		fs.StringVar(&reason, "reason", "", "reject: why, which its user sees")
	})
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
		// The command line has no operator: nobody is named as having settled it.
		var w *zabano.Withdrawal
		if cmd == "pay" {
			w, err = db.PayWithdrawal(ctx, id, 0, strings.TrimSpace(reference))
		} else {
			w, err = db.RejectWithdrawal(ctx, id, 0, strings.TrimSpace(reason))
		}
		if err != nil {
			return domainText(err)
		}
		amount := zabano.Tomans(w.Amount).En
		if cmd == "pay" {
			fmt.Fprintf(stdout, "withdrawal %d paid: %s Toman to %s (%s)\n", w.ID, amount, w.IBAN, w.User.Username)
		} else {
			fmt.Fprintf(stdout, "withdrawal %d rejected: %s Toman returned to the wallet of %s\n", w.ID, amount, w.User.Username)
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
	fmt.Fprintln(tw, "ID\tUSER\tKIND\tTOMAN\tIBAN\tSTATUS\tREQUESTED (TEHRAN)\tSETTLED\tREFERENCE OR REASON")
	for _, wd := range list {
		settled, note := "-", cmp.Or(wd.Reference, wd.Reason, "-")
		if !wd.SettledAt.IsZero() {
			settled = tehranTime(wd.SettledAt)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", wd.ID, wd.User.Username, wd.Kind, zabano.Tomans(wd.Amount).En, wd.IBAN,
			wd.Status, tehranTime(wd.CreatedAt), settled, note)
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
