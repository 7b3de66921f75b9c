package uabin

// Run-time definitions of DataTypes that are no structure and no
// enumeration: simple subtypes of built-in types and option sets
// (docs/dynamic.md). Namespace 0 needs none of these: its DataTypes are
// known from types.SimpleTypes.

import (
	"github.com/uabin/uabin/types"
)

// optionSetID is the namespace-0 structure OptionSet (i=12755), the
// supertype of option sets in the structure form.
var optionSetID = types.NewNumericNodeID(0, 12755)

// RegisterSimpleType registers a DataType that is a subtype of the
// built-in type builtIn with no fields of its own (Part 3 §8.1, a
// "simple DataType": BACnetYear, a UInt16; a string with a restricted
// syntax), so that structure definitions can have fields of it: such a
// field is encoded as builtIn and holds builtIn's Go value (docs/types.md;
// a Variant for BaseDataType, an ExtensionObject for Structure). A client
// learns a DataType's built-in type by following its inverse HasSubtype
// references up to one of the DataTypes i=1..25.
//
// dataTypeID may be given by namespace index or by namespace URI, as for
// RegisterStructure. A nil r means DefaultRegistry. A builtIn outside
// Boolean..DiagnosticInfo wraps ErrUnsupported, a duplicate DataType id
// ErrDuplicateID.
func (r *Registry) RegisterSimpleType(dataTypeID types.ExpandedNodeID, name string, builtIn types.BuiltinType) error {
	if r == nil {
		r = DefaultRegistry
	}
	d, err := simpleDef(dataTypeID, name, builtIn)
	if err != nil {
		return err
	}
	return r.addDefinition(d)
}

func simpleDef(dataTypeID types.ExpandedNodeID, name string, builtIn types.BuiltinType) (*dynDef, error) {
	if name == "" {
		return nil, defErr("?", "", ErrUnsupported, "a DataType needs a name")
	}
	if dataTypeID.ServerIndex != 0 || dataTypeID.NodeID.IsNull() {
		return nil, defErr(name, "", ErrInvalid, "the DataType id is null or has a server index")
	}
	if builtIn < types.TypeBoolean || builtIn > types.TypeDiagnosticInfo {
		return nil, defErr(name, "", ErrUnsupported, "built-in type %d (want 1..25)", uint8(builtIn))
	}
	d := &dynDef{name: name, simple: builtIn}
	d.dataType, d.dtURI = splitID(dataTypeID)
	return d, nil
}

// RegisterOptionSet registers an option set (a DataType whose
// Definition has IsOptionSet; Part 3 §8.40, Part 6 §5.2.2.17), in one of
// its two forms, chosen by base:
//
//   - an unsigned integer type, Byte, UInt16, UInt32 or UInt64 (the
//     OptionSet is a subtype of it, like DI's UpdateBehavior, a UInt32, or
//     Machinery Jobs' OutputInfoType, a Byte): a field of it is encoded
//     as that integer (1, 2, 4 or 8 bytes) and holds uint8, uint16, uint32
//     or uint64; String shows the names of the bits that are set;
//   - ExtensionObject (the OptionSet is a subtype of the structure
//     OptionSet, i=12755): it is registered as a structure of two
//     ByteString fields, Value and ValidBits, with the binary encoding id
//     encodingID (which may be null if its values never travel in an
//     ExtensionObject of their own); a field of it holds a *Dynamic.
//
// def names the bits: each field's Value is a bit number (0 for the
// lowest bit), as in the DataType's EnumDefinition. encodingID is used by
// the structure form only. Ids may be given by namespace index or URI, as
// for RegisterStructure. A nil r means DefaultRegistry. Another base, or a
// bit number beyond the base's width, wraps ErrUnsupported.
func (r *Registry) RegisterOptionSet(encodingID, dataTypeID types.ExpandedNodeID, name string, base types.BuiltinType, def types.EnumDefinition) error {
	if r == nil {
		r = DefaultRegistry
	}
	width := 0
	switch base {
	case types.TypeByte:
		width = 8
	case types.TypeUInt16:
		width = 16
	case types.TypeUInt32:
		width = 32
	case types.TypeUInt64:
		width = 64
	case types.TypeExtensionObject:
		return r.RegisterStructure(encodingID, dataTypeID, name, types.StructureDefinition{
			BaseDataType: optionSetID,
			Fields: []types.StructureField{
				{Name: "Value", DataType: types.NewNumericNodeID(0, uint32(types.TypeByteString)), ValueRank: -1},
				{Name: "ValidBits", DataType: types.NewNumericNodeID(0, uint32(types.TypeByteString)), ValueRank: -1},
			},
		})
	default:
		return defErr(cmpName(name), "", ErrUnsupported, "an option set of %v (want Byte, UInt16, UInt32, UInt64 or ExtensionObject)", base)
	}
	d, err := simpleDef(dataTypeID, name, base)
	if err != nil {
		return err
	}
	if len(def.Fields) > width {
		return defErr(name, "", ErrUnsupported, "%d bits, more than the %d of %v", len(def.Fields), width, base)
	}
	bits := &dynEnum{name: name, names: make(map[int32]string, len(def.Fields))}
	for _, f := range def.Fields {
		if f.Value < 0 || f.Value >= int64(width) {
			return defErr(name, f.Name, ErrUnsupported, "bit %d is not a bit of %v", f.Value, base)
		}
		v := int32(f.Value)
		if _, dup := bits.names[v]; dup {
			return defErr(name, f.Name, ErrUnsupported, "bit %d is defined twice", v)
		}
		n := f.Name
		if n == "" {
			n = f.DisplayName.Text
		}
		bits.names[v] = n
		bits.values = append(bits.values, v)
	}
	d.enum = bits
	return r.addDefinition(d)
}

func cmpName(name string) string {
	if name == "" {
		return "?"
	}
	return name
}
