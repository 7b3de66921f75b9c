package fastpath

import (
	"encoding/hex"
	"errors"
	"github.com/uabin/uabin/uabin/internal/bulk"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// decodeErr is one decoder rule broken: the input, the limits and the
// sentinel the error must wrap.
type decodeErr struct {
	name   string
	wire   string
	limits wire.Limits
	kind   error
	run    func(r *wire.Reader)
}

func bad[T any](name string, f fns[T], hexWire string, kind error) decodeErr {
	return decodeErr{name: name, wire: hexWire, kind: kind, run: func(r *wire.Reader) {
		var v T
		f.consume(r, &v)
	}}
}

func (d decodeErr) with(l wire.Limits) decodeErr { d.limits = l; return d }

// nest returns n copies of prefix followed by tail.
func nest(prefix string, n int, tail string) string { return strings.Repeat(prefix, n) + tail }

// nestedNamed returns an ExtensionObject holding a named body whose
// Variant holds the next one, levels deep (two nesting levels each).
func nestedNamed(levels int) string {
	b := unhex("00 00 00")
	for i := 0; i < levels; i++ {
		body := append(unhex(str("n")+"16"), b...)
		head := unhex("03 02 00" + str("Named") + "01")
		head = append(head, byte(len(body)), byte(len(body)>>8), byte(len(body)>>16), 0)
		b = append(head, body...)
	}
	return hex.EncodeToString(b)
}

var unlimited = wire.Limits{MaxArrayLength: -1, MaxStringLength: -1, MaxByteStringLength: -1}

func decodeErrors() []decodeErr {
	return []decodeErr{
		bad("NodeId/Empty", nodeIDFns, "", wire.ErrTruncated),
		bad("NodeId/Form6", nodeIDFns, "06 00", wire.ErrInvalid),
		bad("NodeId/Form63", nodeIDFns, "3f 00", wire.ErrInvalid),
		bad("NodeId/Flag80", nodeIDFns, "80 55", wire.ErrInvalid),
		bad("NodeId/Flag40", nodeIDFns, "40 55", wire.ErrInvalid),
		bad("NodeId/TwoByteShort", nodeIDFns, "00", wire.ErrTruncated),
		bad("NodeId/FourByteShort", nodeIDFns, "01 02 d2", wire.ErrTruncated),
		bad("NodeId/NumericShort", nodeIDFns, "02 03 00 70 11 01", wire.ErrTruncated),
		bad("NodeId/StringLenMinus2", nodeIDFns, "03 01 00 fe ff ff ff", wire.ErrInvalid),
		bad("NodeId/StringOverLimit", nodeIDFns, "03 01 00 00 00 01 00 00", wire.ErrLimitExceeded),
		bad("NodeId/StringShort", nodeIDFns, "03 01 00 05 00 00 00 41", wire.ErrTruncated),
		bad("NodeId/String7fffffff", nodeIDFns, "03 01 00 ff ff ff 7f 41 42 43 44", wire.ErrTruncated).with(unlimited),
		bad("NodeId/GUIDShort", nodeIDFns, "04 01 00 01 02 03", wire.ErrTruncated),
		bad("NodeId/OpaqueOverLimit", nodeIDFns, "05 01 00 ff ff 7f 00", wire.ErrLimitExceeded),
		bad("NodeId/OpaqueMinus5", nodeIDFns, "05 01 00 fb ff ff ff", wire.ErrInvalid),

		bad("ExpandedNodeId/Form7", expandedNodeIDFns, "c7 00", wire.ErrInvalid),
		bad("ExpandedNodeId/URIShort", expandedNodeIDFns, "80 55 03 00 00 00 61", wire.ErrTruncated),
		bad("ExpandedNodeId/ServerIndexShort", expandedNodeIDFns, "40 55 03 00", wire.ErrTruncated),

		bad("Guid/Short", guidFns, "91 2b 96 72 75 fa e6 4a 8d 28 b4 04 dc 7d af", wire.ErrTruncated),
		bad("time.Time/Short", timeFns, "07", wire.ErrTruncated),
		bad("QualifiedName/Short", qualifiedNameFns, "00", wire.ErrTruncated),
		bad("QualifiedName/NameMinus3", qualifiedNameFns, "00 00 fd ff ff ff", wire.ErrInvalid),

		bad("LocalizedText/Bit04", localizedTextFns, "04", wire.ErrInvalid),
		bad("LocalizedText/Bit80", localizedTextFns, "81"+str("en"), wire.ErrInvalid),
		bad("LocalizedText/TextMissing", localizedTextFns, "02", wire.ErrTruncated),

		bad("Variant/Empty", variantFns, "", wire.ErrTruncated),
		bad("Variant/DimsWithoutArray", variantFns, "46 01 00 00 00", wire.ErrInvalid),
		bad("Variant/ArrayOfNull", variantFns, "80 00 00 00 00", wire.ErrInvalid),
		bad("Variant/ScalarVariant", variantFns, "18 00", wire.ErrInvalid),
		bad("Variant/ScalarDiagnosticInfo", variantFns, "19 00", wire.ErrInvalid),
		bad("Variant/ArrayDiagnosticInfo", variantFns, "99 00 00 00 00", wire.ErrInvalid),
		bad("Variant/Type32", variantFns, "20 00", wire.ErrInvalid),
		bad("Variant/Type63Array", variantFns, "bf 00 00 00 00", wire.ErrInvalid),
		bad("Variant/DoubleShort", variantFns, "0b 00 00 00", wire.ErrTruncated),
		bad("Variant/ArrayLenMinus2", variantFns, "86 fe ff ff ff", wire.ErrInvalid),
		bad("Variant/ArrayOverLimit", variantFns, "86 00 00 01 00", wire.ErrLimitExceeded),
		bad("Variant/Array7fffffff", variantFns, "86 ff ff ff 7f 01 00 00 00", wire.ErrTruncated).with(unlimited),
		bad("Variant/ArrayShort", variantFns, "8b 02 00 00 00 00 00 00 00 00 00 00 00", wire.ErrTruncated),
		bad("Variant/GuidArrayShort", variantFns, "8e 02 00 00 00"+strings.Repeat("00", 31), wire.ErrTruncated),
		bad("Variant/StringArrayElemShort", variantFns, "8c 01 00 00 00 05 00 00 00 61", wire.ErrTruncated),
		bad("Variant/OneDim", variantFns, "c6 02 00 00 00 01 00 00 00 02 00 00 00 01 00 00 00 02 00 00 00", wire.ErrInvalid),
		bad("Variant/NoDims", variantFns, "c6 00 00 00 00 00 00 00 00", wire.ErrInvalid),
		bad("Variant/NullDims", variantFns, "c6 00 00 00 00 ff ff ff ff", wire.ErrInvalid),
		bad("Variant/DimsMismatch", variantFns, "c6 02 00 00 00 01 00 00 00 02 00 00 00 02 00 00 00 02 00 00 00 02 00 00 00", wire.ErrInvalid),
		bad("Variant/DimZero", variantFns, "c3 00 00 00 00 02 00 00 00 00 00 00 00 00 00 00 00", wire.ErrInvalid),
		bad("Variant/DimNegative", variantFns, "c3 01 00 00 00 07 02 00 00 00 ff ff ff ff ff ff ff ff", wire.ErrInvalid),
		bad("Variant/DimsOverflow", variantFns, "c3 01 00 00 00 07 03 00 00 00 00 00 01 00 00 00 01 00 00 00 01 00 01 00 00 00", wire.ErrInvalid),
		bad("Variant/DimsProductWraps", variantFns, "c3 00 00 00 00 02 00 00 00 ff ff ff 7f ff ff ff 7f", wire.ErrInvalid),
		bad("Variant/NullArrayWithDims", variantFns, "c6 ff ff ff ff 02 00 00 00 01 00 00 00 01 00 00 00", wire.ErrInvalid),
		bad("Variant/DimsShort", variantFns, "c3 01 00 00 00 07 02 00 00 00 01 00 00 00", wire.ErrTruncated),
		bad("Variant/DepthBomb", variantFns, nest("98 01 00 00 00", 300, "00"), wire.ErrLimitExceeded),
		bad("Variant/DepthLimit3", variantFns, nest("98 01 00 00 00", 4, "00"), wire.ErrLimitExceeded).with(wire.Limits{MaxDepth: 3}),
		bad("Variant/BadNodeIdInArray", variantFns, "91 02 00 00 00 00 55 06 00", wire.ErrInvalid),

		bad("DataValue/Bit40", dataValueFns, "40", wire.ErrInvalid),
		bad("DataValue/Bit80", dataValueFns, "81 00", wire.ErrInvalid),
		bad("DataValue/StatusShort", dataValueFns, "02 00 00", wire.ErrTruncated),
		bad("DataValue/BadVariant", dataValueFns, "01 18 00", wire.ErrInvalid),
		bad("DataValue/DepthBomb", dataValueFns, nest("01 17", 150, "00"), wire.ErrLimitExceeded),

		bad("DiagnosticInfo/Bit80", diagnosticInfoFns, "80", wire.ErrInvalid),
		bad("DiagnosticInfo/InnerBit80", diagnosticInfoFns, "40 80", wire.ErrInvalid),
		bad("DiagnosticInfo/Short", diagnosticInfoFns, "01 00 00", wire.ErrTruncated),
		bad("DiagnosticInfo/InnerMissing", diagnosticInfoFns, "40", wire.ErrTruncated),
		bad("DiagnosticInfo/DepthBomb", diagnosticInfoFns, nest("40", 201, "00"), wire.ErrLimitExceeded),

		bad("ExtensionObject/Short", extensionObjectFns, "00 00", wire.ErrTruncated),
		bad("ExtensionObject/Encoding3", extensionObjectFns, "00 00 03", wire.ErrInvalid),
		bad("ExtensionObject/BadTypeID", extensionObjectFns, "06 00 00", wire.ErrInvalid),
		bad("ExtensionObject/LengthMinus2", extensionObjectFns, "00 00 01 fe ff ff ff", wire.ErrInvalid), // -1 is the legacy empty body
		bad("ExtensionObject/XMLLengthMinus2", extensionObjectFns, "00 00 02 fe ff ff ff", wire.ErrInvalid),
		bad("ExtensionObject/OverLimit", extensionObjectFns, "00 00 01 00 00 10 00", wire.ErrLimitExceeded),
		bad("ExtensionObject/BodyShort", extensionObjectFns, "00 00 01 04 00 00 00 01 02", wire.ErrTruncated),
		bad("ExtensionObject/Body7fffffff", extensionObjectFns, "00 00 01 ff ff ff 7f 01 02 03 04", wire.ErrTruncated).with(unlimited),
		bad("ExtensionObject/KnownBodyShort", extensionObjectFns, "00 16 01 00 00 00 00", wire.ErrTruncated),
		bad("ExtensionObject/KnownBodyLong", extensionObjectFns, "00 16 01 02 00 00 00 09 09", wire.ErrInvalid),
		bad("ExtensionObject/KnownBodyBeyondInput", extensionObjectFns, "00 16 01 05 00 00 00 09", wire.ErrTruncated),
		bad("ExtensionObject/DepthBomb", extensionObjectFns, nestedNamed(150), wire.ErrLimitExceeded),
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range decodeErrors() {
		t.Run(c.name, func(t *testing.T) {
			in := unhex(c.wire)
			r := wire.NewReader(in, c.limits)
			withBodiesR(r)
			c.run(r)
			err := r.Err()
			if !errors.Is(err, c.kind) {
				t.Fatalf("error %v, want %v", err, c.kind)
			}
			var de *wire.DecodeError
			if !errors.As(err, &de) || de.Offset < 0 || de.Offset > len(in) {
				t.Fatalf("error %v is not a *DecodeError with an offset in the input", err)
			}
			if !strings.HasPrefix(err.Error(), "uabin: ") {
				t.Errorf("message %q lacks the uabin: prefix", err)
			}
			if r.Depth() != 0 {
				t.Errorf("depth %d after the failure, want 0", r.Depth())
			}
		})
	}
}

// TestDecodeErrorsPortable runs the same rules through the portable loops.
func TestDecodeErrorsPortable(t *testing.T) {
	useBulk = false
	defer func() { useBulk = bulk.LittleEndian }()
	for _, c := range decodeErrors() {
		r := wire.NewReader(unhex(c.wire), c.limits)
		withBodiesR(r)
		c.run(r)
		if !errors.Is(r.Err(), c.kind) {
			t.Errorf("%s: error %v, want %v", c.name, r.Err(), c.kind)
		}
	}
}

// TestDepthLimitExact checks that nesting up to MaxDepth decodes and one
// more level fails, counting non-null Variants, DataValues and
// DiagnosticInfos (a null Variant enters no level, as in the engine).
func TestDepthLimitExact(t *testing.T) {
	for _, c := range []struct {
		name   string
		wire   string
		levels int
		decode func(r *wire.Reader)
	}{
		{"Variant", nest("98 01 00 00 00", 10, "00"), 10, func(r *wire.Reader) { var v types.Variant; consumeVariant(r, &v) }},
		{"VariantScalarTail", nest("98 01 00 00 00", 10, "01 01"), 11, func(r *wire.Reader) { var v types.Variant; consumeVariant(r, &v) }},
		// Each level is a DataValue and the Variant array holding the next.
		{"DataValue", nest("01 97 01 00 00 00", 5, "00"), 11, func(r *wire.Reader) { var d types.DataValue; consumeDataValue(r, &d) }},
		{"DiagnosticInfo", nest("40", 10, "00"), 11, func(r *wire.Reader) { var d types.DiagnosticInfo; consumeDiagnosticInfo(r, &d) }},
	} {
		r := wire.NewReader(unhex(c.wire), wire.Limits{MaxDepth: c.levels})
		c.decode(r)
		if r.Err() != nil || r.Remaining() != 0 {
			t.Errorf("%s: %d levels with MaxDepth %d: %v", c.name, c.levels, c.levels, r.Err())
		}
		r = wire.NewReader(unhex(c.wire), wire.Limits{MaxDepth: c.levels - 1})
		c.decode(r)
		if !errors.Is(r.Err(), wire.ErrLimitExceeded) {
			t.Errorf("%s: %d levels with MaxDepth %d: %v", c.name, c.levels, c.levels-1, r.Err())
		}
	}
}

// TestEncodeCycles checks that cyclic values fail with ErrLimitExceeded
// instead of overflowing the stack.
func TestEncodeCycles(t *testing.T) {
	d := &types.DiagnosticInfo{Mask: types.DiagnosticInfoInnerDiagnosticInfo}
	d.InnerDiagnosticInfo = d
	if _, err := diagnosticInfoFns.encode(*d); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Errorf("cyclic DiagnosticInfo: %v", err)
	}
	s := make([]types.Variant, 1)
	s[0].SetRaw(types.TypeVariant, true, s, nil)
	if _, err := variantFns.encode(s[0]); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Errorf("cyclic Variant: %v", err)
	}
	dv := make([]types.DataValue, 1)
	dv[0].Value.SetRaw(types.TypeDataValue, true, dv, nil)
	if _, err := dataValueFns.encode(dv[0]); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Errorf("cyclic DataValue: %v", err)
	}
	// The deepest value the decoder accepts by default encodes.
	deep := unhex(nest("98 01 00 00 00", wire.DefaultMaxDepth, "00"))
	v, err := variantFns.decode(deep)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := variantFns.encode(v); err != nil || string(b) != string(deep) {
		t.Errorf("%d nested Variants: %v", wire.DefaultMaxDepth, err)
	}
	di := unhex(nest("40", wire.DefaultMaxDepth-1, "00"))
	d2, err := diagnosticInfoFns.decode(di)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := diagnosticInfoFns.encode(d2); err != nil || string(b) != string(di) {
		t.Errorf("%d nested DiagnosticInfos: %v", wire.DefaultMaxDepth, err)
	}
}

func TestEncodeErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		kind error
	}{
		{"Variant/ScalarVariant", encErr(variantFns, variantRaw(types.TypeVariant, false, types.Variant{})), wire.ErrInvalid},
		{"Variant/ScalarDiagnosticInfo", encErr(variantFns, variantRaw(types.TypeDiagnosticInfo, false, types.DiagnosticInfo{})), wire.ErrInvalid},
		{"Variant/ArrayDiagnosticInfo", encErr(variantFns, variantRaw(types.TypeDiagnosticInfo, true, []types.DiagnosticInfo{})), wire.ErrInvalid},
		{"Variant/Type30", encErr(variantFns, variantOf(30, 0)), wire.ErrInvalid},
		{"Variant/WrongScalarStorage", encErr(variantFns, variantRaw(types.TypeGUID, false, "x")), wire.ErrInvalid},
		{"Variant/WrongByteStringStorage", encErr(variantFns, variantRaw(types.TypeByteString, false, types.ByteString{1})), wire.ErrInvalid},
		{"Variant/WrongArrayStorage", encErr(variantFns, variantRaw(types.TypeInt32, true, []int64{1})), wire.ErrInvalid},
		{"Variant/NilArrayWithDims", encErr(variantFns, variantRaw(types.TypeDouble, true, nil, 1, 1)), wire.ErrInvalid},
		{"Variant/OneDim", encErr(variantFns, variantRaw(types.TypeInt32, true, []int32{1, 2}, 2)), wire.ErrInvalid},
		{"Variant/DimsMismatch", encErr(variantFns, variantRaw(types.TypeInt32, true, []int32{1, 2, 3}, 2, 2)), wire.ErrInvalid},
		{"Variant/DimZero", encErr(variantFns, variantRaw(types.TypeInt32, true, []int32{}, 0, 5)), wire.ErrInvalid},
		{"Variant/NullWithDims", encErr(variantFns, variantRaw(types.TypeInt32, true, []int32(nil), 1, 1)), wire.ErrInvalid},
		{"Variant/InnerBad", encErr(variantFns, variantRaw(types.TypeVariant, true, []types.Variant{variantOf(25, 0)})), wire.ErrInvalid},
		{"DataValue/BadVariant", encErr(dataValueFns, types.DataValue{Value: variantOf(24, 0)}), wire.ErrInvalid},
		{"DiagnosticInfo/Bit80", encErr(diagnosticInfoFns, types.DiagnosticInfo{Mask: 0x80}), wire.ErrInvalid},
		{"DiagnosticInfo/InnerBit80", encErr(diagnosticInfoFns, types.DiagnosticInfo{Mask: 0x40, InnerDiagnosticInfo: &types.DiagnosticInfo{Mask: 0x81}}), wire.ErrInvalid},
		{"ExtensionObject/Encoding3", encErr(extensionObjectFns, types.ExtensionObject{Encoding: 3}), wire.ErrInvalid},
		{"ExtensionObject/Unregistered", encErr(extensionObjectFns, types.ExtensionObject{Value: struct{}{}}), wire.ErrUnknownType},
	} {
		if !errors.Is(c.err, c.kind) {
			t.Errorf("%s: error %v, want %v", c.name, c.err, c.kind)
			continue
		}
		var ee *wire.EncodeError
		if !errors.As(c.err, &ee) || !strings.HasPrefix(c.err.Error(), "uabin: ") {
			t.Errorf("%s: %v is not a uabin: *EncodeError", c.name, c.err)
		}
	}
}

func encErr[T any](f fns[T], v T) error {
	_, err := f.encode(v)
	if err == nil {
		return errors.New("no error")
	}
	return err
}

// TestNestedExtensionObjects checks that the depth bomb above fails for its
// depth only: 99 levels (198 nesting levels) decode and re-encode.
func TestNestedExtensionObjects(t *testing.T) {
	in := unhex(nestedNamed(99))
	x, err := extensionObjectFns.decode(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := extensionObjectFns.encode(x)
	if err != nil || string(out) != string(in) {
		t.Fatalf("re-encoded differently (%v)", err)
	}
}

// TestDecodeErrorOffsets pins the offset of the errors of the codecs of
// this package used on their own: the first byte of the value that is
// wrong (one byte of padding in front shows an offset counted from the
// byte after it), and [i] in the path for an element of a Variant array.
func TestDecodeErrorOffsets(t *testing.T) {
	type want struct {
		name   string
		wire   string
		offset int
		path   string
		run    func(r *wire.Reader)
	}
	at := func(name, hexWire string, offset int, path string, run func(r *wire.Reader)) want {
		return want{name, hexWire, offset, path, run}
	}
	consume := func(f func(r *wire.Reader)) func(r *wire.Reader) {
		return func(r *wire.Reader) { r.Uint8(); f(r) } // the padding byte
	}
	tests := []want{
		at("NodeId form", "ff 06 00", 1, "", consume(func(r *wire.Reader) { var v types.NodeID; consumeNodeID(r, &v) })),
		at("NodeId flags", "ff 80 55", 1, "", consume(func(r *wire.Reader) { var v types.NodeID; consumeNodeID(r, &v) })),
		at("ExpandedNodeId form", "ff c7 00", 1, "", consume(func(r *wire.Reader) { var v types.ExpandedNodeID; consumeExpandedNodeID(r, &v) })),
		at("LocalizedText mask", "ff 04", 1, "", consume(func(r *wire.Reader) { var v types.LocalizedText; consumeLocalizedText(r, &v) })),
		at("DataValue mask", "ff 40", 1, "", consume(func(r *wire.Reader) { var v types.DataValue; consumeDataValue(r, &v) })),
		at("DiagnosticInfo mask", "ff 80", 1, "", consume(func(r *wire.Reader) { var v types.DiagnosticInfo; consumeDiagnosticInfo(r, &v) })),
		at("Variant mask", "ff 46", 1, "", consume(func(r *wire.Reader) { var v types.Variant; consumeVariant(r, &v) })),
		at("Variant dimensions", "ff c6 02000000 01000000 02000000 01000000 01000000", 14, "", consume(func(r *wire.Reader) { var v types.Variant; consumeVariant(r, &v) })),
		at("Variant element", "ff 8c 02000000 ffffffff feffffff", 10, "[1]", consume(func(r *wire.Reader) { var v types.Variant; consumeVariant(r, &v) })),
		at("Variant in a Variant array", "ff 98 02000000 00 46", 7, "[1]", consume(func(r *wire.Reader) { var v types.Variant; consumeVariant(r, &v) })),
		at("ExtensionObject encoding", "ff 00 00 07", 3, "", consume(func(r *wire.Reader) { var v types.ExtensionObject; consumeExtensionObject(r, &v) })),
		at("ExtensionObject length", "ff 00 00 01 feffffff", 4, "", consume(func(r *wire.Reader) { var v types.ExtensionObject; consumeExtensionObject(r, &v) })),
	}
	for _, tc := range tests {
		r := wire.NewReader(unhex(tc.wire), wire.Limits{})
		tc.run(r)
		var de *wire.DecodeError
		if !errors.As(r.Err(), &de) || de.Offset != tc.offset || de.Path != tc.path {
			t.Errorf("%s: %v, want offset %d, path %q", tc.name, r.Err(), tc.offset, tc.path)
		}
	}
}
