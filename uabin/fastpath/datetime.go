package fastpath

import (
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// DateTime has two Go forms: types.DateTime, the ticks written unchanged,
// and time.Time, converted with types.DateTimeFromTime and
// types.DateTime.Time (the single clamping implementation shared with the
// engine; docs/types.md, DateTime and time.Time).

var dateTimeCodec = erase(Funcs[types.DateTime]{
	Append:  func(w *wire.Writer, d *types.DateTime) bool { appendDateTime(w, d); return true },
	Consume: func(r *wire.Reader, d *types.DateTime) bool { consumeDateTime(r, d); return true },
	Size:    sizeDateTime,
})

var timeCodec = erase(Funcs[time.Time]{
	Append:  func(w *wire.Writer, t *time.Time) bool { appendTime(w, t); return true },
	Consume: func(r *wire.Reader, t *time.Time) bool { consumeTime(r, t); return true },
	Size:    sizeTime,
})

// sizeDateTime returns the wire size of a DateTime: always 8.
func sizeDateTime(*types.DateTime) int { return 8 }

// appendDateTime appends the ticks as an Int64 (Part 6 §5.2.2.5).
func appendDateTime(w *wire.Writer, d *types.DateTime) { w.Int64(int64(*d)) }

// consumeDateTime decodes the ticks unchanged.
func consumeDateTime(r *wire.Reader, d *types.DateTime) { *d = types.DateTime(r.Int64()) }

// sizeTime returns the wire size of a time.Time as a DateTime: always 8.
func sizeTime(*time.Time) int { return 8 }

// appendTime appends t as DateTime ticks, clamped by types.DateTimeFromTime.
func appendTime(w *wire.Writer, t *time.Time) { w.Int64(int64(types.DateTimeFromTime(*t))) }

// consumeTime decodes DateTime ticks into a time.Time with
// types.DateTime.Time (the zero time.Time for 0 and negative ticks).
func consumeTime(r *wire.Reader, t *time.Time) { *t = types.DateTime(r.Int64()).Time() }
