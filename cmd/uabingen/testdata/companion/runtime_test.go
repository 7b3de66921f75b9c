package companion

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// dynamicRegistry loads every companion namespace into a registry with
// one call, nodeset.Set.Register: run-time definitions of the structures,
// enumerations, option sets and simple types, registered by namespace URI
// (so uris, the session table, plays no part). It returns the number of
// structures.
func dynamicRegistry(t *testing.T, _ []string) (*uabin.Registry, int) {
	t.Helper()
	set, err := nodeset.Load(nodesetFiles...)
	if err != nil {
		t.Fatal(err)
	}
	r := uabin.NewRegistry()
	if err := set.Register(r); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range set.Files[1:] {
		for _, dt := range set.Namespace(f.Models[0].URI) {
			if dt.Kind.IsStructure() && !dt.IsAbstract {
				n++
			}
		}
	}
	return r, n
}

// TestRuntimeRegistry encodes a filled value of every registered generated
// structure in an ExtensionObject, decodes the bytes with the run-time
// definitions made from the same NodeSet2 files into a *uabin.Dynamic, and
// requires that it encodes back to the same bytes, in both modes.
func TestRuntimeRegistry(t *testing.T) {
	gen, uris := registry(t)
	dyn, n := dynamicRegistry(t, uris)
	t.Logf("%d run-time structure definitions", n)
	checked := 0
	for _, c := range cases {
		if !c.registered || strings.HasPrefix(c.name, "acme.") { // the small nodeset is not loaded here
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			for _, zero := range []bool{true, false} {
				v := c.new()
				if !zero {
					fill.Value(reflect.ValueOf(v).Elem())
				}
				eo := &types.ExtensionObject{Value: reflect.ValueOf(v).Elem().Interface()}
				for _, m := range modes {
					gopts := uabin.Options{Types: gen, NamespaceURIs: uris, DisableFastPaths: m.opts.DisableFastPaths}
					dopts := uabin.Options{Types: dyn, NamespaceURIs: uris, DisableFastPaths: m.opts.DisableFastPaths}
					b, err := gopts.Marshal(eo)
					if err != nil {
						t.Fatal(err)
					}
					var back types.ExtensionObject
					if err := dopts.Unmarshal(b, &back); err != nil {
						t.Fatalf("%s: run-time decoding of % x: %v", m.name, b, err)
					}
					if _, ok := back.Value.(*uabin.Dynamic); !ok {
						t.Fatalf("%s: decoded to %T, want *uabin.Dynamic", m.name, back.Value)
					}
					again, err := dopts.Marshal(&back)
					if err != nil {
						t.Fatalf("%s: run-time encoding: %v", m.name, err)
					}
					if !bytes.Equal(again, b) {
						t.Errorf("%s: generated types wrote\n% x\nthe run-time definition wrote back\n% x\n%v", m.name, b, again, back.Value)
					}
				}
			}
			checked++
		})
	}
	t.Logf("%d structures checked against their run-time definitions", checked)
}
