package nodeset_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/nodeset"
)

func TestStructureDefinition(t *testing.T) {
	s := acme(t)
	// A session table with the Acme namespaces at indexes 3 and 5.
	uris := []string{nodeset.UANamespace, "urn:x", "urn:y", "urn:acme:base", "urn:z", "urn:acme"}
	def, err := s.StructureDefinition(s.DataType(nsu("urn:acme", 3005)), uris)
	if err != nil {
		t.Fatal(err)
	}
	want := types.StructureDefinition{
		DefaultEncodingID: types.NewNumericNodeID(5, 5001),
		BaseDataType:      types.NewNumericNodeID(3, 3004),
		StructureType:     types.StructureTypeStructureWithOptionalFields,
		Fields: []types.StructureField{
			{Name: "Id", DataType: types.NewNumericNodeID(0, 12), ValueRank: -1},
			{Name: "Mode", DataType: types.NewNumericNodeID(5, 3001), ValueRank: -1},
			{Name: "Limits", DataType: types.NewNumericNodeID(0, 6), ValueRank: 1, ArrayDimensions: []uint32{2}, IsOptional: true},
			{Name: "Comment", DataType: types.NewNumericNodeID(0, 12), ValueRank: -1, MaxStringLength: 80, IsOptional: true,
				Description: types.LocalizedText{Text: "Free text."}},
			{Name: "Any", DataType: types.NewNumericNodeID(0, 24), ValueRank: -1},
		},
	}
	if !reflect.DeepEqual(def, want) {
		t.Errorf("Setpoint:\n got %+v\nwant %+v", def, want)
	}
	def, err = s.StructureDefinition(s.DataType(nsu("urn:acme", 3006)), uris)
	if err != nil || def.StructureType != types.StructureTypeUnion || len(def.Fields) != 2 || def.DefaultEncodingID != types.NewNumericNodeID(5, 5002) {
		t.Errorf("Choice: %+v, %v", def, err)
	}

	if _, err := s.StructureDefinition(s.DataType(nsu("urn:acme", 3005)), uris[:3]); !errors.Is(err, nodeset.ErrNoNamespace) {
		t.Errorf("short namespace table: %v", err)
	}
	if _, err := s.StructureDefinition(s.DataType(nsu("urn:acme", 3001)), uris); !errors.Is(err, nodeset.ErrNotStructure) {
		t.Errorf("enumeration: %v", err)
	}

	e, err := s.EnumDefinition(s.DataType(nsu("urn:acme", 3001)))
	if err != nil || len(e.Fields) != 3 || e.Fields[2].Name != "Manual" || e.Fields[2].Value != 5 || e.Fields[1].Description.Text != "Automatic." {
		t.Errorf("Mode: %+v, %v", e, err)
	}
	if _, err := s.EnumDefinition(s.DataType(nsu("urn:acme", 3005))); !errors.Is(err, nodeset.ErrNotEnumeration) {
		t.Errorf("structure: %v", err)
	}
}

func TestStructureDefinitionSubtyped(t *testing.T) {
	data := edit(t, `<Field Name="Any" />`, `<Field Name="Any" AllowSubTypes="true" />`)
	ns, err := nodeset.Parse("acme.xml", data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := nodeset.NewSet(ns)
	if err != nil {
		t.Fatal(err)
	}
	uris := []string{nodeset.UANamespace, "urn:acme:base", "urn:acme"}
	if _, err := s.StructureDefinition(s.DataType(nsu("urn:acme", 3005)), uris); !errors.Is(err, nodeset.ErrSubtypedOptional) {
		t.Errorf("optional and subtyped fields: %v", err)
	}
	data = edit(t, `<Field Name="Text" DataType="String" />`, `<Field Name="Text" DataType="String" AllowSubTypes="true" />`)
	if ns, err = nodeset.Parse("acme.xml", data); err != nil {
		t.Fatal(err)
	}
	if s, err = nodeset.NewSet(ns); err != nil {
		t.Fatal(err)
	}
	def, err := s.StructureDefinition(s.DataType(nsu("urn:acme", 3006)), uris)
	if err != nil || def.StructureType != types.StructureTypeUnionWithSubtypedValues || !def.Fields[1].IsOptional || def.Fields[0].IsOptional {
		t.Errorf("union with a subtyped field: %+v, %v", def, err)
	}
}
