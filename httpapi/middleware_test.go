package httpapi

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/zabano/zabano"
)

func TestRecoverPanics(t *testing.T) {
	h := recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/api/x/", nil)
	r.Header.Set("Accept-Language", "en")
	h.ServeHTTP(w, r)
	var body map[string]string
	json.Unmarshal(w.Body.Bytes(), &body)
	if w.Code != 500 || body["detail"] != msgInternal.En || w.Header().Get("Content-Type") != "application/json; charset=utf-8" {
		t.Fatalf("got %d %q %s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
}

func TestWriteErrorHidesInternalErrors(t *testing.T) {
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	writeError(w, r, http.ErrHandlerTimeout)
	var body map[string]string
	json.Unmarshal(w.Body.Bytes(), &body)
	if w.Code != 500 || body["detail"] != msgInternal.Fa {
		t.Fatalf("got %d %s, want the generic message in Persian", w.Code, w.Body)
	}
}

// TestWriteErrorUnknownCode: a code with no status of its own is a 500,
// not a status 0 that net/http would refuse.
func TestWriteErrorUnknownCode(t *testing.T) {
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept-Language", "en")
	writeError(w, r, &zabano.Error{Code: "no_such_code", Message: zabano.Msg{En: "Odd.", Fa: "عجیب."}})
	var body map[string]string
	json.Unmarshal(w.Body.Bytes(), &body)
	if w.Code != 500 || body["detail"] != "Odd." {
		t.Fatalf("got %d %s", w.Code, w.Body)
	}
}

// TestEncodeFailure: a value JSON cannot hold answers 500 with a whole
// body, not the status it was meant for and half an answer.
func TestEncodeFailure(t *testing.T) {
	w := httptest.NewRecorder()
	encode(w, 200, map[string]any{"n": math.NaN()})
	var body map[string]string
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != 500 || body["detail"] != msgInternal.En {
		t.Fatalf("got %d %s (%v)", w.Code, w.Body, err)
	}
}
