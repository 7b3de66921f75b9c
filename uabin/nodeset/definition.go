package nodeset

import (
	"errors"
	"fmt"

	"github.com/uabin/uabin/types"
)

// ErrNotStructure and ErrNotEnumeration are returned by StructureDefinition
// and EnumDefinition for a DataType of another kind; ErrNoNamespace wraps
// the error for a namespace URI missing from the namespace table given.
var (
	// ErrNotStructure: the DataType is not a structure or union.
	ErrNotStructure = errors.New("nodeset: not a structure")
	// ErrNotEnumeration: the DataType is not an enumeration.
	ErrNotEnumeration = errors.New("nodeset: not an enumeration")
	// ErrNoNamespace: a namespace URI is not in the namespace table.
	ErrNoNamespace = errors.New("nodeset: namespace URI not in the namespace table")
	// ErrSubtypedOptional: a structure has both optional fields and fields
	// that allow subtypes, which a StructureDefinition cannot express (in a
	// StructureWithSubtypedValues, IsOptional means AllowSubTypes).
	ErrSubtypedOptional = errors.New("nodeset: optional fields and fields that allow subtypes in one structure")
)

// NodeID returns id with the namespace index of its URI in namespaceURIs
// (a session's namespace table: index 0 is UANamespace).
func NodeID(id types.ExpandedNodeID, namespaceURIs []string) (types.NodeID, error) {
	if id.NamespaceURI == "" {
		return id.NodeID, nil
	}
	for i, u := range namespaceURIs {
		if u == id.NamespaceURI && i <= 0xffff {
			return id.NodeID.WithNamespace(uint16(i)), nil
		}
	}
	if id.NamespaceURI == UANamespace {
		return id.NodeID.WithNamespace(0), nil
	}
	return types.NodeID{}, fmt.Errorf("%w: %s", ErrNoNamespace, id.NamespaceURI)
}

// StructureDefinition returns the DataTypeDefinition a server would give
// for a structure or union: all fields in wire order (Set.Fields), the
// StructureType (StructureWithSubtypedValues or UnionWithSubtypedValues,
// with IsOptional set, when fields allow subtypes), the Default Binary
// encoding and the base type, with NodeIds in the namespace indexes of
// namespaceURIs.
func (s *Set) StructureDefinition(dt *DataType, namespaceURIs []string) (types.StructureDefinition, error) {
	var def types.StructureDefinition
	if !dt.Kind.IsStructure() {
		return def, fmt.Errorf("%w: %v is %v", ErrNotStructure, dt, dt.Kind)
	}
	for a := dt; a != nil; a = a.Base {
		if a.fieldsUnknown {
			return def, errorf(dt.File, dt, ErrUnknownDataType, "its supertype %v has fields that %s does not describe: load Opc.Ua.NodeSet2.Services.xml instead", a, Namespace0File)
		}
	}
	var err error
	if enc, ok := dt.BinaryEncoding(); ok {
		if def.DefaultEncodingID, err = NodeID(enc, namespaceURIs); err != nil {
			return def, err
		}
	}
	if dt.Base != nil {
		if def.BaseDataType, err = NodeID(dt.Base.ID, namespaceURIs); err != nil {
			return def, err
		}
	}
	fields := s.Fields(dt)
	optional, subtyped := false, false
	for _, f := range fields {
		optional = optional || f.IsOptional
		subtyped = subtyped || f.AllowSubTypes
	}
	switch {
	case optional && subtyped:
		return def, fmt.Errorf("%w: %v", ErrSubtypedOptional, dt)
	case dt.Kind == KindUnion && subtyped:
		def.StructureType = types.StructureTypeUnionWithSubtypedValues
	case dt.Kind == KindUnion:
		def.StructureType = types.StructureTypeUnion
	case subtyped:
		def.StructureType = types.StructureTypeStructureWithSubtypedValues
	case optional:
		def.StructureType = types.StructureTypeStructureWithOptionalFields
	}
	for _, f := range fields {
		sf := types.StructureField{Name: f.Name, ValueRank: f.ValueRank, ArrayDimensions: f.ArrayDimensions,
			MaxStringLength: f.MaxStringLength, IsOptional: f.IsOptional || f.AllowSubTypes}
		if f.Description != "" {
			sf.Description = types.LocalizedText{Text: f.Description}
		}
		if sf.DataType, err = NodeID(f.DataType, namespaceURIs); err != nil {
			return def, fmt.Errorf("field %s: %w", f.Name, err)
		}
		def.Fields = append(def.Fields, sf)
	}
	return def, nil
}

// EnumDefinition returns the DataTypeDefinition of an enumeration: its
// values with names and descriptions.
func (s *Set) EnumDefinition(dt *DataType) (types.EnumDefinition, error) {
	var def types.EnumDefinition
	if dt.Kind != KindEnumeration {
		return def, fmt.Errorf("%w: %v is %v", ErrNotEnumeration, dt, dt.Kind)
	}
	if dt.Definition == nil {
		return def, nil
	}
	for _, f := range dt.Definition.Fields {
		ef := types.EnumField{Name: f.Name, Value: f.Value, DisplayName: types.LocalizedText{Text: f.Name}}
		if f.DisplayName != "" {
			ef.DisplayName.Text = f.DisplayName
		}
		if f.Description != "" {
			ef.Description = types.LocalizedText{Text: f.Description}
		}
		def.Fields = append(def.Fields, ef)
	}
	return def, nil
}
