package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/mail"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/sqlstore"
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
	// teacherReview makes new teachers wait for an operator's approval
	// before students find them.
	teacherReview bool
	// responseCache answers the public teacher reads from memory
	// (httpapi.ResponseCache); off for the bench's figures without it.
	responseCache bool
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
	// smtp is the mail server emails go through; without a host, a dev
	// server keeps them in its outbox.
	smtp mail.SMTP
}

// envNames are the environment variables of the flags not named
// ZABANO_<FLAG>: those of other services' settings.
var envNames = map[string]string{
	"database-url":       "DATABASE_URL",
	"kavenegar-template": "KAVENEGAR_TEMPLATE",
	"zarinpal-sandbox":   "ZARINPAL_SANDBOX",
}

// envName is the environment variable of a setting's flag: -codes-per-ip is
// ZABANO_CODES_PER_IP.
func envName(flagName string) string {
	if n, ok := envNames[flagName]; ok {
		return n
	}
	return "ZABANO_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// parseConfig reads the settings from the environment, then args; extra adds
// a command's own flags, and usage, when given, heads its -h.
func parseConfig(name string, args []string, getenv func(string) string, stdout, stderr io.Writer, usage string, extra ...func(*flag.FlagSet)) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if usage == "" {
		usage = "usage: zabano " + name + " [flags]"
	}
	// -h prints to stdout and succeeds; a bad flag prints its error alone.
	fs.Usage = func() {}
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "listen address")
	fs.StringVar(&c.metricsAddr, "metrics-addr", "127.0.0.1:9090", "private listen address of the Prometheus metrics; off for none")
	fs.StringVar(&c.dataDir, "data-dir", "./data", "SQLite file and media folder")
	fs.StringVar(&c.databaseURL, "database-url", "", "a postgres:// URL to use PostgreSQL instead of SQLite")
	fs.StringVar(&c.env, "env", "prod", "dev or prod; dev uses the SMS outbox and a generated secret")
	fs.StringVar(&c.publicURL, "public-url", "", "address users reach the server at; default http://<listen address>")
	fs.StringVar(&c.sms, "sms", "", "SMS driver: log or kavenegar; log only in dev")
	fs.StringVar(&c.kavenegarTmpl, "kavenegar-template", "verify", "Kavenegar verify-lookup template")
	fs.IntVar(&c.codesPerIP, "codes-per-ip", 30, "verification codes one address may ask for in 10 minutes")
	fs.IntVar(&c.loginFailsPerIP, "login-fails-per-ip", 100, "failed logins one address may make in 15 minutes")
	fs.IntVar(&c.passwordChangesPerUser, "password-changes-per-user", 5, "change-password tries one user may make in 15 minutes")
	fs.IntVar(&c.messagesPerMinute, "messages-per-minute", 30, "chat messages one user may send in a minute")
	fs.BoolVar(&c.trustProxy, "trust-proxy", false, "take client addresses from X-Forwarded-For")
	fs.StringVar(&c.meetingURL, "meeting-url", zabano.DefaultMeetingURL, "class video-room address; {room} becomes a random name")
	devNow := fs.String("dev-now", "", "dev only: start the server's clock at this RFC 3339 instant")
	fs.IntVar(&c.maxFreeSlots, "max-free-slots", zabano.DefaultMaxFreeSlots, "free future slots a teacher may have at once")
	freeCancelHours := fs.Int("free-cancel-hours", int(zabano.DefaultFreeCancel/time.Hour), "hours before its start until which a student cancels a class free and at once; later the teacher decides")
	teacherReview := fs.String("teacher-review", "on", "on: a new teacher is listed once an operator approves their profile; off: at once")
	responseCache := fs.String("response-cache", "on", "on: the teacher list, free slots and reviews are answered from memory until they change; off: from the database each time")
	fs.StringVar(&c.webDir, "web-dir", "", "serve the web app from this folder instead of the built-in copy")
	fs.StringVar(&c.logFormat, "log-format", "", "text or json; json by default in prod")
	fs.StringVar(&c.gateway, "gateway", "", "payment gateway: sandbox or zarinpal; sandbox only in dev, the default there")
	fs.BoolVar(&c.zarinpalSandbox, "zarinpal-sandbox", false, "send Zarinpal payments to its sandbox host; not in prod")
	fs.StringVar(&c.media, "media", "disk", "where uploads are kept: disk (the data folder) or s3")
	fs.StringVar(&c.s3.Endpoint, "s3-endpoint", "", "S3 service as host:port, for -media s3")
	fs.StringVar(&c.s3.Bucket, "s3-bucket", "", "S3 bucket of uploads; it must exist")
	fs.StringVar(&c.s3.Region, "s3-region", "", "S3 region; asked of the service when empty")
	fs.BoolVar(&c.s3.Insecure, "s3-insecure", false, "reach the S3 service over plain http")
	fs.IntVar(&c.studentQuotaMB, "student-quota-mb", 50, "megabytes of uploads a student may keep")
	fs.IntVar(&c.teacherQuotaMB, "teacher-quota-mb", 1024, "megabytes of uploads a teacher may keep")
	fs.IntVar(&c.uploadsPerHour, "uploads-per-hour", 60, "files one user may upload in an hour")
	fs.IntVar(&c.streamsPerUser, "streams-per-user", 5, "live-event streams one user may hold; a new one ends the oldest")
	fs.IntVar(&c.maxStreams, "max-streams", 10_000, "live-event streams one process may hold")
	fs.DurationVar(&c.streamLifetime, "stream-lifetime", 30*time.Minute, "how long a live-event stream lasts before the client reconnects")
	fs.StringVar(&c.smtp.Host, "smtp-host", "", "SMTP server emails go through; in dev, none keeps them in the outbox")
	fs.IntVar(&c.smtp.Port, "smtp-port", 0, "SMTP port; 0 is the TLS mode's: 587, 465 or 25")
	fs.StringVar(&c.smtp.Username, "smtp-username", "", "SMTP user, when the server wants a sign-in")
	fs.StringVar(&c.smtp.From, "smtp-from", "", `emails' sender, for example "Zabano <no-reply@zabano.ir>"`)
	smtpTLS := fs.String("smtp-tls", string(mail.StartTLS), "SMTP connection: starttls, tls (from the start) or none")
	// Each setting also reads its environment variable, parsed as its flag
	// is: a value that does not parse stops the command, naming the variable.
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		key := envName(f.Name)
		f.Usage += " (" + key + ")"
		if v := getenv(key); v != "" {
			if err := fs.Set(f.Name, v); err != nil {
				errs = append(errs, fmt.Errorf("%s=%q is not %s", key, v, valueKind(f)))
			}
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, add := range extra {
		add(fs)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stdout, "%s\n\nflags:\n", usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
		}
		return nil, err
	}
	if *freeCancelHours < 0 {
		return nil, fmt.Errorf("ZABANO_FREE_CANCEL_HOURS must be 0 or more, not %d", *freeCancelHours)
	}
	c.freeCancel = time.Duration(*freeCancelHours) * time.Hour
	c.smtp.TLS = mail.TLSMode(*smtpTLS)
	switch *teacherReview {
	case "on", "off":
		c.teacherReview = *teacherReview == "on"
	default:
		return nil, fmt.Errorf("ZABANO_TEACHER_REVIEW must be on or off, not %q", *teacherReview)
	}
	switch *responseCache {
	case "on", "off":
		c.responseCache = *responseCache == "on"
	default:
		return nil, fmt.Errorf("ZABANO_RESPONSE_CACHE must be on or off, not %q", *responseCache)
	}
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
	if c.smtp.Password, err = secret(getenv, "ZABANO_SMTP_PASSWORD"); err != nil {
		return nil, err
	}
	if c.env != "dev" && c.env != "prod" {
		return nil, fmt.Errorf("ZABANO_ENV must be dev or prod, not %q", c.env)
	}
	// Anything else would be taken for an SQLite file name.
	if c.databaseURL != "" && !sqlstore.IsPostgres(c.databaseURL) {
		return nil, errors.New("DATABASE_URL is a postgres:// or postgresql:// URL; leave it empty for SQLite")
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
	for _, limit := range []struct {
		name  string
		value int
	}{
		{"codes-per-ip", c.codesPerIP}, {"login-fails-per-ip", c.loginFailsPerIP},
		{"password-changes-per-user", c.passwordChangesPerUser}, {"messages-per-minute", c.messagesPerMinute},
		{"max-free-slots", c.maxFreeSlots}, {"student-quota-mb", c.studentQuotaMB}, {"teacher-quota-mb", c.teacherQuotaMB},
		{"uploads-per-hour", c.uploadsPerHour}, {"streams-per-user", c.streamsPerUser}, {"max-streams", c.maxStreams},
	} {
		if limit.value < 1 {
			errs = append(errs, fmt.Errorf("%s must be at least 1, not %d", envName(limit.name), limit.value))
		}
	}
	if c.streamLifetime <= 0 {
		errs = append(errs, fmt.Errorf("ZABANO_STREAM_LIFETIME must be positive, not %v", c.streamLifetime))
	}
	if c.logFormat != "text" && c.logFormat != "json" {
		errs = append(errs, fmt.Errorf("unknown log format %q: ZABANO_LOG_FORMAT is text or json", c.logFormat))
	}
	if c.sms != "log" && c.sms != "kavenegar" {
		errs = append(errs, fmt.Errorf("unknown SMS driver %q: ZABANO_SMS is log or kavenegar", c.sms))
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
	errs = append(errs, c.checkSMTP()...)
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
	// The dev outbox would keep verification links and notifications from
	// everyone they are for.
	if c.smtp.Host == "" {
		errs = append(errs, errors.New("prod needs ZABANO_SMTP_HOST (and ZABANO_SMTP_FROM): without a mail server, emails would reach nobody"))
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

// checkSMTP refuses mail settings that cannot work, when there is a mail server.
func (c *config) checkSMTP() []error {
	if c.smtp.Host == "" {
		return nil
	}
	var errs []error
	if !c.smtp.TLS.Valid() {
		errs = append(errs, fmt.Errorf("ZABANO_SMTP_TLS is starttls, tls or none, not %q", c.smtp.TLS))
	}
	if c.smtp.Port < 0 || c.smtp.Port > 65535 {
		errs = append(errs, fmt.Errorf("ZABANO_SMTP_PORT must be from 1 to 65535 (0 for the TLS mode's), not %d", c.smtp.Port))
	}
	if c.smtp.From == "" {
		errs = append(errs, errors.New("ZABANO_SMTP_HOST needs ZABANO_SMTP_FROM, the emails' sender"))
	} else if _, err := netmail.ParseAddress(c.smtp.From); err != nil {
		errs = append(errs, fmt.Errorf("ZABANO_SMTP_FROM=%q is not an email address (or Name <address>)", c.smtp.From))
	}
	if c.smtp.TLS == mail.NoTLS && c.smtp.Username != "" {
		errs = append(errs, errors.New("ZABANO_SMTP_TLS=none with ZABANO_SMTP_USERNAME would send the password in clear: use starttls or tls"))
	}
	return errs
}

// valueKind says in words what a flag's value must be.
func valueKind(f *flag.Flag) string {
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return "1 or 0 (true or false)"
	}
	switch kind, _ := flag.UnquoteUsage(f); kind {
	case "int":
		return "a whole number"
	case "duration":
		return "a duration such as 30m or 1h"
	default:
		return "a " + kind
	}
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
