package companion

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// FuzzCompanionDynamic decodes arbitrary bodies of the companion
// structures through the run-time registry loaded from the NodeSet2 files
// (namespace 0 from package types): the first byte picks the structure, the
// rest is the body; the node-opcua vectors are the seeds. Whatever decodes
// must print, re-encode, decode again and re-encode to the same bytes, with
// and without fast paths; nothing may panic.
func FuzzCompanionDynamic(f *testing.F) {
	set := loadSetWith(f, true)
	r := uabin.NewRegistry()
	if err := set.Register(r); err != nil {
		f.Fatal(err)
	}
	var sum summaryFile
	readJSON(f, filepath.Join("testdata", "summary.json"), &sum)
	table := set.NamespaceURIs()
	var encodings []string // nsu= encoding ids, sorted
	seeds := map[string][][]byte{}
	for _, s := range sum.Nodesets {
		var vf vectorFile
		readJSON(f, filepath.Join("testdata", strings.TrimSuffix(s.Nodeset, filepath.Ext(s.Nodeset))+".json"), &vf)
		for _, v := range vf.Vectors {
			if seeds[v.EncodingID] == nil {
				encodings = append(encodings, v.EncodingID)
			}
			seeds[v.EncodingID] = append(seeds[v.EncodingID], unhex(f, v.Name, v.Body))
		}
	}
	sort.Strings(encodings)
	for i, e := range encodings {
		for _, b := range seeds[e] {
			f.Add(append([]byte{byte(i)}, b...))
		}
	}
	ids := make([]types.NodeID, len(encodings))
	for i, e := range encodings {
		ids[i] = nodeIDIn(f, e, table)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		eo := types.ExtensionObject{TypeID: ids[int(in[0])%len(ids)], Encoding: types.ExtensionObjectBinary, Body: in[1:]}
		b, err := uabin.Marshal(eo)
		if err != nil {
			t.Fatal(err)
		}
		var first []byte
		for _, fast := range []bool{true, false} {
			o := uabin.Options{Types: r, NamespaceURIs: table, DisableFastPaths: !fast}
			var x types.ExtensionObject
			if err := o.Unmarshal(b, &x); err != nil {
				return
			}
			d, ok := x.Value.(*uabin.Dynamic)
			if !ok {
				t.Fatalf("decoded %T", x.Value)
			}
			_ = d.String()
			// A value with no JSON form (a String that is not UTF-8, which
			// the binary decoder keeps as it came) is an ErrInvalid error.
			if _, err := json.Marshal(d); err != nil && !errors.Is(err, uabin.ErrInvalid) {
				t.Fatalf("MarshalJSON: %v", err)
			}
			b1, err := o.Marshal(x)
			if err != nil {
				t.Fatalf("re-encoding: %v", err)
			}
			var y types.ExtensionObject
			if err := o.Unmarshal(b1, &y); err != nil {
				t.Fatalf("decoding the re-encoded bytes: %v\n%x", err, b1)
			}
			b2, err := o.Marshal(y)
			if err != nil || !bytes.Equal(b1, b2) {
				t.Fatalf("bytes not stable (%v):\n%x\n%x", err, b1, b2)
			}
			if first == nil {
				first = b1
			} else if !bytes.Equal(first, b1) {
				t.Fatalf("fast paths and plans disagree:\n%x\n%x", first, b1)
			}
		}
	})
}
