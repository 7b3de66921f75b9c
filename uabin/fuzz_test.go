package uabin

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/types"
)

// fuzzTypes are the types FuzzUnmarshal decodes into, chosen by the first
// byte of the input.
var fuzzTypes = []reflect.Type{
	reflect.TypeFor[Rich](),
	reflect.TypeFor[ReadRequest](),
	reflect.TypeFor[types.Variant](),
	reflect.TypeFor[types.DataValue](),
	reflect.TypeFor[types.DiagnosticInfo](),
	reflect.TypeFor[types.ExtensionObject](),
	reflect.TypeFor[types.ExpandedNodeID](),
	reflect.TypeFor[Optionals](),
	reflect.TypeFor[Computed](),
	reflect.TypeFor[Stored](),
	reflect.TypeFor[Union](),
	reflect.TypeFor[Arrays](),
	reflect.TypeFor[Node](),
	reflect.TypeFor[Named](),
	reflect.TypeFor[IntTags](),
	reflect.TypeFor[RawArrays](),
	reflect.TypeFor[Overrides](),
	reflect.TypeFor[Clamp](),
	reflect.TypeFor[Prims](),
}

// FuzzUnmarshal: whatever the input, decoding never panics; when it
// succeeds, encoding succeeds, Size is the encoding's length, decoding the
// encoding gives an equal value (NaN-aware), and the plans and the fast
// paths agree on every step.
func FuzzUnmarshal(f *testing.F) {
	for _, c := range wireCases {
		typ := reflect.TypeOf(c.value)
		for i, ft := range fuzzTypes {
			if ft == typ {
				f.Add(append([]byte{byte(i)}, c.wire...))
			}
		}
	}
	g := gen{r: newRand(5)}
	for i := 0; i < 20; i++ {
		b, _ := Marshal(g.rich())
		f.Add(append([]byte{0}, b...))
	}
	req := w4Request(2)
	b, _ := Marshal(&req)
	f.Add(append([]byte{1}, b...))
	opts := []Options{{Types: testRegistry}, {Types: testRegistry, DisableFastPaths: true}}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		typ := fuzzTypes[int(in[0])%len(fuzzTypes)]
		in = in[1:]
		var first []byte
		var errs [2]error
		for i, o := range opts {
			pv := reflect.New(typ)
			if errs[i] = o.Unmarshal(in, pv.Interface()); errs[i] != nil {
				continue
			}
			out, err := o.Marshal(pv.Interface())
			if err != nil {
				t.Fatalf("%s: decoded %v but cannot encode it: %v", optsName(o), typ, err)
			}
			if n, err := o.Size(pv.Interface()); err != nil || n != len(out) {
				t.Fatalf("%s: Size = %d, %v; encoding has %d bytes", optsName(o), n, err, len(out))
			}
			pv2 := reflect.New(typ)
			if err := o.Unmarshal(out, pv2.Interface()); err != nil {
				t.Fatalf("%s: cannot decode its own encoding % x: %v", optsName(o), out, err)
			}
			if d := cmp.Diff(pv.Interface(), pv2.Interface(), cmpOpts...); d != "" {
				t.Fatalf("%s: decode(encode(decode(in))) differs (-first +second):\n%s", optsName(o), d)
			}
			if first == nil {
				first = out
			} else if !bytes.Equal(first, out) {
				t.Fatalf("fast paths and plans re-encode differently:\n% x\n% x", first, out)
			}
		}
		if (errs[0] == nil) != (errs[1] == nil) {
			t.Fatalf("fast paths and plans disagree on % x as %v:\nfast: %v\nplans: %v", in, typ, errs[0], errs[1])
		}
	})
}
