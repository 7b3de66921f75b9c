package fastpath

import (
	"encoding/binary"
	"math"

	"github.com/uabin/uabin/types"
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
		appendOne(w, t, v.Raw(), appendGUID)
	case types.TypeByteString:
		b, ok := v.Raw().([]byte)
		if !ok {
			badStorage(w, t, v)
			return
		}
		w.Uint8(byte(t))
		w.ByteString(b)
	case types.TypeNodeID:
		appendOne(w, t, v.Raw(), appendNodeID)
	case types.TypeExpandedNodeID:
		appendOne(w, t, v.Raw(), appendExpandedNodeID)
	case types.TypeQualifiedName:
		appendOne(w, t, v.Raw(), appendQualifiedName)
	case types.TypeLocalizedText:
		appendOne(w, t, v.Raw(), appendLocalizedText)
	case types.TypeExtensionObject:
		appendOne(w, t, v.Raw(), appendExtensionObject)
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

// appendOne appends the mask and a scalar stored as an E in the interface.
func appendOne[E any](w *wire.Writer, t types.BuiltinType, val any, app func(*wire.Writer, *E)) {
	x, ok := val.(E)
	if !ok {
		w.Failf(wire.ErrInvalid, "Variant of built-in type %d holds a %T", t, val)
		return
	}
	w.Uint8(byte(t))
	app(w, &x)
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
		return appendNumbers(w, t, val, (*wire.Writer).Int8)
	case types.TypeByte:
		return appendNumbers(w, t, val, (*wire.Writer).Uint8)
	case types.TypeInt16:
		return appendNumbers(w, t, val, (*wire.Writer).Int16)
	case types.TypeUInt16:
		return appendNumbers(w, t, val, (*wire.Writer).Uint16)
	case types.TypeInt32:
		return appendNumbers(w, t, val, (*wire.Writer).Int32)
	case types.TypeUInt32:
		return appendNumbers(w, t, val, (*wire.Writer).Uint32)
	case types.TypeInt64:
		return appendNumbers(w, t, val, (*wire.Writer).Int64)
	case types.TypeUInt64:
		return appendNumbers(w, t, val, (*wire.Writer).Uint64)
	case types.TypeDateTime:
		return appendNumbers(w, t, val, func(w *wire.Writer, d types.DateTime) { w.Int64(int64(d)) })
	case types.TypeStatusCode:
		return appendNumbers(w, t, val, func(w *wire.Writer, s types.StatusCode) { w.Uint32(uint32(s)) })
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
		return appendEach(w, val, func(w *wire.Writer, s *string) { w.Str(*s) })
	case types.TypeXmlElement:
		return appendEach(w, val, func(w *wire.Writer, s *types.XmlElement) { w.Str(string(*s)) })
	case types.TypeGUID:
		return appendEach(w, val, appendGUID)
	case types.TypeByteString:
		return appendEach(w, val, func(w *wire.Writer, b *[]byte) { w.ByteString(*b) })
	case types.TypeNodeID:
		return appendEach(w, val, appendNodeID)
	case types.TypeExpandedNodeID:
		return appendEach(w, val, appendExpandedNodeID)
	case types.TypeQualifiedName:
		return appendEach(w, val, appendQualifiedName)
	case types.TypeLocalizedText:
		return appendEach(w, val, appendLocalizedText)
	case types.TypeExtensionObject:
		return appendEach(w, val, appendExtensionObject)
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

// appendNumbers appends an array of fixed-size numbers: in one copy where
// useBulk, else one by one with put.
func appendNumbers[E numeric](w *wire.Writer, t types.BuiltinType, val any, put func(*wire.Writer, E)) (int, bool) {
	s, ok := val.([]E)
	if !ok || !appendLen(w, s) {
		return -1, ok
	}
	if useBulk {
		appendBulk(w, t, s)
	} else {
		for _, x := range s {
			put(w, x)
		}
	}
	return len(s), true
}

// appendFloat32s appends Floats, every NaN as the canonical NaN.
func appendFloat32s(w *wire.Writer, s []float32) {
	if !useBulk {
		for _, x := range s {
			w.Float32(x)
		}
		return
	}
	start := len(w.Buf)
	appendBulk(w, types.TypeFloat, s)
	if !mayHoldNaN32(s) {
		return
	}
	out := w.Buf[start:]
	for i, x := range s {
		if x != x {
			binary.LittleEndian.PutUint32(out[4*i:], wire.NaN32)
		}
	}
}

// mayHoldNaN64 reports whether s may hold a NaN: x-x is 0 for every finite
// x and NaN for a NaN or an infinity, so the four sums are 0 unless s holds
// one of those. It has no branch per element, which the exact x != x test
// has: bench/compare W2 Double[1000] encode spent 85% of its time in that
// test; the sums made it about 2.5x faster. A true result (NaN or
// infinity) is followed by the exact test.
func mayHoldNaN64(s []float64) bool {
	var a, b, c, d float64
	i := 0
	for ; i+4 <= len(s); i += 4 {
		a += s[i] - s[i]
		b += s[i+1] - s[i+1]
		c += s[i+2] - s[i+2]
		d += s[i+3] - s[i+3]
	}
	for ; i < len(s); i++ {
		a += s[i] - s[i]
	}
	return a+b+c+d != 0
}

// mayHoldNaN32 is mayHoldNaN64 for Floats.
func mayHoldNaN32(s []float32) bool {
	var a, b, c, d float32
	i := 0
	for ; i+4 <= len(s); i += 4 {
		a += s[i] - s[i]
		b += s[i+1] - s[i+1]
		c += s[i+2] - s[i+2]
		d += s[i+3] - s[i+3]
	}
	for ; i < len(s); i++ {
		a += s[i] - s[i]
	}
	return a+b+c+d != 0
}

// appendFloat64s appends Doubles, every NaN as the canonical NaN.
func appendFloat64s(w *wire.Writer, s []float64) {
	if !useBulk {
		for _, x := range s {
			w.Float64(x)
		}
		return
	}
	start := len(w.Buf)
	appendBulk(w, types.TypeDouble, s)
	if !mayHoldNaN64(s) {
		return
	}
	out := w.Buf[start:]
	for i, x := range s {
		if x != x {
			binary.LittleEndian.PutUint64(out[8*i:], wire.NaN64)
		}
	}
}

// appendEach appends an array of E with app, element by element.
func appendEach[E any](w *wire.Writer, val any, app func(*wire.Writer, *E)) (int, bool) {
	s, ok := val.([]E)
	if !ok || !appendLen(w, s) {
		return -1, ok
	}
	for i := range s {
		app(w, &s[i])
		if w.Err() != nil {
			wire.WithPath(w.Err(), wire.IndexPath(i))
			break
		}
	}
	return len(s), true
}

// consumeVariant decodes a Variant into v (docs/types.md, Variant).
// Numeric scalars and strings go to v's unboxed storage; an array of the
// type and length v already holds is decoded in place. A Variant that is
// not null enters one nesting level once its mask has been checked, as the
// engine's plan does.
func consumeVariant(r *wire.Reader, v *types.Variant) {
	at := r.Offset() // the mask: errors of the mask and the depth are reported here
	mask := r.Uint8()
	if r.Err() != nil {
		return
	}
	if mask == 0 {
		*v = types.Variant{}
		return
	}
	t := types.BuiltinType(mask & variantTypeMask)
	array := mask&variantArray != 0
	switch {
	case mask&variantDims != 0 && !array:
		r.FailAt(at, wire.ErrInvalid, "Variant mask 0x%02x has ArrayDimensions without the array bit", mask)
		return
	case t == types.TypeNull:
		r.FailAt(at, wire.ErrInvalid, "Variant mask 0x%02x: array flags on the null type", mask)
		return
	case t == types.TypeDiagnosticInfo || t > 31:
		r.FailAt(at, wire.ErrInvalid, "Variant cannot hold built-in type %d", t)
		return
	case t == types.TypeVariant && !array:
		r.FailAt(at, wire.ErrInvalid, "a scalar Variant cannot hold a Variant")
		return
	case t > types.TypeDiagnosticInfo: // 26..31: kept as ByteString
		t = types.TypeByteString
	}
	if !r.EnterAt(at) {
		return
	}
	defer r.Leave()
	if array {
		consumeVariantArray(r, v, t, mask&variantDims != 0)
		return
	}
	switch t {
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
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Int8)
	case types.TypeByte:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Uint8)
	case types.TypeInt16:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Int16)
	case types.TypeUInt16:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Uint16)
	case types.TypeInt32:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Int32)
	case types.TypeUInt32:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Uint32)
	case types.TypeInt64:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Int64)
	case types.TypeUInt64:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Uint64)
	case types.TypeFloat:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Float32)
	case types.TypeDouble:
		consumeNumbers(r, v, t, n, hasDims, (*wire.Reader).Float64)
	case types.TypeDateTime:
		consumeNumbers(r, v, t, n, hasDims, func(r *wire.Reader) types.DateTime { return types.DateTime(r.Int64()) })
	case types.TypeStatusCode:
		consumeNumbers(r, v, t, n, hasDims, func(r *wire.Reader) types.StatusCode { return types.StatusCode(r.Uint32()) })
	case types.TypeString:
		consumeEach(r, v, t, n, hasDims, func(r *wire.Reader, s *string) { *s = consumeStr(r, *s) })
	case types.TypeXmlElement:
		consumeEach(r, v, t, n, hasDims, func(r *wire.Reader, s *types.XmlElement) {
			*s = types.XmlElement(consumeStr(r, string(*s)))
		})
	case types.TypeGUID:
		consumeEach(r, v, t, n, hasDims, consumeGUID)
	case types.TypeByteString:
		consumeEach(r, v, t, n, hasDims, func(r *wire.Reader, b *[]byte) { *b = consumeByteString(r) })
	case types.TypeNodeID:
		consumeEach(r, v, t, n, hasDims, consumeNodeID)
	case types.TypeExpandedNodeID:
		consumeEach(r, v, t, n, hasDims, consumeExpandedNodeID)
	case types.TypeQualifiedName:
		consumeEach(r, v, t, n, hasDims, consumeQualifiedName)
	case types.TypeLocalizedText:
		consumeEach(r, v, t, n, hasDims, consumeLocalizedText)
	case types.TypeExtensionObject:
		consumeEach(r, v, t, n, hasDims, consumeExtensionObject)
	case types.TypeDataValue:
		consumeEach(r, v, t, n, hasDims, consumeDataValue)
	case types.TypeVariant:
		consumeEach(r, v, t, n, hasDims, consumeVariant)
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
// useBulk, else one by one with get.
func consumeNumbers[E numeric](r *wire.Reader, v *types.Variant, t types.BuiltinType, n int, hasDims bool, get func(*wire.Reader) E) {
	at := r.Offset()
	s, same := reuseSlice[E](v, t, n)
	if useBulk && r.Remaining() >= len(s)*minWireSize[t] {
		consumeBulk(r, t, s)
	} else {
		for i := range s {
			s[i] = get(r)
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

// consumeEach decodes an array of E element by element with cons.
func consumeEach[E any](r *wire.Reader, v *types.Variant, t types.BuiltinType, n int, hasDims bool, cons func(*wire.Reader, *E)) {
	s, same := reuseSlice[E](v, t, n)
	for i := range s {
		cons(r, &s[i])
		if r.Err() != nil {
			wire.WithPath(r.Err(), wire.IndexPath(i))
			return
		}
	}
	finishArray(r, v, t, s, same, n, hasDims)
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
