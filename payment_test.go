package zabano

import "testing"

func TestPaymentRequestValidate(t *testing.T) {
	t.Run("normalised", func(t *testing.T) {
		r := PaymentRequest{Amount: 1000, Description: "  ", Mobile: "+98 912 123 4567", Email: " a@example.com "}
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		if r.Mobile != "09121234567" || r.Email != "a@example.com" || r.Description != defaultDescription {
			t.Fatalf("got %+v", r)
		}
	})
	long := make([]rune, maxDescriptionLen+1)
	for i := range long {
		long[i] = 'ب'
	}
	for _, tc := range []struct {
		name  string
		r     PaymentRequest
		field string
		want  string
	}{
		{"no amount", PaymentRequest{}, "amount", "amount is required"},
		{"negative", PaymentRequest{Amount: -1000}, "amount", "amount is required"},
		{"below minimum", PaymentRequest{Amount: 999}, "amount", "The minimum amount is 1,000 Toman."},
		{"above maximum", PaymentRequest{Amount: MaxAmount + 1}, "amount", "The maximum amount is 50,000,000 Toman."},
		{"long description", PaymentRequest{Amount: 1000, Description: string(long)}, "description", "Description must be at most 255 characters."},
		{"bad mobile", PaymentRequest{Amount: 1000, Mobile: "02188776655"}, "mobile", msgPhoneInvalid.En},
		{"bad email", PaymentRequest{Amount: 1000, Email: "not-an-email"}, "email", msgEmailInvalid.En},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, ok := tc.r.Validate().(*Error)
			if !ok || e.Code != EINVALID || len(e.Fields[tc.field]) == 0 || e.Fields[tc.field][0].En != tc.want {
				t.Fatalf("got %#v, want %s error %q", e, tc.field, tc.want)
			}
		})
	}
}
