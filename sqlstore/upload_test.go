package sqlstore_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestUploadQuotaConcurrent adds many uploads of one user at once near the
// quota: exactly those that fit are recorded, whatever the interleaving.
func TestUploadQuotaConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		u := mkUser(t, db, "maryam", zabano.RoleTeacher)
		other := mkUser(t, db, "reza", zabano.RoleTeacher)
		const size, quota = 100, 1000
		if err := db.AddUpload(ctx, u.ID, "photos/first", 250, quota); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		added, full := 0, 0
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := db.AddUpload(ctx, u.ID, fmt.Sprintf("documents/%d", i), size, quota)
				mu.Lock()
				defer mu.Unlock()
				switch zabano.ErrorCode(err) {
				case "":
					added++
				case zabano.ECONFLICT:
					full++
				default:
					t.Errorf("upload %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		if added != 7 || full != 33 {
			t.Fatalf("%d added, %d refused; want 7 of 100 bytes beside 250 in 1000", added, full)
		}
		if err := db.AddUpload(ctx, other.ID, "photos/other", quota, quota); err != nil {
			t.Fatalf("another user's quota is their own: %v", err)
		}
		// Removing a file frees its bytes; removing a missing one is harmless.
		if err := db.RemoveUploads(ctx, "photos/first", "photos/none"); err != nil {
			t.Fatal(err)
		}
		if err := db.AddUpload(ctx, u.ID, "videos/v", 300, quota); err != nil {
			t.Fatalf("after a removal: %v", err)
		}
		err := db.AddUpload(ctx, u.ID, "videos/w", 1, quota)
		if e, ok := err.(*zabano.Error); !ok || e.Code != zabano.ECONFLICT || e.Message.En != "Your storage is full (0 MB). Delete some of your files to upload new ones." {
			t.Fatalf("one byte over: %v", err)
		}
	})
}
