# Zabano: build, run and test. `make run` and `make test` set up what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := build

# Go packages, without the Go code some npm packages ship under web/node_modules.
GO_PKGS = $(shell go list ./... | grep -v /node_modules/)
WEB_DEPS := web/node_modules/.package-lock.json
CHROMIUM := /usr/bin/chromium

# The version `zabano version` prints: the commit, "-dirty" with uncommitted changes; "dev"
# outside git.
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)

# What the web app is built from; the API client is generated from the spec (schema.d.ts,
# itself generated, is left out). web/dist/index.html stands for the whole build.
WEB_SRC := $(shell find web/src web/public -type f ! -name schema.d.ts) web/index.html \
	web/package.json web/vite.config.ts $(wildcard web/tsconfig*.json) web/scripts/size.mjs web/scripts/compress.mjs \
	docs/openapi.yaml
WEB_DIST := web/dist/index.html

.PHONY: build web run test test-go test-web test-e2e bench lighthouse lint chromium clean
# A failed recipe leaves no target, so a half-built app is built again.
.DELETE_ON_ERROR:

$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

# The app is embedded in the binary, built again only when its sources change; vite empties
# web/dist and puts back the .gitkeep git tracks.
web: $(WEB_DIST)
$(WEB_DIST): $(WEB_DEPS) $(WEB_SRC)
	cd web && npm run build
	@touch $@

# go build always runs: its cache makes it a second when nothing changed, and it alone knows
# every Go file and module the binary is made of.
build: $(WEB_DIST)
	go build -ldflags "-X main.version=$(VERSION)" -o bin/zabano ./cmd/zabano

# Serves http://127.0.0.1:8080 with SQLite under ./data, the sandbox gateway and the dev SMS
# outbox; the first run seeds a demo marketplace.
run: build
	ZABANO_ENV=dev ./bin/zabano seed
	ZABANO_ENV=dev ./bin/zabano serve

# Everything: Go on SQLite (and on PostgreSQL when TEST_DATABASE_URL is set), web unit tests, end to end.
test: test-go test-web test-e2e

# A failed run ends with what failed, and for a test that hung, which tests were running, the
# test servers that could not close, and our goroutines blocked for minutes: CI shows only the
# end of what it prints, and a hang's goroutines would fill it.
test-go:
	go vet $(GO_PKGS)
	@set -o pipefail; go test -race -count=1 -timeout 30m $(GO_PKGS) 2>&1 | tee .go-test.log || { \
		echo '--- what failed (.go-test.log):'; \
		grep -E -A6 '^(panic: |--- FAIL|FAIL)|httptest.Server blocked' .go-test.log | grep -v '^\s*$$' | head -60; \
		echo '--- goroutines of ours blocked for minutes:'; \
		awk 'BEGIN { RS = "" } /minutes\]/ && /zabano\/zabano\/[a-z]+\.[A-Za-z(]/' .go-test.log | head -150; exit 1; }

test-web: $(WEB_DEPS)
	cd web && npm run typecheck && npm run lint && npm test

test-e2e: build chromium
	cd web && npm run e2e

# Figures, not tests (docs/performance.md): seeds 10,000 teachers, 1,000,000 slots and 100,000
# bookings on SQLite, then on PostgreSQL in a schema of its own that it drops, serves each with
# the real binary and prints throughput, latency and memory under load. Under 10 minutes.
BENCH_DATABASE_URL ?= $(or $(TEST_DATABASE_URL),postgres://postgres@127.0.0.1:5432/test?sslmode=disable)
bench:
	BENCH_DATABASE_URL='$(BENCH_DATABASE_URL)' go run ./cmd/zabano-bench

# Figures, not tests (docs/performance.md, "Lighthouse"): Lighthouse's performance and
# accessibility scores of /login and a student's /student/find-teacher, mobile and desktop,
# against bin/zabano serving a seeded database in a temporary folder.
lighthouse: build chromium
	cd web && node --experimental-websocket scripts/lighthouse.mjs

# Debian's Chromium and fonts for the browser tests; npm cannot download browsers here.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core >/dev/null; \
	  else \
	    echo "missing: Debian's chromium and fonts-noto-core (apt-get install chromium fonts-noto-core)"; exit 1; \
	  fi; \
	fi

# Redocly is fetched at this pinned version by npx, not installed with the web
# app's packages: only this target needs it (redocly.yaml holds its rules).
REDOCLY = @redocly/cli@2.77.0

lint: $(WEB_DEPS)
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); exit 1; }
	go vet $(GO_PKGS)
	cd web && npm run lint && npm run typecheck
	npx --yes $(REDOCLY) lint docs/openapi.yaml

clean:
	rm -rf bin web/node_modules
	find web/dist -mindepth 1 ! -name .gitkeep -delete
