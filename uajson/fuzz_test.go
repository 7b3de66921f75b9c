package uajson_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uajson"
)

// fuzzTypes are the Go types the fuzz targets decode into; the first byte
// of the input picks one.
var fuzzTypes = []reflect.Type{
	reflect.TypeFor[bool](), reflect.TypeFor[int8](), reflect.TypeFor[uint8](), reflect.TypeFor[int16](),
	reflect.TypeFor[uint16](), reflect.TypeFor[int32](), reflect.TypeFor[uint32](), reflect.TypeFor[int64](),
	reflect.TypeFor[uint64](), reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[string](),
	reflect.TypeFor[types.DateTime](), reflect.TypeFor[types.GUID](), reflect.TypeFor[[]byte](),
	reflect.TypeFor[types.XmlElement](), reflect.TypeFor[types.NodeID](), reflect.TypeFor[types.ExpandedNodeID](),
	reflect.TypeFor[types.StatusCode](), reflect.TypeFor[types.QualifiedName](), reflect.TypeFor[types.LocalizedText](),
	reflect.TypeFor[types.ExtensionObject](), reflect.TypeFor[types.DataValue](), reflect.TypeFor[types.Variant](),
	reflect.TypeFor[types.DiagnosticInfo](), reflect.TypeFor[[]float64](), reflect.TypeFor[[]string](),
	reflect.TypeFor[[]types.Variant](), reflect.TypeFor[[]types.DataValue](), reflect.TypeFor[[]types.NodeID](),
	// Structures (Go types of every kind; run-time ones in FuzzDynamic).
	reflect.TypeFor[types.ReadRequest](), reflect.TypeFor[types.ReadResponse](), reflect.TypeFor[types.BrowseResult](),
	reflect.TypeFor[[]types.ReadValueID](), reflect.TypeFor[optStruct](), reflect.TypeFor[unionStruct](),
	reflect.TypeFor[types.NodeClass](), reflect.TypeFor[named](), reflect.TypeFor[[]*types.ReadValueID](),
	reflect.TypeFor[types.WriteRequest](), reflect.TypeFor[types.PublishResponse](),
}

// isStructure reports whether values of t are compared by their binary
// bytes (structures and arrays of them, whose fields may hold NaNs).
func isStructure(t reflect.Type) bool {
	for t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct && typeIndex(t) == 255
}

// fuzzOptions are the options of the fuzz targets: namespace and server
// tables, so that the URI forms are taken, and small limits, so that they
// are reached.
var fuzzOptions = uajson.Options{NamespaceURIs: nsTable, ServerURIs: srvTable,
	Limits: uabin.Limits{MaxDepth: 20, MaxArrayLength: 100, MaxStringLength: 200, MaxByteStringLength: 200, MaxMessageSize: 4096}}

func typeIndex(t reflect.Type) byte {
	for i, f := range fuzzTypes {
		if f == t {
			return byte(i)
		}
	}
	return 255
}

// sameValue compares decoded values as OPC UA values: through
// Variant.Equal where a Variant can hold them (NaN equal to NaN, a
// DataValue's SentZero ignored), deeply otherwise.
func sameValue(a, b any) bool {
	if isStructure(reflect.TypeOf(a)) {
		ba, errA := uabin.Marshal(a)
		bb, errB := uabin.Marshal(b)
		return errA == nil && errB == nil && bytes.Equal(ba, bb)
	}
	if x, ok := a.(types.Variant); ok {
		y, ok := b.(types.Variant)
		return ok && x.Equal(y)
	}
	if _, ok := a.(types.DiagnosticInfo); ok {
		return reflect.DeepEqual(a, b)
	}
	va, errA := types.NewVariant(a)
	vb, errB := types.NewVariant(b)
	if errA == nil && errB == nil {
		return va.Equal(vb)
	}
	return reflect.DeepEqual(a, b)
}

func fuzzSeeds(f *testing.F) {
	for _, c := range textCases {
		i := typeIndex(reflect.TypeOf(c.value))
		if i == 255 {
			continue
		}
		// Compact and Reversible; Verbose differs from Compact in
		// StatusCode symbols only, which the StatusCode cases cover.
		texts := c.texts()
		f.Add(append([]byte{i}, texts[0]...))
		if texts[2] != texts[0] {
			f.Add(append([]byte{i}, texts[2]...))
		}
	}
	for _, s := range []string{`{"UaType":24,"Value":[{"UaType":23,"Value":{"UaType":22,"Value":{"UaTypeId":"i=1","A":[{"b":1}]}}}]}`,
		`{"Value":[1,2,3,4,5,6],"Dimensions":[2,3],"UaType":6}`, `{"UaTypeId":"i=1","UaEncoding":1,"UaBody":"AQID"}`,
		`{"TypeId":{"Id":5},"Body":{"a":1}}`, `"nsu=urn:ns1;s=x"`, `"svu=urn:server1;nsu=urn:x;i=1"`} {
		for _, t := range []reflect.Type{reflect.TypeFor[types.Variant](), reflect.TypeFor[types.ExtensionObject](), reflect.TypeFor[types.ExpandedNodeID]()} {
			f.Add(append([]byte{typeIndex(t)}, s...))
		}
	}
}

// FuzzUnmarshal holds the decoder to: no panic on any input; and for every
// input it accepts, encoding the value in Compact, Verbose and the
// deprecated Reversible form gives a text that decodes to the same value
// and encodes to the same text again (decode(encode(x)) = x); a bodyless
// ExtensionObject naming a structure becomes that structure with default
// fields once (docs/json.md), then keeps value and text.
func FuzzUnmarshal(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		typ := fuzzTypes[int(data[0])%len(fuzzTypes)]
		p := reflect.New(typ)
		if err := fuzzOptions.Unmarshal(data[1:], p.Interface()); err != nil {
			var de *uabin.DecodeError
			if !errors.As(err, &de) || de.Offset < 0 || de.Offset > len(data)-1 {
				t.Fatalf("error %v (%T) is not a DecodeError within the input", err, err)
			}
			return
		}
		x := p.Elem().Interface()
		for _, enc := range []uajson.Encoding{uajson.Compact, uajson.Verbose, uajson.Reversible} {
			o := fuzzOptions
			o.Encoding = enc
			o.Limits = uabin.Limits{}
			text, err := o.Marshal(x)
			if err != nil {
				t.Fatalf("%s: decoded %#v does not encode: %v", enc, x, err)
			}
			q := reflect.New(typ)
			if err := o.Unmarshal(text, q.Interface()); err != nil {
				t.Fatalf("%s: %s does not decode: %v", enc, text, err)
			}
			if y := q.Elem().Interface(); !sameValue(x, y) {
				// A bodyless ExtensionObject whose TypeID names a structure
				// is written {"UaTypeId":...} in every form and reads back
				// as that structure with default fields (docs/json.md; as
				// in FuzzBinaryJSON): from that value on, the round trip
				// must keep value and text.
				if text, err = o.Marshal(y); err != nil {
					t.Fatalf("%s: %#v does not encode: %v", enc, y, err)
				}
				q = reflect.New(typ)
				if err := o.Unmarshal(text, q.Interface()); err != nil {
					t.Fatalf("%s: %s does not decode: %v", enc, text, err)
				}
				if z := q.Elem().Interface(); !sameValue(y, z) {
					t.Fatalf("%s: %#v encodes to %s, which decodes to %#v", enc, y, text, z)
				}
			}
			again, err := o.Marshal(q.Elem().Interface())
			if err != nil || !bytes.Equal(again, text) {
				t.Fatalf("%s: %s decodes to a value that encodes to %s, %v", enc, text, again, err)
			}
		}
	})
}

// FuzzBinaryJSON holds the JSON encoding to the binary one: a value that
// uabin decodes from arbitrary bytes, encoded in JSON and decoded back,
// encodes in binary to bytes that decode to a value with the same JSON
// text (JSON → value → binary → value → JSON), for every value JSON can
// carry (not strings that are not UTF-8 or Variants of the ids 26-31),
// structures included; a bodyless ExtensionObject that names a structure
// becomes that structure with default fields once, then keeps its text.
func FuzzBinaryJSON(f *testing.F) {
	for _, c := range textCases {
		if i := typeIndex(reflect.TypeOf(c.value)); i != 255 {
			if b, err := uabin.Marshal(c.value); err == nil {
				f.Add(append([]byte{i}, b...))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		typ := fuzzTypes[int(data[0])%len(fuzzTypes)]
		bin := uabin.Options{}
		p := reflect.New(typ)
		if bin.Unmarshal(data[1:], p.Interface()) != nil {
			return
		}
		j1, err := fuzzOptions.Marshal(p.Interface())
		if err != nil {
			if errors.Is(err, wire.ErrInvalid) || errors.Is(err, wire.ErrUnsupported) || errors.Is(err, wire.ErrLimitExceeded) {
				return // no JSON form
			}
			t.Fatalf("JSON encoding of %#v: %v", p.Elem().Interface(), err)
		}
		q := reflect.New(typ)
		o := fuzzOptions
		o.Limits = uabin.Limits{}
		if err := o.Unmarshal(j1, q.Interface()); err != nil {
			t.Fatalf("%s does not decode: %v", j1, err)
		}
		b2, err := bin.Marshal(q.Interface())
		if err != nil {
			t.Fatalf("%s decodes to %#v, which does not encode in binary: %v", j1, q.Elem().Interface(), err)
		}
		r := reflect.New(typ)
		if err := bin.Unmarshal(b2, r.Interface()); err != nil {
			t.Fatalf("binary %x does not decode: %v", b2, err)
		}
		j2, err := o.Marshal(r.Interface())
		if err != nil {
			t.Fatalf("JSON %s → binary %x → JSON: %v", j1, b2, err)
		}
		if bytes.Equal(j1, j2) {
			return
		}
		// An ExtensionObject with a TypeID and no body whose TypeID names a
		// structure reads back as that structure with default fields: the
		// Compact text cannot tell the two apart (docs/json.md). From that
		// value on, the round trip must keep the text.
		s := reflect.New(typ)
		if err := o.Unmarshal(j2, s.Interface()); err != nil {
			t.Fatalf("JSON %s → binary %x → JSON %s, which does not decode: %v", j1, b2, j2, err)
		}
		b3, err := bin.Marshal(s.Interface())
		if err != nil {
			t.Fatalf("%s does not encode in binary: %v", j2, err)
		}
		u := reflect.New(typ)
		if err := bin.Unmarshal(b3, u.Interface()); err != nil {
			t.Fatalf("binary %x does not decode: %v", b3, err)
		}
		if j3, err := o.Marshal(u.Interface()); err != nil || !bytes.Equal(j2, j3) || !bytes.Equal(b2, b3) {
			t.Fatalf("JSON %s → binary %x → JSON %s → binary %x → JSON %s (%v)", j1, b2, j2, b3, j3, err)
		}
	})
}

// FuzzDynamic holds the decoder of run-time structures (uabin.Dynamic) to
// the same rules as FuzzUnmarshal: no panic, and decode(encode(x)) = x in
// Compact, Verbose and Reversible, compared by their binary bytes.
func FuzzDynamic(f *testing.F) {
	r := dynRegistry(f)
	d := tank(f, r)
	for _, enc := range encodings[:3] {
		j, err := uajson.Options{Encoding: enc, Types: r}.Marshal(d)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(j)
	}
	f.Add([]byte(`{"Grid":[[1,2],[3,4]],"Pick":{"SwitchField":2,"Value":{"X":1}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		o := uajson.Options{Types: r, Limits: fuzzOptions.Limits}
		x := newDyn(t, r, 5001)
		if err := o.Unmarshal(data, x); err != nil {
			var de *uabin.DecodeError
			if !errors.As(err, &de) || de.Offset < 0 || de.Offset > len(data) {
				t.Fatalf("error %v (%T) is not a DecodeError within the input", err, err)
			}
			return
		}
		bo := uabin.Options{Types: r}
		b1, err := bo.Marshal(x)
		if err != nil {
			return // a value binary cannot carry (a matrix over the limits of binary)
		}
		for _, enc := range encodings[:3] {
			o := uajson.Options{Encoding: enc, Types: r}
			text, err := o.Marshal(x)
			if err != nil {
				t.Fatalf("%s: decoded %v does not encode: %v", enc, x, err)
			}
			y := newDyn(t, r, 5001)
			if err := o.Unmarshal(text, y); err != nil {
				t.Fatalf("%s: %s does not decode: %v", enc, text, err)
			}
			b2, err := bo.Marshal(y)
			if err != nil || !bytes.Equal(b1, b2) {
				t.Fatalf("%s: %s decodes to a value of other binary bytes (%v)", enc, text, err)
			}
		}
	})
}
