package main

import (
	"context"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

// demoEmails are teacher1's and student1's verified addresses (example.com
// is reserved for examples: nothing is ever delivered there).
var demoEmails = []string{"teacher1@example.com", "student1@example.com"}

// seedNotifications leaves the notifications of the seeded parts as weeks
// of use would. The parts wrote them as the app does, in the transaction of
// each change (classes booked, cancelled, moved and done, a proposal, a
// problem, pay and withdrawals); here the coming classes' reminders due by
// now are written, what was due before now counts as delivered then, so
// that starting the server does not text the demo's past, and student1's
// and teacher1's (student and teacher) older than a day are read, the newer
// ones unread. The reminders still ahead are written when they come due.
// Both have verified emails.
func seedNotifications(ctx context.Context, db *sqlstore.DB, teachers []*zabano.TeacherProfile, students []*zabano.User, now time.Time) (read, unread int, err error) {
	if err := db.SeedDelivered(ctx, now); err != nil {
		return 0, 0, err
	}
	if len(teachers) == 0 || len(students) == 0 {
		return 0, 0, nil
	}
	demo := []int64{teachers[0].User.ID, students[0].ID}
	for i, id := range demo {
		if err := db.SeedEmail(ctx, id, demoEmails[i]); err != nil {
			return 0, 0, err
		}
		list, _, err := db.Notifications(ctx, id, 1000, 0)
		if err != nil {
			return 0, 0, err
		}
		for _, n := range list {
			if n.DueAt.After(now.Add(-24 * time.Hour)) {
				unread++
				continue
			}
			if err := db.MarkNotificationRead(ctx, id, n.ID); err != nil {
				return 0, 0, err
			}
			read++
		}
	}
	return read, unread, nil
}
