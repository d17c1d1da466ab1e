// Command zabano is the Zabano server: the API, the web app and the jobs, in
// one binary, on SQLite or PostgreSQL.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "zabano:", err)
		os.Exit(1)
	}
}

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: zabano <command> [flags]

commands:
  serve     serve the API and the web app
  migrate   apply pending database migrations and exit
  seed      fill an empty database with a demo marketplace (-teachers N -students N)
  withdrawals list|pay <id>|reject <id>
            teachers' withdrawals: list them, record one paid or reject it
  admin     create|list|disable operators, who run the marketplace
  audit     run the ledger, booking, withdrawal and payment audits; exits non-zero on a finding
  version   print the version

Run 'zabano serve -h' for the flags; each has an environment variable.`

// run is the whole program; main only supplies the process's context,
// arguments, environment, input and output, so tests can run it in-process.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return fmt.Errorf("no command given")
	}
	commands := map[string]func(context.Context, []string, func(string) string, io.Writer, io.Writer) error{
		"serve": serve, "migrate": migrate, "seed": seed, "withdrawals": withdrawals, "audit": audit,
		"admin": func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
			return admin(ctx, args, getenv, stdin, stdout, stderr)
		},
	}
	if cmd, ok := commands[args[0]]; ok {
		err := cmd(ctx, args[1:], getenv, stdout, stderr)
		if errors.Is(err, flag.ErrHelp) {
			return nil // the command printed its usage, as asked
		}
		return err
	}
	switch args[0] {
	case "version":
		fmt.Fprintln(stdout, "zabano", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	fmt.Fprintln(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
