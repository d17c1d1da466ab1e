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

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

// config is every setting of the server. Each flag falls back to an
// environment variable, and a secret's variable to a file named by *_FILE.
type config struct {
	addr            string
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
	// webDir, when set, serves the web app from that folder instead of the
	// copy built into the binary (development and parallel test runs).
	webDir string
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
	fs.StringVar(&c.dataDir, "data-dir", env("ZABANO_DATA_DIR", "./data"), "SQLite file and media folder (ZABANO_DATA_DIR)")
	fs.StringVar(&c.databaseURL, "database-url", env("DATABASE_URL", ""), "a postgres:// URL to use PostgreSQL instead of SQLite (DATABASE_URL)")
	fs.StringVar(&c.env, "env", env("ZABANO_ENV", "prod"), "dev or prod; dev uses the SMS outbox and a generated secret (ZABANO_ENV)")
	fs.StringVar(&c.publicURL, "public-url", env("ZABANO_PUBLIC_URL", ""), "address users reach the server at; default http://<listen address> (ZABANO_PUBLIC_URL)")
	fs.StringVar(&c.sms, "sms", env("ZABANO_SMS", ""), "SMS driver: log or kavenegar; log only in dev (ZABANO_SMS)")
	fs.StringVar(&c.kavenegarTmpl, "kavenegar-template", env("KAVENEGAR_TEMPLATE", "verify"), "Kavenegar verify-lookup template (KAVENEGAR_TEMPLATE)")
	fs.IntVar(&c.codesPerIP, "codes-per-ip", envInt(getenv, "ZABANO_CODES_PER_IP", 30), "verification codes one address may ask for in 10 minutes (ZABANO_CODES_PER_IP)")
	fs.IntVar(&c.loginFailsPerIP, "login-fails-per-ip", envInt(getenv, "ZABANO_LOGIN_FAILS_PER_IP", 100), "failed logins one address may make in 15 minutes (ZABANO_LOGIN_FAILS_PER_IP)")
	fs.BoolVar(&c.trustProxy, "trust-proxy", env("ZABANO_TRUST_PROXY", "") == "1", "take client addresses from X-Forwarded-For (ZABANO_TRUST_PROXY=1)")
	fs.StringVar(&c.meetingURL, "meeting-url", env("ZABANO_MEETING_URL", zabano.DefaultMeetingURL), "class video-room address; {room} becomes a random name (ZABANO_MEETING_URL)")
	fs.IntVar(&c.maxFreeSlots, "max-free-slots", envInt(getenv, "ZABANO_MAX_FREE_SLOTS", zabano.DefaultMaxFreeSlots), "free future slots a teacher may have at once (ZABANO_MAX_FREE_SLOTS)")
	fs.StringVar(&c.webDir, "web-dir", env("ZABANO_WEB_DIR", ""), "serve the web app from this folder instead of the built-in copy (ZABANO_WEB_DIR)")
	fs.StringVar(&c.logFormat, "log-format", env("ZABANO_LOG_FORMAT", ""), "text or json; json by default in prod (ZABANO_LOG_FORMAT)")
	fs.StringVar(&c.gateway, "gateway", env("ZABANO_GATEWAY", ""), "payment gateway: sandbox or zarinpal; sandbox only in dev, the default there (ZABANO_GATEWAY)")
	fs.BoolVar(&c.zarinpalSandbox, "zarinpal-sandbox", env("ZARINPAL_SANDBOX", "") == "1", "send Zarinpal payments to its sandbox host; not in prod (ZARINPAL_SANDBOX=1)")
	fs.StringVar(&c.media, "media", env("ZABANO_MEDIA", "disk"), "where uploads are kept: disk (the data folder) or s3 (ZABANO_MEDIA)")
	fs.StringVar(&c.s3.Endpoint, "s3-endpoint", env("ZABANO_S3_ENDPOINT", ""), "S3 service as host:port, for -media s3 (ZABANO_S3_ENDPOINT)")
	fs.StringVar(&c.s3.Bucket, "s3-bucket", env("ZABANO_S3_BUCKET", ""), "S3 bucket of uploads; it must exist (ZABANO_S3_BUCKET)")
	fs.StringVar(&c.s3.Region, "s3-region", env("ZABANO_S3_REGION", ""), "S3 region; asked of the service when empty (ZABANO_S3_REGION)")
	fs.BoolVar(&c.s3.Insecure, "s3-insecure", env("ZABANO_S3_INSECURE", "") == "1", "reach the S3 service over plain http (ZABANO_S3_INSECURE=1)")
	for _, add := range extra {
		add(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
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
	if c.env != "dev" && c.env != "prod" {
		return nil, fmt.Errorf("ZABANO_ENV must be dev or prod, not %q", c.env)
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
