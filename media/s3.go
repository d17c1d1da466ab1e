package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/zabano/zabano"
)

// S3Options locate a bucket of an S3-compatible service (MinIO, Ceph, a cloud).
type S3Options struct {
	Endpoint  string // host:port, no scheme
	Bucket    string
	Region    string // optional; asked of the service when empty
	AccessKey string
	SecretKey string
	Insecure  bool // plain http, for a service on a private network
}

// S3 stores files as objects of one bucket, so that several processes on
// several machines share them.
type S3 struct {
	client *minio.Client
	bucket string
}

// s3PartSize is the part of an upload held in memory at a time. Uploads
// arrive with no length, so minio-go would otherwise pick parts for a 5 TiB
// object (over 500 MiB each); 5 MiB is the smallest part S3 accepts, and the
// largest upload (a 100 MB video) stays well under S3's 10,000 parts.
const s3PartSize = 5 << 20

// NewS3 connects to the bucket o names. It fails when the bucket cannot be
// reached or does not exist: the server does not create it, so a typing error
// in its name cannot scatter uploads over a new bucket.
func NewS3(ctx context.Context, o S3Options) (*S3, error) {
	client, err := minio.New(o.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""),
		Secure: !o.Insecure,
		Region: o.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("media: S3 endpoint %q: %w", o.Endpoint, err)
	}
	ok, err := client.BucketExists(ctx, o.Bucket)
	if err != nil {
		return nil, fmt.Errorf("media: S3 bucket %q at %s: %w", o.Bucket, o.Endpoint, err)
	}
	if !ok {
		return nil, fmt.Errorf("media: S3 bucket %q does not exist at %s; create it first", o.Bucket, o.Endpoint)
	}
	return &S3{client: client, bucket: o.Bucket}, nil
}

// Put implements Store. An upload that fits in one part (most photos and
// documents) is read whole first and sent as one PUT, not the three requests
// of a multipart upload; a reader that fails while it is read has sent
// nothing. A larger one goes as a multipart upload of unknown length, which
// minio-go aborts when r fails; S3 makes the object only when an upload
// completes, so a failed one leaves nothing readable.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) error {
	if !ValidKey(key) {
		return errors.New("media: invalid key " + key)
	}
	r = &stickyReader{r: r}
	opts := minio.PutObjectOptions{ContentType: ContentType(key), PartSize: s3PartSize}
	var head bytes.Buffer
	n, err := head.ReadFrom(io.LimitReader(r, s3PartSize+1))
	switch {
	case err != nil:
		return err
	case n <= s3PartSize:
		// A bytes.Reader seeks, so minio-go can retry the PUT.
		_, err = s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(head.Bytes()), n, opts)
	default:
		_, err = s.client.PutObject(ctx, s.bucket, key, io.MultiReader(&head, r), -1, opts)
	}
	return err
}

// stickyReader returns the first error of r on every later Read, and never
// a bare io.ErrUnexpectedEOF. minio-go reads each part with a readFull that
// drops an error coming with the last bytes of a part and takes
// io.ErrUnexpectedEOF (what a client that hangs up mid-upload causes) for
// the end of the stream: either would complete a truncated object.
type stickyReader struct {
	r   io.Reader
	err error
}

func (s *stickyReader) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = fmt.Errorf("media: reading the upload: %w", err)
		return n, s.err
	}
	return n, err
}

type s3File struct {
	*minio.Object
	size int64
}

func (f s3File) Size() int64 { return f.size }

// Open implements Store. The object is read lazily: Seek only moves the
// offset, and the next Read asks for the range from there.
func (s *S3) Open(ctx context.Context, key string) (File, error) {
	if !ValidKey(key) {
		return nil, zabano.Errorf(zabano.ENOTFOUND, msgFileNotFound)
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, err
	}
	// GetObject sends nothing yet; Stat makes the request, so a missing key
	// shows here.
	info, err := obj.Stat()
	if err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
			return nil, zabano.Errorf(zabano.ENOTFOUND, msgFileNotFound)
		}
		return nil, err
	}
	return s3File{obj, info.Size}, nil
}

// Delete implements Store; deleting a missing file is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return nil
	}
	err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
	// S3 answers a delete of a missing key with success; some compatible
	// services say NoSuchKey instead.
	if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
		return nil
	}
	return err
}
