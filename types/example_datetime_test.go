package types_test

import (
	"fmt"
	"time"

	"github.com/uabin/uabin/types"
)

// The standard structures of this package hold their timestamps as
// types.DateTime, the ticks of the wire (100 ns since 1601, an int64: exact,
// and nothing for the garbage collector to scan), while a struct of your own
// may use time.Time. One call converts each way.
func ExampleDateTime() {
	var req types.ReadRequest
	// req.RequestHeader.Timestamp = time.Now() does not compile: the field
	// is a types.DateTime.
	req.RequestHeader.Timestamp = types.Now() // the current time

	t := time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC)
	req.RequestHeader.Timestamp = types.DateTimeFromTime(t) // from a time.Time
	back := req.RequestHeader.Timestamp.Time()              // to a time.Time, in UTC

	fmt.Println(req.RequestHeader.Timestamp)
	fmt.Println(back)
	fmt.Println(back.Equal(t.Truncate(100 * time.Nanosecond))) // a DateTime keeps 100 ns
	// Output:
	// 2024-01-02T03:04:05.1234567Z
	// 2024-01-02 03:04:05.1234567 +0000 UTC
	// true
}

// Now is DateTimeFromTime(time.Now()): what a client puts in
// RequestHeader.Timestamp.
func ExampleNow() {
	ts := types.Now()
	age := time.Since(ts.Time())
	fmt.Println(ts.IsNull(), age >= 0 && age < time.Minute)
	// Output: false true
}

// Decoded timestamps are DateTimes; a field that was not sent is the null
// DateTime, whose time.Time is the zero time.
func ExampleDateTime_dataValue() {
	dv := types.DataValue{
		Value:           types.VariantFromFloat64(21.5),
		SourceTimestamp: types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)),
	}
	if !dv.SourceTimestamp.IsNull() {
		fmt.Println(dv.SourceTimestamp.Time().Format(time.RFC3339))
	}
	fmt.Println(dv.ServerTimestamp.IsNull(), dv.ServerTimestamp.Time().IsZero())
	// Output:
	// 2024-01-02T03:04:05Z
	// true true
}

// A DateTime is an instant in UTC: the time zone of a time.Time is not on
// the wire. Convert back and choose the zone to show.
func ExampleDateTime_timeZones() {
	cet := time.FixedZone("CET", 3600)
	d := types.DateTimeFromTime(time.Date(2024, 1, 2, 4, 4, 5, 0, cet))
	fmt.Println(d)
	fmt.Println(d.Time().In(cet))
	// Output:
	// 2024-01-02T03:04:05.0000000Z
	// 2024-01-02 04:04:05 +0100 CET
}

// Durations and arithmetic go through time.Time; DateTimes compare as
// numbers.
func ExampleDateTime_durations() {
	start := types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))
	end := types.DateTimeFromTime(start.Time().Add(90 * time.Second))
	fmt.Println(end)
	fmt.Println(end.Time().Sub(start.Time()), end > start)
	// Output:
	// 2024-01-02T03:05:35.0000000Z
	// 1m30s true
}

// The ends of the range (Part 6 §5.2.2.5): the zero time.Time and every
// instant up to 1601 are the null DateTime (MinValue); 9999-12-31T23:59:59Z
// and later are MaxValue, which converts back to 9999-12-31T23:59:59Z.
func ExampleDateTime_limits() {
	fmt.Println(types.DateTimeFromTime(time.Time{}), types.MinDateTime.Time().IsZero())
	fmt.Println(types.DateTimeFromTime(time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)))
	fmt.Println(types.MaxDateTime.Time(), types.DateTimeFromTime(types.MaxDateTime.Time()))
	// Output:
	// MinValue true
	// MinValue
	// 9999-12-31 23:59:59 +0000 UTC MaxValue
}
