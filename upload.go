package zabano

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// UploadStore keeps the size of every stored upload under the user who
// uploaded it: the storage quota is their sum.
type UploadStore interface {
	// AddUpload records the file at key, of size bytes, as userID's, unless
	// their uploads would then pass quota bytes: then it fails with
	// ECONFLICT and records nothing. Concurrent calls never pass the quota
	// together.
	AddUpload(ctx context.Context, userID int64, key string, size, quota int64) error
	// RemoveUploads forgets the files at keys, once they are deleted.
	RemoveUploads(ctx context.Context, keys ...string) error
}

// Uploads bounds what each user keeps in the media store (a quota by role)
// and how fast they add to it, so that one account cannot fill the disk.
type Uploads struct {
	Store   UploadStore
	Limiter Limiter
	// StudentQuota and TeacherQuota are the bytes a user of the role may keep.
	StudentQuota, TeacherQuota int64
	// PerHour is how many files one user may upload in an hour.
	PerHour int
}

var (
	msgQuotaFull = Msg{
		"Your storage is full (%d MB). Delete some of your files to upload new ones.",
		"فضای ذخیره‌سازی شما (%d مگابایت) پر شده است. برای بارگذاری فایل تازه، چند فایل قبلی را حذف کنید.",
	}
	msgUploadsTooMany = Msg{
		"You have uploaded too many files in the last hour. Please try again in %d minutes.",
		"در یک ساعت گذشته فایل‌های زیادی بارگذاری کرده‌اید. لطفاً %d دقیقهٔ دیگر دوباره تلاش کنید.",
	}
)

// Begin counts one upload of u against the hourly limit, before the file is
// stored; past the limit it fails with ETOOMANY.
func (up *Uploads) Begin(ctx context.Context, u *User) error {
	err := up.Limiter.Take(ctx, "upload:"+strconv.FormatInt(u.ID, 10), up.PerHour, time.Hour)
	var e *Error
	if errors.As(err, &e) && e.Code == ETOOMANY {
		e.Message = Msgf(msgUploadsTooMany, int((e.RetryAfter+time.Minute-1)/time.Minute))
	}
	return err
}

// Add records the stored file at key, of size bytes, as u's, or fails with
// ECONFLICT when it does not fit in u's quota; the caller then deletes it.
func (up *Uploads) Add(ctx context.Context, u *User, key string, size int64) error {
	quota := up.StudentQuota
	if u.Role == RoleTeacher {
		quota = up.TeacherQuota
	}
	return up.Store.AddUpload(ctx, u.ID, key, size, quota)
}

// QuotaFull is the ECONFLICT error of an upload that does not fit in quota bytes.
func QuotaFull(quota int64) error {
	return Errorf(ECONFLICT, msgQuotaFull, quota>>20)
}
