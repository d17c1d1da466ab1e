package mail_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// serverTLS is the certificate of the test SMTP servers, for 127.0.0.1.
// TestMain makes the client trust it as it trusts the system's: through
// SSL_CERT_FILE, read once when the roots are first needed.
var serverTLS *tls.Config

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mail-test")
	if err != nil {
		log.Fatal(err)
	}
	cert, certPEM := selfSigned()
	path := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(path, certPEM, 0o600); err != nil {
		log.Fatal(err)
	}
	os.Setenv("SSL_CERT_FILE", path)
	os.Unsetenv("SSL_CERT_DIR")
	serverTLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// selfSigned makes a certificate for 127.0.0.1 and localhost.
func selfSigned() (tls.Certificate, []byte) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "zabano test smtp"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		log.Fatal(err)
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		log.Fatal(err)
	}
	cert, err := tls.X509KeyPair(certPEM, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}))
	if err != nil {
		log.Fatal(err)
	}
	return cert, certPEM
}

// received is a message an SMTP server accepted.
type received struct {
	from string
	to   []string
	data []byte
	// tls and user tell how the session was protected and who signed in.
	tls  bool
	user string
}

// smtpServer is a real SMTP server in the process (emersion/go-smtp).
type smtpServer struct {
	addr string
	port int
	// rcptErr and dataErr, when set, answer RCPT and DATA.
	rcptErr, dataErr error
	// user and password, when set, are required to send.
	user, password string

	mu   sync.Mutex
	got  []received
	srv  *smtp.Server
	ln   net.Listener
	done chan struct{}
}

// serverOpts configure a test server: implicit TLS, or STARTTLS offered.
type serverOpts struct {
	implicitTLS, startTLS bool
	user, password        string
	rcptErr, dataErr      error
}

func newSMTPServer(t *testing.T, o serverOpts) *smtpServer {
	t.Helper()
	s := &smtpServer{rcptErr: o.rcptErr, dataErr: o.dataErr, user: o.user, password: o.password, done: make(chan struct{})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.implicitTLS {
		ln = tls.NewListener(ln, serverTLS)
	}
	s.ln = ln
	s.port = ln.Addr().(*net.TCPAddr).Port
	s.srv = smtp.NewServer(s)
	s.srv.Domain = "localhost"
	s.srv.ErrorLog = log.New(io.Discard, "", 0)
	s.srv.ReadTimeout, s.srv.WriteTimeout = 10*time.Second, 10*time.Second
	if o.startTLS {
		s.srv.TLSConfig = serverTLS
	}
	go func() {
		defer close(s.done)
		s.srv.Serve(ln)
	}()
	t.Cleanup(s.close)
	return s
}

// close stops the server; connecting to it fails afterwards. The listener
// is closed here too, as Serve may not have taken it yet.
func (s *smtpServer) close() {
	s.ln.Close()
	s.srv.Close()
	<-s.done
}

func (s *smtpServer) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

// NewSession implements smtp.Backend.
func (s *smtpServer) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{srv: s, conn: c}, nil
}

type session struct {
	srv  *smtpServer
	conn *smtp.Conn
	msg  received
}

func (s *session) AuthMechanisms() []string {
	if s.srv.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.srv.user || password != s.srv.password {
			return errors.New("invalid credentials")
		}
		s.msg.user = username
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.srv.user != "" && s.msg.user == "" {
		return smtp.ErrAuthRequired
	}
	s.msg.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.srv.rcptErr != nil {
		return s.srv.rcptErr
	}
	s.msg.to = append(s.msg.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.srv.dataErr != nil {
		return s.srv.dataErr
	}
	_, s.msg.tls = s.conn.TLSConnectionState()
	s.msg.data = b
	s.srv.mu.Lock()
	s.srv.got = append(s.srv.got, s.msg)
	s.srv.mu.Unlock()
	return nil
}

func (s *session) Reset()        { s.msg = received{user: s.msg.user} }
func (s *session) Logout() error { return nil }

// email is a received message read as a mail client reads it.
type email struct {
	header     mail.Header
	subject    string
	text, html string
}

// parse reads raw as a multipart/alternative email of a text and an HTML part.
func parse(t *testing.T, raw []byte) email {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not an email: %v\n%s", err, raw)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	e := email{header: m.Header, subject: subject}
	ctype, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil || ctype != "multipart/alternative" {
		t.Fatalf("Content-Type %q, want multipart/alternative", m.Header.Get("Content-Type"))
	}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		var body io.Reader = p // quoted-printable is decoded by the reader
		if strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "base64") {
			body = base64.NewDecoder(base64.StdEncoding, p)
		}
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		pt, pp, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if !strings.EqualFold(pp["charset"], "utf-8") {
			t.Errorf("part %s has charset %q, want UTF-8", pt, pp["charset"])
		}
		switch pt {
		case "text/plain":
			e.text = string(b)
		case "text/html":
			e.html = string(b)
		default:
			t.Errorf("unexpected part %s", pt)
		}
	}
	if e.text == "" || e.html == "" {
		t.Fatalf("want a text and an HTML part:\n%s", raw)
	}
	return e
}
