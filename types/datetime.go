package types

import (
	"math"
	"strconv"
	"time"
)

// DateTime is an OPC UA DateTime (Part 6 §5.1.4, §5.2.2.5): the number of
// 100 ns intervals since 1601-01-01T00:00:00Z, UTC. The zero value is the
// null DateTime (MinValue).
//
// A DateTime is written on the wire as it is, with no conversion. Use
// DateTimeFromTime and DateTime.Time to convert from and to time.Time; they
// implement the clamping rules of Part 6 §5.2.2.5 (see docs/types.md) and are
// the only conversion the encoders use.
type DateTime int64

// DateTime constants (Part 6 §5.1.4, §5.2.2.5).
const (
	// MinDateTime is DateTime.MinValue of the binary encoding, the null
	// DateTime: the encoded value 0, 1601-01-01T00:00:00Z.
	MinDateTime DateTime = 0

	// MaxDateTime is DateTime.MaxValue of the binary encoding: Int64 max
	// (stream bytes FF FF FF FF FF FF FF 7F). Applications read it as
	// "unknown, later than anything".
	MaxDateTime DateTime = math.MaxInt64

	// TicksPerSecond is the number of DateTime ticks (100 ns) in a second.
	TicksPerSecond = 10_000_000

	// UnixEpochTicks is the DateTime of the Unix epoch,
	// 1970-01-01T00:00:00Z: 11 644 473 600 s after 1601-01-01.
	UnixEpochTicks DateTime = 116_444_736_000_000_000

	// EndOfTimeTicks is the DateTime of 9999-12-31T23:59:59Z. Every instant
	// at or after it is encoded as MaxDateTime, and every DateTime at or
	// above it decodes to that instant (Part 6 §5.2.2.5).
	EndOfTimeTicks DateTime = 2_650_467_743_990_000_000
)

// unixEpochSeconds is UnixEpochTicks in seconds.
const unixEpochSeconds = int64(UnixEpochTicks / TicksPerSecond)

var (
	// minTime is 1601-01-01T00:00:00Z, the instant of DateTime 0.
	minTime = time.Date(1601, 1, 1, 0, 0, 0, 0, time.UTC)
	// endOfTime is 9999-12-31T23:59:59Z, the instant of EndOfTimeTicks.
	endOfTime = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
)

// DateTimeFromTime converts t to a DateTime, following Part 6 §5.2.2.5:
//
//   - the zero time.Time, and every instant at or before
//     1601-01-01T00:00:00Z, give 0 (MinDateTime);
//   - every instant at or after 9999-12-31T23:59:59Z gives MaxDateTime;
//   - every other instant gives its ticks, with the sub-100 ns part
//     truncated toward the past (floor), whatever t's location.
//
// It is defined for every time.Time and never overflows.
func DateTimeFromTime(t time.Time) DateTime {
	// Before and After compare without arithmetic, so instants far outside
	// the int64 tick range are clamped without overflowing.
	if !t.After(minTime) { // also the zero time.Time, year 1
		return MinDateTime
	}
	if !t.Before(endOfTime) {
		return MaxDateTime
	}
	// In range: seconds since 1601 are in [0, 265046774399], so the
	// multiplication below stays far from overflow. t.Unix rounds toward
	// the past and t.Nanosecond is in [0, 1e9), so this is a floor.
	sec := t.Unix() + unixEpochSeconds
	return DateTime(sec*TicksPerSecond + int64(t.Nanosecond()/100))
}

// Time converts d to a time.Time in UTC, following Part 6 §5.2.2.5:
//
//   - 0 (MinDateTime) and every negative value give the zero time.Time;
//   - every value at or above EndOfTimeTicks (including MaxDateTime) gives
//     9999-12-31T23:59:59Z;
//   - every other value gives its instant, in UTC.
//
// For every instant t strictly between 1601-01-01 and 9999-12-31T23:59:59Z,
// DateTimeFromTime(t).Time() equals t truncated to 100 ns.
func (d DateTime) Time() time.Time {
	switch {
	case d <= 0:
		return time.Time{}
	case d >= EndOfTimeTicks:
		return endOfTime
	}
	return d.instant()
}

// instant returns the instant of d without clamping; d must not be negative
// (every non-negative int64 is a representable time.Time).
func (d DateTime) instant() time.Time {
	sec := int64(d/TicksPerSecond) - unixEpochSeconds
	nsec := int64(d%TicksPerSecond) * 100
	return time.Unix(sec, nsec).UTC()
}

// Now returns the current time as a DateTime.
func Now() DateTime { return DateTimeFromTime(time.Now()) }

// IsNull reports whether d is the null DateTime (MinValue, 0).
func (d DateTime) IsNull() bool { return d == MinDateTime }

// dateTimeLayout is RFC 3339 with 7 fractional digits, the DateTime
// resolution.
const dateTimeLayout = "2006-01-02T15:04:05.0000000Z07:00"

// String returns d in RFC 3339 with 7 fractional digits, in UTC, for example
// "2024-01-02T03:04:05.1234567Z". 0 prints as "MinValue" and MaxDateTime as
// "MaxValue". Other values print their exact instant without clamping
// (values above EndOfTimeTicks show years above 9999); negative values,
// which are not valid DateTimes, print as "DateTime(-5)".
func (d DateTime) String() string {
	switch {
	case d == MinDateTime:
		return "MinValue"
	case d == MaxDateTime:
		return "MaxValue"
	case d < 0:
		return "DateTime(" + strconv.FormatInt(int64(d), 10) + ")"
	}
	return d.instant().Format(dateTimeLayout)
}
