package uabin_test

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// shareValue has every kind of memory ShareInput shares: Strings (in a
// structure, an array, a NodeId, a LocalizedText, a Variant), ByteStrings
// (a field, a Variant, an opaque NodeId) and a raw ExtensionObject body.
func shareValue() *types.ReadResponse {
	return &types.ReadResponse{
		ResponseHeader: types.ResponseHeader{Timestamp: 1, RequestHandle: 7,
			StringTable: []string{"one", "two"},
			AdditionalHeader: types.ExtensionObject{TypeID: types.NewNumericNodeID(3, 4242),
				Encoding: types.ExtensionObjectBinary, Body: []byte{1, 2, 3, 4}}},
		Results: []types.DataValue{
			{Value: types.VariantFromString("a string value")},
			{Value: types.VariantFromByteString([]byte{9, 8, 7})},
			{Value: types.VariantFromNodeID(types.NewOpaqueNodeID(1, []byte{5, 5}))},
			{Value: types.VariantFromLocalizedText(types.LocalizedText{Locale: "en", Text: "text"})},
		},
	}
}

// TestShareInput decodes with Limits.ShareInput, fast paths on and off:
// the same values as without it, the same bytes again, the strings and
// byte strings pointing into the input (a changed input byte shows in
// them), and fewer allocations into a new value.
func TestShareInput(t *testing.T) {
	in, err := uabin.Marshal(shareValue())
	if err != nil {
		t.Fatal(err)
	}
	for _, noFast := range []bool{false, true} {
		copied := uabin.Options{DisableFastPaths: noFast}
		shared := uabin.Options{DisableFastPaths: noFast}
		shared.ShareInput = true
		var want, got types.ReadResponse
		if err := copied.Unmarshal(in, &want); err != nil {
			t.Fatal(err)
		}
		buf := bytes.Clone(in)
		if err := shared.Unmarshal(buf, &got); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true })); d != "" {
			t.Fatalf("fast paths off %v: decoded differently with ShareInput (-copied +shared):\n%s", noFast, d)
		}
		again, err := shared.Marshal(&got)
		if err != nil || !bytes.Equal(again, in) {
			t.Fatalf("fast paths off %v: re-encoded as % x (%v), want % x", noFast, again, err, in)
		}
		// Every shared string and byte string changes with the input.
		for i := range buf {
			buf[i] ^= 0x20
		}
		checks := []struct {
			name string
			now  string
			was  string
		}{
			{"StringTable[0]", got.ResponseHeader.StringTable[0], "one"},
			{"Variant String", got.Results[0].Value.Value().(string), "a string value"},
			{"LocalizedText", got.Results[3].Value.Value().(types.LocalizedText).Text, "text"},
			{"ExtensionObject body", string(got.ResponseHeader.AdditionalHeader.Body), "\x01\x02\x03\x04"},
			{"Variant ByteString", string(got.Results[1].Value.Value().([]byte)), "\x09\x08\x07"},
		}
		for _, c := range checks {
			if c.now == c.was {
				t.Errorf("fast paths off %v: %s did not change with the input: not shared", noFast, c.name)
			}
		}
		// Without the option nothing changes.
		buf2 := bytes.Clone(in)
		var own types.ReadResponse
		if err := copied.Unmarshal(buf2, &own); err != nil {
			t.Fatal(err)
		}
		clear(buf2)
		if own.ResponseHeader.StringTable[0] != "one" || own.Results[0].Value.Value().(string) != "a string value" {
			t.Errorf("fast paths off %v: a decoded string changed with the input without ShareInput", noFast)
		}
		// Decoding into a new value allocates less.
		a := testing.AllocsPerRun(20, func() {
			var v types.ReadResponse
			if err := copied.Unmarshal(in, &v); err != nil {
				t.Fatal(err)
			}
		})
		b := testing.AllocsPerRun(20, func() {
			var v types.ReadResponse
			if err := shared.Unmarshal(in, &v); err != nil {
				t.Fatal(err)
			}
		})
		if b >= a {
			t.Errorf("fast paths off %v: %v allocations with ShareInput, %v without", noFast, b, a)
		}
	}
}

// bufferReader records the buffers a Decoder reads into.
type bufferReader struct {
	r    *bytes.Reader
	bufs [][]byte
}

func (b *bufferReader) Read(p []byte) (int, error) {
	b.bufs = append(b.bufs, p)
	return b.r.Read(p)
}

// inside reports whether the memory of s lies in one of the buffers.
func (b *bufferReader) inside(s string) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for _, buf := range b.bufs {
		start := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
		if p >= start && p < start+uintptr(cap(buf)) {
			return true
		}
	}
	return false
}

// TestShareInputDecoder checks that a Decoder, which reuses its buffer,
// copies even with ShareInput: no decoded string points into the buffers
// it read into (and Unmarshal's, for contrast, do).
func TestShareInputDecoder(t *testing.T) {
	var stream []byte
	for _, s := range []string{"first value", "other value"} {
		b, err := uabin.Marshal(&s)
		if err != nil {
			t.Fatal(err)
		}
		stream = append(stream, b...)
	}
	br := &bufferReader{r: bytes.NewReader(stream)}
	d := uabin.NewDecoder(br)
	d.Options.ShareInput = true
	var first, second string
	if err := d.Decode(&first); err != nil {
		t.Fatal(err)
	}
	if err := d.Decode(&second); err != nil {
		t.Fatal(err)
	}
	if first != "first value" || second != "other value" {
		t.Errorf("decoded %q and %q", first, second)
	}
	if br.inside(first) || br.inside(second) {
		t.Errorf("a string decoded by the Decoder points into its buffer")
	}
	var opts uabin.Options
	opts.ShareInput = true
	var direct string
	if err := opts.Unmarshal(br.bufs[0][:len(stream)/2], &direct); err != nil {
		t.Fatal(err)
	}
	if !br.inside(direct) {
		t.Errorf("Unmarshal with ShareInput copied the string")
	}
}

// ExampleLimits_shareInput decodes with decoded strings pointing into the
// input: the input must not change while the values live.
func ExampleLimits_shareInput() {
	in, _ := uabin.Marshal(&types.LocalizedText{Locale: "en", Text: "Pump 1"})
	var opts uabin.Options
	opts.ShareInput = true
	var lt types.LocalizedText
	if err := opts.Unmarshal(in, &lt); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(lt.Text)
	// Output: Pump 1
}
