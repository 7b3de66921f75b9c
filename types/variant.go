package types

// Variant is an OPC UA Variant (Part 6 §5.2.2.16): a scalar, array or matrix
// of one built-in type. The zero value is the null Variant (mask 00).
//
// # Storage
//
// A Variant stores its value so that numeric scalars and strings need no
// interface boxing (decoding them into a reused Variant does not allocate):
//
//   - numeric scalars (Boolean, SByte..Double, DateTime, StatusCode) live in
//     an uint64: Boolean 0 or 1; signed integers sign-extended
//     (uint64(int64(v))); unsigned integers zero-extended; Float as
//     math.Float32bits; Double as math.Float64bits; DateTime as its ticks;
//     StatusCode as its value. See Bits and SetBits.
//
//   - String and XmlElement scalars live in a string. See Str and SetString.
//
//   - every other scalar, and every array, lives in an interface value (see
//     Raw and SetRaw) holding the Go type of the table below; arrays hold a
//     slice of the element type ([]float64 for Double, []Variant for
//     Variant), a nil slice of that type for a null array (length -1).
//
//     Guid GUID, ByteString []byte, NodeId NodeID, ExpandedNodeId
//     ExpandedNodeID, QualifiedName QualifiedName, LocalizedText
//     LocalizedText, ExtensionObject ExtensionObject, DataValue DataValue,
//     ids 26..31 []byte (kept as ByteStrings, §5.2.2.16).
//     Array elements: bool, int8, uint8, int16, uint16, int32, uint32, int64,
//     uint64, float32, float64, string, DateTime, GUID, []byte, XmlElement,
//     NodeID, ExpandedNodeID, StatusCode, QualifiedName, LocalizedText,
//     ExtensionObject, DataValue, Variant.
//
// A matrix is a flat array in row-major order plus its dimensions (two or
// more, see Dimensions).
type Variant struct {
	typ   BuiltinType
	array bool
	bits  uint64
	str   string
	val   any
	dims  []int32
}

// Type returns the built-in type of the value, TypeNull for a null Variant.
func (v Variant) Type() BuiltinType { return v.typ }

// IsArray reports whether the Variant holds an array (or a matrix).
func (v Variant) IsArray() bool { return v.array }

// IsNull reports whether the Variant is null (no type, mask 00).
func (v Variant) IsNull() bool { return v.typ == TypeNull }

// Dimensions returns the ArrayDimensions of a matrix, nil otherwise.
func (v Variant) Dimensions() []int32 { return v.dims }

// Bits returns the raw storage of a numeric scalar (see Storage).
func (v Variant) Bits() uint64 { return v.bits }

// Str returns the text of a String or XmlElement scalar.
func (v Variant) Str() string { return v.str }

// Raw returns the interface storage: the value of any scalar that is not
// numeric or text, or the slice of an array (see Storage).
func (v Variant) Raw() any { return v.val }

// SetBits makes v a numeric scalar of type t with the given raw bits (see
// Storage). It is a low-level setter for codecs: t is not checked.
func (v *Variant) SetBits(t BuiltinType, bits uint64) {
	*v = Variant{typ: t, bits: bits}
}

// SetString makes v a String or XmlElement scalar (t is TypeString or
// TypeXmlElement). It is a low-level setter for codecs: t is not checked.
func (v *Variant) SetString(t BuiltinType, s string) {
	*v = Variant{typ: t, str: s}
}

// SetRaw makes v a scalar (array false) or array of type t stored as val,
// with matrix dimensions dims (nil unless two or more). It is a low-level
// setter for codecs: val must follow the Storage table; nothing is checked.
func (v *Variant) SetRaw(t BuiltinType, array bool, val any, dims []int32) {
	*v = Variant{typ: t, array: array, val: val, dims: dims}
}

// SetDimensions replaces the matrix dimensions, keeping the value. It is a
// low-level setter for codecs that decode an array in place.
func (v *Variant) SetDimensions(dims []int32) { v.dims = dims }
