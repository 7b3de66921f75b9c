// Package bsd reads OPC Binary type dictionaries (the .bsd files of OPC UA
// Part 5 Annex D / Part 3 Annex C, published by older servers instead of, or
// beside, the DataTypeDefinition attribute) and turns their structured and
// enumerated types into types.StructureDefinition and types.EnumDefinition
// values, ready for uabin's Registry.RegisterStructure and RegisterEnum.
//
// What is understood: opc:StructuredType with fields of the opc: primitive
// types, of the ua: built-in and standard types and of the dictionary's own
// types; arrays (a field with LengthField, whose Int32 length field is then
// dropped, as the length is part of the array on the wire); optional fields
// (opc:Bit fields, one bit per optional field in field order, padded to 32
// bits, and fields whose SwitchField names a bit); unions (a UInt32 switch
// field and alternatives with SwitchValue 1, 2, ...); opc:EnumeratedType of
// 32 bits. Anything else (other bit layouts, byte masks, fixed Length
// arrays, Char strings other than CharArray) is reported with an error
// wrapping ErrUnsupported rather than guessed.
package bsd

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/types/id"
	"github.com/uabin/uabin/uabin"
)

// Namespaces of the prefixes a dictionary uses.
const (
	// BinarySchemaNamespace is the namespace of the opc: primitive types.
	BinarySchemaNamespace = "http://opcfoundation.org/BinarySchema/"
	// UANamespace is the namespace of the ua: built-in and standard types.
	UANamespace = "http://opcfoundation.org/UA/"
)

// ErrUnsupported is wrapped by every error about a dictionary construct
// this package cannot turn into a definition; ErrInvalid by every error
// about a malformed dictionary.
var (
	ErrUnsupported = uabin.ErrUnsupported
	ErrInvalid     = uabin.ErrInvalid
)

// Options tell Parse the DataType ids of the dictionary's own types.
type Options struct {
	// DataTypeIDs maps the names of the dictionary's types to the NodeIds
	// of their DataType nodes on the server.
	DataTypeIDs map[string]types.NodeID
	// Namespace is the namespace index used for types missing from
	// DataTypeIDs, which get the string id ns=Namespace;s=Name.
	Namespace uint16
}

// Dictionary is a parsed type dictionary.
type Dictionary struct {
	// TargetNamespace is the namespace URI of the dictionary's types.
	TargetNamespace string
	// Types are the dictionary's structured and enumerated types, in
	// document order.
	Types []Type
}

// Type is one type of a dictionary: a structure or an enumeration.
type Type struct {
	// Name is the type's name.
	Name string
	// DataTypeID is the DataType NodeId given in Options (or made up).
	DataTypeID types.NodeID
	// Structure is the definition of a structured type, or nil.
	Structure *types.StructureDefinition
	// Enum is the definition of an enumerated type, or nil.
	Enum *types.EnumDefinition
	// Err is set, and Structure and Enum are nil, for a type this package
	// cannot turn into a definition (an *Error wrapping ErrUnsupported or
	// ErrInvalid). Parse keeps such types so that the others can be used:
	// the dictionary of namespace 0 describes even the built-in types, most
	// of which no definition can express.
	Err error
}

// Error is a problem with one type of a dictionary.
type Error struct {
	// Type and Field say where ("" when not known).
	Type, Field string
	// Err is the cause; it wraps ErrUnsupported or ErrInvalid.
	Err error
}

// Error implements error: "bsd: TimeZoneDataType.Offset: unsupported:
// ...", the package, the type and field, the kind and what was found.
func (e *Error) Error() string {
	s := "bsd"
	if e.Type != "" {
		s += ": " + e.Type
	}
	if e.Field != "" {
		s += "." + e.Field
	}
	return s + ": " + strings.TrimPrefix(e.Err.Error(), "uabin: ")
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func fail(typ, field string, kind error, format string, args ...any) error {
	return &Error{Type: typ, Field: field, Err: fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))}
}

// xml shapes.
type xDict struct {
	Attrs      []xml.Attr `xml:",any,attr"`
	Target     string     `xml:"TargetNamespace,attr"`
	Items      []xItem    `xml:",any"`
	namespaces map[string]string
}

type xItem struct {
	XMLName      xml.Name
	Name         string   `xml:"Name,attr"`
	LengthInBits string   `xml:"LengthInBits,attr"`
	Fields       []xField `xml:"Field"`
	Values       []xValue `xml:"EnumeratedValue"`
}

type xField struct {
	Name        string `xml:"Name,attr"`
	TypeName    string `xml:"TypeName,attr"`
	Length      string `xml:"Length,attr"`
	LengthField string `xml:"LengthField,attr"`
	SwitchField string `xml:"SwitchField,attr"`
	SwitchValue string `xml:"SwitchValue,attr"`
}

type xValue struct {
	Name  string `xml:"Name,attr"`
	Value string `xml:"Value,attr"`
}

// maxDictionary bounds the size of a dictionary Parse reads.
const maxDictionary = 64 << 20

// Parse reads a type dictionary. It fails only on malformed XML or a
// dictionary that defines a name twice; a type it cannot express has its
// Err set.
func Parse(data []byte, o Options) (*Dictionary, error) {
	if len(data) > maxDictionary {
		return nil, fail("", "", ErrUnsupported, "dictionary of %d bytes", len(data))
	}
	var x xDict
	dec := xml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&x); err != nil {
		return nil, fail("", "", ErrInvalid, "%v", err)
	}
	x.namespaces = map[string]string{}
	for _, a := range x.Attrs {
		if a.Name.Space == "xmlns" {
			x.namespaces[a.Name.Local] = a.Value
		}
	}
	d := &Dictionary{TargetNamespace: x.Target}
	local := map[string]types.NodeID{}
	for _, it := range x.Items {
		switch it.XMLName.Local {
		case "StructuredType", "EnumeratedType":
			if it.Name == "" {
				return nil, fail("", "", ErrInvalid, "a type without a Name")
			}
			if _, dup := local[it.Name]; dup {
				return nil, fail(it.Name, "", ErrInvalid, "defined twice")
			}
			local[it.Name] = o.dataTypeID(it.Name, x.Target)
		}
	}
	for _, it := range x.Items {
		var t Type
		var err error
		switch it.XMLName.Local {
		case "StructuredType":
			t, err = x.structure(it, local)
		case "EnumeratedType":
			t, err = enum(it)
		default:
			continue // Import, OpaqueType, Documentation
		}
		if err != nil {
			t = Type{Name: it.Name, Err: err}
		}
		t.DataTypeID = local[it.Name]
		d.Types = append(d.Types, t)
	}
	return d, nil
}

func (o Options) dataTypeID(name, target string) types.NodeID {
	if id, ok := o.DataTypeIDs[name]; ok {
		return id
	}
	if target == UANamespace {
		if id, ok := uaID(name); ok {
			return id
		}
	}
	return types.NewStringNodeID(o.Namespace, name)
}

// opcType returns the built-in type of an opc: primitive type: the built-in
// types Boolean to ByteString (1..15) by their OPC UA names, and CharArray,
// a String.
func opcType(name string) (uint32, bool) {
	if name == "CharArray" {
		return uint32(types.TypeString), true
	}
	n, ok := uaBuiltin(name)
	return n, ok && n <= uint32(types.TypeByteString)
}

// uaBuiltin returns the id of the built-in type with the OPC UA name name
// (types.BuiltinType.String): "Boolean" is 1, "DiagnosticInfo" 25.
func uaBuiltin(name string) (uint32, bool) {
	t, err := types.ParseBuiltinType(name)
	if err != nil || t == types.TypeNull || t.String() != name {
		return 0, false
	}
	return uint32(t), true
}

// uaNames maps the symbolic names of namespace 0 to their ids, built on
// first use from package id.
var (
	uaNames     map[string]uint32
	uaNamesOnce sync.Once
)

func uaID(name string) (types.NodeID, bool) {
	if n, ok := uaBuiltin(name); ok {
		return types.NewNumericNodeID(0, n), true
	}
	uaNamesOnce.Do(func() {
		m := map[string]uint32{}
		for _, ti := range types.StandardTypes {
			m[ti.Name] = ti.DataTypeID
		}
		m2 := m
		// Enumerations and simple types are not in StandardTypes: find them
		// by name among the namespace-0 ids.
		for i := uint32(1); i < 1<<16; i++ {
			if n := id.Name(i); n != "" && !strings.Contains(n, "_") {
				if _, ok := m2[n]; !ok {
					m2[n] = i
				}
			}
		}
		uaNames = m2
	})
	if n, ok := uaNames[name]; ok {
		return types.NewNumericNodeID(0, n), true
	}
	return types.NodeID{}, false
}

// typeID resolves a TypeName (prefix:Name) met in type typ.
func (x *xDict) typeID(typ, field, qname string, local map[string]types.NodeID) (types.NodeID, error) {
	prefix, name, ok := strings.Cut(qname, ":")
	if !ok {
		prefix, name = "", qname
	}
	uri, known := x.namespaces[prefix]
	if !known {
		return types.NodeID{}, fail(typ, field, ErrInvalid, "TypeName %q has an undeclared prefix", qname)
	}
	if uri == x.Target {
		if id, ok := local[name]; ok {
			return id, nil
		}
	}
	switch uri {
	case BinarySchemaNamespace:
		if n, ok := opcType(name); ok {
			return types.NewNumericNodeID(0, n), nil
		}
		return types.NodeID{}, fail(typ, field, ErrUnsupported, "opc:%s has no OPC UA built-in meaning", name)
	case UANamespace:
		if id, ok := uaID(name); ok {
			return id, nil
		}
	}
	return types.NodeID{}, fail(typ, field, ErrInvalid, "TypeName %q is not defined", qname)
}

func (x *xDict) structure(it xItem, local map[string]types.NodeID) (Type, error) {
	def := &types.StructureDefinition{StructureType: types.StructureTypeStructure}
	bits := map[string]int{} // bit field name → bit position
	nbits := 0
	lengthFields := map[string]bool{}
	switchFields := map[string]bool{}
	for _, f := range it.Fields {
		if f.LengthField != "" {
			lengthFields[f.LengthField] = true
		}
	}
	optionals, alternatives := 0, 0
	for _, f := range it.Fields {
		switch {
		case f.TypeName == "opc:Bit":
			n := 1
			if f.Length != "" {
				var err error
				if n, err = strconv.Atoi(f.Length); err != nil || n < 1 || n > 32 {
					return Type{}, fail(it.Name, f.Name, ErrInvalid, "bit field Length %q", f.Length)
				}
			}
			if n == 1 {
				bits[f.Name] = nbits
			}
			nbits += n
			continue
		case lengthFields[f.Name]:
			if f.TypeName != "opc:Int32" {
				return Type{}, fail(it.Name, f.Name, ErrUnsupported, "a length field of type %s", f.TypeName)
			}
			continue
		case f.Length != "":
			return Type{}, fail(it.Name, f.Name, ErrUnsupported, "fixed-length arrays")
		}
		dt, err := x.typeID(it.Name, f.Name, f.TypeName, local)
		if err != nil {
			return Type{}, err
		}
		sf := types.StructureField{Name: f.Name, DataType: dt, ValueRank: -1}
		if f.LengthField != "" {
			sf.ValueRank = 1
		}
		if f.SwitchField != "" {
			if bit, ok := bits[f.SwitchField]; ok && f.SwitchValue == "" {
				if bit != optionals {
					return Type{}, fail(it.Name, f.Name, ErrUnsupported, "optional field on bit %d, but it is optional field %d (Part 6 §5.2.7 numbers bits in field order)", bit, optionals)
				}
				sf.IsOptional = true
				optionals++
			} else {
				if _, isBit := bits[f.SwitchField]; isBit || !switchFields[f.SwitchField] {
					return Type{}, fail(it.Name, f.Name, ErrUnsupported, "SwitchField %q is neither a 1-bit field nor a UInt32 union switch", f.SwitchField)
				}
				alternatives++
				if f.SwitchValue != strconv.Itoa(alternatives) {
					return Type{}, fail(it.Name, f.Name, ErrUnsupported, "SwitchValue %q, the union alternative %d needs %d", f.SwitchValue, alternatives, alternatives)
				}
			}
		} else if alternatives > 0 {
			return Type{}, fail(it.Name, f.Name, ErrUnsupported, "a union field without SwitchValue")
		}
		if dt == types.NewNumericNodeID(0, 7) && !sf.IsOptional && len(def.Fields) == 0 && isSwitch(it.Fields, f.Name) {
			switchFields[f.Name] = true
			continue // the union switch is not a field of the definition
		}
		def.Fields = append(def.Fields, sf)
	}
	switch {
	case nbits > 0 && alternatives > 0:
		return Type{}, fail(it.Name, "", ErrUnsupported, "both optional fields and a union switch")
	case nbits > 0:
		if nbits != 32 {
			return Type{}, fail(it.Name, "", ErrUnsupported, "a %d-bit encoding mask (Part 6 structures use 32 bits)", nbits)
		}
		def.StructureType = types.StructureTypeStructureWithOptionalFields
	case len(switchFields) > 0:
		def.StructureType = types.StructureTypeUnion
	}
	return Type{Name: it.Name, Structure: def}, nil
}

// isSwitch reports whether other fields use the named field as a union
// switch (SwitchField with a SwitchValue).
func isSwitch(fields []xField, name string) bool {
	for _, f := range fields {
		if f.SwitchField == name && f.SwitchValue != "" {
			return true
		}
	}
	return false
}

func enum(it xItem) (Type, error) {
	if it.LengthInBits != "32" {
		return Type{}, fail(it.Name, "", ErrUnsupported, "an enumeration of %s bits (OPC UA enumerations are Int32)", it.LengthInBits)
	}
	def := &types.EnumDefinition{}
	for _, v := range it.Values {
		n, err := strconv.ParseInt(v.Value, 10, 32)
		if err != nil {
			return Type{}, fail(it.Name, v.Name, ErrInvalid, "value %q", v.Value)
		}
		def.Fields = append(def.Fields, types.EnumField{Name: v.Name, Value: n})
	}
	return Type{Name: it.Name, Enum: def}, nil
}

// Register registers every type of the dictionary in r (nil:
// uabin.DefaultRegistry): enumerations with RegisterEnum, structures with
// RegisterStructure under the binary encoding id that encodingIDs gives for
// their name (a structure without one is registered for inline use only).
// It stops at the first error, which may be the Err of a type.
func (d *Dictionary) Register(r *uabin.Registry, encodingIDs map[string]types.ExpandedNodeID) error {
	for _, t := range d.Types {
		if t.Err != nil {
			return t.Err
		}
		var err error
		dt := types.ExpandedNodeID{NodeID: t.DataTypeID}
		if t.Enum != nil {
			err = r.RegisterEnum(dt, t.Name, *t.Enum)
		} else {
			err = r.RegisterStructure(encodingIDs[t.Name], dt, t.Name, *t.Structure)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Lookup returns the type of the dictionary with the given name.
func (d *Dictionary) Lookup(name string) (Type, bool) {
	for _, t := range d.Types {
		if t.Name == name {
			return t, true
		}
	}
	return Type{}, false
}
