package media_test

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/zabano/zabano/media"
)

const testBucket = "zabano-media"

// fakeS3 starts an in-memory S3 service holding an empty bucket and returns
// its host:port and a client of it for looking behind the store's back.
func fakeS3(t *testing.T) (string, *minio.Client) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(testBucket); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(decodePartChunks(gofakes3.New(backend).Server()))
	t.Cleanup(ts.Close)
	endpoint := strings.TrimPrefix(ts.URL, "http://")
	client, err := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4("key", "secret", "")})
	if err != nil {
		t.Fatal(err)
	}
	return endpoint, client
}

func newS3(t *testing.T) testStore {
	endpoint, client := fakeS3(t)
	store, err := media.NewS3(ctx, media.S3Options{
		Endpoint: endpoint, Bucket: testBucket, AccessKey: "key", SecretKey: "secret", Insecure: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	// Objects and unfinished multipart uploads: an upload that failed must
	// have been aborted, or its parts would take space for nothing.
	count := func(t *testing.T) int {
		n := 0
		for obj := range client.ListObjects(ctx, testBucket, minio.ListObjectsOptions{Recursive: true}) {
			if obj.Err != nil {
				t.Fatal(obj.Err)
			}
			n++
		}
		for up := range client.ListIncompleteUploads(ctx, testBucket, "", true) {
			// gofakes3 says NoSuchUpload for a bucket that never had one.
			if minio.ToErrorResponse(up.Err).Code == "NoSuchUpload" {
				break
			}
			if up.Err != nil {
				t.Fatal(up.Err)
			}
			n++
		}
		return n
	}
	return testStore{store, count}
}

func TestS3MissingBucket(t *testing.T) {
	endpoint, _ := fakeS3(t)
	_, err := media.NewS3(ctx, media.S3Options{
		Endpoint: endpoint, Bucket: "no-such-bucket", AccessKey: "key", SecretKey: "secret", Insecure: true,
	})
	if err == nil || !strings.Contains(err.Error(), `"no-such-bucket" does not exist`) {
		t.Fatalf("got %v, want the missing bucket named", err)
	}
}

// decodePartChunks makes up for gofakes3 decoding the aws-chunked bodies that
// minio-go sends over plain http (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) only
// for single PUTs: the parts of a multipart upload would be stored with the
// chunk headers in them. Signatures are not checked, as gofakes3 does not.
func decodePartChunks(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPut || !r.URL.Query().Has("uploadId") ||
			r.Header.Get("X-Amz-Content-Sha256") != "STREAMING-AWS4-HMAC-SHA256-PAYLOAD" {
			h.ServeHTTP(w, r)
			return
		}
		// Each chunk is "<hex size>;chunk-signature=<sig>\r\n<data>\r\n"; the last is empty.
		var body bytes.Buffer
		br := bufio.NewReader(r.Body)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				http.Error(w, "chunk header: "+err.Error(), http.StatusBadRequest)
				return
			}
			hexSize, _, _ := strings.Cut(line, ";")
			size, err := strconv.ParseInt(hexSize, 16, 64)
			if err != nil {
				http.Error(w, "chunk size: "+err.Error(), http.StatusBadRequest)
				return
			}
			if size == 0 {
				break
			}
			if _, err := io.CopyN(&body, br, size); err != nil {
				http.Error(w, "chunk: "+err.Error(), http.StatusBadRequest)
				return
			}
			if _, err := br.Discard(2); err != nil {
				http.Error(w, "chunk end: "+err.Error(), http.StatusBadRequest)
				return
			}
		}
		r.Body = io.NopCloser(&body)
		r.ContentLength = int64(body.Len())
		r.Header.Set("Content-Length", strconv.Itoa(body.Len()))
		r.Header.Set("X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD")
		h.ServeHTTP(w, r)
	})
}
