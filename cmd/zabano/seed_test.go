package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestSeedBookings seeds slots and bookings with the flags make bench uses
// and reads them back through the API: each student has their classes and
// the wallet left after paying them.
func TestSeedBookings(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string { return map[string]string{"ZABANO_DATA_DIR": dir}[k] }
	var out bytes.Buffer
	args := []string{"seed", "-teachers", "3", "-students", "2", "-slots-per-teacher", "30", "-bookings", "8", "-wallet", "1000000", "-photos=false", "-reviews=false", "-series=false", "-reschedule=false", "-history=false"}
	if err := run(context.Background(), args, env, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "seeded 90 slots and 8 bookings") {
		t.Fatalf("output %q", out.String())
	}
	for _, bad := range [][]string{{"-teachers", "3", "-slots-per-teacher", "30", "-bookings", "91"}, {"-slots-per-teacher", "99999"}, {"-students", "0", "-bookings", "1", "-slots-per-teacher", "1"}} {
		if err := run(context.Background(), append([]string{"seed", "-data-dir", t.TempDir()}, bad...), env, io.Discard, io.Discard); err == nil {
			t.Errorf("seed %v ran", bad)
		}
	}

	c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": dir})}
	for _, name := range []string{"student1", "student2"} {
		st, m := c.call("POST", "/api/token/", "", map[string]string{"username": name, "password": seedPassword, "role": "student"})
		if st != 200 {
			t.Fatalf("%s login: %d %v", name, st, m)
		}
		token := m["access"].(string)
		_, classes := c.call("GET", "/api/slot/lists/student/", token, nil)
		_, profile := c.call("GET", "/api/profile/", token, nil)
		if items, _ := classes["items"].([]any); len(items) != 4 || profile["wallet"] != 1_000_000.0 {
			t.Errorf("%s: %d classes, wallet %v; want 4 and 1000000", name, len(items), profile["wallet"])
		}
	}
	st, m := c.call("POST", "/api/token/", "", map[string]string{"username": "teacher1", "password": seedPassword, "role": "teacher"})
	if st != 200 {
		t.Fatalf("teacher login: %d %v", st, m)
	}
	_, list := c.call("GET", "/api/teachers/list/", m["access"].(string), nil)
	results, _ := list["results"].([]any)
	if len(results) != 3 || results[0].(map[string]any)["photo"] != nil {
		t.Errorf("teachers without photos: %v", list)
	}
}
