package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// fakeS3 starts an in-memory S3 service with the bucket "uploads" and returns
// its host:port and its backend, to look into the bucket.
func fakeS3(t *testing.T) (string, *s3mem.Backend) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("uploads"); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(ts.Close)
	return strings.TrimPrefix(ts.URL, "http://"), backend
}

func s3Env(t *testing.T, endpoint string) map[string]string {
	return map[string]string{
		"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir(), "ZABANO_MEDIA": "s3",
		"ZABANO_S3_ENDPOINT": endpoint, "ZABANO_S3_BUCKET": "uploads", "ZABANO_S3_INSECURE": "1",
		"ZABANO_S3_ACCESS_KEY": "key", "ZABANO_S3_SECRET_KEY": "secret",
	}
}

func TestServeRefusesBadMedia(t *testing.T) {
	endpoint, _ := fakeS3(t)
	for _, tc := range []struct {
		name   string
		change map[string]string
		want   string
	}{
		{"unknown driver", map[string]string{"ZABANO_MEDIA": "ftp"}, `unknown media driver "ftp"`},
		{"no bucket", map[string]string{"ZABANO_S3_BUCKET": ""}, "ZABANO_MEDIA=s3 needs ZABANO_S3_BUCKET"},
		{"no endpoint", map[string]string{"ZABANO_S3_ENDPOINT": ""}, "ZABANO_MEDIA=s3 needs ZABANO_S3_ENDPOINT"},
		{"no secret key", map[string]string{"ZABANO_S3_SECRET_KEY": ""}, "ZABANO_MEDIA=s3 needs ZABANO_S3_SECRET_KEY"},
		{"endpoint as a URL", map[string]string{"ZABANO_S3_ENDPOINT": "http://" + endpoint}, "ZABANO_S3_ENDPOINT is host:port"},
		{"missing bucket", map[string]string{"ZABANO_S3_BUCKET": "nope"}, `bucket "nope" does not exist`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := s3Env(t, endpoint)
			for k, v := range tc.change {
				env[k] = v
			}
			// A server that starts after all ends with the context: no error.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-metrics-addr", "127.0.0.1:0"}, func(k string) string { return env[k] }, nil, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestServeS3Media uploads a photo to a server with S3 media and reads it
// back, whole and in part, from /media/.
func TestServeS3Media(t *testing.T) {
	endpoint, backend := fakeS3(t)
	env := s3Env(t, endpoint)
	// The secret key from a file, as a container secret gives it.
	keyFile := filepath.Join(t.TempDir(), "s3-secret")
	if err := os.WriteFile(keyFile, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	delete(env, "ZABANO_S3_SECRET_KEY")
	env["ZABANO_S3_SECRET_KEY_FILE"] = keyFile
	c := client{t, boot(t, env)}

	phone := "09121230021"
	if st, m := c.call("POST", "/api/register/", "", map[string]any{
		"username": "sara", "password": "secret1", "role": "student", "phone": phone, "code": c.code(phone),
	}); st != 201 {
		t.Fatalf("register: %d %v", st, m)
	}
	_, m := c.call("POST", "/api/token/", "", map[string]string{"username": "sara", "password": "secret1", "role": "student"})
	token, _ := m["access"].(string)

	photo := make([]byte, 70000)
	copy(photo, "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	for i := 16; i < len(photo); i++ {
		photo[i] = byte(i)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("profile_photo", "me.png")
	fw.Write(photo)
	mw.Close()
	r, _ := http.NewRequest("POST", c.base+"/api/student/profile/upload-photo/", &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	r.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	var up struct {
		URL string `json:"profile_photo_url"`
	}
	json.NewDecoder(res.Body).Decode(&up)
	res.Body.Close()
	key, ok := strings.CutPrefix(up.URL, c.base+"/media/")
	if res.StatusCode != 200 || !ok {
		t.Fatalf("upload: %d %q", res.StatusCode, up.URL)
	}

	obj, err := backend.HeadObject("uploads", key)
	if err != nil || obj.Size != int64(len(photo)) {
		t.Fatalf("in the bucket: %v %v", obj, err)
	}
	if _, err := os.Stat(filepath.Join(env["ZABANO_DATA_DIR"], "media")); !os.IsNotExist(err) {
		t.Fatalf("a media folder was made on disk: %v", err)
	}

	res, err = http.Get(up.URL)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || !bytes.Equal(got, photo) {
		t.Fatalf("served: %d %s, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(got))
	}
	r, _ = http.NewRequest("GET", up.URL, nil)
	r.Header.Set("Range", "bytes=60000-60099")
	res, err = http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	got, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 206 || !bytes.Equal(got, photo[60000:60100]) {
		t.Fatalf("range: %d, %d bytes", res.StatusCode, len(got))
	}
	if res, _ := http.Get(c.base + "/media/photos/0123456789abcdef0123456789abcdef.png"); res == nil || res.StatusCode != 404 {
		t.Fatalf("a missing photo: %v", res)
	}
}
