package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

// config is every setting of the server. Each flag falls back to an
// environment variable, and a secret's variable to a file named by *_FILE.
type config struct {
	addr            string
	metricsAddr     string
	dataDir         string
	databaseURL     string
	env             string
	secret          string
	publicURL       string
	sms             string
	kavenegarKey    string
	kavenegarTmpl   string
	codesPerIP      int
	loginFailsPerIP int
	trustProxy      bool
	logFormat       string
	// gateway is the payment gateway: sandbox (the server itself) or zarinpal.
	gateway          string
	zarinpalMerchant string
	zarinpalSandbox  bool
	// media is where uploads are kept: disk (a folder of the data folder)
	// or s3 (a bucket of any S3-compatible service).
	media string
	s3    media.S3Options
	// meetingURL is the template of class video rooms.
	meetingURL string
	// maxFreeSlots caps a teacher's free future slots.
	maxFreeSlots int
	// freeCancel is how long before its start a student may cancel a class free.
	freeCancel time.Duration
	// webDir, when set, serves the web app from that folder instead of the
	// copy built into the binary (development and parallel test runs).
	webDir string
	// devNow, in dev, is the instant the server's clock starts at, so that
	// end-to-end tests run on a chosen day and hour (zero: the real time).
	devNow time.Time
	// The upload limits: the megabytes a student and a teacher may keep, and
	// the files one user may upload in an hour.
	studentQuotaMB int
	teacherQuotaMB int
	uploadsPerHour int
	// The event stream limits: per user, per process, and a stream's lifetime.
	streamsPerUser int
	maxStreams     int
	streamLifetime time.Duration
	// passwordChangesPerUser and messagesPerMinute cap what one user may do.
	passwordChangesPerUser int
	messagesPerMinute      int
}

// parseConfig reads the settings from args and the environment; extra adds
// a command's own flags.
func parseConfig(name string, args []string, getenv func(string) string, stderr io.Writer, extra ...func(*flag.FlagSet)) (*config, error) {
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	c := &config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", env("ZABANO_ADDR", "127.0.0.1:8080"), "listen address (ZABANO_ADDR)")
	fs.StringVar(&c.metricsAddr, "metrics-addr", env("ZABANO_METRICS_ADDR", "127.0.0.1:9090"), "private listen address of the Prometheus metrics; off for none (ZABANO_METRICS_ADDR)")
	fs.StringVar(&c.dataDir, "data-dir", env("ZABANO_DATA_DIR", "./data"), "SQLite file and media folder (ZABANO_DATA_DIR)")
	fs.StringVar(&c.databaseURL, "database-url", env("DATABASE_URL", ""), "a postgres:// URL to use PostgreSQL instead of SQLite (DATABASE_URL)")
	fs.StringVar(&c.env, "env", env("ZABANO_ENV", "prod"), "dev or prod; dev uses the SMS outbox and a generated secret (ZABANO_ENV)")
	fs.StringVar(&c.publicURL, "public-url", env("ZABANO_PUBLIC_URL", ""), "address users reach the server at; default http://<listen address> (ZABANO_PUBLIC_URL)")
	fs.StringVar(&c.sms, "sms", env("ZABANO_SMS", ""), "SMS driver: log or kavenegar; log only in dev (ZABANO_SMS)")
	fs.StringVar(&c.kavenegarTmpl, "kavenegar-template", env("KAVENEGAR_TEMPLATE", "verify"), "Kavenegar verify-lookup template (KAVENEGAR_TEMPLATE)")
	fs.IntVar(&c.codesPerIP, "codes-per-ip", envInt(getenv, "ZABANO_CODES_PER_IP", 30), "verification codes one address may ask for in 10 minutes (ZABANO_CODES_PER_IP)")
	fs.IntVar(&c.loginFailsPerIP, "login-fails-per-ip", envInt(getenv, "ZABANO_LOGIN_FAILS_PER_IP", 100), "failed logins one address may make in 15 minutes (ZABANO_LOGIN_FAILS_PER_IP)")
	fs.IntVar(&c.passwordChangesPerUser, "password-changes-per-user", envInt(getenv, "ZABANO_PASSWORD_CHANGES_PER_USER", 5), "change-password tries one user may make in 15 minutes (ZABANO_PASSWORD_CHANGES_PER_USER)")
	fs.IntVar(&c.messagesPerMinute, "messages-per-minute", envInt(getenv, "ZABANO_MESSAGES_PER_MINUTE", 30), "chat messages one user may send in a minute (ZABANO_MESSAGES_PER_MINUTE)")
	fs.BoolVar(&c.trustProxy, "trust-proxy", env("ZABANO_TRUST_PROXY", "") == "1", "take client addresses from X-Forwarded-For (ZABANO_TRUST_PROXY=1)")
	fs.StringVar(&c.meetingURL, "meeting-url", env("ZABANO_MEETING_URL", zabano.DefaultMeetingURL), "class video-room address; {room} becomes a random name (ZABANO_MEETING_URL)")
	devNow := fs.String("dev-now", env("ZABANO_DEV_NOW", ""), "dev only: start the server's clock at this RFC 3339 instant (ZABANO_DEV_NOW)")
	fs.IntVar(&c.maxFreeSlots, "max-free-slots", envInt(getenv, "ZABANO_MAX_FREE_SLOTS", zabano.DefaultMaxFreeSlots), "free future slots a teacher may have at once (ZABANO_MAX_FREE_SLOTS)")
	freeCancelHours := fs.Int("free-cancel-hours", envInt(getenv, "ZABANO_FREE_CANCEL_HOURS", int(zabano.DefaultFreeCancel/time.Hour)), "hours before its start until which a student cancels a class free and at once; later the teacher decides (ZABANO_FREE_CANCEL_HOURS)")
	fs.StringVar(&c.webDir, "web-dir", env("ZABANO_WEB_DIR", ""), "serve the web app from this folder instead of the built-in copy (ZABANO_WEB_DIR)")
	fs.StringVar(&c.logFormat, "log-format", env("ZABANO_LOG_FORMAT", ""), "text or json; json by default in prod (ZABANO_LOG_FORMAT)")
	fs.StringVar(&c.gateway, "gateway", env("ZABANO_GATEWAY", ""), "payment gateway: sandbox or zarinpal; sandbox only in dev, the default there (ZABANO_GATEWAY)")
	fs.BoolVar(&c.zarinpalSandbox, "zarinpal-sandbox", env("ZARINPAL_SANDBOX", "") == "1", "send Zarinpal payments to its sandbox host; not in prod (ZARINPAL_SANDBOX=1)")
	fs.StringVar(&c.media, "media", env("ZABANO_MEDIA", "disk"), "where uploads are kept: disk (the data folder) or s3 (ZABANO_MEDIA)")
	fs.StringVar(&c.s3.Endpoint, "s3-endpoint", env("ZABANO_S3_ENDPOINT", ""), "S3 service as host:port, for -media s3 (ZABANO_S3_ENDPOINT)")
	fs.StringVar(&c.s3.Bucket, "s3-bucket", env("ZABANO_S3_BUCKET", ""), "S3 bucket of uploads; it must exist (ZABANO_S3_BUCKET)")
	fs.StringVar(&c.s3.Region, "s3-region", env("ZABANO_S3_REGION", ""), "S3 region; asked of the service when empty (ZABANO_S3_REGION)")
	fs.BoolVar(&c.s3.Insecure, "s3-insecure", env("ZABANO_S3_INSECURE", "") == "1", "reach the S3 service over plain http (ZABANO_S3_INSECURE=1)")
	fs.IntVar(&c.studentQuotaMB, "student-quota-mb", envInt(getenv, "ZABANO_STUDENT_QUOTA_MB", 50), "megabytes of uploads a student may keep (ZABANO_STUDENT_QUOTA_MB)")
	fs.IntVar(&c.teacherQuotaMB, "teacher-quota-mb", envInt(getenv, "ZABANO_TEACHER_QUOTA_MB", 1024), "megabytes of uploads a teacher may keep (ZABANO_TEACHER_QUOTA_MB)")
	fs.IntVar(&c.uploadsPerHour, "uploads-per-hour", envInt(getenv, "ZABANO_UPLOADS_PER_HOUR", 60), "files one user may upload in an hour (ZABANO_UPLOADS_PER_HOUR)")
	fs.IntVar(&c.streamsPerUser, "streams-per-user", envInt(getenv, "ZABANO_STREAMS_PER_USER", 5), "live-event streams one user may hold; a new one ends the oldest (ZABANO_STREAMS_PER_USER)")
	fs.IntVar(&c.maxStreams, "max-streams", envInt(getenv, "ZABANO_MAX_STREAMS", 10_000), "live-event streams one process may hold (ZABANO_MAX_STREAMS)")
	fs.DurationVar(&c.streamLifetime, "stream-lifetime", envDuration(getenv, "ZABANO_STREAM_LIFETIME", 30*time.Minute), "how long a live-event stream lasts before the client reconnects (ZABANO_STREAM_LIFETIME)")
	for _, add := range extra {
		add(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if *freeCancelHours < 0 {
		return nil, fmt.Errorf("ZABANO_FREE_CANCEL_HOURS must be 0 or more, not %d", *freeCancelHours)
	}
	c.freeCancel = time.Duration(*freeCancelHours) * time.Hour
	var err error
	if c.secret, err = secret(getenv, "ZABANO_SECRET"); err != nil {
		return nil, err
	}
	if c.kavenegarKey, err = secret(getenv, "KAVENEGAR_API_KEY"); err != nil {
		return nil, err
	}
	if c.zarinpalMerchant, err = secret(getenv, "ZARINPAL_MERCHANT_ID"); err != nil {
		return nil, err
	}
	if c.s3.AccessKey, err = secret(getenv, "ZABANO_S3_ACCESS_KEY"); err != nil {
		return nil, err
	}
	if c.s3.SecretKey, err = secret(getenv, "ZABANO_S3_SECRET_KEY"); err != nil {
		return nil, err
	}
	if c.env != "dev" && c.env != "prod" {
		return nil, fmt.Errorf("ZABANO_ENV must be dev or prod, not %q", c.env)
	}
	if *devNow != "" {
		if c.env != "dev" {
			return nil, errors.New("ZABANO_DEV_NOW is for dev servers only: a production clock is the real time")
		}
		if c.devNow, err = time.Parse(time.RFC3339, *devNow); err != nil {
			return nil, fmt.Errorf("ZABANO_DEV_NOW: %w", err)
		}
	}
	if c.sms == "" {
		c.sms = map[string]string{"dev": "log", "prod": "kavenegar"}[c.env]
	}
	if c.logFormat == "" {
		c.logFormat = map[string]string{"dev": "text", "prod": "json"}[c.env]
	}
	if c.gateway == "" {
		c.gateway = map[string]string{"dev": "sandbox", "prod": "zarinpal"}[c.env]
	}
	c.publicURL = strings.TrimSuffix(c.publicURL, "/")
	return c, nil
}

// check refuses settings that cannot work, and in production those that are
// unsafe.
func (c *config) check() error {
	var errs []error
	switch {
	case c.gateway != "sandbox" && c.gateway != "zarinpal":
		errs = append(errs, fmt.Errorf("unknown payment gateway %q: ZABANO_GATEWAY is sandbox or zarinpal", c.gateway))
	case c.gateway == "zarinpal" && c.zarinpalMerchant == "":
		errs = append(errs, errors.New("ZABANO_GATEWAY=zarinpal needs ZARINPAL_MERCHANT_ID (or ZARINPAL_MERCHANT_ID_FILE)"))
	}
	if c.streamsPerUser < 1 || c.maxStreams < 1 || c.streamLifetime <= 0 {
		errs = append(errs, errors.New("ZABANO_STREAMS_PER_USER, ZABANO_MAX_STREAMS and ZABANO_STREAM_LIFETIME must be positive"))
	}
	switch c.media {
	case "disk":
	case "s3":
		for _, need := range []struct{ value, name string }{
			{c.s3.Endpoint, "ZABANO_S3_ENDPOINT"},
			{c.s3.Bucket, "ZABANO_S3_BUCKET"},
			{c.s3.AccessKey, "ZABANO_S3_ACCESS_KEY (or ZABANO_S3_ACCESS_KEY_FILE)"},
			{c.s3.SecretKey, "ZABANO_S3_SECRET_KEY (or ZABANO_S3_SECRET_KEY_FILE)"},
		} {
			if need.value == "" {
				errs = append(errs, fmt.Errorf("ZABANO_MEDIA=s3 needs %s", need.name))
			}
		}
		if strings.Contains(c.s3.Endpoint, "://") {
			errs = append(errs, fmt.Errorf("ZABANO_S3_ENDPOINT is host:port, not %q; ZABANO_S3_INSECURE=1 for plain http", c.s3.Endpoint))
		}
	default:
		errs = append(errs, fmt.Errorf("unknown media driver %q: ZABANO_MEDIA is disk or s3", c.media))
	}
	if c.env != "prod" {
		return errors.Join(errs...)
	}
	if len(c.secret) < 32 {
		errs = append(errs, errors.New("prod needs ZABANO_SECRET (or ZABANO_SECRET_FILE) of at least 32 characters"))
	}
	if c.sms != "kavenegar" {
		errs = append(errs, errors.New("prod needs ZABANO_SMS=kavenegar: the log driver would hand codes to nobody"))
	} else if c.kavenegarKey == "" {
		errs = append(errs, errors.New("prod needs KAVENEGAR_API_KEY (or KAVENEGAR_API_KEY_FILE)"))
	}
	// The sandboxes confirm payments nobody made: in prod they would fill
	// wallets with money that never came in.
	switch {
	case c.gateway == "sandbox":
		errs = append(errs, errors.New("prod needs ZABANO_GATEWAY=zarinpal: the sandbox gateway takes no real payments"))
	case c.zarinpalSandbox:
		errs = append(errs, errors.New("prod refuses ZARINPAL_SANDBOX=1: Zarinpal's sandbox takes no real payments"))
	}
	return errors.Join(errs...)
}

// secret reads key from the environment, or from the file named by key_FILE.
func secret(getenv func(string) string, key string) (string, error) {
	if v := getenv(key); v != "" {
		return v, nil
	}
	if path := getenv(key + "_FILE"); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", fmt.Errorf("%s_FILE: %w", key, err)
		}
		return strings.TrimSpace(string(b)), nil
	}
	return "", nil
}

func envInt(getenv func(string) string, key string, def int) int {
	if n, err := strconv.Atoi(getenv(key)); err == nil {
		return n
	}
	return def
}

func envDuration(getenv func(string) string, key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(getenv(key)); err == nil {
		return d
	}
	return def
}

// devSecret returns the signing secret a dev server keeps in its data folder,
// made on first start, so that sign-ins survive restarts.
func devSecret(dataDir string) (string, error) {
	path := filepath.Join(dataDir, "dev-secret")
	if b, err := os.ReadFile(path); err == nil {
		return strings.TrimSpace(string(b)), nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	s := hex.EncodeToString(b)
	return s, os.WriteFile(path, []byte(s+"\n"), 0o600)
}

// dsn is the database to open: DATABASE_URL, else the SQLite file in the data folder.
func (c *config) dsn() string {
	if c.databaseURL != "" {
		return c.databaseURL
	}
	return filepath.Join(c.dataDir, "zabano.db")
}
