package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// Kavenegar sends codes and notifications through Kavenegar's verify lookup
// API, which fills a template approved in the Kavenegar panel: Template
// with the code, and one template per notification kind, "zabano-<kind>",
// with the notification's tokens (Send).
type Kavenegar struct {
	APIKey   string
	Template string
	// BaseURL is https://api.kavenegar.com; tests point it elsewhere.
	BaseURL string
	Client  *http.Client
}

// NewKavenegar returns a driver for the live API.
func NewKavenegar(apiKey, template string) *Kavenegar {
	return &Kavenegar{
		APIKey:   apiKey,
		Template: template,
		BaseURL:  "https://api.kavenegar.com",
		Client:   &http.Client{Timeout: 10 * time.Second},
	}
}

type kavenegarReply struct {
	Return struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	} `json:"return"`
}

// SendCode implements zabano.SMSSender.
func (k *Kavenegar) SendCode(ctx context.Context, phone, code string) error {
	return k.lookup(ctx, url.Values{"receptor": {phone}, "token": {code}, "template": {k.Template}})
}

// NotificationTemplate is the Kavenegar template of a notification kind.
func NotificationTemplate(kind zabano.NotificationKind) string { return "zabano-" + string(kind) }

// Send implements zabano.ChannelSender. The template of the kind gets, in
// the recipient's language and zone: token, the notification's number;
// token2, its amount in Toman or a review's stars; token3, a class's join
// link; token10, the other side's name; token20, the class's time. The API
// allows no spaces in the first three, five in token10 and eight in
// token20: beyond that they become underscores.
func (k *Kavenegar) Send(ctx context.Context, o *zabano.Outgoing) error {
	phone, err := address(o)
	if err != nil {
		return err
	}
	n, lang := o.Notification, o.Prefs.Language
	form := url.Values{"receptor": {phone}, "template": {NotificationTemplate(n.Kind)}, "token": {strconv.FormatInt(n.ID, 10)}}
	set := func(key, value string, spaces int) {
		if value != "" {
			form.Set(key, token(value, spaces))
		}
	}
	switch {
	case n.Data.Amount != 0:
		set("token2", strconv.FormatInt(n.Data.Amount, 10), 0)
	case n.Data.Rating != 0:
		set("token2", strconv.Itoa(n.Data.Rating), 0)
	}
	set("token3", n.Data.JoinURL, 0)
	name := n.Data.Name
	if name == "" && n.AboutID != 0 {
		name = zabano.MsgDeletedUser.In(lang)
	}
	set("token10", name, 5)
	if !n.Data.Start.IsZero() {
		set("token20", zabano.When(n.Data.Start, o.Prefs.Location()).In(lang), 8)
	}
	return k.lookup(ctx, form)
}

// token is value with its spaces beyond the first spaces made underscores.
func token(value string, spaces int) string {
	parts := strings.SplitAfterN(value, " ", spaces+1)
	last := len(parts) - 1
	parts[last] = strings.ReplaceAll(parts[last], " ", "_")
	return strings.Join(parts, "")
}

// lookup sends form to the verify lookup API.
func (k *Kavenegar) lookup(ctx context.Context, form url.Values) error {
	endpoint := fmt.Sprintf("%s/v1/%s/verify/lookup.json", strings.TrimSuffix(k.BaseURL, "/"), url.PathEscape(k.APIKey))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := k.Client.Do(req)
	if err != nil {
		return fmt.Errorf("kavenegar: %w", err)
	}
	defer resp.Body.Close()
	var reply kavenegarReply
	if err := json.NewDecoder(resp.Body).Decode(&reply); err != nil {
		return fmt.Errorf("kavenegar: http %d: unreadable reply: %w", resp.StatusCode, err)
	}
	// The API repeats the HTTP status in return.status; 200 is the only success.
	if resp.StatusCode != http.StatusOK || reply.Return.Status != http.StatusOK {
		return fmt.Errorf("kavenegar: status %d: %s", reply.Return.Status, reply.Return.Message)
	}
	return nil
}
