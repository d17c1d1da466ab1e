// Package mail sends email: notifications (a zabano.ChannelSender) and the
// links that verify addresses, over SMTP, or into a dev outbox that keeps
// them in memory for developers and end-to-end tests.
package mail

import (
	"bytes"
	"context"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/zabano/zabano"
)

// Message is one email, written and ready to go.
type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	// Text and HTML are the same letter, as plain text and as a page.
	Text string `json:"text"`
	HTML string `json:"html"`
	// Unsubscribe is the page that turns this kind of email off, the link
	// the letter shows; OneClick is the address a mail client posts to for
	// the same (RFC 8058). Both are "" for an email that is not a notification.
	Unsubscribe string `json:"unsubscribe"`
	OneClick    string `json:"-"`
	// MessageID, without its angle brackets, is the same for every try of
	// one delivery, so a receiver that sees two can tell they are one.
	MessageID string    `json:"-"`
	SentAt    time.Time `json:"sent_at"`
}

// Transport delivers written messages: SMTP, or the dev Outbox.
type Transport interface {
	Deliver(ctx context.Context, m *Message) error
}

// Sender writes notifications and verification links as emails in their
// reader's language and hands them to its Transport.
type Sender struct {
	Transport Transport
	// Links signs the unsubscribe links and is the base of the app's links.
	Links *zabano.EmailLinks
	Now   func() time.Time
}

var (
	msgOpen = zabano.Msg{En: "Open in Zabano", Fa: "مشاهده در زبانو"}
	msgWhy  = zabano.Msg{
		En: "You get this email because “%s” emails are on in your Zabano settings.",
		Fa: "این ایمیل را دریافت می‌کنید چون ایمیل‌های «%s» در تنظیمات زبانو روشن است."}
	msgUnsubscribe   = zabano.Msg{En: "Stop these emails", Fa: "لغو دریافت این ایمیل‌ها"}
	msgVerifySubject = zabano.Msg{En: "Verify your email", Fa: "ایمیل خود را تأیید کنید"}
	msgVerifyText    = zabano.Msg{
		En: "Open the link below to confirm that this is your email address on Zabano; it works for two days. If you did not ask for it, ignore this email.",
		Fa: "برای تأیید اینکه این نشانی ایمیل شما در زبانو است، پیوند زیر را باز کنید؛ این پیوند دو روز معتبر است. اگر آن را درخواست نکرده‌اید، این ایمیل را نادیده بگیرید."}
	msgVerifyAction = zabano.Msg{En: "Verify email", Fa: "تأیید ایمیل"}
)

// Send implements zabano.ChannelSender: o's notification, to a verified
// email only.
func (s *Sender) Send(ctx context.Context, o *zabano.Outgoing) error {
	u, n := o.To, o.Notification
	if u == nil || u.Deleted() || !u.EmailVerified() {
		return zabano.ErrNoAddress
	}
	prefs := o.Prefs
	if prefs == nil {
		d := zabano.DefaultNotificationPrefs()
		prefs = &d
	}
	off := zabano.Unsubscription{UserID: u.ID, Kind: n.Kind, Channel: zabano.ChannelEmail}
	l := letter{
		lang: prefs.Language, Subject: n.Title().In(prefs.Language), Body: n.Text(prefs.Location()).In(prefs.Language),
		Action: msgOpen.In(prefs.Language), Link: s.Links.PublicURL + n.Path(u.Role),
		Why:         zabano.Msgf(msgWhy, n.Title()).In(prefs.Language),
		Unsubscribe: s.Links.UnsubscribeURL(off), UnsubscribeLabel: msgUnsubscribe.In(prefs.Language),
	}
	m, err := s.write(u.Email, l)
	if err != nil {
		return err
	}
	m.OneClick = s.Links.OneClickURL(off)
	m.MessageID = fmt.Sprintf("delivery-%d@%s", o.DeliveryID, s.host())
	return s.Transport.Deliver(ctx, m)
}

// SendVerification implements zabano.EmailSender.
func (s *Sender) SendVerification(ctx context.Context, u *zabano.User, link, lang string) error {
	if u.Email == "" {
		return zabano.ErrNoAddress
	}
	m, err := s.write(u.Email, letter{
		lang: lang, Subject: msgVerifySubject.In(lang), Body: msgVerifyText.In(lang),
		Action: msgVerifyAction.In(lang), Link: link,
	})
	if err != nil {
		return err
	}
	return s.Transport.Deliver(ctx, m)
}

// host is the public address's host, the right side of Message-IDs.
func (s *Sender) host() string {
	if u, err := url.Parse(s.Links.PublicURL); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "zabano"
}

// letter is what an email says, for its templates.
type letter struct {
	lang             string
	Subject, Body    string
	Action, Link     string
	Why              string
	Unsubscribe      string
	UnsubscribeLabel string
}

// Lang and Dir set the page's language and direction: Persian reads right to left.
func (l letter) Lang() string {
	if l.lang == "fa" {
		return "fa"
	}
	return "en"
}

func (l letter) Dir() string {
	if l.lang == "fa" {
		return "rtl"
	}
	return "ltr"
}

func (l letter) Align() string {
	if l.lang == "fa" {
		return "right"
	}
	return "left"
}

var textLetter = texttemplate.Must(texttemplate.New("text").Parse(`{{.Subject}}

{{.Body}}

{{.Action}}: {{.Link}}
{{- if .Unsubscribe}}

--
{{.Why}}
{{.UnsubscribeLabel}}: {{.Unsubscribe}}
{{- end}}
`))

// htmlLetter is laid out with inline styles and a table, which is what
// mail clients render alike.
var htmlLetter = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="{{.Lang}}" dir="{{.Dir}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Subject}}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="{{.Dir}}" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Vazirmatn,Tahoma,Arial,sans-serif;color:#18181b;text-align:{{.Align}}">
<tr><td style="padding:24px">
<p style="margin:0 0 8px;font-size:14px;color:#0f766e;font-weight:bold">{{if eq .Lang "fa"}}زبانو{{else}}Zabano{{end}}</p>
<h1 style="margin:0 0 16px;font-size:20px">{{.Subject}}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.8">{{.Body}}</p>
<p style="margin:0 0 24px"><a href="{{.Link}}" style="display:inline-block;padding:10px 20px;border-radius:6px;background:#0f766e;color:#ffffff;text-decoration:none">{{.Action}}</a></p>
{{- if .Unsubscribe}}
<p style="margin:0;font-size:12px;line-height:1.6;color:#71717a">{{.Why}} <a href="{{.Unsubscribe}}" style="color:#71717a">{{.UnsubscribeLabel}}</a></p>
{{- end}}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`))

// write renders l to to as both parts of a message.
func (s *Sender) write(to string, l letter) (*Message, error) {
	var text, html bytes.Buffer
	if err := textLetter.Execute(&text, l); err != nil {
		return nil, err
	}
	if err := htmlLetter.Execute(&html, l); err != nil {
		return nil, err
	}
	return &Message{
		To: to, Subject: strings.TrimSpace(l.Subject), Text: text.String(), HTML: html.String(),
		Unsubscribe: l.Unsubscribe, SentAt: s.Now().UTC(),
	}, nil
}
