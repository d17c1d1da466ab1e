// Package notify delivers the outbox's notifications. A Worker runs in
// every serving process: each second it writes the reminders of classes
// that came due (written then, not at booking), claims the deliveries that
// are due, decides each at send time (preferences, quiet hours, whether the
// news is still news), sends it by its channel's sender and records what
// became of it. A process that dies mid-way leaves its claims to run out;
// another worker, or the same one restarted, sends them then: each
// notification reaches each channel at least once, and in practice once.
package notify

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/zabano/zabano"
)

const (
	// Poll is the pause between rounds that found nothing more to do.
	Poll = time.Second
	// batch is how many deliveries a round claims; parallel how many of
	// them are sent at once.
	batch    = 32
	parallel = 8
	// sendTimeout bounds one send; lease, a claim, is long enough for a
	// round of slow sends (batch/parallel of them, one after the other), so
	// no other worker takes a delivery that is being sent.
	sendTimeout = 20 * time.Second
	lease       = 2 * time.Minute
)

// skipNoSender is the reason a delivery by a channel this process has no
// sender for is skipped (email before it is configured).
const skipNoSender = "no sender for this channel"

// Worker sends due deliveries.
type Worker struct {
	Store zabano.DeliveryStore
	// Senders send by each channel; a channel without one is skipped.
	Senders map[zabano.Channel]zabano.ChannelSender
	// Now is the clock that decides quiet hours and retries: the store's.
	Now    func() time.Time
	Logger *slog.Logger
}

// Run delivers until ctx ends: a round at once when the last one found a
// batch's worth (of classes to remind or of deliveries), else after Poll.
func (w *Worker) Run(ctx context.Context) {
	t := time.NewTicker(Poll)
	defer t.Stop()
	for {
		n, err := w.Deliver(ctx)
		if err != nil && ctx.Err() == nil {
			w.Logger.ErrorContext(ctx, "notify", "err", err)
		}
		if n >= batch && err == nil {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Deliver runs one round: it writes the reminders of classes that came
// due, then claims the due deliveries, sends them, and records their
// outcomes. It returns how many classes and deliveries it found: none when
// nothing was due.
func (w *Worker) Deliver(ctx context.Context) (int, error) {
	// Reminders that cannot be written hold no other notification back.
	classes, remindErr := w.Store.WriteReminders(ctx, batch)
	list, err := w.Store.ClaimDeliveries(ctx, batch, lease)
	if err != nil {
		return classes, errors.Join(remindErr, err)
	}
	finished := make([]zabano.FinishedDelivery, len(list))
	var wg sync.WaitGroup
	sem := make(chan struct{}, parallel)
	for i, d := range list {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			finished[i] = zabano.FinishedDelivery{Delivery: d, Outcome: w.deliver(ctx, d)}
		})
	}
	wg.Wait()
	if len(finished) == 0 {
		return classes, remindErr
	}
	// Recorded at once, in one transaction rather than one each (a commit
	// of the single writer on SQLite), and even when ctx ended meanwhile: a
	// shutdown must not lose what was sent.
	return classes + len(list), errors.Join(remindErr, w.Store.FinishDeliveries(context.WithoutCancel(ctx), finished))
}

// deliver decides d and sends it if it is to be sent now.
func (w *Worker) deliver(ctx context.Context, d *zabano.Delivery) zabano.DeliveryOutcome {
	if skip, until := d.Hold(w.Now()); skip != "" {
		return d.Skip(skip)
	} else if !until.IsZero() {
		return d.Wait(until)
	}
	sender, ok := w.Senders[d.Channel]
	if !ok {
		return d.Skip(skipNoSender)
	}
	sendCtx, cancel := context.WithTimeout(ctx, sendTimeout)
	err := sender.Send(sendCtx, &zabano.Outgoing{DeliveryID: d.ID, Notification: &d.Notification, To: &d.To, Prefs: &d.Prefs})
	cancel()
	o := d.Outcome(err, w.Now())
	switch o.Status {
	case zabano.DeliveryFailed:
		w.Logger.ErrorContext(ctx, "notification failed", "delivery", d.ID, "channel", d.Channel, "kind", d.Notification.Kind, "err", err)
	case zabano.DeliveryPending:
		w.Logger.WarnContext(ctx, "notification not sent, to try again", "delivery", d.ID, "channel", d.Channel,
			"attempts", o.Attempts, "at", o.DueAt, "err", err)
	}
	return o
}

// App is the app channel: the notification goes on the recipient's event
// stream, and the store hands the event to their open tabs as it commits,
// so the bell's count rises at once.
type App struct {
	Store zabano.DeliveryStore
}

// Send implements zabano.ChannelSender. The event is written once however
// often it is sent.
func (a *App) Send(ctx context.Context, o *zabano.Outgoing) error {
	return a.Store.AddNotificationEvent(ctx, o.To.ID, o.Notification.ID)
}
