package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/zabano/zabano"
)

const adminUsage = `usage: zabano admin <command> [flags]

commands:
  create -username NAME -phone PHONE   create an operator; the password (12 characters
                                       or more) is read from standard input
  list                                 the operators
  disable NAME                         stop an operator's sign-in and tokens

Operators sign in at /login?role=admin with their password and a code sent to
their phone. The database flags and variables are those of 'zabano serve'.`

// admin manages operators' accounts: nobody can register one through the API.
func admin(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprintln(stdout, adminUsage)
			return flag.ErrHelp
		}
		fmt.Fprintln(stderr, adminUsage)
		return errors.New("admin: give a command")
	}
	cmd := args[0]
	var username, phone string
	var flags *flag.FlagSet
	c, err := parseConfig("admin "+cmd, args[1:], getenv, stdout, stderr, adminUsage, func(fs *flag.FlagSet) {
		flags = fs
		if cmd == "create" {
			fs.StringVar(&username, "username", "", "the operator's username")
			fs.StringVar(&phone, "phone", "", "the operator's mobile number, where sign-in codes go")
		}
	})
	if err != nil {
		return err
	}
	rest := flags.Args()
	switch cmd {
	case "create", "list":
		if len(rest) != 0 {
			return fmt.Errorf("admin %s: unexpected %q", cmd, rest[0])
		}
	case "disable":
		if len(rest) != 1 {
			return errors.New("admin disable: give the operator's username")
		}
	default:
		fmt.Fprintln(stderr, adminUsage)
		return fmt.Errorf("admin: unknown command %q", cmd)
	}
	var operator *zabano.User
	if cmd == "create" {
		// Checked before the database is opened, so a bad entry changes nothing.
		password, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if operator, err = zabano.NewOperator(username, phone, strings.TrimRight(password, "\r\n")); err != nil {
			return domainText(err)
		}
	}
	db, err := openDB(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()

	switch cmd {
	case "create":
		if err := db.CreateOperator(ctx, operator); err != nil {
			return domainText(err)
		}
		fmt.Fprintf(stdout, "operator %s created (id %d)\n", operator.Username, operator.ID)
	case "list":
		list, err := db.ListOperators(ctx)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			fmt.Fprintln(stdout, "no operators")
			return nil
		}
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tUSERNAME\tPHONE\tCREATED (TEHRAN)\tDISABLED")
		for _, u := range list {
			disabled := "-"
			if !u.SuspendedAt.IsZero() {
				disabled = tehranTime(u.SuspendedAt)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", u.ID, u.Username, u.Phone, tehranTime(u.CreatedAt), disabled)
		}
		tw.Flush()
	case "disable":
		u, err := db.DisableOperator(ctx, rest[0], zabano.MsgOperatorDisabled.En)
		if err != nil {
			return domainText(err)
		}
		fmt.Fprintf(stdout, "operator %s disabled\n", u.Username)
	}
	return nil
}
