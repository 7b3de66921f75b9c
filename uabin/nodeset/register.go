package nodeset

import (
	"errors"
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// ErrRegister wraps, with the registry's own error, a DataType that
// Set.Register could not register.
var ErrRegister = errors.New("nodeset: the registry refused a DataType")

// NamespaceURIs returns a namespace table of the set: UANamespace, then
// the namespace URI of every other DataType of the set, in file and
// document order. Register uses it for the definitions it registers; the
// tables of a session are independent of it.
func (s *Set) NamespaceURIs() []string {
	table := []string{UANamespace}
	seen := map[string]bool{UANamespace: true}
	for _, f := range s.Files {
		for _, dt := range f.DataTypes {
			if u := dt.ID.NamespaceURI; !seen[u] {
				seen[u] = true
				table = append(table, u)
			}
		}
	}
	return table
}

// Register registers every DataType of the set outside namespace 0 (which
// uabin knows already) in r (nil: uabin.DefaultRegistry), by namespace URI,
// so that values decode and encode with whatever namespace indexes a
// server assigns (Options.NamespaceURIs):
//
//   - a concrete structure or union: RegisterStructureIn with its
//     StructureDefinition (base fields first) and its Default Binary
//     encoding, so that ExtensionObjects of it decode into *uabin.Dynamic;
//   - an abstract structure: RegisterSimpleType as ExtensionObject (a
//     field of it holds an ExtensionObject of a concrete subtype);
//   - an enumeration: RegisterEnum with its values;
//   - an option set: RegisterOptionSet with its bits, as its unsigned
//     integer or, for a subtype of the structure OptionSet, as Value and
//     ValidBits with its Default Binary encoding;
//   - a simple subtype of a built-in type (and an abstract DataType, as
//     its built-in type, a Variant for BaseDataType's): RegisterSimpleType.
//
// It stops at the first DataType the registry refuses (one already
// registered, a structure with both optional fields and fields that allow
// subtypes, ...) with an *Error naming it that wraps ErrRegister and the
// registry's error; the DataTypes registered before stay registered.
func (s *Set) Register(r *uabin.Registry) error {
	table := s.NamespaceURIs()
	for _, f := range s.Files {
		for _, dt := range f.DataTypes {
			if dt.ID.NamespaceURI == UANamespace {
				continue
			}
			if err := s.register(r, dt, table); err != nil {
				return &Error{File: dt.File, Node: dt.NodeIDText, BrowseName: dt.BrowseNameText, Err: fmt.Errorf("%w: %w", ErrRegister, err)}
			}
		}
	}
	return nil
}

// register registers one DataType.
func (s *Set) register(r *uabin.Registry, dt *DataType, table []string) error {
	switch {
	case dt.Kind.IsStructure() && dt.IsAbstract:
		return r.RegisterSimpleType(dt.ID, dt.Name, types.TypeExtensionObject)
	case dt.Kind.IsStructure():
		def, err := s.StructureDefinition(dt, table)
		if err != nil {
			return err
		}
		enc, _ := dt.BinaryEncoding()
		if enc.NodeID.IsNull() {
			def.DefaultEncodingID = types.NodeID{}
		}
		return r.RegisterStructureIn(table, enc, dt.ID, dt.Name, def)
	case dt.Kind == KindEnumeration:
		def, err := s.EnumDefinition(dt)
		if err != nil {
			return err
		}
		return r.RegisterEnum(dt.ID, dt.Name, def)
	case dt.Kind == KindOptionSet:
		var bits types.EnumDefinition
		if dt.Definition != nil {
			for i, f := range dt.Definition.Fields {
				v := f.Value
				if v < 0 {
					v = int64(i)
				}
				bits.Fields = append(bits.Fields, types.EnumField{Name: f.Name, Value: v})
			}
		}
		switch dt.BuiltIn {
		case types.TypeByte, types.TypeUInt16, types.TypeUInt32, types.TypeUInt64, types.TypeExtensionObject:
			enc, _ := dt.BinaryEncoding()
			return r.RegisterOptionSet(enc, dt.ID, dt.Name, dt.BuiltIn, bits)
		}
		return r.RegisterSimpleType(dt.ID, dt.Name, dt.BuiltIn) // a signed integer: as it is
	}
	return r.RegisterSimpleType(dt.ID, dt.Name, dt.BuiltIn)
}
