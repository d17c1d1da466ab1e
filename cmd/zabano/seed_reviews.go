package main

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

var (
	reviewTexts = []string{
		"کلاس عالی بود؛ با حوصله توضیح می‌دهند و تمرین مکالمه زیاد است.",
		"Very clear explanations and useful homework.",
		"برای آمادگی آیلتس خیلی کمکم کرد.",
		"",
		"Friendly and well prepared. I will book again.",
		"کمی دیر شروع شد ولی محتوای خوبی داشت.",
	}
	reviewReplies = []string{"ممنون از لطف شما! تا کلاس بعد.", "Thank you, see you next week!"}
	// seedRatings lean to the good, as ratings on marketplaces do.
	seedRatings = []int{5, 5, 5, 4, 4, 4, 5, 3, 4, 2}
)

// seedReviews gives two teachers of three (the others stay "new") one to
// five classes with the students that ended in the last 25 days, rated and
// sometimes answered. Each class goes the way of a real one, through the
// store with its clock moved: a slot opened and booked before it starts
// (paid into escrow), marked done after it ends (paid to the teacher), and
// rated a little later. It returns how many reviews it wrote.
func seedReviews(ctx context.Context, db *sqlstore.DB, teachers []*zabano.TeacherProfile, students []*zabano.User,
	rnd *rand.Rand, now time.Time, meetingURL string) (int, error) {
	if len(students) == 0 {
		return 0, nil
	}
	type class struct {
		teacher *zabano.TeacherProfile
		student *zabano.User
		start   time.Time
	}
	var classes []class
	costs := map[int64]int64{}
	today := now.Truncate(24 * time.Hour)
	for i, p := range teachers {
		if i%3 == 2 {
			continue
		}
		for j := range 1 + rnd.IntN(5) {
			s := students[(i+j)%len(students)]
			// Day 2 to 25 back, at 06:00 to 13:00 UTC: daytime in Tehran, one class a day a teacher.
			start := today.AddDate(0, 0, -2-5*j-rnd.IntN(5)).Add(time.Duration(6+rnd.IntN(8)) * time.Hour)
			classes = append(classes, class{p, s, start})
			costs[s.ID] += p.Levels[0].RegularPrice
		}
	}
	if err := db.SeedTopUps(ctx, costs); err != nil {
		return 0, err
	}
	defer func() { db.Now = time.Now }()
	at := func(t time.Time) { db.Now = func() time.Time { return t } }
	for _, c := range classes {
		at(c.start.Add(-24 * time.Hour))
		slots, _, err := db.CreateSlots(ctx, c.teacher.User.ID, []zabano.Slot{{Start: c.start, End: c.start.Add(time.Hour)}}, zabano.DefaultMaxFreeSlots)
		if err != nil {
			return 0, err
		}
		link, err := zabano.MeetingLink(meetingURL)
		if err != nil {
			return 0, err
		}
		b, err := db.Book(ctx, &zabano.NewBooking{StudentID: c.student.ID, SlotID: slots[0].ID, LevelPriceID: c.teacher.Levels[0].ID, MeetingLink: link})
		if err != nil {
			return 0, err
		}
		at(b.End.Add(10 * time.Minute))
		if _, err := db.MarkDone(ctx, c.student.ID, b.ID); err != nil {
			return 0, err
		}
		at(b.End.Add(time.Duration(1+rnd.IntN(20)) * time.Hour))
		r, err := db.AddReview(ctx, &zabano.NewReview{
			StudentID: c.student.ID, BookingID: b.ID, Rating: seedRatings[rnd.IntN(len(seedRatings))], Text: reviewTexts[rnd.IntN(len(reviewTexts))],
		})
		if err != nil {
			return 0, err
		}
		if rnd.IntN(3) == 0 {
			at(r.CreatedAt.Add(3 * time.Hour))
			if _, err := db.ReplyToReview(ctx, c.teacher.User.ID, r.ID, reviewReplies[rnd.IntN(len(reviewReplies))]); err != nil {
				return 0, err
			}
		}
	}
	return len(classes), nil
}
