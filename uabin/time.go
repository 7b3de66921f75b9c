package uabin

import (
	"time"

	"github.com/uabin/uabin/types"
)

// time.Time is a DateTime (Part 6 §5.2.2.5), converted with the clamping
// rules of types.DateTimeFromTime and types.DateTime.Time, the one
// implementation shared with the fast paths.

func encTime(e *encState, p pointer, _ *codec) {
	e.w.Int64(int64(types.DateTimeFromTime(*as[time.Time](p))))
}

func decTime(d *decState, p pointer, _ *codec) {
	ticks := d.r.Int64()
	if d.r.Err() == nil {
		*as[time.Time](p) = types.DateTime(ticks).Time()
	}
}

func zeroTime(p pointer, _ *codec) bool { return as[time.Time](p).IsZero() }
