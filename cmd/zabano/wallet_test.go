package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestServeTopUp has a student top up 50,000 Toman through the sandbox
// gateway, over HTTP against the real server, as the browser would.
func TestServeTopUp(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			env := map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir()}
			if dialect == "postgres" {
				env["DATABASE_URL"] = storetest.DSN(t, dialect)
			}
			c := client{t, boot(t, env)}
			if st, m := c.call("POST", "/api/register/", "", map[string]any{
				"username": "sara", "password": "secret1", "role": "student", "phone": "09121230001", "code": c.code("09121230001"),
			}); st != 201 {
				t.Fatalf("register: %d %v", st, m)
			}
			_, m := c.call("POST", "/api/token/", "", map[string]string{"username": "sara", "password": "secret1", "role": "student"})
			token := m["access"].(string)

			st, m := c.call("POST", "/panel-api/api/payment/request/", token, map[string]any{
				"amount": 50_000, "description": "wallet top-up", "callback_url": "https://elsewhere.example/cb",
				"metadata": map[string]string{"mobile": "09121230001", "email": "sara@example.com"},
			})
			payURL, _ := m["payment_url"].(string)
			if st != 200 || !strings.HasPrefix(payURL, c.base+"/sandbox/pay/S") {
				t.Fatalf("payment request: %d %v", st, m)
			}
			noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			res, err := noFollow.Get(payURL)
			if err != nil {
				t.Fatal(err)
			}
			page, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || !bytes.Contains(page, []byte(`value="OK"`)) {
				t.Fatalf("sandbox page: %d %s", res.StatusCode, page)
			}
			res, err = noFollow.PostForm(payURL, url.Values{"status": {"OK"}})
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			back, err := url.Parse(res.Header.Get("Location"))
			if err != nil || res.StatusCode != 303 || back.Path != "/payment/callback" || back.Query().Get("Status") != "OK" ||
				c.base != back.Scheme+"://"+back.Host {
				t.Fatalf("pay: %d, back to %v", res.StatusCode, back)
			}
			authority := back.Query().Get("Authority")
			if st, m := c.call("POST", "/panel-api/api/payment/verify/", token, map[string]any{"authority": authority, "amount": 50_000}); st != 200 || m["success"] != true {
				t.Fatalf("verify: %d %v", st, m)
			}
			for range 2 {
				if st, m := c.call("POST", "/api/student/wallet/topup/", token, map[string]any{
					"authority": authority, "ref_id": m["ref_id"], "amount": 5_000_000, "payment_method": "backend_api",
				}); st != 200 || m["balance"] != 50_000.0 {
					t.Fatalf("top-up: %d %v", st, m)
				}
			}
			if st, m := c.call("GET", "/api/profile/", token, nil); st != 200 || m["wallet"] != 50_000.0 {
				t.Fatalf("profile: %d %v", st, m)
			}
			if st, m := c.call("GET", "/api/student/wallet/transactions/", token, nil); st != 200 || len(m["items"].([]any)) != 1 {
				t.Fatalf("transactions: %d %v", st, m)
			}
		})
	}
}

func TestWithdrawalsCommand(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			env := map[string]string{"ZABANO_DATA_DIR": dir}
			dsn := filepath.Join(dir, "zabano.db")
			if dialect == "postgres" {
				dsn = storetest.DSN(t, dialect)
				env["DATABASE_URL"] = dsn
			}
			db, err := sqlstore.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			hash := zabano.HashCode([]byte("k"), "09121230002", "123456")
			if err := db.CreatePhoneCode(ctx, &zabano.PhoneCode{Phone: "09121230002", Hash: hash, ExpiresAt: db.Now().Add(zabano.CodeTTL)}); err != nil {
				t.Fatal(err)
			}
			teacher := &zabano.User{Role: zabano.RoleTeacher, Username: "omid", Phone: "09121230002", PasswordHash: "x"}
			if err := db.CreateUser(ctx, teacher, hash); err != nil {
				t.Fatal(err)
			}
			if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxClassPayment, zabano.GatewayAccount, zabano.WalletOf(teacher.ID), 100_000, "")); err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, amount := range []int64{30_000, 20_000} {
				w, err := (&zabano.Wallets{Store: db}).RequestWithdrawal(ctx, teacher, amount, "IR062960000000100324200001")
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, w.ID)
			}
			zabanoCmd := func(args ...string) (string, error) {
				var out bytes.Buffer
				err := run(ctx, append([]string{"withdrawals"}, args...), func(k string) string { return env[k] }, nil, &out, io.Discard)
				return out.String(), err
			}
			id := func(i int) string { return strconv.FormatInt(ids[i], 10) }

			out, err := zabanoCmd("list")
			if err != nil || strings.Count(out, "pending") != 2 || !strings.Contains(out, "30,000") || !strings.Contains(out, "omid") {
				t.Fatalf("list: %v\n%s", err, out)
			}
			if out, err := zabanoCmd("-reference", " BANK-1 ", "pay", id(0)); err != nil || out != "withdrawal "+id(0)+" paid: 30,000 Toman to IR062960000000100324200001 (omid)\n" {
				t.Fatalf("pay: %v %q", err, out)
			}
			if out, err := zabanoCmd("reject", id(1)); err != nil || out != "withdrawal "+id(1)+" rejected: 20,000 Toman returned to the wallet of omid\n" {
				t.Fatalf("reject: %v %q", err, out)
			}
			// The command line names no operator, and writes no operator-log row.
			if w, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{Status: zabano.WithdrawalPaid}); len(w) != 1 || w[0].Reference != "BANK-1" || w[0].SettledBy != 0 {
				t.Fatalf("paid from the command line: %+v", w)
			}
			if log, err := db.OperatorLog(ctx, 0, 10); err != nil || len(log) != 0 {
				t.Fatalf("operator log: %+v %v", log, err)
			}
			if b, _ := db.WalletBalance(ctx, teacher.ID); b != 70_000 {
				t.Fatalf("teacher's wallet %d, want 70000", b)
			}
			for _, tc := range []struct {
				args []string
				want string // in the output, or in the error when it starts with "error: "
			}{
				{[]string{"list"}, "no withdrawals"},
				{[]string{"list", "paid"}, "BANK-1"},
				{[]string{"list", "all"}, "rejected"},
				{[]string{"pay", id(0)}, "error: Withdrawal " + id(0) + " is already paid."},
				{[]string{"pay", id(1)}, "error: Withdrawal " + id(1) + " is already rejected."},
				{[]string{"reject", "999"}, "error: Withdrawal not found."},
				{[]string{"pay", "first"}, "error: is not an id"},
				{[]string{"pay"}, "error: give the withdrawal's id"},
				{[]string{"list", "lost"}, "error: unknown status"},
				{[]string{"refund", "1"}, "error: unknown command"},
				{nil, "error: give one command"},
			} {
				out, err := zabanoCmd(tc.args...)
				if want, ok := strings.CutPrefix(tc.want, "error: "); ok {
					if err == nil || !strings.Contains(err.Error(), want) {
						t.Errorf("%v: %v, want an error with %q", tc.args, err, want)
					}
				} else if err != nil || !strings.Contains(out, tc.want) {
					t.Errorf("%v: %v %q, want %q", tc.args, err, out, tc.want)
				}
			}
			if out, _ := zabanoCmd("list", "paid"); strings.Contains(out, "20,000") {
				t.Errorf("list paid shows the rejected one:\n%s", out)
			}
		})
	}
}
