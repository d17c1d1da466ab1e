package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestAdminCommand: 'zabano admin' creates an operator with the password read
// from standard input, refuses bad entries without writing, lists and
// disables operators.
func TestAdminCommand(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string { return map[string]string{"ZABANO_DATA_DIR": dir}[k] }
	admin := func(stdin string, args ...string) (string, error) {
		var out bytes.Buffer
		err := run(context.Background(), append([]string{"admin"}, args...), env, strings.NewReader(stdin), &out, io.Discard)
		return out.String(), err
	}
	if _, err := admin("short\n", "create", "-username", "ops", "-phone", "09121000109"); err == nil || !strings.Contains(err.Error(), "password: Password must be at least 12") {
		t.Fatalf("short password: %v", err)
	}
	if _, err := admin("operator-secret\n", "create", "-username", "ops", "-phone", "12345"); err == nil || !strings.Contains(err.Error(), "phone:") {
		t.Fatalf("bad phone: %v", err)
	}
	if out, err := admin("", "list"); err != nil || out != "no operators\n" {
		t.Fatalf("list after refusals: %q %v", out, err)
	}
	if out, err := admin("operator-secret\n", "create", "-username", "ops", "-phone", "۰۹۱۲۱۰۰۰۱۰۹"); err != nil || !strings.HasPrefix(out, "operator ops created") {
		t.Fatalf("create: %q %v", out, err)
	}
	if _, err := admin("operator-secret\n", "create", "-username", "OPS", "-phone", "09121000110"); err == nil || !strings.Contains(err.Error(), "username: A user with that username already exists") {
		t.Fatalf("taken username: %v", err)
	}
	out, err := admin("", "list")
	if err != nil || !strings.Contains(out, "ops") || !strings.Contains(out, "09121000109") {
		t.Fatalf("list: %q %v", out, err)
	}
	if _, err := admin("", "disable", "nobody"); err == nil || !strings.Contains(err.Error(), "No operator") {
		t.Fatalf("disable nobody: %v", err)
	}
	if out, err := admin("", "disable", "ops"); err != nil || out != "operator ops disabled\n" {
		t.Fatalf("disable: %q %v", out, err)
	}
	if out, _ := admin("", "list"); strings.HasSuffix(strings.TrimSpace(out), "-") {
		t.Fatalf("list shows the operator enabled: %q", out)
	}
	for _, args := range [][]string{{}, {"frobnicate"}, {"disable"}, {"list", "extra"}} {
		if _, err := admin("", args...); err == nil {
			t.Errorf("admin %v ran", args)
		}
	}
}
