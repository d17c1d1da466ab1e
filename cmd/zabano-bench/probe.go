package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// probe reads what the server process, and on PostgreSQL the database
// server's processes, use of the machine, from /proc.
type probe struct {
	pid      int
	postgres bool
}

// cpu is the CPU time, user and system, that the server and the processes
// of PostgreSQL have used. It is the measure least disturbed by other
// programs on the machine: what a call costs, whoever else wants the cores.
// PostgreSQL's figure counts all its processes, other clients' too.
func (p probe) cpu() (server, db time.Duration) {
	server = processCPU(p.pid)
	if !p.postgres {
		return server, 0
	}
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); strings.TrimSpace(string(comm)) == "postgres" {
			db += processCPU(pid)
		}
	}
	return server, db
}

// processCPU is the CPU time process pid has used, 0 if it is gone.
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's closing parenthesis start at the third,
	// the state; utime and stime are the 14th and 15th, in ticks of 1/100 s
	// (USER_HZ on Linux).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// memory reads the server's resident memory now (VmRSS) and at its peak
// so far (VmHWM).
func (p probe) memory() (rss, hwm int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	if err != nil {
		return 0, 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb int64
		if _, err := fmt.Sscanf(line, "VmRSS: %d kB", &kb); err == nil {
			rss = kb << 10
		} else if _, err := fmt.Sscanf(line, "VmHWM: %d kB", &kb); err == nil {
			hwm = kb << 10
		}
	}
	return rss, hwm, nil
}
