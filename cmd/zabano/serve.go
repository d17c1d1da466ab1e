package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
	_ "time/tzdata" // teachers' time zones, whatever the host has installed

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/mail"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/notify"
	"github.com/zabano/zabano/payment"
	"github.com/zabano/zabano/realtime"
	"github.com/zabano/zabano/sms"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/web"
)

func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := parseConfig("migrate", args, getenv, stdout, stderr, "")
	if err != nil {
		return err
	}
	db, err := openDB(ctx, c)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "migrations applied")
	return db.Close()
}

func openDB(ctx context.Context, c *config) (*sqlstore.DB, error) {
	if c.databaseURL == "" {
		if err := os.MkdirAll(c.dataDir, 0o750); err != nil {
			return nil, err
		}
	}
	return sqlstore.Open(ctx, c.dsn())
}

// openMedia returns the store of uploads that ZABANO_MEDIA names. An S3
// bucket is checked now, so a wrong name or key fails at start, not at the
// first upload.
func openMedia(ctx context.Context, c *config) (media.Store, error) {
	if c.media != "s3" {
		return &media.Disk{Dir: filepath.Join(c.dataDir, "media")}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	store, err := media.NewS3(ctx, c.s3)
	if err != nil {
		return nil, fmt.Errorf("ZABANO_MEDIA=s3: %w", err)
	}
	return store, nil
}

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := parseConfig("serve", args, getenv, stdout, stderr, "")
	if err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	var handler slog.Handler = slog.NewTextHandler(stderr, nil)
	if c.logFormat == "json" {
		handler = slog.NewJSONHandler(stderr, nil)
	}
	logger := slog.New(handler)
	slog.SetDefault(logger)

	if err := os.MkdirAll(c.dataDir, 0o750); err != nil {
		return err
	}
	if c.secret == "" {
		if c.secret, err = devSecret(c.dataDir); err != nil {
			return err
		}
	}
	db, err := openDB(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	store, err := openMedia(ctx, c)
	if err != nil {
		return err
	}
	// One clock for everything; in dev, end-to-end tests may move it forward.
	now := time.Now
	var devClock *httpapi.DevClock
	if c.env == "dev" {
		devClock = &httpapi.DevClock{}
		if !c.devNow.IsZero() {
			devClock.Set(c.devNow)
		}
		now = devClock.Now
	}
	db.Now = now
	db.TeacherReview = c.teacherReview

	// Listen before serving, so that a taken port fails at once.
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	defer ln.Close() // for the returns before Serve owns it
	// The metrics reveal traffic and payment figures: they have a listener of
	// their own, on loopback by default, and never the app's.
	var metricsLn net.Listener
	if c.metricsAddr != "" && c.metricsAddr != "off" {
		if metricsLn, err = net.Listen("tcp", c.metricsAddr); err != nil {
			return fmt.Errorf("ZABANO_METRICS_ADDR: %w", err)
		}
		defer metricsLn.Close()
	}
	if c.publicURL == "" {
		c.publicURL = "http://" + ln.Addr().String()
	}
	webFiles := web.Dist()
	if c.webDir != "" {
		webFiles = os.DirFS(c.webDir)
	}
	srv := &httpapi.Server{
		Teachers: db,
		Students: db,
		Media:    store,
		Bookings: &zabano.Bookings{
			Store: db, MeetingURL: c.meetingURL, MaxFreeSlots: c.maxFreeSlots, FreeCancel: c.freeCancel, Now: now,
		},
		Reviews:       db,
		Operators:     db,
		People:        &zabano.People{Store: db, Now: now},
		Auditor:       db,
		Settings:      &zabano.Settings{Store: db},
		Chats:         db,
		Materials:     db,
		Progress:      db,
		Calendars:     db,
		FileKey:       []byte("material-file:" + c.secret),
		LedgerCounts:  db.LedgerCounts,
		PaymentCounts: db.PaymentCounts,
		Version:       version,
		Now:           now,
		DevClock:      devClock,
		Ping:          db.Ping,
		Web:           webFiles,
		PublicURL:     c.publicURL,
		TrustProxy:    c.trustProxy,
		Logger:        logger,
		// Chat messages a user may send per zabano.MessageWindow.
		MessagesPerMinute: c.messagesPerMinute,
	}
	// The SMS driver sends the codes, and is the SMS channel of notifications.
	var sender interface {
		zabano.SMSSender
		zabano.ChannelSender
	}
	switch c.sms {
	case "log":
		srv.Outbox = &sms.Log{Logger: logger, Now: now}
		sender = srv.Outbox
	case "kavenegar":
		sender = sms.NewKavenegar(c.kavenegarKey, c.kavenegarTmpl)
	default:
		return fmt.Errorf("unknown SMS driver %q", c.sms)
	}
	srv.Accounts = &zabano.Accounts{
		Users: db, Codes: db, Limiter: db, SMS: sender,
		Tokens:          &zabano.Tokens{Secret: []byte(c.secret), Now: now},
		CodeKey:         []byte("phone-code:" + c.secret),
		CodesPerIP:      c.codesPerIP,
		LoginFailsPerIP: c.loginFailsPerIP,
		Now:             now,
		// A stolen session must not guess the password it would need.
		PasswordChangesPerUser: c.passwordChangesPerUser,
		SignedIn:               zabano.NewSignedIn(),
	}
	db.OnUsersChange = srv.Accounts.SignedIn.Changed
	// Email goes through the mail server, or in dev without one into the
	// outbox at /api/dev/mail-outbox/. Its links are signed with a key of its own.
	links := &zabano.EmailLinks{Key: []byte("email-link:" + c.secret), PublicURL: c.publicURL, Now: now}
	var transport mail.Transport = &c.smtp
	if c.smtp.Host == "" {
		srv.MailOutbox = &mail.Outbox{Logger: logger}
		transport = srv.MailOutbox
	}
	mailer := &mail.Sender{Transport: transport, Links: links, Now: now}
	srv.Emails = &zabano.Emails{Store: db, Limiter: db, Sender: mailer, Links: links, Logger: logger}
	var gateway zabano.Gateway
	if c.gateway == "sandbox" {
		srv.Sandbox = &payment.Sandbox{Store: db, PageURL: c.publicURL + "/sandbox/pay/"}
		gateway = srv.Sandbox
	} else {
		gateway = payment.NewZarinpal(c.zarinpalMerchant, c.zarinpalSandbox)
	}
	srv.Streams = httpapi.StreamLimits{PerUser: c.streamsPerUser, PerProcess: c.maxStreams, Lifetime: c.streamLifetime}
	srv.Uploads = &zabano.Uploads{
		Store: db, Limiter: db, PerHour: c.uploadsPerHour,
		StudentQuota: int64(c.studentQuotaMB) << 20, TeacherQuota: int64(c.teacherQuotaMB) << 20,
	}
	srv.Notifications = &zabano.Notifications{Store: db, Deliveries: db}
	srv.Wallets = &zabano.Wallets{Store: db, Adjustments: db, Now: now}
	srv.Payments = &zabano.Payments{
		Store: db, Wallets: db, Gateway: gateway, Limiter: db,
		CallbackURL: c.publicURL + "/payment/callback",
		Logger:      logger,
		Now:         now,
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	if c.responseCache {
		srv.Cache = httpapi.NewResponseCache()
		db.OnTeacherChange = srv.Cache.Changed
	}
	if db.Pool() != nil {
		// Several processes share one PostgreSQL: events and the changes
		// the caches drop travel by NOTIFY.
		pg := realtime.NewPostgres(c.dsn(), logger)
		if srv.Cache != nil {
			pg.Changes = srv.Cache.Changed
		}
		pg.UsersChanged = srv.Accounts.SignedIn.Changed
		go pg.Listen(ctx, nil)
		srv.Notifier = pg
	} else {
		srv.Notifier = realtime.NewLocal()
	}
	db.OnEvents = srv.Notifier.Publish
	// Every process delivers the outbox's notifications (notify.Worker).
	worker := &notify.Worker{
		Store: db,
		Senders: map[zabano.Channel]zabano.ChannelSender{
			zabano.ChannelApp:   &notify.App{Store: db},
			zabano.ChannelSMS:   sender,
			zabano.ChannelEmail: mailer,
		},
		Now:    now,
		Logger: logger,
	}
	workerDone := make(chan struct{})
	go func() {
		defer close(workerDone)
		worker.Run(ctx)
	}()
	// The round under way records what it sent before the database closes.
	defer func() {
		cancel()
		<-workerDone
	}()
	// Old rate-limit and stream events and notifications go (deleting them
	// twice is harmless),
	// and SQLite's statistics follow the data.
	go every(ctx, db, 10*time.Minute, logger, "prune", func(ctx context.Context) (int, error) {
		return 0, errors.Join(db.PruneRateEvents(ctx, time.Hour), db.PruneEvents(ctx), db.PruneNotifications(ctx), db.Optimize(ctx))
	})
	// Payments nobody verified within the gateway's window expire.
	go every(ctx, db, time.Minute, logger, "expire payments", func(ctx context.Context) (int, error) {
		n, err := srv.Payments.ExpirePayments(ctx)
		return int(n), err
	})
	// Classes nobody marked done are paid to the teacher SettleAfter their end.
	go every(ctx, db, time.Minute, logger, "settle classes", func(ctx context.Context) (int, error) {
		return srv.Bookings.SettleDue(ctx)
	})

	servers := []*http.Server{hs}
	errc := make(chan error, 2)
	if metricsLn != nil {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", srv.MetricsHandler())
		ms := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: time.Minute}
		servers = append(servers, ms)
		fmt.Fprintf(stdout, "metrics on http://%s/metrics\n", metricsLn.Addr())
		go func() { errc <- ms.Serve(metricsLn) }()
	}
	fmt.Fprintf(stdout, "zabano %s serving http://%s (%s, %s database)\n", version, ln.Addr(), c.env, dialect(c))
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Cancelling the base context first ends long-lived requests; then
	// Shutdown waits for the rest.
	cancel()
	shutdownCtx, done := context.WithTimeout(context.Background(), 10*time.Second)
	defer done()
	for _, hs := range servers {
		if err := hs.Shutdown(shutdownCtx); err != nil {
			return err
		}
	}
	for range servers {
		if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	return nil
}

func dialect(c *config) string {
	if sqlstore.IsPostgres(c.dsn()) {
		return "PostgreSQL"
	}
	return "SQLite"
}

// every runs job each period until ctx ends, logging what it did (a count)
// and its failures. Of several processes on one PostgreSQL, one runs each
// round (db.Exclusive); the jobs would also be safe run by all at once.
func every(ctx context.Context, db *sqlstore.DB, period time.Duration, logger *slog.Logger, name string, job func(context.Context) (int, error)) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			n, _, err := db.Exclusive(ctx, name, job)
			if err != nil && ctx.Err() == nil {
				logger.Error(name, "err", err)
			} else if n > 0 {
				logger.Info(name, "count", n)
			}
		}
	}
}
