package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
)

// The uabin side of docs/migrating-from-gopcua.md, compiled and run:
// TestMigratingCodeIsHere checks that every line of the guide's uabin
// blocks appears, in order, in this file. (The gopcua side is not
// compiled here: this module does not depend on gopcua; bench/compare
// does.)

// PumpSettings is the vendor structure of the guide.
type PumpSettings struct {
	Speed   float64
	Enabled bool
}

func Example_migratingEncode() {
	v := types.ReadValueID{NodeID: types.NewNumericNodeID(2, 1234), AttributeID: 13}
	b, err := uabin.Marshal(&v) // the bytes, or an *uabin.EncodeError
	if err != nil {
		fmt.Println(err)
		return
	}

	var out types.ReadValueID
	err = uabin.Unmarshal(b, &out) // all of b: bytes left over are an error
	fmt.Println(err)
	n, err := uabin.Decode(b, &out) // a prefix of b: n is the bytes used
	fmt.Println(n, err)

	buf := make([]byte, 0, 1024)
	buf, err = uabin.Append(buf[:0], &v) // reuses buf: no allocation
	fmt.Println(len(buf), err)

	err = uabin.Unmarshal(b[:5], &out)
	fmt.Println(err) // the offset and the path of the field
	// Output:
	// <nil>
	// 18 <nil>
	// 18 <nil>
	// uabin: decoding ReadValueID.AttributeID at offset 4: truncated input: need 4 bytes, 1 left
}

func Example_migratingMessages() {
	req := &types.ReadRequest{NodesToRead: []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2259), AttributeID: 13}}}
	b, err := uabin.MarshalMessage(req) // the type id i=631, then the body
	fmt.Printf("% x %v\n", b[:4], err)
	// Output: 01 00 77 02 <nil>
}

func Example_migratingVariant() {
	v := types.MustVariant(21.5) // panics on a Go type with no OPC UA type
	w, err := types.NewVariant([]int32{1, 2, 3})
	fmt.Println(v, w, err)
	x := types.VariantFromFloat64(21.5) // typed constructors: no error, no boxing

	f, ok := x.Float64() // ok is false unless it is a Double scalar
	fmt.Println(f, ok, x.Type(), x.IsArray(), x.Value())
	_, err = types.NewVariant(7) // a Go int has no OPC UA type
	fmt.Println(err != nil)
	// Output:
	// Double(21.5) Int32[3] [1, 2, 3] <nil>
	// 21.5 true Double false 21.5
	// true
}

func Example_migratingDataValue() {
	dv := types.DataValue{
		Value:           types.VariantFromFloat64(21.5),
		SourceTimestamp: types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)),
	} // no mask to keep in step: every non-zero field is written
	b, _ := uabin.Marshal(&dv)
	fmt.Printf("mask 0x%02x, %d bytes\n", b[0], len(b))

	// A field sent with a zero value (here Status Good, 0x02) is kept in
	// SentZero, so the DataValue re-encodes to the bytes it came from.
	in := []byte{0x03, 0x0b, 0, 0, 0, 0, 0, 0, 0x35, 0x40, 0, 0, 0, 0}
	var got types.DataValue
	_ = uabin.Unmarshal(in, &got)
	again, _ := uabin.Marshal(&got)
	fmt.Printf("SentZero 0x%02x, same bytes: %v\n", got.SentZero, string(again) == string(in))
	// Output:
	// mask 0x05, 18 bytes
	// SentZero 0x02, same bytes: true
}

func Example_migratingTimestamps() {
	deadline := time.Date(2024, 1, 2, 3, 4, 10, 0, time.UTC)
	dv := types.DataValue{SourceTimestamp: types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))}

	req := &types.ReadRequest{}
	req.RequestHeader.Timestamp = types.Now()                      // time.Now() does not compile: the field is a types.DateTime
	req.RequestHeader.Timestamp = types.DateTimeFromTime(deadline) // from any time.Time
	at := dv.SourceTimestamp.Time()                                // a time.Time in UTC; the zero time if it was not sent
	fmt.Println(req.RequestHeader.Timestamp, at)
	// Output:
	// 2024-01-02T03:04:10.0000000Z 2024-01-02 03:04:05 +0000 UTC
}

func Example_migratingTime() {
	type Event struct {
		At   time.Time      // converted, clamped to 1601..9999
		Raw  types.DateTime // the ticks as they are
		Sent types.DateTime
	}
	e := Event{At: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), Raw: types.MaxDateTime, Sent: types.Now()}
	b, _ := uabin.Marshal(&e)
	var out Event
	_ = uabin.Unmarshal(b, &out)
	fmt.Println(out.At, out.Raw == types.MaxDateTime, out.Raw)
	fmt.Println(types.DateTime(0).Time().IsZero(), types.DateTimeFromTime(time.Time{}))
	// Output:
	// 2024-01-02 03:04:05 +0000 UTC true MaxValue
	// true MinValue
}

func Example_migratingExtensionObject() {
	reg := uabin.NewRegistry() // or nil: uabin.DefaultRegistry
	err := uabin.RegisterType[PumpSettings](reg, types.MustParseExpandedNodeID("ns=2;i=5001"))
	fmt.Println(err) // an error, not a panic, for a duplicate
	// or by namespace URI, resolved with Options.NamespaceURIs (the session's
	// namespace table; without it such bodies fail with ErrUnknownType):
	// uabin.RegisterType[PumpSettings](reg, types.MustParseExpandedNodeID("nsu=http://example.com/pumps;i=5001"))
	o := uabin.Options{Types: reg}

	v := types.VariantFromExtensionObject(types.NewExtensionObject(&PumpSettings{Speed: 1500}))
	b, _ := o.Marshal(&v)
	var out types.Variant
	_ = o.Unmarshal(b, &out)
	eo, _ := out.ExtensionObject()
	fmt.Printf("%+v\n", eo.Value)

	// Unregistered: the body is kept raw and re-encodes unchanged.
	_ = uabin.Unmarshal(b, &out)
	eo, _ = out.ExtensionObject()
	again, _ := uabin.Marshal(&out)
	fmt.Println(eo.TypeID, len(eo.Body), string(again) == string(b))
	// Output:
	// <nil>
	// &{Speed:1500 Enabled:false}
	// ns=2;i=5001 9 true
}

func Example_migratingStrings() {
	type Names struct {
		A string
		B string `ua:"empty"` // this field: "" is an empty String
	}
	b, _ := uabin.Marshal(&Names{}) // "" is a null String by default
	fmt.Printf("% x\n", b)
	b, _ = uabin.Options{EmptyStrings: true}.Marshal(&Names{}) // every "" empty
	fmt.Printf("% x\n", b)
	b, _ = uabin.Marshal(&Names{A: wire.EmptyString}) // this value: empty
	fmt.Printf("% x\n", b)

	// Decoded, null stays null and empty stays empty (without the tag or
	// the option, which write every "" as empty).
	in := []byte{0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}
	var n struct{ A, B string }
	_ = uabin.Unmarshal(in, &n)
	again, _ := uabin.Marshal(&n)
	fmt.Printf("% x %q %q\n", again, n.A, n.B)
	// Output:
	// ff ff ff ff 00 00 00 00
	// 00 00 00 00 00 00 00 00
	// 00 00 00 00 00 00 00 00
	// 00 00 00 00 ff ff ff ff "" ""
}

// TestMigratingCodeIsHere checks that the guide's uabin code is the code of
// the examples above.
func TestMigratingCodeIsHere(t *testing.T) {
	guide := readFile(t, "../../docs/migrating-from-gopcua.md")
	src := readFile(t, "migrating_test.go")
	var have []string
	for _, l := range strings.Split(src, "\n") {
		have = append(have, strings.Join(strings.Fields(l), " "))
	}
	n := 0
	for _, blk := range blocks(guide, "go") {
		if len(blk) == 0 || !strings.HasPrefix(blk[0], "// uabin") {
			continue
		}
		n++
		i := 0
		for _, l := range blk[1:] {
			want := strings.Join(strings.Fields(l), " ")
			if want == "" {
				continue
			}
			for i < len(have) && have[i] != want {
				i++
			}
			if i == len(have) {
				t.Errorf("guide line %q is not in migrating_test.go (in this order)", l)
				break
			}
		}
	}
	if n < 7 {
		t.Errorf("the guide has %d uabin blocks", n)
	}
}

// TestReadmeGoGet checks the README's go get line against go.mod.
func TestReadmeGoGet(t *testing.T) {
	mod := readFile(t, "../../go.mod")
	path, _, _ := strings.Cut(strings.TrimPrefix(mod, "module "), "\n")
	want := "go get " + path
	for _, blk := range blocks(readFile(t, "../../README.md"), "sh") {
		for _, l := range blk {
			if l == want {
				return
			}
		}
	}
	t.Errorf("the README has no %q line", want)
}
