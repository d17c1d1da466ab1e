package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Kavenegar sends codes through Kavenegar's verify lookup API, which fills a
// template approved in the Kavenegar panel with the code.
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
	form := url.Values{"receptor": {phone}, "token": {code}, "template": {k.Template}}
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
