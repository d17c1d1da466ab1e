package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
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
