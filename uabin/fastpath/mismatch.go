package fastpath

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/uabin/uabin/uabin/wire"
)

// ErrMismatch is wrapped by the errors uabin.VerifyFastPaths returns when
// a fast path and the plan it replaces disagree; it wraps wire.ErrInvalid.
var ErrMismatch = fmt.Errorf("%w: fastpath: the fast path and the plan disagree", wire.ErrInvalid)

// Mismatch is the first disagreement uabin.VerifyFastPaths found between
// the fast paths of a Set and the plans of the uabin engine. It wraps
// ErrMismatch.
type Mismatch struct {
	// Type is the Go type of the samples.
	Type reflect.Type
	// Sample is the index of the sample in VerifyFastPaths' arguments.
	Sample int
	// EmptyStrings is the setting of uabin.Options.EmptyStrings in effect.
	EmptyStrings bool
	// Step says what was being compared: "encoding", "decoding",
	// "decoding into a reused value" (a value that held the previous
	// sample) or "decoding the first N bytes" (a truncated input).
	Step string
	// Offset is the first byte where the encodings differ, and Fast and
	// Plan the bytes there (-1 past the end of the shorter one), when the
	// two encoded without error to different bytes; Offset is -1
	// otherwise.
	Offset, Fast, Plan int
	// FastLen and PlanLen are the lengths of the two encodings.
	FastLen, PlanLen int
	// Difference describes any other difference: the two errors, or the
	// path of the first field of the decoded values that differs and both
	// of its values.
	Difference string
}

// Error describes the mismatch, naming the sample, the step and the byte
// offset or field.
func (m *Mismatch) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "fastpath: %v, sample %d", m.Type, m.Sample)
	if m.EmptyStrings {
		sb.WriteString(" (EmptyStrings)")
	}
	fmt.Fprintf(&sb, ", %s: ", m.Step)
	if m.Offset >= 0 {
		fmt.Fprintf(&sb, "the fast path writes %s at byte %d where the plan writes %s (fast path %d bytes, plan %d)",
			byteText(m.Fast), m.Offset, byteText(m.Plan), m.FastLen, m.PlanLen)
	} else {
		sb.WriteString(m.Difference)
	}
	return sb.String()
}

// Unwrap returns ErrMismatch.
func (m *Mismatch) Unwrap() error { return ErrMismatch }

func byteText(b int) string {
	if b < 0 {
		return "nothing (the end)"
	}
	return fmt.Sprintf("0x%02x", b)
}
