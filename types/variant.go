package types

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"time"
)

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

// VariantError is the error of NewVariant and NewMatrix for a value that a
// Variant cannot hold.
type VariantError struct {
	// Value is the argument that was given.
	Value any
	// Msg says why it cannot be held.
	Msg string
}

// Error implements error: "types: cannot make a Variant of int: ...".
func (e *VariantError) Error() string {
	return fmt.Sprintf("types: cannot make a Variant of %T: %s", e.Value, e.Msg)
}

// NewVariant returns a Variant holding v, which must be one of these Go
// types (see the Storage table on Variant):
//
//	nil                                   the null Variant
//	bool                                  Boolean
//	int8, uint8, int16, uint16            SByte, Byte, Int16, UInt16
//	int32, uint32, int64, uint64          Int32, UInt32, Int64, UInt64
//	float32, float64                      Float, Double
//	string, XmlElement                    String, XmlElement
//	[]byte, ByteString                    ByteString (nil is the null ByteString)
//	time.Time, DateTime                   DateTime (time.Time via DateTimeFromTime)
//	GUID, NodeID, ExpandedNodeID          Guid, NodeId, ExpandedNodeId
//	StatusCode, QualifiedName             StatusCode, QualifiedName
//	LocalizedText, ExtensionObject        LocalizedText, ExtensionObject
//	DataValue                             DataValue
//
// A slice of any of these element types (with [][]byte or []ByteString for
// ByteString, and []Variant for an array of Variant) gives an array; a nil
// slice gives a null array. The Variant shares the slice with the caller,
// except for []time.Time and []ByteString, which are converted. Named types
// whose underlying type is one of the numeric types, bool or string
// (enumerations, option sets) are held as that type, and slices of them are
// converted: an enumeration is an Int32 (Part 6 §5.2.4). A slice of a named
// byte type is an array of Byte; for a one-dimensional array of Byte from a
// []byte use VariantFromByteArray.
//
// Everything else is a *VariantError: int, uint and uintptr (the width is
// not part of the type; convert to int32 or int64), a Variant (a Variant
// cannot hold a scalar Variant), DiagnosticInfo (not allowed in a Variant),
// pointers, structures (wrap them with NewExtensionObject), maps and so on.
// For a matrix use NewMatrix.
func NewVariant(v any) (Variant, error) {
	switch x := v.(type) {
	case nil:
		return Variant{}, nil
	case bool:
		return VariantFromBool(x), nil
	case int8:
		return VariantFromInt8(x), nil
	case uint8:
		return VariantFromUint8(x), nil
	case int16:
		return VariantFromInt16(x), nil
	case uint16:
		return VariantFromUint16(x), nil
	case int32:
		return VariantFromInt32(x), nil
	case uint32:
		return VariantFromUint32(x), nil
	case int64:
		return VariantFromInt64(x), nil
	case uint64:
		return VariantFromUint64(x), nil
	case float32:
		return VariantFromFloat32(x), nil
	case float64:
		return VariantFromFloat64(x), nil
	case string:
		return VariantFromString(x), nil
	case XmlElement:
		return VariantFromXmlElement(x), nil
	case []byte:
		return VariantFromByteString(x), nil
	case ByteString:
		return VariantFromByteString(x), nil
	case time.Time:
		return VariantFromTime(x), nil
	case DateTime:
		return VariantFromDateTime(x), nil
	case StatusCode:
		return VariantFromStatusCode(x), nil
	case GUID:
		return VariantFromGUID(x), nil
	case NodeID:
		return VariantFromNodeID(x), nil
	case ExpandedNodeID:
		return VariantFromExpandedNodeID(x), nil
	case QualifiedName:
		return VariantFromQualifiedName(x), nil
	case LocalizedText:
		return VariantFromLocalizedText(x), nil
	case ExtensionObject:
		return VariantFromExtensionObject(x), nil
	case DataValue:
		return VariantFromDataValue(x), nil
	case Variant:
		return Variant{}, &VariantError{v, "a Variant cannot hold a scalar Variant (Part 6 §5.2.2.16); use []Variant for an array"}
	case DiagnosticInfo, []DiagnosticInfo:
		return Variant{}, &VariantError{v, "a Variant cannot hold a DiagnosticInfo (Part 6 §5.2.2.16)"}
	case int, uint, uintptr, []int, []uint, []uintptr:
		return Variant{}, &VariantError{v, "the size of a Go int, uint or uintptr is not part of its type; convert to int32, int64, uint32 or uint64"}

	case []bool:
		return array(TypeBoolean, x), nil
	case []int8:
		return array(TypeSByte, x), nil
	case []int16:
		return array(TypeInt16, x), nil
	case []uint16:
		return array(TypeUInt16, x), nil
	case []int32:
		return array(TypeInt32, x), nil
	case []uint32:
		return array(TypeUInt32, x), nil
	case []int64:
		return array(TypeInt64, x), nil
	case []uint64:
		return array(TypeUInt64, x), nil
	case []float32:
		return array(TypeFloat, x), nil
	case []float64:
		return array(TypeDouble, x), nil
	case []string:
		return array(TypeString, x), nil
	case []XmlElement:
		return array(TypeXmlElement, x), nil
	case [][]byte:
		return array(TypeByteString, x), nil
	case []ByteString:
		var s [][]byte
		if x != nil {
			s = make([][]byte, len(x))
			for i, b := range x {
				s[i] = b
			}
		}
		return array(TypeByteString, s), nil
	case []DateTime:
		return array(TypeDateTime, x), nil
	case []time.Time:
		var s []DateTime
		if x != nil {
			s = make([]DateTime, len(x))
			for i, t := range x {
				s[i] = DateTimeFromTime(t)
			}
		}
		return array(TypeDateTime, s), nil
	case []StatusCode:
		return array(TypeStatusCode, x), nil
	case []GUID:
		return array(TypeGUID, x), nil
	case []NodeID:
		return array(TypeNodeID, x), nil
	case []ExpandedNodeID:
		return array(TypeExpandedNodeID, x), nil
	case []QualifiedName:
		return array(TypeQualifiedName, x), nil
	case []LocalizedText:
		return array(TypeLocalizedText, x), nil
	case []ExtensionObject:
		return array(TypeExtensionObject, x), nil
	case []DataValue:
		return array(TypeDataValue, x), nil
	case []Variant:
		return array(TypeVariant, x), nil
	}
	return newVariantOfKind(v)
}

// array returns the one-dimensional array of type t stored as s.
func array[E any](t BuiltinType, s []E) Variant {
	return Variant{typ: t, array: true, val: s}
}

// kindTypes maps the reflect kinds that named Go types may have to the
// built-in type that holds them and the unnamed Go type of the storage.
var kindTypes = map[reflect.Kind]struct {
	t  BuiltinType
	gt reflect.Type
}{
	reflect.Bool:    {TypeBoolean, reflect.TypeFor[bool]()},
	reflect.Int8:    {TypeSByte, reflect.TypeFor[int8]()},
	reflect.Uint8:   {TypeByte, reflect.TypeFor[uint8]()},
	reflect.Int16:   {TypeInt16, reflect.TypeFor[int16]()},
	reflect.Uint16:  {TypeUInt16, reflect.TypeFor[uint16]()},
	reflect.Int32:   {TypeInt32, reflect.TypeFor[int32]()},
	reflect.Uint32:  {TypeUInt32, reflect.TypeFor[uint32]()},
	reflect.Int64:   {TypeInt64, reflect.TypeFor[int64]()},
	reflect.Uint64:  {TypeUInt64, reflect.TypeFor[uint64]()},
	reflect.Float32: {TypeFloat, reflect.TypeFor[float32]()},
	reflect.Float64: {TypeDouble, reflect.TypeFor[float64]()},
	reflect.String:  {TypeString, reflect.TypeFor[string]()},
}

// newVariantOfKind is NewVariant for named types not listed in its switch:
// enumerations, option sets and other named numbers, bools and strings,
// and slices of them.
func newVariantOfKind(v any) (Variant, error) {
	rv := reflect.ValueOf(v)
	if k, ok := kindTypes[rv.Kind()]; ok {
		// A scalar: convert to the unnamed type and start again.
		return NewVariant(rv.Convert(k.gt).Interface())
	}
	if rv.Kind() == reflect.Slice && rv.Type().Name() != "" {
		// A named slice type: try its unnamed form ([]NodeID for
		// type NodeIDs []NodeID).
		x, err := NewVariant(rv.Convert(reflect.SliceOf(rv.Type().Elem())).Interface())
		if err != nil {
			err.(*VariantError).Value = v
		}
		return x, err
	}
	if rv.Kind() == reflect.Slice {
		if k, ok := kindTypes[rv.Type().Elem().Kind()]; ok {
			var out reflect.Value
			if rv.IsNil() {
				out = reflect.Zero(reflect.SliceOf(k.gt))
			} else {
				out = reflect.MakeSlice(reflect.SliceOf(k.gt), rv.Len(), rv.Len())
				for i := 0; i < rv.Len(); i++ {
					out.Index(i).Set(rv.Index(i).Convert(k.gt))
				}
			}
			if k.t == TypeByte {
				return Variant{typ: TypeByte, array: true, val: out.Interface()}, nil
			}
			return NewVariant(out.Interface())
		}
	}
	msg := "no OPC UA built-in type holds it"
	switch rv.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		msg = "the size of a Go int, uint or uintptr is not part of its type; convert to int32, int64, uint32 or uint64"
	case reflect.Struct, reflect.Pointer:
		msg = "no OPC UA built-in type holds it; wrap a structure with NewExtensionObject"
	case reflect.Slice:
		switch rv.Type().Elem().Kind() {
		case reflect.Int, reflect.Uint, reflect.Uintptr:
			msg = "the size of a Go int, uint or uintptr is not part of its type; use a slice of int32, int64, uint32 or uint64"
		}
	}
	return Variant{}, &VariantError{v, msg}
}

// MustVariant is NewVariant for values known to be valid: it panics with
// the *VariantError instead of returning it.
func MustVariant(v any) Variant {
	x, err := NewVariant(v)
	if err != nil {
		panic(err)
	}
	return x
}

// NewMatrix returns a Variant holding a multi-dimensional array (Part 6
// §5.2.2.16): flat holds the elements in row-major order (the last index
// varies fastest) and is any slice that NewVariant accepts ([]byte is an
// array of Byte here, [][]byte one of ByteString), and dims are the
// lengths of the dimensions. There must be at least two dimensions, each
// greater than 0, and their product must equal len(flat); otherwise the
// error is a *VariantError. dims is copied; flat is shared as in
// NewVariant.
func NewMatrix(flat any, dims ...int32) (Variant, error) {
	var v Variant
	if b, ok := flat.([]byte); ok {
		v = VariantFromByteArray(b)
	} else {
		var err error
		if v, err = NewVariant(flat); err != nil {
			return Variant{}, err
		}
		if !v.array {
			return Variant{}, &VariantError{flat, "NewMatrix needs a slice of elements"}
		}
	}
	if len(dims) < 2 {
		return Variant{}, &VariantError{flat, "a matrix needs two or more dimensions"}
	}
	n := int64(v.Len())
	prod, overflow := int64(1), false
	for _, d := range dims {
		if d <= 0 {
			return Variant{}, &VariantError{flat, fmt.Sprintf("dimensions %v: every dimension must be greater than 0", dims)}
		}
		if prod > n/int64(d) { // prod*d > n, and may not fit in an int64
			overflow = true
		} else if !overflow {
			prod *= int64(d)
		}
	}
	if overflow || prod != n {
		return Variant{}, &VariantError{flat, fmt.Sprintf("dimensions %v do not match the %d elements", dims, n)}
	}
	v.dims = append([]int32(nil), dims...)
	return v, nil
}

// Typed constructors. Those of numeric types and strings do not allocate.

// VariantFromBool returns a Boolean Variant.
func VariantFromBool(x bool) Variant {
	var bits uint64
	if x {
		bits = 1
	}
	return Variant{typ: TypeBoolean, bits: bits}
}

// VariantFromInt8 returns an SByte Variant.
func VariantFromInt8(x int8) Variant { return Variant{typ: TypeSByte, bits: uint64(int64(x))} }

// VariantFromUint8 returns a Byte Variant.
func VariantFromUint8(x uint8) Variant { return Variant{typ: TypeByte, bits: uint64(x)} }

// VariantFromInt16 returns an Int16 Variant.
func VariantFromInt16(x int16) Variant { return Variant{typ: TypeInt16, bits: uint64(int64(x))} }

// VariantFromUint16 returns a UInt16 Variant.
func VariantFromUint16(x uint16) Variant { return Variant{typ: TypeUInt16, bits: uint64(x)} }

// VariantFromInt32 returns an Int32 Variant.
func VariantFromInt32(x int32) Variant { return Variant{typ: TypeInt32, bits: uint64(int64(x))} }

// VariantFromUint32 returns a UInt32 Variant.
func VariantFromUint32(x uint32) Variant { return Variant{typ: TypeUInt32, bits: uint64(x)} }

// VariantFromInt64 returns an Int64 Variant.
func VariantFromInt64(x int64) Variant { return Variant{typ: TypeInt64, bits: uint64(x)} }

// VariantFromUint64 returns a UInt64 Variant.
func VariantFromUint64(x uint64) Variant { return Variant{typ: TypeUInt64, bits: x} }

// VariantFromFloat32 returns a Float Variant.
func VariantFromFloat32(x float32) Variant {
	return Variant{typ: TypeFloat, bits: uint64(math.Float32bits(x))}
}

// VariantFromFloat64 returns a Double Variant.
func VariantFromFloat64(x float64) Variant {
	return Variant{typ: TypeDouble, bits: math.Float64bits(x)}
}

// VariantFromString returns a String Variant.
func VariantFromString(x string) Variant { return Variant{typ: TypeString, str: x} }

// VariantFromXmlElement returns an XmlElement Variant.
func VariantFromXmlElement(x XmlElement) Variant { return Variant{typ: TypeXmlElement, str: string(x)} }

// VariantFromDateTime returns a DateTime Variant.
func VariantFromDateTime(x DateTime) Variant { return Variant{typ: TypeDateTime, bits: uint64(x)} }

// VariantFromTime returns a DateTime Variant holding DateTimeFromTime(x).
func VariantFromTime(x time.Time) Variant { return VariantFromDateTime(DateTimeFromTime(x)) }

// VariantFromStatusCode returns a StatusCode Variant.
func VariantFromStatusCode(x StatusCode) Variant {
	return Variant{typ: TypeStatusCode, bits: uint64(x)}
}

// VariantFromGUID returns a Guid Variant.
func VariantFromGUID(x GUID) Variant { return Variant{typ: TypeGUID, val: x} }

// VariantFromByteString returns a ByteString Variant sharing x (nil is the
// null ByteString).
func VariantFromByteString(x []byte) Variant { return Variant{typ: TypeByteString, val: x} }

// VariantFromByteArray returns a one-dimensional array of Byte sharing x
// (nil is a null array). On the wire it differs from a ByteString only in
// the type id (3 | 0x80 instead of 15).
func VariantFromByteArray(x []byte) Variant { return array(TypeByte, x) }

// VariantFromNodeID returns a NodeId Variant.
func VariantFromNodeID(x NodeID) Variant { return Variant{typ: TypeNodeID, val: x} }

// VariantFromExpandedNodeID returns an ExpandedNodeId Variant.
func VariantFromExpandedNodeID(x ExpandedNodeID) Variant {
	return Variant{typ: TypeExpandedNodeID, val: x}
}

// VariantFromQualifiedName returns a QualifiedName Variant.
func VariantFromQualifiedName(x QualifiedName) Variant {
	return Variant{typ: TypeQualifiedName, val: x}
}

// VariantFromLocalizedText returns a LocalizedText Variant.
func VariantFromLocalizedText(x LocalizedText) Variant {
	return Variant{typ: TypeLocalizedText, val: x}
}

// VariantFromExtensionObject returns an ExtensionObject Variant.
func VariantFromExtensionObject(x ExtensionObject) Variant {
	return Variant{typ: TypeExtensionObject, val: x}
}

// VariantFromDataValue returns a DataValue Variant.
func VariantFromDataValue(x DataValue) Variant { return Variant{typ: TypeDataValue, val: x} }

// Typed accessors. Each returns the value and true if v is a scalar of
// exactly that built-in type, and the zero value and false otherwise; there
// are no conversions between types.

// scalar reports whether v is a scalar of type t.
func (v Variant) scalar(t BuiltinType) bool { return v.typ == t && !v.array }

// Bool returns the value of a Boolean scalar.
func (v Variant) Bool() (bool, bool) {
	if !v.scalar(TypeBoolean) {
		return false, false
	}
	return v.bits != 0, true
}

// Int8 returns the value of an SByte scalar.
func (v Variant) Int8() (int8, bool) {
	if !v.scalar(TypeSByte) {
		return 0, false
	}
	return int8(v.bits), true
}

// Uint8 returns the value of a Byte scalar.
func (v Variant) Uint8() (uint8, bool) {
	if !v.scalar(TypeByte) {
		return 0, false
	}
	return uint8(v.bits), true
}

// Int16 returns the value of an Int16 scalar.
func (v Variant) Int16() (int16, bool) {
	if !v.scalar(TypeInt16) {
		return 0, false
	}
	return int16(v.bits), true
}

// Uint16 returns the value of a UInt16 scalar.
func (v Variant) Uint16() (uint16, bool) {
	if !v.scalar(TypeUInt16) {
		return 0, false
	}
	return uint16(v.bits), true
}

// Int32 returns the value of an Int32 scalar.
func (v Variant) Int32() (int32, bool) {
	if !v.scalar(TypeInt32) {
		return 0, false
	}
	return int32(v.bits), true
}

// Uint32 returns the value of a UInt32 scalar.
func (v Variant) Uint32() (uint32, bool) {
	if !v.scalar(TypeUInt32) {
		return 0, false
	}
	return uint32(v.bits), true
}

// Int64 returns the value of an Int64 scalar.
func (v Variant) Int64() (int64, bool) {
	if !v.scalar(TypeInt64) {
		return 0, false
	}
	return int64(v.bits), true
}

// Uint64 returns the value of a UInt64 scalar.
func (v Variant) Uint64() (uint64, bool) {
	if !v.scalar(TypeUInt64) {
		return 0, false
	}
	return v.bits, true
}

// Float32 returns the value of a Float scalar.
func (v Variant) Float32() (float32, bool) {
	if !v.scalar(TypeFloat) {
		return 0, false
	}
	return math.Float32frombits(uint32(v.bits)), true
}

// Float64 returns the value of a Double scalar.
func (v Variant) Float64() (float64, bool) {
	if !v.scalar(TypeDouble) {
		return 0, false
	}
	return math.Float64frombits(v.bits), true
}

// Text returns the value of a String scalar. (String is the fmt.Stringer
// method, which formats any Variant.)
func (v Variant) Text() (string, bool) {
	if !v.scalar(TypeString) {
		return "", false
	}
	return v.str, true
}

// XmlElement returns the value of an XmlElement scalar.
func (v Variant) XmlElement() (XmlElement, bool) { //nolint:revive // OPC UA name
	if !v.scalar(TypeXmlElement) {
		return "", false
	}
	return XmlElement(v.str), true
}

// DateTime returns the value of a DateTime scalar.
func (v Variant) DateTime() (DateTime, bool) {
	if !v.scalar(TypeDateTime) {
		return 0, false
	}
	return DateTime(v.bits), true
}

// Time returns the value of a DateTime scalar converted with DateTime.Time.
func (v Variant) Time() (time.Time, bool) {
	if !v.scalar(TypeDateTime) {
		return time.Time{}, false
	}
	return DateTime(v.bits).Time(), true
}

// StatusCode returns the value of a StatusCode scalar.
func (v Variant) StatusCode() (StatusCode, bool) {
	if !v.scalar(TypeStatusCode) {
		return 0, false
	}
	return StatusCode(v.bits), true
}

// rawAs returns the interface storage of a scalar of type t as an E.
func rawAs[E any](v Variant, t BuiltinType) (E, bool) {
	if !v.scalar(t) {
		var zero E
		return zero, false
	}
	x, ok := v.val.(E)
	return x, ok
}

// GUID returns the value of a Guid scalar.
func (v Variant) GUID() (GUID, bool) { return rawAs[GUID](v, TypeGUID) }

// ByteString returns the value of a ByteString scalar (nil for the null
// ByteString), shared with v.
func (v Variant) ByteString() ([]byte, bool) { return rawAs[[]byte](v, TypeByteString) }

// NodeID returns the value of a NodeId scalar.
func (v Variant) NodeID() (NodeID, bool) { return rawAs[NodeID](v, TypeNodeID) }

// ExpandedNodeID returns the value of an ExpandedNodeId scalar.
func (v Variant) ExpandedNodeID() (ExpandedNodeID, bool) {
	return rawAs[ExpandedNodeID](v, TypeExpandedNodeID)
}

// QualifiedName returns the value of a QualifiedName scalar.
func (v Variant) QualifiedName() (QualifiedName, bool) {
	return rawAs[QualifiedName](v, TypeQualifiedName)
}

// LocalizedText returns the value of a LocalizedText scalar.
func (v Variant) LocalizedText() (LocalizedText, bool) {
	return rawAs[LocalizedText](v, TypeLocalizedText)
}

// ExtensionObject returns the value of an ExtensionObject scalar.
func (v Variant) ExtensionObject() (ExtensionObject, bool) {
	return rawAs[ExtensionObject](v, TypeExtensionObject)
}

// DataValue returns the value of a DataValue scalar.
func (v Variant) DataValue() (DataValue, bool) { return rawAs[DataValue](v, TypeDataValue) }

// Value returns the value as a Go value of the Storage table: nil for the
// null Variant; for a numeric scalar its Go type boxed (bool, int8, uint8,
// int16, uint16, int32, uint32, int64, uint64, float32, float64, DateTime,
// StatusCode); string for a String and XmlElement for an XmlElement; the
// stored value for any other scalar (GUID, []byte, NodeID, ...); the slice
// for an array or matrix ([]float64, []Variant, ...). NewVariant(v.Value())
// gives back v, except for matrices, whose dimensions Value does not carry,
// and arrays of Byte, whose []byte NewVariant reads as a ByteString.
func (v Variant) Value() any {
	if v.array {
		return v.val
	}
	switch v.typ {
	case TypeNull:
		return nil
	case TypeBoolean:
		return v.bits != 0
	case TypeSByte:
		return int8(v.bits)
	case TypeByte:
		return uint8(v.bits)
	case TypeInt16:
		return int16(v.bits)
	case TypeUInt16:
		return uint16(v.bits)
	case TypeInt32:
		return int32(v.bits)
	case TypeUInt32:
		return uint32(v.bits)
	case TypeInt64:
		return int64(v.bits)
	case TypeUInt64:
		return v.bits
	case TypeFloat:
		return math.Float32frombits(uint32(v.bits))
	case TypeDouble:
		return math.Float64frombits(v.bits)
	case TypeDateTime:
		return DateTime(v.bits)
	case TypeStatusCode:
		return StatusCode(v.bits)
	case TypeString:
		return v.str
	case TypeXmlElement:
		return XmlElement(v.str)
	}
	return v.val
}

// Len returns the number of elements of an array or matrix (0 for a null
// array), and 0 for a scalar or the null Variant.
func (v Variant) Len() int {
	if !v.array {
		return 0
	}
	switch s := v.val.(type) {
	case []float64:
		return len(s)
	case []float32:
		return len(s)
	case []int32:
		return len(s)
	case []uint32:
		return len(s)
	case []string:
		return len(s)
	case []Variant:
		return len(s)
	case []bool:
		return len(s)
	case []byte:
		return len(s)
	case nil:
		return 0
	}
	if rv := reflect.ValueOf(v.val); rv.Kind() == reflect.Slice {
		return rv.Len()
	}
	return 0
}

// maxEqualDepth bounds the nesting that Equal follows (Variants in arrays,
// DataValues, ExtensionObject values); deeper values compare unequal. It
// is far above the decoders' default MaxDepth of 200.
const maxEqualDepth = 1000

// Equal reports whether v and o hold the same value: the same built-in
// type, both scalars or both arrays with the same dimensions, and equal
// values. Values are compared deeply (array elements, Variants in arrays,
// DataValues, the Go values of ExtensionObjects) with these rules:
//
//   - Float and Double compare by their bits, except that any NaN equals
//     any NaN (so +0 and -0 differ);
//   - a nil slice (null array or ByteString) differs from an empty one;
//   - Dimensions nil and empty are the same (no dimensions);
//   - ExtensionObjects compare as they are encoded: two with a Value are
//     equal if the Values are (a pointer and the value it points to being
//     the same, since decoding gives a pointer), whatever their TypeID,
//     Encoding and Body, which are not written; without Values, TypeID and
//     the body must be equal, where Encoding 0 with a non-nil Body counts
//     as Binary and a nil Body as an empty one.
func (v Variant) Equal(o Variant) bool { return variantEqual(v, o, 0) }

func variantEqual(a, b Variant, depth int) bool {
	if depth > maxEqualDepth || a.typ != b.typ || a.array != b.array || !dimsEqual(a.dims, b.dims) {
		return false
	}
	if a.array {
		return arrayEqual(a.val, b.val, depth)
	}
	switch a.typ {
	case TypeNull:
		return true
	case TypeFloat:
		return float32Equal(math.Float32frombits(uint32(a.bits)), math.Float32frombits(uint32(b.bits)))
	case TypeDouble:
		return float64Equal(math.Float64frombits(a.bits), math.Float64frombits(b.bits))
	case TypeString, TypeXmlElement:
		return a.str == b.str
	case TypeBoolean, TypeSByte, TypeByte, TypeInt16, TypeUInt16, TypeInt32,
		TypeUInt32, TypeInt64, TypeUInt64, TypeDateTime, TypeStatusCode:
		return usedBits(a.typ, a.bits) == usedBits(b.typ, b.bits)
	}
	return scalarEqual(a.val, b.val, depth)
}

// usedBits returns the storage bits of a numeric scalar of type t in their
// canonical form (see Storage), ignoring bits the type does not use.
func usedBits(t BuiltinType, bits uint64) uint64 {
	switch t {
	case TypeBoolean:
		if bits != 0 {
			return 1
		}
	case TypeSByte:
		return uint64(int64(int8(bits)))
	case TypeByte:
		return uint64(uint8(bits))
	case TypeInt16:
		return uint64(int64(int16(bits)))
	case TypeUInt16:
		return uint64(uint16(bits))
	case TypeInt32:
		return uint64(int64(int32(bits)))
	case TypeUInt32, TypeStatusCode:
		return uint64(uint32(bits))
	}
	return bits
}

func dimsEqual(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func float32Equal(x, y float32) bool {
	return math.Float32bits(x) == math.Float32bits(y) || (x != x && y != y)
}

func float64Equal(x, y float64) bool {
	return math.Float64bits(x) == math.Float64bits(y) || (x != x && y != y)
}

// bytesEqual compares ByteStrings: equal bytes, and both null or neither.
func bytesEqual(x, y []byte) bool {
	return (x == nil) == (y == nil) && bytes.Equal(x, y)
}

func comparableEqual[E comparable](x, y E) bool { return x == y }

// scalarEqual compares the interface storage of two scalars.
func scalarEqual(a, b any, depth int) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case []byte:
		y, ok := b.([]byte)
		return ok && bytesEqual(x, y)
	case GUID, NodeID, ExpandedNodeID, QualifiedName, LocalizedText:
		return a == b // comparable types; == also checks the dynamic type
	case ExtensionObject:
		y, ok := b.(ExtensionObject)
		return ok && extensionObjectEqual(x, y, depth)
	case DataValue:
		y, ok := b.(DataValue)
		return ok && dataValueEqual(x, y, depth)
	}
	return deepEqual(reflect.ValueOf(a), reflect.ValueOf(b), depth)
}

// extensionObjectEqual compares ExtensionObjects as they are encoded (see
// Variant.Equal).
func extensionObjectEqual(x, y ExtensionObject, depth int) bool {
	if x.Value != nil || y.Value != nil {
		// TypeID, Encoding and Body are not written with a Value.
		return x.Value != nil && y.Value != nil &&
			deepEqual(pointee(x.Value), pointee(y.Value), depth+1)
	}
	ex, ey := x.Encoding, y.Encoding
	if ex == ExtensionObjectEmpty && x.Body != nil {
		ex = ExtensionObjectBinary // as the encoder writes it
	}
	if ey == ExtensionObjectEmpty && y.Body != nil {
		ey = ExtensionObjectBinary
	}
	if x.TypeID != y.TypeID || ex != ey {
		return false
	}
	return ex == ExtensionObjectEmpty || bytes.Equal(x.Body, y.Body) // nil and empty: both length 0
}

// pointee returns the value v points to, or v if it is not a non-nil
// pointer.
func pointee(v any) reflect.Value {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		return rv.Elem()
	}
	return rv
}

func dataValueEqual(x, y DataValue, depth int) bool {
	return x.Status == y.Status && x.SourceTimestamp == y.SourceTimestamp &&
		x.SourcePicoseconds == y.SourcePicoseconds && x.ServerTimestamp == y.ServerTimestamp &&
		x.ServerPicoseconds == y.ServerPicoseconds && variantEqual(x.Value, y.Value, depth+1)
}

// sliceEqual compares a with b, which must be a []E too: both nil or
// neither, the same length and equal elements.
func sliceEqual[E any](a []E, b any, eq func(x, y E) bool) bool {
	s, ok := b.([]E)
	if !ok || (a == nil) != (s == nil) || len(a) != len(s) {
		return false
	}
	if len(a) > 0 && &a[0] == &s[0] {
		return true // the same elements; also ends cycles through []Variant
	}
	for i := range a {
		if !eq(a[i], s[i]) {
			return false
		}
	}
	return true
}

// arrayEqual compares the slices of two arrays.
func arrayEqual(a, b any, depth int) bool {
	switch x := a.(type) {
	case []bool:
		return sliceEqual(x, b, comparableEqual)
	case []int8:
		return sliceEqual(x, b, comparableEqual)
	case []uint8:
		return sliceEqual(x, b, comparableEqual)
	case []int16:
		return sliceEqual(x, b, comparableEqual)
	case []uint16:
		return sliceEqual(x, b, comparableEqual)
	case []int32:
		return sliceEqual(x, b, comparableEqual)
	case []uint32:
		return sliceEqual(x, b, comparableEqual)
	case []int64:
		return sliceEqual(x, b, comparableEqual)
	case []uint64:
		return sliceEqual(x, b, comparableEqual)
	case []float32:
		return sliceEqual(x, b, float32Equal)
	case []float64:
		return sliceEqual(x, b, float64Equal)
	case []string:
		return sliceEqual(x, b, comparableEqual)
	case []XmlElement:
		return sliceEqual(x, b, comparableEqual)
	case []DateTime:
		return sliceEqual(x, b, comparableEqual)
	case []StatusCode:
		return sliceEqual(x, b, comparableEqual)
	case []GUID:
		return sliceEqual(x, b, comparableEqual)
	case [][]byte:
		return sliceEqual(x, b, bytesEqual)
	case []NodeID:
		return sliceEqual(x, b, comparableEqual)
	case []ExpandedNodeID:
		return sliceEqual(x, b, comparableEqual)
	case []QualifiedName:
		return sliceEqual(x, b, comparableEqual)
	case []LocalizedText:
		return sliceEqual(x, b, comparableEqual)
	case []ExtensionObject:
		return sliceEqual(x, b, func(x, y ExtensionObject) bool { return extensionObjectEqual(x, y, depth) })
	case []DataValue:
		return sliceEqual(x, b, func(x, y DataValue) bool { return dataValueEqual(x, y, depth) })
	case []Variant:
		return sliceEqual(x, b, func(x, y Variant) bool { return variantEqual(x, y, depth+1) })
	}
	return deepEqual(reflect.ValueOf(a), reflect.ValueOf(b), depth)
}

// Types deepEqual compares with their own rules.
var (
	variantType         = reflect.TypeFor[Variant]()
	dataValueType       = reflect.TypeFor[DataValue]()
	extensionObjectType = reflect.TypeFor[ExtensionObject]()
)

// deepEqual is reflect.DeepEqual with the float rule of Variant.Equal and
// Variant, DataValue and ExtensionObject compared by their own rules. It
// follows at most maxEqualDepth levels, so cyclic values end (unequal
// unless the cycle goes through the same pointer on both sides).
func deepEqual(a, b reflect.Value, depth int) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if depth > maxEqualDepth || a.Type() != b.Type() {
		return false
	}
	if a.CanInterface() && b.CanInterface() {
		switch a.Type() {
		case variantType:
			return variantEqual(a.Interface().(Variant), b.Interface().(Variant), depth+1)
		case dataValueType:
			return dataValueEqual(a.Interface().(DataValue), b.Interface().(DataValue), depth)
		case extensionObjectType:
			return extensionObjectEqual(a.Interface().(ExtensionObject), b.Interface().(ExtensionObject), depth)
		}
	}
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return float64Equal(a.Float(), b.Float())
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return float64Equal(real(x), real(y)) && float64Equal(imag(x), imag(y))
	case reflect.String:
		return a.String() == b.String()
	case reflect.Pointer:
		switch {
		case a.IsNil() || b.IsNil():
			return a.IsNil() && b.IsNil()
		case a.Pointer() == b.Pointer():
			return true
		}
		return deepEqual(a.Elem(), b.Elem(), depth+1)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return deepEqual(a.Elem(), b.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !deepEqual(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return true // the same elements
		}
		fallthrough
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if !deepEqual(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.Pointer() == b.Pointer() {
			return true
		}
		iter := a.MapRange()
		for iter.Next() {
			bv := b.MapIndex(iter.Key())
			if !bv.IsValid() || !deepEqual(iter.Value(), bv, depth+1) {
				return false
			}
		}
		return true
	}
	// Func, Chan, UnsafePointer: equal only if both are nil (as in
	// reflect.DeepEqual for funcs) or the same.
	return a.IsNil() && b.IsNil() || (a.Kind() != reflect.Func && a.Pointer() == b.Pointer())
}

// Limits of String.
const (
	maxListElems  = 10 // array elements printed before "... (N elements)"
	maxTextDepth  = 32 // nesting printed before "..."
	maxShownBytes = 32 // ByteString bytes printed before "... (N bytes)"
)

// String returns v in OPC UA notation, always with its built-in type:
//
//   - the null Variant is "null";
//   - a scalar is its type and its value in parentheses: Double(3.14),
//     Int32(-7), Boolean(true), String("temperature") (Strings and
//     XmlElements quoted as Go strings),
//     DateTime(2024-01-02T03:04:05.1234567Z) (DateTime.String),
//     Guid(72962B91-FA75-4AE6-8D28-B404DC7DAF63), NodeId(ns=2;s=X),
//     QualifiedName(2:Name), LocalizedText([de-DE] "Pumpe") (the locale in
//     brackets, the text quoted), StatusCode(BadNodeIdUnknown)
//     (StatusCode.String), ByteString(0x0102FF) (in hex, null for nil,
//     shortened after 32 bytes); an ExtensionObject as its String method
//     writes it (ExtensionObject{...}), a DataValue as DataValue and the
//     text of its String method (DataValue{Value: Double(1)});
//   - an array is its type, its length in brackets and its elements:
//     "Int32[3] [1, 2, 3]", shortened after 10 elements:
//     "Double[1000] [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, ... (1000 elements)]";
//     a null array is "Int32[] null"; the elements of a Variant array are
//     Variants, each with its type: "Variant[2] [Int32(1), String("a")]";
//   - a matrix has its dimensions in the brackets:
//     "Int32[2x3] [1, 2, 3, 4, 5, 6]" (the flat elements in row-major
//     order).
//
// The text is for people and logs; there is no parser for it.
func (v Variant) String() string { return string(v.appendText(nil, 0)) }

// appendText appends the String form of v; depth counts the nesting.
func (v Variant) appendText(b []byte, depth int) []byte {
	switch {
	case depth > maxTextDepth:
		return append(b, "..."...)
	case v.typ == TypeNull && !v.array:
		return append(b, "null"...)
	case !v.array:
		return v.appendScalar(b, depth)
	}
	b = append(b, v.typ.String()...)
	b = append(b, '[')
	if v.dims != nil {
		for i, d := range v.dims {
			if i > 0 {
				b = append(b, 'x')
			}
			b = strconv.AppendInt(b, int64(d), 10)
		}
		b = append(b, "] "...)
		return appendArrayText(b, v.val, depth)
	}
	if rv := reflect.ValueOf(v.val); v.val == nil || rv.Kind() == reflect.Slice && rv.IsNil() {
		return append(b, "] null"...)
	}
	b = strconv.AppendInt(b, int64(v.Len()), 10)
	b = append(b, "] "...)
	return appendArrayText(b, v.val, depth)
}

// appendScalar appends the text of a scalar: its type and its value in
// parentheses.
func (v Variant) appendScalar(b []byte, depth int) []byte {
	switch v.typ {
	case TypeExtensionObject: // ExtensionObject{...} already
		return appendValueText(b, v.val, depth)
	case TypeStatusCode:
		if c := StatusCode(v.bits); c.Name() == "" { // StatusCode(0x81FF0000) already
			return append(b, c.String()...)
		}
	case TypeDataValue:
		return appendValueText(append(b, "DataValue"...), v.val, depth)
	}
	b = append(b, v.typ.String()...)
	b = append(b, '(')
	switch v.typ {
	case TypeBoolean, TypeSByte, TypeByte, TypeInt16, TypeUInt16, TypeInt32,
		TypeUInt32, TypeInt64, TypeUInt64, TypeFloat, TypeDouble:
		b = appendNumber(b, v.Value())
	case TypeString, TypeXmlElement:
		b = strconv.AppendQuote(b, v.str)
	case TypeDateTime:
		b = append(b, DateTime(v.bits).String()...)
	case TypeStatusCode:
		b = append(b, StatusCode(v.bits).String()...)
	default:
		b = appendValueText(b, v.val, depth)
	}
	return append(b, ')')
}

// appendNumber appends a boxed bool or number.
func appendNumber(b []byte, x any) []byte {
	switch x := x.(type) {
	case bool:
		return strconv.AppendBool(b, x)
	case int8:
		return strconv.AppendInt(b, int64(x), 10)
	case uint8:
		return strconv.AppendUint(b, uint64(x), 10)
	case int16:
		return strconv.AppendInt(b, int64(x), 10)
	case uint16:
		return strconv.AppendUint(b, uint64(x), 10)
	case int32:
		return strconv.AppendInt(b, int64(x), 10)
	case uint32:
		return strconv.AppendUint(b, uint64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case uint64:
		return strconv.AppendUint(b, x, 10)
	case float32:
		return strconv.AppendFloat(b, float64(x), 'g', -1, 32)
	case float64:
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	}
	return fmt.Append(b, x)
}

// appendValueText appends the text of a scalar held in the interface
// storage (or of one array element of such a type).
func appendValueText(b []byte, x any, depth int) []byte {
	switch x := x.(type) {
	case GUID:
		return x.appendText(b)
	case []byte:
		return appendBytesText(b, x, maxShownBytes)
	case NodeID:
		return x.appendText(b)
	case ExpandedNodeID:
		return x.appendText(b)
	case QualifiedName:
		return append(b, x.String()...)
	case LocalizedText:
		if x.Locale != "" {
			b = append(b, '[')
			b = append(b, x.Locale...)
			b = append(b, "] "...)
		}
		return strconv.AppendQuote(b, x.Text)
	case ExtensionObject:
		return x.appendText(b, depth+1)
	case DataValue:
		return x.appendText(b, depth+1)
	case Variant:
		return x.appendText(b, depth+1)
	case nil:
		return append(b, "<nil>"...)
	}
	return fmt.Append(b, x)
}

// appendBytesText appends "0x" and the bytes in upper-case hex, at most limit
// of them followed by "... (N bytes)" (limit < 0: all); nil is "null".
func appendBytesText(b, x []byte, limit int) []byte {
	if x == nil {
		return append(b, "null"...)
	}
	b = append(b, "0x"...)
	for i, c := range x {
		if i == limit {
			b = append(b, "... ("...)
			b = strconv.AppendInt(b, int64(len(x)), 10)
			return append(b, " bytes)"...)
		}
		b = append(b, upperHex[c>>4], upperHex[c&0xF])
	}
	return b
}

// appendList appends "[e0, e1, ...]" with f formatting the elements,
// shortened after maxListElems; a nil slice is "null".
func appendList[E any](b []byte, s []E, f func([]byte, E) []byte) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range s {
		if i > 0 {
			b = append(b, ", "...)
		}
		if i == maxListElems {
			b = append(b, "... ("...)
			b = strconv.AppendInt(b, int64(len(s)), 10)
			b = append(b, " elements)"...)
			break
		}
		b = f(b, x)
	}
	return append(b, ']')
}

// appendArrayText appends the text of the slice of an array.
func appendArrayText(b []byte, val any, depth int) []byte {
	number := func(b []byte, x any) []byte { return appendNumber(b, x) }
	value := func(b []byte, x any) []byte { return appendValueText(b, x, depth) }
	switch s := val.(type) {
	case []bool:
		return appendList(b, s, func(b []byte, x bool) []byte { return strconv.AppendBool(b, x) })
	case []int8:
		return appendList(b, s, func(b []byte, x int8) []byte { return number(b, x) })
	case []uint8:
		return appendList(b, s, func(b []byte, x uint8) []byte { return number(b, x) })
	case []int16:
		return appendList(b, s, func(b []byte, x int16) []byte { return number(b, x) })
	case []uint16:
		return appendList(b, s, func(b []byte, x uint16) []byte { return number(b, x) })
	case []int32:
		return appendList(b, s, func(b []byte, x int32) []byte { return strconv.AppendInt(b, int64(x), 10) })
	case []uint32:
		return appendList(b, s, func(b []byte, x uint32) []byte { return strconv.AppendUint(b, uint64(x), 10) })
	case []int64:
		return appendList(b, s, func(b []byte, x int64) []byte { return strconv.AppendInt(b, x, 10) })
	case []uint64:
		return appendList(b, s, func(b []byte, x uint64) []byte { return strconv.AppendUint(b, x, 10) })
	case []float32:
		return appendList(b, s, func(b []byte, x float32) []byte { return strconv.AppendFloat(b, float64(x), 'g', -1, 32) })
	case []float64:
		return appendList(b, s, func(b []byte, x float64) []byte { return strconv.AppendFloat(b, x, 'g', -1, 64) })
	case []string:
		return appendList(b, s, strconv.AppendQuote)
	case []XmlElement:
		return appendList(b, s, func(b []byte, x XmlElement) []byte { return strconv.AppendQuote(b, string(x)) })
	case []DateTime:
		return appendList(b, s, func(b []byte, x DateTime) []byte { return append(b, x.String()...) })
	case []StatusCode:
		return appendList(b, s, func(b []byte, x StatusCode) []byte { return append(b, x.String()...) })
	case []GUID:
		return appendList(b, s, func(b []byte, x GUID) []byte { return x.appendText(b) })
	case [][]byte:
		return appendList(b, s, func(b []byte, x []byte) []byte { return appendBytesText(b, x, maxShownBytes) })
	case []NodeID:
		return appendList(b, s, func(b []byte, x NodeID) []byte { return x.appendText(b) })
	case []ExpandedNodeID:
		return appendList(b, s, func(b []byte, x ExpandedNodeID) []byte { return x.appendText(b) })
	case []QualifiedName:
		return appendList(b, s, func(b []byte, x QualifiedName) []byte { return value(b, x) })
	case []LocalizedText:
		return appendList(b, s, func(b []byte, x LocalizedText) []byte { return value(b, x) })
	case []ExtensionObject:
		return appendList(b, s, func(b []byte, x ExtensionObject) []byte { return x.appendText(b, depth+1) })
	case []DataValue:
		return appendList(b, s, func(b []byte, x DataValue) []byte { return x.appendText(b, depth+1) })
	case []Variant:
		return appendList(b, s, func(b []byte, x Variant) []byte { return x.appendText(b, depth+1) })
	}
	return fmt.Append(b, val)
}
