package wire

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestWithPath: names are joined with dots, indexes are not, a repeated
// segment is counted, and a long path keeps its innermost part.
func TestWithPath(t *testing.T) {
	for _, tc := range []struct {
		elems []string // prepended in this order (innermost first)
		want  string
	}{
		{[]string{"NodeID", "[3]", "NodesToRead", "ReadRequest"}, "ReadRequest.NodesToRead[3].NodeID"},
		{[]string{"[2]", "[1]", "V"}, "V[1][2]"},
		{[]string{"V", "Next", "Next", "Next", "List"}, "List.Next×3.V"},
		{[]string{"Next", "Next"}, "Next×2"},
		{[]string{"X", "[0]", "Children", "[0]", "Children", "[0]", "Children", "T"}, "T.Children[0]×3.X"},
		{[]string{"X", "[1]", "Children", "[0]", "Children"}, "Children[0].Children[1].X"},
		{[]string{"A", "B", "A", "B"}, "B.A.B.A"},
	} {
		err := error(&DecodeError{})
		for _, e := range tc.elems {
			WithPath(err, e)
		}
		if got := err.(*DecodeError).Path; got != tc.want {
			t.Errorf("%v: %q, want %q", tc.elems, got, tc.want)
		}
	}
	// A path that alternates two segments is cut at maxPath: linear time.
	err := &EncodeError{}
	for i := 0; i < 100000; i++ {
		WithPath(err, []string{"A", "B"}[i%2])
	}
	if len(err.Path) > maxPath+10 || !strings.HasPrefix(err.Path, "...") {
		t.Errorf("a long path is %d bytes: %.40s", len(err.Path), err.Path)
	}
}

// TestErrorMessagePrefix: a message says "uabin:" once, also when the
// cause wraps a sentinel at its end.
func TestErrorMessagePrefix(t *testing.T) {
	cause := fmt.Errorf("bad thing: %w", ErrInvalid)
	for _, err := range []error{
		&DecodeError{Offset: 3, Path: "T.A", Err: cause},
		&EncodeError{Path: "T.A", Err: cause},
		&DecodeError{Err: Errorf(ErrInvalid, "%v", &DecodeError{Err: ErrTruncated})},
	} {
		if n := strings.Count(err.Error(), "uabin:"); n != 1 {
			t.Errorf("%q says uabin: %d times", err, n)
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%v does not wrap ErrInvalid", err)
		}
	}
	if got := (&DecodeError{Offset: 3, Path: "T.A", Err: cause}).Error(); got != "uabin: decoding T.A at offset 3: bad thing: invalid value" {
		t.Errorf("message %q", got)
	}
}

// TestErrorPackage: Package is the prefix, said once, also where the cause
// repeats it or says "uabin:"; InPackage sets it on both types and leaves
// other errors alone.
func TestErrorPackage(t *testing.T) {
	own := errors.New("pubsub: security checks failed")
	for _, c := range []struct {
		err  error
		want string
	}{
		{&DecodeError{Offset: 5, Path: "NetworkMessage", Err: Errorf(ErrUnsupported, "UADPVersion 5"), Package: "pubsub"},
			"pubsub: decoding NetworkMessage at offset 5: unsupported: UADPVersion 5"},
		{&DecodeError{Path: "NetworkMessage.Security", Err: fmt.Errorf("%w: signature does not match", own), Package: "pubsub"},
			"pubsub: decoding NetworkMessage.Security at offset 0: security checks failed: signature does not match"},
		{&EncodeError{Err: Errorf(ErrInvalid, "x"), Package: "uajson"}, "uajson: encoding: invalid value: x"},
		{InPackage(&EncodeError{Path: "P.C", Err: Errorf(ErrInvalid, "x")}, "uajson"), "uajson: encoding P.C: invalid value: x"},
		{InPackage(&DecodeError{Offset: 1, Err: Errorf(ErrTruncated, "x")}, "uajson"), "uajson: decoding at offset 1: truncated input: x"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
	if err := InPackage(ErrInvalid, "uajson"); err != ErrInvalid || InPackage(nil, "uajson") != nil {
		t.Error("InPackage changed an error that is not a DecodeError or EncodeError")
	}
}
