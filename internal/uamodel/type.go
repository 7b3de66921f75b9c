package uamodel

import (
	"reflect"

	"github.com/uabin/uabin/types"
)

// Kind says how the values of a Go type are represented in OPC UA.
type Kind uint8

const (
	// KindInvalid is the zero Kind; no model has it.
	KindInvalid Kind = iota
	// KindPrimitive: bool, int8 ... uint64, float32, float64 or string, of
	// any name; Builtin is the OPC UA type (Boolean ... String, and
	// DateTime, StatusCode and XmlElement for those types of package
	// types).
	KindPrimitive
	// KindIntAs: an int, uint or uintptr under a tag's integer wire type
	// (Wire); a value that does not fit is an encoding error.
	KindIntAs
	// KindClamped: an unsigned integer with the max=N option; decoding clamps
	// values above Max to Max.
	KindClamped
	// KindEmptyString: a string with the empty option, whose "" is an empty
	// String rather than a null one.
	KindEmptyString
	// KindByteString: a slice of 8-bit unsigned integers (of any name), one
	// ByteString.
	KindByteString
	// KindBuiltin: a built-in whose encoding no tags describe (NodeId,
	// ExpandedNodeId, DateTime as time.Time, Variant, ExtensionObject),
	// or a named type of one; Builtin says which.
	KindBuiltin
	// KindStruct: a structure, described by Struct. The structure-shaped
	// built-ins (Guid, QualifiedName, LocalizedText, DataValue,
	// DiagnosticInfo) are structures too, with Builtin set.
	KindStruct
	// KindPointer: *T, the value of Elem; a nil pointer is Elem's zero value.
	KindPointer
	// KindSlice: []T, an array of Elem; nil is the null array.
	KindSlice
	// KindArray: [N]T, an array of Len elements of Elem (no length on the
	// wire with Raw).
	KindArray
	// KindDynamic: the value of a run-time structure (uabin.Dynamic), whose
	// type is the value's own (DynType).
	KindDynamic
)

// A Type is the model of one Go type: what OPC UA value a Go value of it
// is. Of returns the one shared model of a Go type; a field's tag options
// (its wire type, empty, max=N, raw) make models of their own for that
// field, which are not shared (Shared is false).
type Type struct {
	Go      reflect.Type
	Kind    Kind
	Builtin types.BuiltinType // the OPC UA built-in type of a value (Primitive, IntAs, Clamped, EmptyString, ByteString, Builtin, the structure-shaped built-ins), else 0
	Wire    types.BuiltinType // IntAs, Clamped: the integer wire type
	Max     uint64            // Clamped: the largest value decoding keeps
	Elem    *Type             // Pointer, Slice, Array: the element's model
	Len     int               // Array: the number of elements
	Raw     bool              // Array: written without its length (tag option raw)
	Struct  *Struct           // Struct: the fields
	Shared  bool              // the model Of returns for Go, not one made for a field's tag options
}

// Encoding is the form of a structure on the wire (Part 6 §5.2.6-5.2.8).
type Encoding uint8

const (
	// Plain: the fields in order.
	Plain Encoding = iota
	// OptionalFields: a UInt32 encoding mask before the first field, bit
	// i for the i-th optional field (§5.2.7).
	OptionalFields
	// Masked: a mask field (uint8 or uint32) where it stands, and fields
	// whose presence is one of its bits (bit=N; DataValue, LocalizedText,
	// DiagnosticInfo, run-time structures with optional fields).
	Masked
	// Union: a UInt32 switch, then the selected field (§5.2.8).
	Union
)

// A Struct is the model of a structure: its encoded fields, in order.
type Struct struct {
	// Name is the name of the structure: its Go type's name, or the
	// definition's name for a run-time structure.
	Name string
	// Fields are the encoded fields in order, the mask and switch fields
	// included; skipped and unexported fields are not in it.
	Fields   []Field
	Encoding Encoding
	// Owned has the mask bits that fields own (OptionalFields, Masked):
	// a set bit that no field owns is invalid.
	Owned uint32
	// Enter is true for the structures that count one nesting level
	// (docs/types.md, Nesting depth): DataValue, DiagnosticInfo, and
	// every structure that can contain itself.
	Enter bool
}

// Presence is how it is decided whether a field is encoded.
type Presence uint8

const (
	// Always: the field is always encoded.
	Always Presence = iota
	// Optional: a §5.2.7 optional field, owning bit Bit of the implicit
	// mask; present iff its value is not zero.
	Optional
	// MaskBit: present iff bit Bit of the mask field is set (a stored
	// mask) or, for a computed mask, iff the value is not zero or the
	// mask field's kept bits (Mask Zeros) have bit Bit.
	MaskBit
	// Alternative: a union's field, present iff the switch selects it
	// (its position after the switch, 1-based).
	Alternative
	// MaskField: the field is the encoding mask (see Field.Mask).
	MaskField
	// SwitchField: the field is the union's switch.
	SwitchField
)

// MaskKind is how a mask field gets its value.
type MaskKind uint8

const (
	// NoMask: not a mask field.
	NoMask MaskKind = iota
	// Computed: a blank (_) mask field; each bit says whether its field is
	// not zero (LocalizedText).
	Computed
	// Stored: a named mask field whose value decides which fields are
	// encoded; decoding sets it (DiagnosticInfo, run-time structures).
	Stored
	// Zeros: a named `mask,zero` field: the mask is computed, and the
	// field keeps the bits of the fields present with a zero value
	// (DataValue.SentZero).
	Zeros
)

// A Field is the model of one encoded field of a structure.
type Field struct {
	// GoName names the field in error paths: the Go field name ("_" for a
	// blank mask), or the definition's field name for a run-time
	// structure.
	GoName string
	// Name is the OPC UA name: the tag's name=NAME, else the Go name; the
	// definition's field name for a run-time structure.
	Name   string
	Offset uintptr      // in the structure's memory
	Go     reflect.Type // the Go type of the field
	// Type is the model of the value: Of(Go), or one made for the tag
	// options. It is nil for the fields of a run-time structure that hold
	// nested run-time structures or matrices (Dyn says what they hold).
	Type     *Type
	Tag      Tag
	Presence Presence
	Bit      int      // Optional, MaskBit: the mask bit; -1 otherwise
	Mask     MaskKind // MaskField: how the mask gets its value
	Dyn      *DynField
}

// MaskWide reports whether a mask field is a UInt32 (else a Byte).
func (f *Field) MaskWide() bool { return f.Go.Kind() == reflect.Uint32 }

// HasPointers reports whether values of t hold pointers, so that zeroing
// or copying them needs the runtime's write barriers (a value without
// pointers can be cleared as bytes).
func HasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && HasPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if HasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}
