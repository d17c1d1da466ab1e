package main

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/sqlstore"
)

// seedHistory gives student and teacher (student1 and teacher1) what weeks
// of use leave behind, relative to now: three classes done and one the
// student cancelled in the last three weeks, one starting in ten minutes
// (inside the join window) and one in two days with a note for the
// teacher, a chat, the teacher's materials, the student's study notes, and
// the wallet's top-ups and class payments. Each step goes through the
// booking service or the store it belongs to with the clock moved to when a
// user would have taken it, so the ledger and the rules see a real history.
// The classes are at 19:00 and 07:00 in the teacher's zone, and today's, so
// none overlaps the 08:00 to 20:00 slots of -slots-per-teacher.
func seedHistory(ctx context.Context, db *sqlstore.DB, store media.Store, teacher *zabano.TeacherProfile, student *zabano.User,
	now time.Time, c *config) error {
	loc, err := time.LoadLocation(teacher.TimeZone)
	if err != nil {
		return err
	}
	y, m, d := now.In(loc).Date()
	day := func(days, hour int) time.Time { return time.Date(y, m, d+days, hour, 0, 0, 0, loc) }
	defer func() { db.Now = time.Now }()
	var at time.Time
	db.Now = func() time.Time { return at }
	svc := &zabano.Bookings{Store: db, MeetingURL: c.meetingURL, MaxFreeSlots: c.maxFreeSlots, FreeCancel: c.freeCancel, Now: db.Now}
	level := teacher.Levels[0]
	// book opens the teacher's slot at start and books it for the student, at bookedAt.
	book := func(start, bookedAt time.Time, notes string) (*zabano.Booking, error) {
		at = bookedAt
		slot, err := svc.CreateSlot(ctx, teacher.User.ID, zabano.Slot{Start: start, End: start.Add(time.Hour)})
		if err != nil {
			return nil, err
		}
		return svc.Book(ctx, zabano.NewBooking{StudentID: student.ID, SlotID: slot.ID, LevelPriceID: level.ID, Notes: notes})
	}
	// done books a class at start two days ahead, and the teacher marks it done after it.
	done := func(start time.Time) error {
		b, err := book(start, start.AddDate(0, 0, -2), "")
		if err != nil {
			return err
		}
		at = b.End.Add(10 * time.Minute)
		_, err = svc.MarkDone(ctx, teacher.User.ID, b.ID)
		return err
	}
	var chat *zabano.Chat
	say := func(when time.Time, from int64, text string) error {
		at = when
		_, err := db.SendMessage(ctx, from, chat.ID, text, nil, 0)
		return err
	}
	note := func(when time.Time, title, content string) error {
		at = when
		n := &zabano.StudyNote{StudentID: student.ID, Title: title, Content: content}
		if err := n.Validate(); err != nil {
			return err
		}
		return db.SaveNote(ctx, n)
	}

	// Three weeks ago: the first top-up, for four classes; the chat opens.
	at = day(-24, 12)
	if err := db.SeedTopUps(ctx, map[int64]int64{student.ID: roundUp(4 * level.RegularPrice)}); err != nil {
		return err
	}
	at = day(-23, 10)
	if chat, err = db.OpenChat(ctx, student.ID, teacher.User.ID, zabano.RoleStudent); err != nil {
		return err
	}
	if err := say(day(-23, 10), student.ID, "سلام استاد، برای مصاحبهٔ کاری به انگلیسی آماده می‌شوم. از کجا شروع کنیم؟"); err != nil {
		return err
	}
	if err := say(day(-23, 12), teacher.User.ID, "سلام! خوش آمدید. جلسهٔ اول سطحتان را می‌سنجیم و برنامهٔ چهار هفته‌ای می‌چینیم."); err != nil {
		return err
	}
	if err := done(day(-21, 19)); err != nil {
		return err
	}
	// The teacher's materials: a reading as a PDF and a practice link.
	at = day(-20, 9)
	key, _, err := media.Save(ctx, store, media.Material, "interview-vocabulary.pdf",
		bytes.NewReader(demoPDF("Job interview vocabulary: strengths, experience, teamwork, deadline, responsibility.")))
	if err != nil {
		return err
	}
	for _, mat := range []*zabano.Material{
		{TeacherID: teacher.User.ID, Title: "واژه‌های مصاحبهٔ کاری", Description: "پیش از جلسهٔ دوم بخوانید.", Type: zabano.MaterialNote, File: key, FileName: "interview-vocabulary.pdf"},
		{TeacherID: teacher.User.ID, Title: "Listening practice", Description: "Short interviews with transcripts.", Type: zabano.MaterialClassLink, LinkURL: "https://learnenglish.britishcouncil.org/skills/listening"},
	} {
		if err := mat.Validate(); err != nil {
			return err
		}
		if err := db.CreateMaterial(ctx, mat); err != nil {
			return err
		}
	}
	if err := done(day(-14, 19)); err != nil {
		return err
	}
	// Cancelled by the student a day after booking it, before the notice
	// of the free cancel: refunded at once.
	start := day(-10, 19)
	cancelled, err := book(start, start.Add(-c.freeCancel).AddDate(0, 0, -2), "")
	if err != nil {
		return err
	}
	at = start.Add(-c.freeCancel).AddDate(0, 0, -1)
	if _, err := svc.Cancel(ctx, student.ID, cancelled.ID); err != nil {
		return err
	}
	if err := note(day(-11, 22), "Interview answers", "Tell me about yourself: present → past → future.\nStrengths: patient, organised."); err != nil {
		return err
	}
	if err := done(day(-7, 19)); err != nil {
		return err
	}
	if err := say(day(-7, 21), student.ID, "Thanks for today's class! Could you share the vocabulary list again?"); err != nil {
		return err
	}
	if err := say(day(-7, 22), teacher.User.ID, "Sure, it is in your materials: «واژه‌های مصاحبهٔ کاری». See you next time!"); err != nil {
		return err
	}
	at = day(-6, 8)
	if err := db.MarkRead(ctx, student.ID, chat.ID); err != nil {
		return err
	}
	if err := note(day(-4, 20), "تلفظ", "th در think و this را جدا تمرین کنم؛ schedule را «اِسکجول» نگویم."); err != nil {
		return err
	}

	// Two days ago: a second top-up, for the coming classes and more; the
	// coming classes: one that opens to join now, one in two days with a
	// note for the teacher. An hour ago, the teacher's message the student
	// has not read yet.
	booked := now.AddDate(0, 0, -2)
	at = booked
	if err := db.SeedTopUps(ctx, map[int64]int64{student.ID: roundUp(2*level.RegularPrice + 1_500_000)}); err != nil {
		return err
	}
	if _, err := book(now.Truncate(time.Minute).Add(10*time.Minute), booked, ""); err != nil {
		return err
	}
	if _, err := book(day(2, 7), booked, "I'd like to practise answering salary questions."); err != nil {
		return err
	}
	return say(now.Add(-time.Hour), teacher.User.ID, "کلاس امروز را با تمرین معرفی خودتان شروع می‌کنیم. دکمهٔ ورود به کلاس از ربع ساعت پیش از شروع فعال است.")
}

// roundUp rounds a Toman amount up to the 500,000 a top-up would be.
func roundUp(amount int64) int64 {
	const step = 500_000
	return (amount + step - 1) / step * step
}

// demoPDF is a one-page PDF showing text (ASCII), for a seeded material.
func demoPDF(text string) []byte {
	content := fmt.Sprintf("BT /F1 14 Tf 56 760 Td (%s) Tj ET", text)
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}
