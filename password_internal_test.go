package zabano

import (
	"testing"
	"time"
)

func TestPasswordWorkWaitsForASlot(t *testing.T) {
	// Every slot taken, as by a burst of sign-ins: a new hash waits.
	for range cap(argonSlots) {
		argonSlots <- struct{}{}
	}
	done := make(chan struct{})
	go func() {
		HashPassword("correct horse")
		close(done)
	}()
	select {
	case <-done:
		t.Fatal("hashed while every slot was taken")
	case <-time.After(200 * time.Millisecond):
	}
	<-argonSlots // one sign-in ends
	<-done
	for range cap(argonSlots) - 1 {
		<-argonSlots
	}
}
