package uabin

import (
	"bytes"
	"fmt"
	"math"
	"reflect"

	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// VerifyFastPaths checks that the fast paths of s (fastpath.Default if s
// is nil) agree with the plans this package builds from the types' fields,
// on the given sample values: the contract of fastpath.Register is that a
// fast path produces the plan's bytes and accepts the same input. Call it
// after Register, in a test or at start-up, with samples that reach every
// branch of the fast path (nil and empty slices, null and empty strings,
// absent optional fields, large values). T is the type of the samples: a
// type with a fast path in s, or any type that contains one.
//
// For each sample, with Options.EmptyStrings off and on, VerifyFastPaths
//
//   - encodes it with the fast paths and with the plans only
//     (Options.DisableFastPaths) and compares the bytes, or the errors;
//   - decodes the plan's bytes in both modes, into a new value and into a
//     value that held the previous sample (the reuse path of a fast path
//     that keeps slices), and compares the values (field by field, with
//     NaN equal to NaN and null Strings told from empty ones) or the
//     errors;
//   - decodes every prefix of the plan's bytes (up to 4096 evenly spread
//     ones for longer encodings) in both modes and compares the errors.
//
// It returns nil if they agree, or a *fastpath.Mismatch (wrapping
// fastpath.ErrMismatch) for the first disagreement, with the offset and
// both bytes of the first byte that differs. VerifyFastPaths builds the
// plans of T with s, so fast paths cannot be registered in s for the types
// involved after it runs.
func VerifyFastPaths[T any](s *fastpath.Set, samples ...T) error {
	if s == nil {
		s = fastpath.Default
	}
	t := reflect.TypeFor[T]()
	for _, empty := range []bool{false, true} {
		var prev []byte // the plan's bytes of the previous sample, if it encoded
		for i := range samples {
			m := &fastpath.Mismatch{Type: t, Sample: i, EmptyStrings: empty, Offset: -1, Fast: -1, Plan: -1}
			pb, perr := verifyOptions(s, true, empty).Marshal(&samples[i])
			fb, ferr := verifyOptions(s, false, empty).Marshal(&samples[i])
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

// verifyOptions are the options VerifyFastPaths compares: the fast paths
// of s, or the plans only (plan), with or without EmptyStrings.
func verifyOptions(s *fastpath.Set, plan, empty bool) Options {
	return Options{FastPaths: s, DisableFastPaths: plan, EmptyStrings: empty}
}

// decodeDiff decodes b in both modes, into new values or into values that
// first decoded prev in their mode, and describes the first difference.
func decodeDiff[T any](s *fastpath.Set, empty bool, b, prev []byte) string {
	var fv, pv T
	if prev != nil {
		ferr := verifyOptions(s, false, empty).Unmarshal(prev, &fv)
		perr := verifyOptions(s, true, empty).Unmarshal(prev, &pv)
		if d := errorDiff(ferr, perr); d != "" {
			return "decoding the previous sample: " + d
		}
		if d := valueDiff(reflect.ValueOf(&fv).Elem(), reflect.ValueOf(&pv).Elem(), "", 0); d != "" {
			return "decoding the previous sample: " + d
		}
	}
	ferr := verifyOptions(s, false, empty).Unmarshal(b, &fv)
	perr := verifyOptions(s, true, empty).Unmarshal(b, &pv)
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
