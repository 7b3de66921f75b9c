package fastpath

import (
	"math"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/bulk"
	"github.com/uabin/uabin/uabin/wire"
)

// Variant encoding mask (Part 6 §5.2.2.16).
const (
	variantTypeMask = 0x3f // built-in type id
	variantDims     = 0x40 // ArrayDimensions follow the elements
	variantArray    = 0x80 // an array: Int32 length, then the elements
)

// minWireSize is the smallest wire size of one element of each built-in
// type, used to bound array lengths by the bytes left before allocating.
var minWireSize = [...]int{
	types.TypeBoolean: 1, types.TypeSByte: 1, types.TypeByte: 1,
	types.TypeInt16: 2, types.TypeUInt16: 2,
	types.TypeInt32: 4, types.TypeUInt32: 4,
	types.TypeInt64: 8, types.TypeUInt64: 8,
	types.TypeFloat: 4, types.TypeDouble: 8,
	types.TypeString: 4, types.TypeDateTime: 8, types.TypeGUID: 16,
	types.TypeByteString: 4, types.TypeXmlElement: 4,
	types.TypeNodeID: 2, types.TypeExpandedNodeID: 2, types.TypeStatusCode: 4,
	types.TypeQualifiedName: 6, types.TypeLocalizedText: 1,
	types.TypeExtensionObject: 3, types.TypeDataValue: 1, types.TypeVariant: 1,
}

// appendVariant appends v (docs/types.md, Variant): 00 for null; the type
// id and the value for a scalar; for an array the type id | 0x80 (| 0x40
// for a matrix), the Int32 length, the elements and the dimensions.
// Storage that does not follow the types.Variant table, a scalar Variant
// or DiagnosticInfo, and invalid dimensions are ErrInvalid.
// A Variant that is not null counts one nesting level (w.Enter).
func appendVariant(w *wire.Writer, v *types.Variant) {
	t := v.Type()
	switch {
	case t == types.TypeNull:
		w.Uint8(0)
		return
	case t > types.TypeVariant || t == types.TypeVariant && !v.IsArray():
		w.Failf(wire.ErrInvalid, "a Variant cannot hold a scalar of built-in type %d", t)
		return
	}
	if !w.Enter() {
		return
	}
	if v.IsArray() {
		appendVariantArray(w, v, t)
	} else {
		appendVariantScalar(w, v, t)
	}
	w.Leave()
}

func appendVariantScalar(w *wire.Writer, v *types.Variant, t types.BuiltinType) {
	bits := v.Bits()
	switch t {
	case types.TypeBoolean:
		var b byte
		if bits != 0 {
			b = 1
		}
		w.Buf = append(w.Buf, byte(t), b)
	case types.TypeSByte, types.TypeByte:
		w.Buf = append(w.Buf, byte(t), byte(bits))
	case types.TypeInt16, types.TypeUInt16:
		w.Uint8(byte(t))
		w.Uint16(uint16(bits))
	case types.TypeInt32, types.TypeUInt32, types.TypeStatusCode:
		w.Uint8(byte(t))
		w.Uint32(uint32(bits))
	case types.TypeInt64, types.TypeUInt64, types.TypeDateTime:
		w.Uint8(byte(t))
		w.Uint64(bits)
	case types.TypeFloat:
		w.Uint8(byte(t))
		w.Float32(math.Float32frombits(uint32(bits)))
	case types.TypeDouble:
		w.Uint8(byte(t))
		w.Float64(math.Float64frombits(bits))
	case types.TypeString, types.TypeXmlElement:
		w.Uint8(byte(t))
		w.Str(v.Str())
	case types.TypeGUID:
		if x, ok := v.Raw().(types.GUID); ok {
			w.Uint8(byte(t))
			appendGUID(w, &x)
		} else {
			badScalar(w, t, v.Raw())
		}
	case types.TypeByteString:
		b, ok := v.Raw().([]byte)
		if !ok {
			badStorage(w, t, v)
			return
		}
		w.Uint8(byte(t))
		w.ByteString(b)
	case types.TypeNodeID:
		if x, ok := v.Raw().(types.NodeID); ok {
			w.Uint8(byte(t))
			appendNodeID(w, &x)
		} else {
			badScalar(w, t, v.Raw())
		}
	case types.TypeExpandedNodeID:
		if x, ok := v.Raw().(types.ExpandedNodeID); ok {
			w.Uint8(byte(t))
			appendExpandedNodeID(w, &x)
		} else {
			badScalar(w, t, v.Raw())
		}
	case types.TypeQualifiedName:
		if x, ok := v.Raw().(types.QualifiedName); ok {
			w.Uint8(byte(t))
			appendQualifiedName(w, &x)
		} else {
			badScalar(w, t, v.Raw())
		}
	case types.TypeLocalizedText:
		if x, ok := v.Raw().(types.LocalizedText); ok {
			w.Uint8(byte(t))
			appendLocalizedText(w, &x)
		} else {
			badScalar(w, t, v.Raw())
		}
	case types.TypeExtensionObject:
		if x, ok := v.Raw().(types.ExtensionObject); ok {
			w.Uint8(byte(t))
			appendExtensionObject(w, &x)
		} else {
			badScalar(w, t, v.Raw())
		}
	case types.TypeDataValue:
		d, ok := v.Raw().(types.DataValue)
		if !ok {
			badStorage(w, t, v)
			return
		}
		w.Uint8(byte(t))
		appendDataValue(w, &d)
	}
}

// badScalar fails on a scalar Variant of type t whose storage holds val,
// of another type.
func badScalar(w *wire.Writer, t types.BuiltinType, val any) {
	w.Failf(wire.ErrInvalid, "Variant of built-in type %d holds a %T", t, val)
}

func badStorage(w *wire.Writer, t types.BuiltinType, v *types.Variant) {
	kind := "scalar"
	if v.IsArray() {
		kind = "array"
	}
	w.Failf(wire.ErrInvalid, "Variant %s of built-in type %d holds a %T", kind, t, v.Raw())
}

func appendVariantArray(w *wire.Writer, v *types.Variant, t types.BuiltinType) {
	mask := byte(t) | variantArray
	dims := v.Dimensions()
	val := v.Raw()
	switch {
	case val == nil: // no slice at all: a null array, as a nil slice
		if len(dims) != 0 {
			w.Failf(wire.ErrInvalid, "a null Variant array cannot have dimensions")
			return
		}
		w.Uint8(mask)
		w.Null()
		return
	case len(dims) == 1:
		w.Failf(wire.ErrInvalid, "Variant with a single ArrayDimension (a matrix needs 2 or more)")
		return
	case len(dims) >= 2:
		mask |= variantDims
	}
	w.Uint8(mask)
	n, ok := appendArrayElems(w, t, val)
	if !ok {
		badStorage(w, t, v)
		return
	}
	if mask&variantDims == 0 {
		return
	}
	if !validDims(dims, n) {
		w.Failf(wire.ErrInvalid, "Variant ArrayDimensions %v do not match the array length %d", dims, n)
		return
	}
	w.Len(len(dims))
	for _, d := range dims {
		w.Int32(d)
	}
}

// validDims reports whether every dimension is > 0 and their product is n,
// without overflow (n is at most math.MaxInt32 or -1).
func validDims(dims []int32, n int) bool {
	prod := int64(1)
	for _, d := range dims {
		if d <= 0 {
			return false
		}
		if prod <= int64(n) { // prod < 2^31 and d < 2^31: no overflow
			prod *= int64(d)
		}
	}
	return prod == int64(n)
}

// appendArrayElems appends the Int32 length (-1 for a nil slice) and the
// elements of an array of type t stored in val, and returns the length.
// ok is false if val is not the slice type the storage table gives for t.
func appendArrayElems(w *wire.Writer, t types.BuiltinType, val any) (n int, ok bool) {
	switch t {
	case types.TypeBoolean:
		s, ok := val.([]bool)
		if ok && appendLen(w, s) {
			for _, x := range s {
				w.Bool(x)
			}
		}
		return lenOrNull(s), ok
	case types.TypeSByte:
		return appendNumbers[int8](w, t, val)
	case types.TypeByte:
		return appendNumbers[uint8](w, t, val)
	case types.TypeInt16:
		return appendNumbers[int16](w, t, val)
	case types.TypeUInt16:
		return appendNumbers[uint16](w, t, val)
	case types.TypeInt32:
		return appendNumbers[int32](w, t, val)
	case types.TypeUInt32:
		return appendNumbers[uint32](w, t, val)
	case types.TypeInt64:
		return appendNumbers[int64](w, t, val)
	case types.TypeUInt64:
		return appendNumbers[uint64](w, t, val)
	case types.TypeDateTime:
		return appendNumbers[types.DateTime](w, t, val)
	case types.TypeStatusCode:
		return appendNumbers[types.StatusCode](w, t, val)
	case types.TypeFloat:
		s, ok := val.([]float32)
		if ok && appendLen(w, s) {
			appendFloat32s(w, s)
		}
		return lenOrNull(s), ok
	case types.TypeDouble:
		s, ok := val.([]float64)
		if ok && appendLen(w, s) {
			appendFloat64s(w, s)
		}
		return lenOrNull(s), ok
	case types.TypeString:
		s, ok := val.([]string)
		if ok && appendLen(w, s) {
			for i := range s {
				if w.Str(s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeXmlElement:
		s, ok := val.([]types.XmlElement)
		if ok && appendLen(w, s) {
			for i := range s {
				if w.Str(string(s[i])); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeGUID:
		s, ok := val.([]types.GUID)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendGUID(w, &s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeByteString:
		s, ok := val.([][]byte)
		if ok && appendLen(w, s) {
			for i := range s {
				if w.ByteString(s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeNodeID:
		s, ok := val.([]types.NodeID)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendNodeID(w, &s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeExpandedNodeID:
		s, ok := val.([]types.ExpandedNodeID)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendExpandedNodeID(w, &s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeQualifiedName:
		s, ok := val.([]types.QualifiedName)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendQualifiedName(w, &s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeLocalizedText:
		s, ok := val.([]types.LocalizedText)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendLocalizedText(w, &s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeExtensionObject:
		s, ok := val.([]types.ExtensionObject)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendExtensionObject(w, &s[i]); elemFailedW(w, i) {
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeDataValue:
		s, ok := val.([]types.DataValue)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendDataValue(w, &s[i]); w.Err() != nil {
					wire.WithPath(w.Err(), wire.IndexPath(i))
					break
				}
			}
		}
		return lenOrNull(s), ok
	case types.TypeVariant:
		s, ok := val.([]types.Variant)
		if ok && appendLen(w, s) {
			for i := range s {
				if appendVariant(w, &s[i]); w.Err() != nil {
					wire.WithPath(w.Err(), wire.IndexPath(i))
					break
				}
			}
		}
		return lenOrNull(s), ok
	}
	w.Failf(wire.ErrInvalid, "a Variant array cannot hold built-in type %d", t)
	return -1, true // the error is recorded already
}

// appendLen appends the length of s (-1 if nil) and reports whether
// elements follow.
func appendLen[E any](w *wire.Writer, s []E) bool {
	if s == nil {
		w.Null()
		return false
	}
	w.Len(len(s))
	return true
}

func lenOrNull[E any](s []E) int {
	if s == nil {
		return -1
	}
	return len(s)
}

// appendNumbers appends an array of fixed-size integers: in one copy where
// useBulk, else one by one.
func appendNumbers[E numeric](w *wire.Writer, t types.BuiltinType, val any) (int, bool) {
	s, ok := val.([]E)
	if !ok || !appendLen(w, s) {
		return -1, ok
	}
	if useBulk {
		appendBulk(w, t, s)
	} else {
		for _, x := range s {
			putNumber(w, x)
		}
	}
	return len(s), true
}

// appendFloat32s appends Floats, every NaN as the canonical NaN: in one
// copy where useBulk (bulk.AppendFloat32s, the engine's routine too), else
// one by one.
func appendFloat32s(w *wire.Writer, s []float32) {
	if !useBulk {
		for _, x := range s {
			w.Float32(x)
		}
		return
	}
	if bulkHook != nil {
		bulkHook(types.TypeFloat)
	}
	w.Buf = bulk.AppendFloat32s(w.Buf, s)
}

// appendFloat64s appends Doubles, every NaN as the canonical NaN, as
// appendFloat32s.
func appendFloat64s(w *wire.Writer, s []float64) {
	if !useBulk {
		for _, x := range s {
			w.Float64(x)
		}
		return
	}
	if bulkHook != nil {
		bulkHook(types.TypeDouble)
	}
	w.Buf = bulk.AppendFloat64s(w.Buf, s)
}

// elemFailedW reports whether the element i just appended failed, adding
// its index to the error's path.
func elemFailedW(w *wire.Writer, i int) bool {
	if err := w.Err(); err != nil {
		wire.WithPath(err, wire.IndexPath(i))
		return true
	}
	return false
}

// consumeVariant decodes a Variant into v (docs/types.md, Variant).
// Numeric scalars and strings go to v's unboxed storage; an array of the
// type and length v already holds is decoded in place. A Variant that is
// not null enters one nesting level once its mask has been checked, as the
// engine's plan does.
func consumeVariant(r *wire.Reader, v *types.Variant) { consumeVariantMask(r, v) }

// consumeVariantMask is consumeVariant that also returns the Variant's
// mask byte: 0 for a null Variant (the DataValue codec's SentZero test,
// without copying the Variant to call IsNull).
func consumeVariantMask(r *wire.Reader, v *types.Variant) byte {
	at := r.Offset() // the mask: errors of the mask and the depth are reported here
	mask := r.Uint8()
	if r.Err() != nil {
		return mask
	}
	if mask == 0 {
		*v = types.Variant{}
		return mask
	}
	t := types.BuiltinType(mask & variantTypeMask)
	array := mask&variantArray != 0
	switch {
	case mask&variantDims != 0 && !array:
		r.FailAt(at, wire.ErrInvalid, "Variant mask 0x%02x has ArrayDimensions without the array bit", mask)
		return mask
	case t == types.TypeNull:
		r.FailAt(at, wire.ErrInvalid, "Variant mask 0x%02x: array flags on the null type", mask)
		return mask
	case t == types.TypeDiagnosticInfo || t > 31:
		r.FailAt(at, wire.ErrInvalid, "Variant cannot hold built-in type %d", t)
		return mask
	case t == types.TypeVariant && !array:
		r.FailAt(at, wire.ErrInvalid, "a scalar Variant cannot hold a Variant")
		return mask
	case t > types.TypeDiagnosticInfo: // 26..31: kept as ByteString
		t = types.TypeByteString
	}
	if !r.EnterAt(at) {
		return mask
	}
	if array {
		consumeVariantArray(r, v, t, mask&variantDims != 0)
		r.Leave()
		return mask
	}
	switch t { // the scalars that need no locals here, the others in consumeVariantScalar
	case types.TypeBoolean:
		var b uint64
		if r.Uint8() != 0 {
			b = 1
		}
		v.SetBits(t, b)
	case types.TypeSByte:
		v.SetBits(t, uint64(int64(r.Int8())))
	case types.TypeByte:
		v.SetBits(t, uint64(r.Uint8()))
	case types.TypeInt16:
		v.SetBits(t, uint64(int64(r.Int16())))
	case types.TypeUInt16:
		v.SetBits(t, uint64(r.Uint16()))
	case types.TypeInt32:
		v.SetBits(t, uint64(int64(r.Int32())))
	case types.TypeUInt32, types.TypeFloat, types.TypeStatusCode:
		v.SetBits(t, uint64(r.Uint32()))
	case types.TypeInt64, types.TypeUInt64, types.TypeDouble, types.TypeDateTime:
		v.SetBits(t, r.Uint64())
	case types.TypeString, types.TypeXmlElement:
		v.SetString(t, consumeStr(r, v.Str()))
	default:
		consumeVariantScalar(r, v, t)
	}
	r.Leave() // not deferred, as in consumeDataValue
	return mask
}

// consumeVariantScalar decodes the value of a scalar Variant of a
// structure-shaped type t (GUID to DataValue). Apart from
// consumeVariantMask so that the frame of the Variant array recursion
// stays small (these locals, one per type, took 1.5 KB: 500 nested
// Variant arrays no longer fitted test/hostile's 1 MiB stack).
func consumeVariantScalar(r *wire.Reader, v *types.Variant, t types.BuiltinType) {
	switch t {
	case types.TypeGUID:
		x := reuseScalar[types.GUID](v)
		if consumeGUID(r, &x); r.Err() == nil {
			v.SetRaw(t, false, x, nil)
		}
	case types.TypeByteString:
		v.SetRaw(t, false, consumeByteString(r), nil)
	case types.TypeNodeID:
		x := reuseScalar[types.NodeID](v)
		if consumeNodeID(r, &x); r.Err() == nil {
			v.SetRaw(t, false, x, nil)
		}
	case types.TypeExpandedNodeID:
		x := reuseScalar[types.ExpandedNodeID](v)
		if consumeExpandedNodeID(r, &x); r.Err() == nil {
			v.SetRaw(t, false, x, nil)
		}
	case types.TypeQualifiedName:
		x := reuseScalar[types.QualifiedName](v)
		if consumeQualifiedName(r, &x); r.Err() == nil {
			v.SetRaw(t, false, x, nil)
		}
	case types.TypeLocalizedText:
		x := reuseScalar[types.LocalizedText](v)
		if consumeLocalizedText(r, &x); r.Err() == nil {
			v.SetRaw(t, false, x, nil)
		}
	case types.TypeExtensionObject:
		x := reuseScalar[types.ExtensionObject](v)
		if consumeExtensionObject(r, &x); r.Err() == nil {
			v.SetRaw(t, false, x, nil)
		}
	case types.TypeDataValue:
		x := reuseScalar[types.DataValue](v)
		if consumeDataValue(r, &x); r.Err() == nil {
			v.SetRaw(t, false, x, nil)
		}
	}
}

// reuseScalar returns the boxed scalar of type E that v holds, or E's zero
// value, as the starting point for decoding a new one (so equal strings
// inside are kept). Its callers decode into a local with a direct call, so
// that the local does not escape and boxing it is the only allocation (a
// generic helper taking the consume function as a value made the local
// escape: two allocations per scalar; test/hostile finding 3).
func reuseScalar[E any](v *types.Variant) E {
	if !v.IsArray() {
		if old, ok := v.Raw().(E); ok {
			return old
		}
	}
	var zero E
	return zero
}

func consumeVariantArray(r *wire.Reader, v *types.Variant, t types.BuiltinType, hasDims bool) {
	at := r.Offset()
	n := r.ArrayLen(minWireSize[t])
	switch {
	case r.Err() != nil:
		return
	case n < 0 && hasDims:
		r.FailAt(at, wire.ErrInvalid, "a null Variant array cannot have dimensions")
		return
	}
	switch t {
	case types.TypeBoolean:
		s, same := reuseSlice[bool](v, t, n)
		for i := range s {
			s[i] = r.Uint8() != 0
		}
		if r.Err() != nil {
			elemFailed(r, at+4, 1)
			return
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeSByte:
		consumeNumbers[int8](r, v, t, n, hasDims)
	case types.TypeByte:
		consumeNumbers[uint8](r, v, t, n, hasDims)
	case types.TypeInt16:
		consumeNumbers[int16](r, v, t, n, hasDims)
	case types.TypeUInt16:
		consumeNumbers[uint16](r, v, t, n, hasDims)
	case types.TypeInt32:
		consumeNumbers[int32](r, v, t, n, hasDims)
	case types.TypeUInt32:
		consumeNumbers[uint32](r, v, t, n, hasDims)
	case types.TypeInt64:
		consumeNumbers[int64](r, v, t, n, hasDims)
	case types.TypeUInt64:
		consumeNumbers[uint64](r, v, t, n, hasDims)
	case types.TypeFloat:
		consumeNumbers[float32](r, v, t, n, hasDims)
	case types.TypeDouble:
		consumeNumbers[float64](r, v, t, n, hasDims)
	case types.TypeDateTime:
		consumeNumbers[types.DateTime](r, v, t, n, hasDims)
	case types.TypeStatusCode:
		consumeNumbers[types.StatusCode](r, v, t, n, hasDims)
	case types.TypeString:
		s, same := reuseSlice[string](v, t, n)
		for i := range s {
			if s[i] = consumeStr(r, s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeXmlElement:
		s, same := reuseSlice[types.XmlElement](v, t, n)
		for i := range s {
			if s[i] = types.XmlElement(consumeStr(r, string(s[i]))); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeGUID:
		s, same := reuseSlice[types.GUID](v, t, n)
		for i := range s {
			if consumeGUID(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeByteString:
		s, same := reuseSlice[[]byte](v, t, n)
		for i := range s {
			if s[i] = consumeByteString(r); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeNodeID:
		s, same := reuseSlice[types.NodeID](v, t, n)
		for i := range s {
			if consumeNodeID(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeExpandedNodeID:
		s, same := reuseSlice[types.ExpandedNodeID](v, t, n)
		for i := range s {
			if consumeExpandedNodeID(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeQualifiedName:
		s, same := reuseSlice[types.QualifiedName](v, t, n)
		for i := range s {
			if consumeQualifiedName(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeLocalizedText:
		s, same := reuseSlice[types.LocalizedText](v, t, n)
		for i := range s {
			if consumeLocalizedText(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeExtensionObject:
		s, same := reuseSlice[types.ExtensionObject](v, t, n)
		for i := range s {
			if consumeExtensionObject(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeDataValue:
		s, same := reuseSlice[types.DataValue](v, t, n)
		for i := range s {
			if consumeDataValue(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	case types.TypeVariant:
		s, same := reuseSlice[types.Variant](v, t, n)
		for i := range s {
			if consumeVariant(r, &s[i]); elemFailedR(r, i) {
				return
			}
		}
		finishArray(r, v, t, s, same, n, hasDims)
	}
}

// reuseSlice returns the slice to decode n elements into: the one v holds
// if it is an array of type t and length n (same is true), else a new one
// (nil for a null array).
func reuseSlice[E any](v *types.Variant, t types.BuiltinType, n int) (s []E, same bool) {
	if n < 0 {
		return nil, false
	}
	if v.IsArray() && v.Type() == t {
		if old, ok := v.Raw().([]E); ok && old != nil && len(old) == n {
			return old, true
		}
	}
	return make([]E, n), false
}

// consumeNumbers decodes an array of fixed-size numbers: in one copy where
// useBulk, else one by one.
func consumeNumbers[E numeric](r *wire.Reader, v *types.Variant, t types.BuiltinType, n int, hasDims bool) {
	at := r.Offset()
	s, same := reuseSlice[E](v, t, n)
	if useBulk && r.Remaining() >= len(s)*minWireSize[t] {
		consumeBulk(r, t, s)
	} else {
		for i := range s {
			s[i] = getNumber[E](r)
		}
	}
	if r.Err() != nil {
		elemFailed(r, at, minWireSize[t])
		return
	}
	finishArray(r, v, t, s, same, n, hasDims)
}

// elemFailed adds the index of the element that failed to the path of the
// error of an array of fixed-size elements of size bytes starting at at.
// (The array length is checked against the bytes left, so this is for the
// failure path of hostile Readers only.)
func elemFailed(r *wire.Reader, at, size int) {
	if e, ok := r.Err().(*wire.DecodeError); ok && e.Offset >= at && size > 0 {
		wire.WithPath(e, wire.IndexPath((e.Offset-at)/size))
	}
}

// elemFailedR reports whether the element i just decoded failed, adding
// its index to the error's path.
func elemFailedR(r *wire.Reader, i int) bool {
	if err := r.Err(); err != nil {
		wire.WithPath(err, wire.IndexPath(i))
		return true
	}
	return false
}

// finishArray decodes the dimensions, if any, and stores the array in v
// (only its dimensions when it was decoded in place).
func finishArray[E any](r *wire.Reader, v *types.Variant, t types.BuiltinType, s []E, same bool, n int, hasDims bool) {
	var dims []int32
	if hasDims {
		var old []int32
		if same {
			old = v.Dimensions()
		}
		dims = consumeDims(r, n, old)
	}
	if r.Err() != nil {
		return
	}
	if same {
		v.SetDimensions(dims)
	} else {
		v.SetRaw(t, true, s, dims)
	}
}

// consumeDims decodes ArrayDimensions for an array of n elements: two or
// more entries, each > 0, with a product equal to n (ErrInvalid otherwise;
// a null array cannot have dimensions). old is reused if it has the length.
func consumeDims(r *wire.Reader, n int, old []int32) []int32 {
	at := r.Offset() // errors of the dimensions are reported at their length
	m := r.ArrayLen(4)
	if r.Err() != nil {
		return nil
	}
	if m < 2 {
		r.FailAt(at, wire.ErrInvalid, "Variant ArrayDimensions with %d entries (a matrix needs 2 or more)", m)
		return nil
	}
	dims := old
	if len(dims) != m {
		dims = make([]int32, m)
	}
	for i := range dims {
		dims[i] = r.Int32()
	}
	if r.Err() == nil && !validDims(dims, n) {
		r.FailAt(at, wire.ErrInvalid, "Variant ArrayDimensions %v do not match the array length %d", dims, n)
		return nil
	}
	return dims
}
