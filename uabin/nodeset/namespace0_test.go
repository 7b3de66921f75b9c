package nodeset_test

import (
	"fmt"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/nodeset"
)

// TestNamespace0MatchesFile compares Namespace0 with
// Opc.Ua.NodeSet2.Services.xml: the same DataTypes (but the code-generator
// structures), kinds and built-in types, encodings, and for every structure
// the same fields in wire order, with names, ValueRank, IsOptional and a
// DataType that encodes the same way.
func TestNamespace0MatchesFile(t *testing.T) {
	file, err := nodeset.Load(requireFile(t, schemaDir, servicesFile))
	if err != nil {
		t.Fatal(err)
	}
	fromTypes, err := nodeset.NewSet(nodeset.Namespace0())
	if err != nil {
		t.Fatal(err)
	}
	structures := 0
	for _, want := range file.Namespace(nodeset.UANamespace) {
		got := fromTypes.DataType(want.ID)
		if got == nil {
			if want.Kind.IsStructure() && want.Definition != nil && want.ID.NodeID != types.NewNumericNodeID(0, 22) {
				continue // Node and its subtypes, DecimalDataType: no Go type
			}
			t.Errorf("%v is not in Namespace0", want)
			continue
		}
		if got.Kind != want.Kind || got.BuiltIn != want.BuiltIn || got.IsAbstract != want.IsAbstract {
			t.Errorf("%v: kind %v, built-in %v, abstract %v; the file says %v, %v, %v", want, got.Kind, got.BuiltIn, got.IsAbstract, want.Kind, want.BuiltIn, want.IsAbstract)
		}
		if g, _ := got.BinaryEncoding(); g != first(want.BinaryEncoding()) {
			t.Errorf("%v: binary encoding %v, the file says %v", want, g, first(want.BinaryEncoding()))
		}
		if !want.Kind.IsStructure() || want.ID.NodeID == types.NewNumericNodeID(0, 22) {
			continue // Structure itself has no fields
		}
		structures++
		if g, w := fieldsText(fromTypes, got), fieldsText(file, want); g != w {
			t.Errorf("%v: fields\n%s\nthe file has\n%s", want, g, w)
		}
	}
	if structures != len(types.StandardTypes) {
		t.Errorf("%d structures compared, want %d", structures, len(types.StandardTypes))
	}
}

func first(id types.ExpandedNodeID, _ bool) types.ExpandedNodeID { return id }

// fieldsText describes the fields of dt by what decides their encoding:
// name, ValueRank, IsOptional, and the DataType's built-in type, or for an
// inline structure its id.
func fieldsText(s *nodeset.Set, dt *nodeset.DataType) string {
	text := ""
	for _, f := range s.Fields(dt) {
		fdt := s.DataType(f.DataType)
		enc := "unknown DataType " + f.DataType.String()
		switch {
		case fdt == nil:
		case fdt.Kind.IsStructure() && !fdt.IsAbstract && !f.AllowSubTypes && f.DataType.NodeID != types.NewNumericNodeID(0, 22):
			enc = "inline " + f.DataType.NodeID.String()
		default:
			enc = fdt.BuiltIn.String()
		}
		text += fmt.Sprintf("\t%s rank %d optional %v: %s\n", f.Name, f.ValueRank, f.IsOptional, enc)
	}
	return text
}
