package fastpath

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// ErrMismatch is wrapped by the errors Verify returns when a fast path and
// the plan it replaces disagree; it wraps wire.ErrInvalid.
var ErrMismatch = fmt.Errorf("%w: fastpath: the fast path and the plan disagree", wire.ErrInvalid)

// Mismatch is the first disagreement Verify found between the fast paths
// of a Set and the plans of the uabin engine. It wraps ErrMismatch.
type Mismatch struct {
	// Type is the Go type of the samples.
	Type reflect.Type
	// Sample is the index of the sample in Verify's arguments.
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

// Verify checks that the fast paths of s (Default if s is nil) agree with
// the plans the uabin engine builds from the types' fields, on the given
// sample values: the contract of Register is that a fast path produces the
// plan's bytes and accepts the same input. Call it after Register, in a
// test or at start-up, with samples that reach every branch of the fast
// path (nil and empty slices, null and empty strings, absent optional
// fields, large values). T is the type of the samples: a type with a fast
// path in s, or any type that contains one.
//
// For each sample, with uabin.Options.EmptyStrings off and on, Verify
//
//   - encodes it with the fast paths and with the plans only
//     (uabin.Options.DisableFastPaths) and compares the bytes, or the
//     errors;
//   - decodes the plan's bytes in both modes, into a new value and into a
//     value that held the previous sample (the reuse path of a fast path
//     that keeps slices), and compares the values (field by field, with
//     NaN equal to NaN and null Strings told from empty ones) or the
//     errors;
//   - decodes every prefix of the plan's bytes (up to 4096 evenly spread
//     ones for longer encodings) in both modes and compares the errors.
//
// It returns nil if they agree, or a *Mismatch (wrapping ErrMismatch) for
// the first disagreement, with the offset and both bytes of the first byte
// that differs. Verify builds the plans of T with s, so fast paths cannot
// be registered in s for the types involved after it runs. It needs the
// engine, package uabin, in the program.
func Verify[T any](s *Set, samples ...T) error {
	if s == nil {
		s = Default
	}
	t := reflect.TypeFor[T]()
	if erased.Engine == nil {
		return fmt.Errorf("%w: fastpath: Verify needs package github.com/uabin/uabin/uabin in the program", wire.ErrInvalid)
	}
	for _, empty := range []bool{false, true} {
		var prev []byte // the plan's bytes of the previous sample, if it encoded
		for i := range samples {
			m := &Mismatch{Type: t, Sample: i, EmptyStrings: empty, Offset: -1, Fast: -1, Plan: -1}
			pb, perr := erased.Engine.Marshal((*erased.Set)(s), true, empty, &samples[i])
			fb, ferr := erased.Engine.Marshal((*erased.Set)(s), false, empty, &samples[i])
			m.Step, m.FastLen, m.PlanLen = "encoding", len(fb), len(pb)
			if d := errorDiff(ferr, perr); d != "" {
				m.Difference = d
				return m
			}
			if perr != nil {
				prev = nil
				continue
			}
			if !bytes.Equal(fb, pb) {
				m.Offset = firstDiff(fb, pb)
				m.Fast, m.Plan = at(fb, m.Offset), at(pb, m.Offset)
				return m
			}
			if d := decodeDiff[T](s, empty, pb, nil); d != "" {
				m.Step, m.Difference = "decoding", d
				return m
			}
			if prev != nil {
				if d := decodeDiff[T](s, empty, pb, prev); d != "" {
					m.Step, m.Difference = "decoding into a reused value", d
					return m
				}
			}
			step := max(1, len(pb)/4096)
			for n := 0; n < len(pb); n += step {
				if d := decodeDiff[T](s, empty, pb[:n], nil); d != "" {
					m.Step, m.Difference = fmt.Sprintf("decoding the first %d bytes", n), d
					return m
				}
			}
			prev = pb
		}
	}
	return nil
}

// decodeDiff decodes b in both modes, into new values or into values that
// first decoded prev in their mode, and describes the first difference.
func decodeDiff[T any](s *Set, empty bool, b, prev []byte) string {
	var fv, pv T
	if prev != nil {
		ferr := erased.Engine.Unmarshal((*erased.Set)(s), false, empty, prev, &fv)
		perr := erased.Engine.Unmarshal((*erased.Set)(s), true, empty, prev, &pv)
		if d := errorDiff(ferr, perr); d != "" {
			return "decoding the previous sample: " + d
		}
		if d := valueDiff(reflect.ValueOf(&fv).Elem(), reflect.ValueOf(&pv).Elem(), "", 0); d != "" {
			return "decoding the previous sample: " + d
		}
	}
	ferr := erased.Engine.Unmarshal((*erased.Set)(s), false, empty, b, &fv)
	perr := erased.Engine.Unmarshal((*erased.Set)(s), true, empty, b, &pv)
	if d := errorDiff(ferr, perr); d != "" {
		return d
	}
	if ferr != nil {
		return ""
	}
	return valueDiff(reflect.ValueOf(&fv).Elem(), reflect.ValueOf(&pv).Elem(), "", 0)
}

func errorDiff(fast, plan error) string {
	switch {
	case fast == nil && plan == nil:
		return ""
	case fast == nil:
		return fmt.Sprintf("the fast path succeeds where the plan fails with %q", plan)
	case plan == nil:
		return fmt.Sprintf("the fast path fails with %q where the plan succeeds", fast)
	case fast.Error() != plan.Error():
		return fmt.Sprintf("the fast path fails with %q, the plan with %q", fast, plan)
	}
	return ""
}

func firstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

func at(b []byte, i int) int {
	if i < len(b) {
		return int(b[i])
	}
	return -1
}

// valueDiff describes the first difference between the decoded values f
// (fast path) and p (plan), or returns "". Unlike reflect.DeepEqual it
// takes NaN as equal to NaN (the bytes decide) and tells a null String
// from an empty one.
func valueDiff(f, p reflect.Value, path string, depth int) string {
	differ := func(fv, pv any) string {
		where := path
		if where == "" {
			where = "the value"
		}
		return fmt.Sprintf("%s is %s with the fast path and %s with the plan", where, short(fv), short(pv))
	}
	if depth > 1000 {
		return ""
	}
	if f.Kind() != p.Kind() {
		return differ(f.Kind(), p.Kind())
	}
	switch f.Kind() {
	case reflect.Bool:
		if f.Bool() != p.Bool() {
			return differ(f.Bool(), p.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if f.Int() != p.Int() {
			return differ(f.Int(), p.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if f.Uint() != p.Uint() {
			return differ(f.Uint(), p.Uint())
		}
	case reflect.Float32, reflect.Float64:
		a, b := f.Float(), p.Float()
		if a != b && !(math.IsNaN(a) && math.IsNaN(b)) {
			return differ(a, b)
		}
	case reflect.Complex64, reflect.Complex128:
		if f.Complex() != p.Complex() {
			return differ(f.Complex(), p.Complex())
		}
	case reflect.String:
		a, b := f.String(), p.String()
		if a != b {
			return differ(fmt.Sprintf("%q", a), fmt.Sprintf("%q", b))
		}
		if wire.IsEmptyString(a) != wire.IsEmptyString(b) {
			return differ(stringKind(a), stringKind(b))
		}
	case reflect.Pointer, reflect.Interface:
		if f.IsNil() || p.IsNil() {
			if f.IsNil() != p.IsNil() {
				return differ(nilText(f), nilText(p))
			}
			return ""
		}
		if f.Kind() == reflect.Interface && f.Elem().Type() != p.Elem().Type() {
			return differ(f.Elem().Type(), p.Elem().Type())
		}
		return valueDiff(f.Elem(), p.Elem(), path, depth+1)
	case reflect.Slice:
		if f.IsNil() != p.IsNil() {
			return differ(nilText(f), nilText(p))
		}
		fallthrough
	case reflect.Array:
		if f.Len() != p.Len() {
			return differ(fmt.Sprintf("%d elements", f.Len()), fmt.Sprintf("%d elements", p.Len()))
		}
		for i := 0; i < f.Len(); i++ {
			if d := valueDiff(f.Index(i), p.Index(i), fmt.Sprintf("%s[%d]", path, i), depth+1); d != "" {
				return d
			}
		}
	case reflect.Struct:
		for i := 0; i < f.NumField(); i++ {
			name := f.Type().Field(i).Name
			if path != "" {
				name = path + "." + name
			}
			if d := valueDiff(f.Field(i), p.Field(i), name, depth+1); d != "" {
				return d
			}
		}
	default: // maps, channels, functions: the engine refuses them
		if f.CanInterface() && p.CanInterface() && !reflect.DeepEqual(f.Interface(), p.Interface()) {
			return differ(f.Interface(), p.Interface())
		}
	}
	return ""
}

func stringKind(s string) string {
	if wire.IsEmptyString(s) {
		return "an empty String"
	}
	return "a null String"
}

func nilText(v reflect.Value) string {
	if v.IsNil() {
		return "nil"
	}
	if v.Kind() == reflect.Slice {
		return fmt.Sprintf("non-nil (%d elements)", v.Len())
	}
	return "non-nil"
}

func short(v any) string {
	s := fmt.Sprint(v)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
