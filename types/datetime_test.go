package types_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
)

// t0 is the benchmark instant T0 of docs/workloads.md.
var t0 = time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)

const t0Ticks types.DateTime = 133486382451234567

func TestDateTimeConstants(t *testing.T) {
	if got := types.DateTimeFromTime(time.Unix(0, 0)); got != types.UnixEpochTicks {
		t.Errorf("Unix epoch = %d, want %d", got, types.UnixEpochTicks)
	}
	if types.UnixEpochTicks != 116444736000000000 {
		t.Errorf("UnixEpochTicks = %d", types.UnixEpochTicks)
	}
	end := time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
	// EndOfTimeTicks computed independently: seconds from 1601 to the end.
	sec := end.Unix() - time.Date(1601, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	if want := types.DateTime(sec * 10_000_000); types.EndOfTimeTicks != want {
		t.Errorf("EndOfTimeTicks = %d, want %d", types.EndOfTimeTicks, want)
	}
	if types.EndOfTimeTicks != 2650467743990000000 { // Part 6 §5.2.2.5
		t.Errorf("EndOfTimeTicks = %d", types.EndOfTimeTicks)
	}
	if types.MinDateTime != 0 || types.MaxDateTime != math.MaxInt64 {
		t.Errorf("MinDateTime %d MaxDateTime %d", types.MinDateTime, types.MaxDateTime)
	}
}

func TestDateTimeFromTime(t *testing.T) {
	cet := time.FixedZone("CET", 3600)
	tests := []struct {
		name string
		in   time.Time
		want types.DateTime
	}{
		{"zero time.Time", time.Time{}, 0},
		{"year 1 with nanoseconds", time.Time{}.Add(1), 0},
		{"before 1601", time.Date(1600, 12, 31, 23, 59, 59, 999999999, time.UTC), 0},
		{"exactly 1601", time.Date(1601, 1, 1, 0, 0, 0, 0, time.UTC), 0},
		{"1601 plus 99 ns (floor)", time.Date(1601, 1, 1, 0, 0, 0, 99, time.UTC), 0},
		{"1601 plus 100 ns", time.Date(1601, 1, 1, 0, 0, 0, 100, time.UTC), 1},
		{"1601 plus 1 s", time.Date(1601, 1, 1, 0, 0, 1, 0, time.UTC), 10_000_000},
		{"Unix epoch", time.Unix(0, 0), types.UnixEpochTicks},
		{"just before Unix epoch (floor)", time.Unix(0, -1), types.UnixEpochTicks - 1},
		{"1969 minus 150 ns (floor)", time.Unix(0, -150), types.UnixEpochTicks - 2},
		{"T0", t0, t0Ticks},
		{"T0 plus 99 ns", t0.Add(99), t0Ticks},
		{"T0 in another zone", t0.In(cet), t0Ticks},
		{"last tick before the end", time.Date(9999, 12, 31, 23, 59, 58, 999999999, time.UTC), types.EndOfTimeTicks - 1},
		{"end of time", time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC), math.MaxInt64},
		{"end of time in a zone east of UTC", time.Date(10000, 1, 1, 0, 59, 59, 0, cet), math.MaxInt64},
		{"just before the end, in a zone", time.Date(10000, 1, 1, 0, 59, 58, 0, cet), types.EndOfTimeTicks - 10_000_000},
		{"year 30000", time.Date(30000, 1, 1, 0, 0, 0, 0, time.UTC), math.MaxInt64},
		{"far future", time.Unix(math.MaxInt64/2, 0), math.MaxInt64},
		{"far past", time.Unix(math.MinInt64/2, 0), 0},
		{"min Unix seconds", time.Unix(math.MinInt64, 0), 0},
		{"largest valid Unix seconds", time.Unix(math.MaxInt64-62135596800, 999999999), math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := types.DateTimeFromTime(tt.in); got != tt.want {
				t.Errorf("DateTimeFromTime(%v) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestDateTimeTime(t *testing.T) {
	end := time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
	tests := []struct {
		name string
		in   types.DateTime
		want time.Time
	}{
		{"MinValue", 0, time.Time{}},
		{"negative", -1, time.Time{}},
		{"MinInt64", math.MinInt64, time.Time{}},
		{"one tick", 1, time.Date(1601, 1, 1, 0, 0, 0, 100, time.UTC)},
		{"Unix epoch", types.UnixEpochTicks, time.Unix(0, 0).UTC()},
		{"before Unix epoch", types.UnixEpochTicks - 1, time.Date(1969, 12, 31, 23, 59, 59, 999999900, time.UTC)},
		{"T0", t0Ticks, t0},
		{"last tick before the end", types.EndOfTimeTicks - 1, time.Date(9999, 12, 31, 23, 59, 58, 999999900, time.UTC)},
		{"end of time", types.EndOfTimeTicks, end},
		{"above end of time", types.EndOfTimeTicks + 1, end},
		{"MaxValue", math.MaxInt64, end},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in.Time()
			if got != tt.want { // == also checks the location is UTC (nil)
				t.Errorf("DateTime(%d).Time() = %v, want %v", int64(tt.in), got, tt.want)
			}
			if !got.IsZero() && got.Location() != time.UTC {
				t.Errorf("location %v, want UTC", got.Location())
			}
		})
	}
}

// TestDateTimeRoundTripProperty checks that for random instants inside the
// range, DateTimeFromTime(t).Time() is t truncated to 100 ns, and that for
// random ticks inside the range, DateTimeFromTime(d.Time()) is d.
func TestDateTimeRoundTripProperty(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	lo := time.Date(1601, 1, 1, 0, 0, 0, 1, time.UTC).Unix()
	hi := time.Date(9999, 12, 31, 23, 59, 58, 0, time.UTC).Unix()
	zones := []*time.Location{time.UTC, time.FixedZone("X", -11*3600), time.FixedZone("Y", 14*3600+1800)}
	for i := 0; i < 200000; i++ {
		sec := lo + rng.Int63n(hi-lo)
		ns := rng.Int63n(1e9)
		if i%7 == 0 {
			ns = ns / 100 * 100 // exact ticks
		}
		tm := time.Unix(sec, ns).In(zones[i%len(zones)])
		d := types.DateTimeFromTime(tm)
		if got, want := d.Time(), tm.Truncate(100).UTC(); got != want {
			t.Fatalf("round trip of %v: got %v (ticks %d), want %v", tm, got, int64(d), want)
		}
		tick := types.DateTime(1 + rng.Int63n(int64(types.EndOfTimeTicks)-1))
		if got := types.DateTimeFromTime(tick.Time()); got != tick {
			t.Fatalf("ticks %d: round trip gave %d", tick, got)
		}
	}
}

// TestDateTimeClampProperty checks every int64 region: the round trip
// through time.Time gives the clamped value.
func TestDateTimeClampProperty(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 100000; i++ {
		d := types.DateTime(rng.Uint64())
		got := types.DateTimeFromTime(d.Time())
		var want types.DateTime
		switch {
		case d <= 0:
			want = 0
		case d >= types.EndOfTimeTicks:
			want = types.MaxDateTime
		default:
			want = d
		}
		if got != want {
			t.Fatalf("DateTimeFromTime(DateTime(%d).Time()) = %d, want %d", d, got, want)
		}
	}
}

func FuzzDateTime(f *testing.F) {
	for _, s := range []int64{0, 1, -1, math.MaxInt64, math.MinInt64, int64(t0Ticks), int64(types.EndOfTimeTicks)} {
		f.Add(s, s, int64(0))
	}
	f.Fuzz(func(t *testing.T, ticks, sec, nsec int64) {
		d := types.DateTime(ticks)
		back := types.DateTimeFromTime(d.Time())
		if d > 0 && d < types.EndOfTimeTicks && back != d {
			t.Fatalf("DateTime %d: round trip %d", d, back)
		}
		_ = d.String()
		tm := time.Unix(sec, nsec)
		got := types.DateTimeFromTime(tm)
		if got < 0 {
			t.Fatalf("DateTimeFromTime(%v) = %d < 0", tm, got)
		}
		if got > 0 && got < types.MaxDateTime {
			if want := tm.Truncate(100).UTC(); got.Time() != want {
				t.Fatalf("DateTimeFromTime(%v).Time() = %v, want %v", tm, got.Time(), want)
			}
		}
	})
}

func TestDateTimeString(t *testing.T) {
	tests := []struct {
		in   types.DateTime
		want string
	}{
		{0, "MinValue"},
		{math.MaxInt64, "MaxValue"},
		{-5, "DateTime(-5)"},
		{1, "1601-01-01T00:00:00.0000001Z"},
		{t0Ticks, "2024-01-02T03:04:05.1234567Z"},
		{types.UnixEpochTicks, "1970-01-01T00:00:00.0000000Z"},
		{types.EndOfTimeTicks, "9999-12-31T23:59:59.0000000Z"},
		{types.EndOfTimeTicks + 10_000_000, "10000-01-01T00:00:00.0000000Z"},
		{math.MaxInt64 - 1, "30828-09-14T02:48:05.4775806Z"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("DateTime(%d).String() = %q, want %q", int64(tt.in), got, tt.want)
		}
	}
}

func TestDateTimeNowAndIsNull(t *testing.T) {
	before := time.Now().Truncate(100)
	now := types.Now()
	after := time.Now()
	if tm := now.Time(); tm.Before(before) || tm.After(after) {
		t.Errorf("Now() = %v, not within [%v, %v]", tm, before, after)
	}
	mono := time.Now() // carries a monotonic reading
	if types.DateTimeFromTime(mono) != types.DateTimeFromTime(mono.Round(0)) {
		t.Error("monotonic reading changes the result")
	}
	if now.IsNull() || !types.DateTime(0).IsNull() || types.DateTime(-1).IsNull() {
		t.Error("IsNull")
	}
}

func ExampleDateTimeFromTime() {
	t := time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC)
	d := types.DateTimeFromTime(t)
	fmt.Println(int64(d))
	fmt.Println(d)
	fmt.Println(d.Time())
	fmt.Println(types.DateTimeFromTime(time.Time{}), types.DateTimeFromTime(time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC)))
	// Output:
	// 133486382451234567
	// 2024-01-02T03:04:05.1234567Z
	// 2024-01-02 03:04:05.1234567 +0000 UTC
	// MinValue MaxValue
}

func ExampleDateTime_Time() {
	fmt.Println(types.DateTime(0).Time().IsZero())
	fmt.Println(types.MaxDateTime.Time())
	// Output:
	// true
	// 9999-12-31 23:59:59 +0000 UTC
}

func BenchmarkDateTimeFromTime(b *testing.B) {
	b.ReportAllocs()
	var d types.DateTime
	for i := 0; i < b.N; i++ {
		d = types.DateTimeFromTime(t0)
	}
	_ = d
}

func BenchmarkDateTimeTime(b *testing.B) {
	b.ReportAllocs()
	var tm time.Time
	for i := 0; i < b.N; i++ {
		tm = t0Ticks.Time()
	}
	_ = tm
}
