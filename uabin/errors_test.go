package uabin

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// decodeErr decodes b into a new T and returns the *DecodeError.
func decodeErr[T any](t *testing.T, o Options, b []byte) *DecodeError {
	t.Helper()
	var v T
	err := o.Unmarshal(b, &v)
	if err == nil {
		t.Fatalf("Unmarshal(% x) into %T succeeded, want an error", b, v)
	}
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("error %v (%T) is not a *DecodeError", err, err)
	}
	if !strings.HasPrefix(err.Error(), "uabin: ") {
		t.Errorf("error %q lacks the uabin: prefix", err)
	}
	return de
}

// TestDecodeErrors: the offset of an error is the first byte of the value
// that is wrong (an encoding byte, a mask, a length, a switch), in both
// modes; offset_test.go has the same points inside a structure.
func TestDecodeErrors(t *testing.T) {
	req := w4Request(5)
	body, err := Options{}.Marshal(&req)
	if err != nil {
		t.Fatal(err)
	}
	// Offset of NodesToRead[3].NodeID: cut the input inside it.
	prefix := w4Request(3)
	cut, _ := Marshal(&prefix)
	// cut ends after NodesToRead[2]; its length prefix says 3, the full one 5:
	// the 4th element (index 3) starts at len(cut).
	truncated := body[:len(cut)+3]

	tests := []struct {
		name   string
		decode func(o Options) *DecodeError
		kind   error
		offset int
		path   string
	}{
		{"truncated/ReadRequest.NodesToRead[3].NodeID", func(o Options) *DecodeError { return decodeErr[ReadRequest](t, o, truncated) },
			ErrTruncated, len(cut) + 3, "ReadRequest.NodesToRead[3].NodeID"},
		{"truncated/int32", func(o Options) *DecodeError { return decodeErr[int32](t, o, hx("01 02")) }, ErrTruncated, 0, ""},
		{"leftover", func(o Options) *DecodeError { return decodeErr[int32](t, o, hx("01 02 03 04 05")) }, ErrInvalid, 4, ""},
		{"array-length-0x7fffffff", func(o Options) *DecodeError {
			return decodeErr[[]int32](t, Options{Limits: Limits{MaxArrayLength: -1}}, hx("ff ff ff 7f 01 02 03 04"))
		}, ErrTruncated, 0, ""},
		{"array-length-above-limit", func(o Options) *DecodeError { return decodeErr[[]int32](t, o, hx("ff ff ff 7f 01 02 03 04")) }, ErrLimitExceeded, 0, ""},
		{"string-length-0x7fffffff", func(o Options) *DecodeError {
			return decodeErr[string](t, Options{Limits: Limits{MaxStringLength: -1}}, hx("ff ff ff 7f 61 62 63 64"))
		}, ErrTruncated, 0, ""},
		{"bytestring-length-0x7fffffff", func(o Options) *DecodeError { return decodeErr[[]byte](t, o, hx("ff ff ff 7f 61 62 63 64")) }, ErrLimitExceeded, 0, ""},
		{"negative-length", func(o Options) *DecodeError { return decodeErr[[]int32](t, o, hx("fe ff ff ff")) }, ErrInvalid, 0, ""},
		{"string-limit", func(o Options) *DecodeError {
			return decodeErr[Prims](t, Options{Limits: Limits{MaxStringLength: 2}}, primsWire)
		}, ErrLimitExceeded, len(primsWire) - 10, "Prims.S"},
		{"fixed-array-length", func(o Options) *DecodeError { return decodeErr[[2]int32](t, o, hx("01 00 00 00 05 00 00 00")) }, ErrInvalid, 0, ""},
		{"nodeid-form", func(o Options) *DecodeError { return decodeErr[types.NodeID](t, o, hx("06 00")) }, ErrInvalid, 0, "NodeID"},
		{"nodeid-flags", func(o Options) *DecodeError { return decodeErr[types.NodeID](t, o, hx("80 00")) }, ErrInvalid, 0, "NodeID"},
		{"variant-dims-without-array", func(o Options) *DecodeError { return decodeErr[types.Variant](t, o, hx("46 01 00 00 00")) }, ErrInvalid, 0, "Variant"},
		{"variant-scalar-variant", func(o Options) *DecodeError { return decodeErr[types.Variant](t, o, hx("18 00")) }, ErrInvalid, 0, "Variant"},
		{"variant-diagnosticinfo", func(o Options) *DecodeError { return decodeErr[types.Variant](t, o, hx("19 00")) }, ErrInvalid, 0, "Variant"},
		{"variant-type-40", func(o Options) *DecodeError { return decodeErr[types.Variant](t, o, hx("28 00")) }, ErrInvalid, 0, "Variant"},
		{"variant-dims-product", func(o Options) *DecodeError {
			return decodeErr[types.Variant](t, o, hx("c3 02 00 00 00 01 02 02 00 00 00 02 00 00 00 02 00 00 00"))
		}, ErrInvalid, 7, "Variant"},
		{"variant-one-dim", func(o Options) *DecodeError {
			return decodeErr[types.Variant](t, o, hx("c3 02 00 00 00 01 02 01 00 00 00 02 00 00 00"))
		}, ErrInvalid, 7, "Variant"},
		{"variant-null-array-with-dims", func(o Options) *DecodeError {
			return decodeErr[types.Variant](t, o, hx("c3 ff ff ff ff 02 00 00 00 01 00 00 00 01 00 00 00"))
		}, ErrInvalid, 1, "Variant"},
		{"datavalue-bit-0x40", func(o Options) *DecodeError { return decodeErr[types.DataValue](t, o, hx("40")) }, ErrInvalid, 0, "DataValue"},
		{"localizedtext-bit-0x04", func(o Options) *DecodeError { return decodeErr[types.LocalizedText](t, o, hx("04")) }, ErrInvalid, 0, "LocalizedText"},
		{"diagnosticinfo-bit-0x80", func(o Options) *DecodeError { return decodeErr[types.DiagnosticInfo](t, o, hx("80")) }, ErrInvalid, 0, "DiagnosticInfo"},
		{"extensionobject-encoding-3", func(o Options) *DecodeError { return decodeErr[types.ExtensionObject](t, o, hx("00 00 03")) }, ErrInvalid, 2, "ExtensionObject"},
		{"extensionobject-negative-length", func(o Options) *DecodeError {
			return decodeErr[types.ExtensionObject](t, o, hx("00 05 01 fe ff ff ff")) // -2 (-1 is the legacy empty body)
		}, ErrInvalid, 3, "ExtensionObject"},
		{"extensionobject-length-above-limit", func(o Options) *DecodeError {
			return decodeErr[types.ExtensionObject](t, o, hx("00 05 01 ff ff ff 7f 00 00 00 00"))
		}, ErrLimitExceeded, 3, "ExtensionObject"},
		{"extensionobject-body-left-over", func(o Options) *DecodeError {
			return decodeErr[types.ExtensionObject](t, Options{Types: testRegistry}, hx("01 00 2a 01 01 11 00 00 00", argumentBody, "00"))
		}, ErrInvalid, 25, "ExtensionObject"},
		{"optional-unowned-bit", func(o Options) *DecodeError { return decodeErr[Optionals](t, o, hx("08 00 00 00")) }, ErrInvalid, 0, "Optionals"},
		{"stored-mask-unowned-bit", func(o Options) *DecodeError { return decodeErr[Stored](t, o, hx("02 00 00 00")) }, ErrInvalid, 0, "Stored.M"},
		{"union-switch-out-of-range", func(o Options) *DecodeError { return decodeErr[Union](t, o, hx("04 00 00 00")) }, ErrInvalid, 0, "Union.Switch"},
		{"int-wire-type-out-of-range", func(o Options) *DecodeError {
			return decodeErr[struct {
				U uint `ua:"SByte"`
			}](t, o, hx("ff"))
		}, ErrInvalid, 0, "U"},
		{"message-size", func(o Options) *DecodeError {
			return decodeErr[[]byte](t, Options{Limits: Limits{MaxMessageSize: 4}}, hx("01 00 00 00 01"))
		}, ErrLimitExceeded, 0, ""},
	}
	for _, tt := range tests {
		for _, o := range []Options{{}, {DisableFastPaths: true}} {
			t.Run(tt.name+"/"+optsName(o), func(t *testing.T) {
				de := tt.decode(o)
				if !errors.Is(de, tt.kind) {
					t.Errorf("error %v does not wrap %v", de, tt.kind)
				}
				if de.Offset != tt.offset {
					t.Errorf("offset %d, want %d (%v)", de.Offset, tt.offset, de)
				}
				if !pathMatches(de.Path, tt.path) {
					t.Errorf("path %q, want %q (%v)", de.Path, tt.path, de)
				}
			})
		}
	}
}

// TestDepthBombs feeds nesting far beyond MaxDepth through every path that
// counts a level: Variant arrays of Variants, DataValues in Variants,
// DiagnosticInfo chains, ExtensionObject bodies and recursive user types.
func TestDepthBombs(t *testing.T) {
	const levels = 100000
	variants := bytes.Repeat(hx("98 01 00 00 00"), levels)
	diags := bytes.Repeat(hx("40"), levels)
	dataValues := bytes.Repeat(hx("01 17"), levels)
	nodes := bytes.Repeat(hx("01 00 00 00 07 00 00 00"), levels)
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		for name, f := range map[string]func() error{
			"Variant":        func() error { var v types.Variant; return o.Unmarshal(variants, &v) },
			"DiagnosticInfo": func() error { var v types.DiagnosticInfo; return o.Unmarshal(diags, &v) },
			"DataValue":      func() error { var v types.DataValue; return o.Unmarshal(dataValues, &v) },
			"Node":           func() error { var v Node; return o.Unmarshal(nodes, &v) },
		} {
			err := f()
			if !errors.Is(err, ErrLimitExceeded) {
				t.Errorf("%s/%s: %v, want ErrLimitExceeded", name, optsName(o), err)
			}
		}
	}
	// The limit counts levels exactly: MaxDepth Variants nest, one more does not.
	for _, o := range []Options{{Limits: Limits{MaxDepth: 5}}, {Limits: Limits{MaxDepth: 5}, DisableFastPaths: true}} {
		ok := append(bytes.Repeat(hx("98 01 00 00 00"), 4), 0x06, 1, 0, 0, 0)
		var v types.Variant
		if err := o.Unmarshal(ok, &v); err != nil {
			t.Errorf("%s: 5 levels: %v", optsName(o), err)
		}
		bad := append(bytes.Repeat(hx("98 01 00 00 00"), 5), 0x06, 1, 0, 0, 0)
		if err := o.Unmarshal(bad, &v); !errors.Is(err, ErrLimitExceeded) {
			t.Errorf("%s: 6 levels: %v, want ErrLimitExceeded", optsName(o), err)
		}
	}
	// Encoding a cyclic value stops at MaxDepth instead of overflowing the stack.
	n := &Node{V: 1}
	n.Next = n
	if _, err := Marshal(n); !errors.Is(err, ErrLimitExceeded) {
		t.Errorf("cyclic Node: %v, want ErrLimitExceeded", err)
	}
	// "No limit" is still capped, so that the stack never overflows.
	unlimited := Options{Limits: Limits{MaxDepth: -1, MaxMessageSize: -1}, DisableFastPaths: true}
	if _, err := unlimited.Marshal(n); !errors.Is(err, ErrLimitExceeded) {
		t.Errorf("cyclic Node, MaxDepth -1: %v, want ErrLimitExceeded", err)
	}
	var d types.DiagnosticInfo
	err := unlimited.Unmarshal(bytes.Repeat(hx("40"), 2*wire.HardMaxDepth), &d)
	if !errors.Is(err, ErrLimitExceeded) {
		t.Errorf("DiagnosticInfo bomb, MaxDepth -1: %v, want ErrLimitExceeded", err)
	}
	var de *DecodeError
	// The path counts the levels instead of repeating them.
	if errors.As(err, &de) && de.Path != "DiagnosticInfo.InnerDiagnosticInfo×"+strconv.Itoa(wire.HardMaxDepth) {
		t.Errorf("the path of a deep failure is %d bytes: %.80s", len(de.Path), de.Path)
	}
}

// big40 is 1<<40, an int64 variable so that the tests compile where int
// has 32 bits.
var big40 int64 = 1 << 40

func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		name string
		v    any
		kind error
		path string
	}{
		{"stored-mask-unowned", &Stored{M: 2}, ErrInvalid, "Stored.M"},
		{"switch-out-of-range", &Union{Switch: 9}, ErrInvalid, "Union.Switch"},
		{"int-does-not-fit", &IntTags{A: int(big40)}, ErrInvalid, "IntTags.A"},
		{"int-negative-unsigned", &struct {
			X int `ua:"UInt32"`
		}{-1}, ErrInvalid, "X"},
		{"variant-scalar-variant", ptr(vRaw(types.TypeVariant, false, types.Variant{}, nil)), ErrInvalid, "Variant"},
		{"variant-wrong-go-type", ptr(vRaw(types.TypeInt32, true, []int64{1}, nil)), ErrInvalid, "Variant"},
		{"variant-bad-dims", ptr(vRaw(types.TypeInt32, true, []int32{1, 2, 3}, []int32{2, 2})), ErrInvalid, "Variant"},
		{"variant-one-dim", ptr(vRaw(types.TypeInt32, true, []int32{1, 2}, []int32{2})), ErrInvalid, "Variant"},
		{"diagnosticinfo-bit-0x80", &types.DiagnosticInfo{Mask: 0x80}, ErrInvalid, "DiagnosticInfo"},
		{"extensionobject-unregistered", &types.ExtensionObject{Value: &Skip{}}, ErrUnknownType, "ExtensionObject"},
		{"extensionobject-uri-not-in-table", &Rich{EO: types.ExtensionObject{Value: &Prims{}}}, ErrUnknownType, "Rich.EO"},
		{"nested-path", &ReadRequest{NodesToRead: []ReadValueID{{}, {DataEncoding: types.QualifiedName{}}, {}}}, nil, ""},
		{"unsupported-map", map[string]int{}, ErrUnsupported, ""},
		{"unsupported-field", &struct{ A struct{ M map[int]int } }{}, ErrUnsupported, "A.M"},
		{"unsupported-chan", &struct{ C chan int }{}, ErrUnsupported, "C"},
		{"unsupported-func", &struct{ F func() }{}, ErrUnsupported, "F"},
		{"unsupported-complex", &struct{ Z complex128 }{}, ErrUnsupported, "Z"},
		{"unsupported-interface", &struct{ I any }{}, ErrUnsupported, "I"},
		{"unsupported-int", &struct{ N []int }{}, ErrUnsupported, "N[]"},
		{"bad-tag", &struct {
			S string `ua:"Int32"`
		}{}, ErrUnsupported, "S"},
		{"bad-option", &struct {
			S string `ua:"bogus"`
		}{}, ErrUnsupported, "S"},
		{"bit-without-mask", &struct {
			S string `ua:"bit=1"`
		}{}, ErrUnsupported, "S"},
		{"raw-on-slice", &struct {
			S []int32 `ua:"raw"`
		}{}, ErrUnsupported, "S"},
	}
	for _, tt := range tests {
		if tt.name == "int-does-not-fit" && strconv.IntSize == 32 {
			continue // every int fits an Int32
		}
		for _, o := range []Options{{Types: testRegistry}, {Types: testRegistry, DisableFastPaths: true}} {
			b := []byte{1, 2, 3}
			out, err := o.Append(b[:2], tt.v)
			if tt.kind == nil {
				if err != nil {
					t.Errorf("%s: %v", tt.name, err)
				}
				continue
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("%s/%s: %v, want %v", tt.name, optsName(o), err, tt.kind)
				continue
			}
			var ee *EncodeError
			if !errors.As(err, &ee) {
				t.Errorf("%s: %T is not an *EncodeError", tt.name, err)
				continue
			}
			if !pathMatches(ee.Path, tt.path) {
				t.Errorf("%s/%s: path %q, want %q (%v)", tt.name, optsName(o), ee.Path, tt.path, err)
			}
			if !bytes.Equal(out, []byte{1, 2}) {
				t.Errorf("%s: Append returned % x, want the original buffer 01 02", tt.name, out)
			}
			if !strings.HasPrefix(err.Error(), "uabin: ") {
				t.Errorf("%s: %q lacks the uabin: prefix", tt.name, err)
			}
		}
	}
	// A plan error names the Go type.
	_, err := Marshal(&struct{ A struct{ M map[int]int } }{})
	if err == nil || !strings.Contains(err.Error(), "map[int]int") {
		t.Errorf("plan error %v does not name the Go type", err)
	}
	// Decoding needs a non-nil pointer.
	for _, v := range []any{nil, 5, (*int32)(nil)} {
		if err := Unmarshal(hx("00"), v); !errors.Is(err, ErrUnsupported) {
			t.Errorf("Unmarshal into %#v: %v, want ErrUnsupported", v, err)
		}
	}
}

// pathMatches accepts the expected path or a longer one below it: a fast
// path reports errors at the value it handles, the plan at the field inside
// it (DiagnosticInfo vs DiagnosticInfo.Mask).
func pathMatches(got, want string) bool {
	return got == want || strings.HasPrefix(got, want+".")
}

func TestDecodeMessageSizeLimit(t *testing.T) {
	o := Options{Limits: Limits{MaxMessageSize: 6}}
	var b []byte
	if _, err := o.Decode(hx("04 00 00 00 01 02 03 04"), &b); !errors.Is(err, ErrLimitExceeded) {
		t.Errorf("Decode of a value larger than MaxMessageSize: %v, want ErrLimitExceeded", err)
	}
	if n, err := o.Decode(hx("01 00 00 00 01 02 03 04"), &b); err != nil || n != 5 {
		t.Errorf("Decode of a small value from a large input = %d, %v", n, err)
	}
}
