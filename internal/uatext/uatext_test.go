package uatext

import (
	"testing"
	"time"

	"github.com/uabin/uabin/types"
)

func TestParseEnum(t *testing.T) {
	for in, want := range map[string]int32{"Both_2": 2, "7": 7, "-3": -3, "A_B_-2147483648": -2147483648, "X_2147483647": 2147483647, "0": 0} {
		if got, ok := ParseEnum([]byte(in)); !ok || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "Both", "Both_", "_", "X_2147483648", "X_-2147483649", "X_007", "X_1a", "X_-", "X_99999999999999999999", "X_+1"} {
		if got, ok := ParseEnum([]byte(in)); ok {
			t.Errorf("%q: %d, want no value", in, got)
		}
	}
}

func TestAppendEnum(t *testing.T) {
	if got := string(AppendEnum(nil, "Both", 2)); got != "Both_2" {
		t.Errorf("%s", got)
	}
	if got := string(AppendEnum([]byte("x"), "", -7)); got != "x-7" {
		t.Errorf("%s", got)
	}
}

func TestDateTimeText(t *testing.T) {
	var c DateTimeText
	for _, x := range []struct {
		t    types.DateTime
		want string
	}{
		{types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)), "2024-01-02T03:04:05.1234567Z"},
		{types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 100000000, time.UTC)), "2024-01-02T03:04:05.1Z"},
		{types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 6, 0, time.UTC)), "2024-01-02T03:04:06Z"},
		{1, "1601-01-01T00:00:00.0000001Z"},
		{types.EndOfTimeTicks, MaxDateTimeText},
		{types.MaxDateTime, MaxDateTimeText},
	} {
		got := string(c.Append(nil, x.t))
		if got != x.want {
			t.Errorf("%d: %s, want %s", x.t, got, x.want)
		}
		wantBack := x.t
		if x.t >= types.EndOfTimeTicks {
			wantBack = types.MaxDateTime
		}
		if back, ok := ParseDateTime([]byte(got)); !ok || back != wantBack {
			t.Errorf("%s reads back as %d, %v", got, back, ok)
		}
	}
	for in, want := range map[string]types.DateTime{
		"0001-01-01T00:00:00Z": 0, "1601-01-01T00:00:00Z": 0, "30828-09-14T02:48:05.4775807Z": types.MaxDateTime,
		"2002-10-10T00:00:00+05:00": types.DateTimeFromTime(time.Date(2002, 10, 9, 19, 0, 0, 0, time.UTC)),
	} {
		if got, ok := ParseDateTime([]byte(in)); !ok || got != want {
			t.Errorf("%s: %d %v, want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"2002-10-09T19:00:00", "2002-13-09T19:00:00Z", "2002-02-30T19:00:00Z", "x"} {
		if _, ok := ParseDateTime([]byte(in)); ok {
			t.Errorf("%s: read", in)
		}
	}
}
