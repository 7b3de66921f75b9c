package uajson_test

import (
	"testing"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uajson"
)

// TestDateTimeSecondCache: the encoder keeps the text of the second met
// last; DateTimes in the same second, the next second, another day and
// back again each get their own text.
func TestDateTimeSecondCache(t *testing.T) {
	at := func(s string) types.DateTime {
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return types.DateTimeFromTime(tm)
	}
	v := []types.DateTime{
		at("2024-01-02T03:04:05.1234567Z"),
		at("2024-01-02T03:04:05.5Z"),
		at("2024-01-02T03:04:06Z"),
		at("2024-01-02T23:59:59.9999999Z"),
		at("2024-01-03T00:00:00Z"),
		at("2024-01-02T03:04:05.1234567Z"),
		at("1601-01-01T00:00:01Z"),
	}
	const want = `["2024-01-02T03:04:05.1234567Z","2024-01-02T03:04:05.5Z","2024-01-02T03:04:06Z",` +
		`"2024-01-02T23:59:59.9999999Z","2024-01-03T00:00:00Z","2024-01-02T03:04:05.1234567Z","1601-01-01T00:00:01Z"]`
	for i := 0; i < 2; i++ { // twice: the second call starts with the cache of the first
		got, err := uajson.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
	}
}
