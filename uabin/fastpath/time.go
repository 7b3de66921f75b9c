package fastpath

import (
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// time.Time is a DateTime (Part 6 §5.2.2.5), converted with
// types.DateTimeFromTime and types.DateTime.Time, the one clamping
// implementation (docs/types.md, DateTime and time.Time). types.DateTime
// itself is a named int64 that the plans write as the Int64 ticks.

// appendTime appends t as DateTime ticks, clamped by types.DateTimeFromTime.
func appendTime(w *wire.Writer, t *time.Time) { w.Int64(int64(types.DateTimeFromTime(*t))) }

// consumeTime decodes DateTime ticks into a time.Time with
// types.DateTime.Time (the zero time.Time for 0 and negative ticks).
func consumeTime(r *wire.Reader, t *time.Time) {
	ticks := r.Int64()
	if r.Err() == nil {
		*t = types.DateTime(ticks).Time()
	}
}
