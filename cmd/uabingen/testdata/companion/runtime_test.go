package companion

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// dynamicRegistry registers the structures and enumerations of every
// companion namespace as run-time definitions (uabin.Registry.
// RegisterStructure, RegisterEnum) made by nodeset.Set.StructureDefinition.
// Field DataTypes that the registry cannot resolve by id yet (simple
// subtypes and integer option sets of any namespace, namespace-0
// enumerations, abstract structures) are replaced by what they are encoded
// as (their built-in type, Int32, Structure).
func dynamicRegistry(t *testing.T, uris []string) (*uabin.Registry, int) {
	t.Helper()
	set, err := nodeset.Load(nodesetFiles...)
	if err != nil {
		t.Fatal(err)
	}
	byIndex := func(id types.NodeID) types.ExpandedNodeID {
		return types.ExpandedNodeID{NodeID: id.WithNamespace(0), NamespaceURI: uris[id.Namespace()]}
	}
	r := uabin.NewRegistry()
	n := 0
	for _, f := range set.Files[1:] {
		uri := f.Models[0].URI
		for _, dt := range set.Namespace(uri) {
			switch {
			case dt.Kind == nodeset.KindEnumeration:
				def, err := set.EnumDefinition(dt)
				if err != nil {
					t.Fatal(err)
				}
				if err := r.RegisterEnum(dt.ID, dt.Name, def); err != nil {
					t.Fatalf("RegisterEnum %v: %v", dt, err)
				}
			case dt.Kind.IsStructure():
				def, err := set.StructureDefinition(dt, uris)
				if err != nil {
					t.Fatal(err)
				}
				for i, sf := range def.Fields {
					fdt := set.DataType(byIndex(sf.DataType))
					switch {
					case fdt == nil:
						t.Fatalf("%v: field %s: DataType %v not in the set", dt, sf.Name, sf.DataType)
					case fdt.Kind == nodeset.KindSimple || fdt.Kind == nodeset.KindOptionSet && fdt.BuiltIn != types.TypeExtensionObject:
						def.Fields[i].DataType = types.NewNumericNodeID(0, uint32(fdt.BuiltIn))
					case fdt.Kind == nodeset.KindEnumeration && fdt.ID.NamespaceURI == nodeset.UANamespace:
						def.Fields[i].DataType = types.NewNumericNodeID(0, uint32(types.TypeInt32))
					case fdt.Kind.IsStructure() && fdt.IsAbstract:
						def.Fields[i].DataType = types.NewNumericNodeID(0, 22)
					}
				}
				var enc types.ExpandedNodeID
				if e, ok := dt.BinaryEncoding(); ok && !dt.IsAbstract {
					enc = e
				} else {
					def.DefaultEncodingID = types.NodeID{}
				}
				if err := r.RegisterStructure(enc, dt.ID, dt.Name, def); err != nil {
					t.Fatalf("RegisterStructure %v: %v", dt, err)
				}
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
					fill(reflect.ValueOf(v).Elem(), 0)
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
