package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/sqlstore"
)

// seedChatFile gives the chat of student and teacher (student1 and teacher1,
// after seedHistory) a file: half an hour ago the teacher sent the worksheet
// of today's class as an image, which the student has not seen yet. The
// student read the chat a week ago, so each side sees some of their messages
// read. The image is stored and counted as the teacher's upload, as one sent
// through the API is.
func seedChatFile(ctx context.Context, db *sqlstore.DB, store media.Store, teacher *zabano.TeacherProfile, student *zabano.User, now time.Time) error {
	chat, err := db.OpenChat(ctx, student.ID, teacher.User.ID, zabano.RoleStudent)
	if err != nil {
		return err
	}
	const name = "worksheet.png"
	key, size, err := media.Save(ctx, store, media.Attachment, name, bytes.NewReader(worksheet()))
	if err != nil {
		return err
	}
	if err := db.AddUpload(ctx, teacher.User.ID, key, size, 1<<30); err != nil {
		return err
	}
	defer func() { db.Now = time.Now }()
	db.Now = func() time.Time { return now.Add(-30 * time.Minute) }
	_, err = db.SendMessage(ctx, teacher.User.ID, chat.ID, "برگهٔ تمرین کلاس امروز؛ پیش از کلاس نگاهی بیندازید.",
		&zabano.Attachment{Key: key, Name: name, Size: size}, 0)
	return err
}

// worksheet draws a small PNG that looks like a page of exercises: a title
// bar and lines to fill in, each with a box to tick.
func worksheet() []byte {
	const w, h = 480, 320
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{250, 250, 247, 255}), image.Point{}, draw.Src)
	fill := func(r image.Rectangle, c color.RGBA) { draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src) }
	fill(image.Rect(0, 0, w, 56), color.RGBA{13, 148, 136, 255})
	fill(image.Rect(24, 20, 260, 36), color.RGBA{240, 253, 250, 255})
	for i := range 6 {
		y := 84 + i*38
		fill(image.Rect(24, y, 40, y+16), color.RGBA{203, 213, 225, 255})
		fill(image.Rect(56, y+12, w-24-i*30, y+14), color.RGBA{148, 163, 184, 255})
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}
