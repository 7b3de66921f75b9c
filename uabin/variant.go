package uabin

import (
	"math"
	"reflect"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Variant (Part 6 §5.2.2.16). The codec is generic: values that a Variant
// keeps in its interface storage (every array, and the scalars that are
// neither numeric nor text) are encoded and decoded by the engine's own
// plans for their Go types, looked up in variantTables when the Variant
// plan is built; numeric scalars and strings use the Variant's unboxed
// storage directly.

// Variant encoding mask bits.
const (
	variantTypeMask = 0x3f // built-in type id
	variantDims     = 0x40 // ArrayDimensions follow the elements
	variantArray    = 0x80 // an array: Int32 length, then the elements
)

// variantTables holds, per built-in type id, the codecs of the Go types a
// Variant stores (see types.Variant "Storage").
type variantTables struct {
	scalarType [32]reflect.Type // Go type of an interface-stored scalar
	scalar     [32]*codec       // its codec
	arrayType  [32]reflect.Type // Go slice type of an array
	array      [32]*codec       // its codec
	nilArray   [32]any          // a typed nil slice, the value of a null array
}

// variantScalarTypes are the scalar types kept in interface storage.
var variantScalarTypes = map[types.BuiltinType]reflect.Type{
	types.TypeGUID:            typeGUID,
	types.TypeByteString:      reflect.TypeFor[[]byte](),
	types.TypeNodeID:          typeNodeID,
	types.TypeExpandedNodeID:  typeExpandedNodeID,
	types.TypeQualifiedName:   typeQualifiedName,
	types.TypeLocalizedText:   typeLocalizedText,
	types.TypeExtensionObject: typeExtObject,
	types.TypeDataValue:       typeDataValue,
}

// variantArrayTypes are the Go slice types of arrays, per type id.
var variantArrayTypes = map[types.BuiltinType]reflect.Type{
	types.TypeBoolean:         reflect.TypeFor[[]bool](),
	types.TypeSByte:           reflect.TypeFor[[]int8](),
	types.TypeByte:            reflect.TypeFor[[]uint8](),
	types.TypeInt16:           reflect.TypeFor[[]int16](),
	types.TypeUInt16:          reflect.TypeFor[[]uint16](),
	types.TypeInt32:           reflect.TypeFor[[]int32](),
	types.TypeUInt32:          reflect.TypeFor[[]uint32](),
	types.TypeInt64:           reflect.TypeFor[[]int64](),
	types.TypeUInt64:          reflect.TypeFor[[]uint64](),
	types.TypeFloat:           reflect.TypeFor[[]float32](),
	types.TypeDouble:          reflect.TypeFor[[]float64](),
	types.TypeString:          reflect.TypeFor[[]string](),
	types.TypeDateTime:        reflect.TypeFor[[]types.DateTime](),
	types.TypeGUID:            reflect.TypeFor[[]types.GUID](),
	types.TypeByteString:      reflect.TypeFor[[][]byte](),
	types.TypeXmlElement:      reflect.TypeFor[[]types.XmlElement](),
	types.TypeNodeID:          reflect.TypeFor[[]types.NodeID](),
	types.TypeExpandedNodeID:  reflect.TypeFor[[]types.ExpandedNodeID](),
	types.TypeStatusCode:      reflect.TypeFor[[]types.StatusCode](),
	types.TypeQualifiedName:   reflect.TypeFor[[]types.QualifiedName](),
	types.TypeLocalizedText:   reflect.TypeFor[[]types.LocalizedText](),
	types.TypeExtensionObject: reflect.TypeFor[[]types.ExtensionObject](),
	types.TypeDataValue:       reflect.TypeFor[[]types.DataValue](),
	types.TypeVariant:         reflect.TypeFor[[]types.Variant](),
}

// variantTables builds the tables for the Variant plan being built (which
// may be reached again through DataValue and []Variant: the builder hands
// out the Variant codec under construction, as for any recursive type).
func (b *builder) variantTables(path string) (*variantTables, *planError) {
	vt := &variantTables{}
	for id, t := range variantScalarTypes {
		c, err := b.codec(t, path)
		if err != nil {
			return nil, err
		}
		vt.scalarType[id], vt.scalar[id] = t, c
	}
	for id, t := range variantArrayTypes {
		var c *codec
		var err *planError
		if id == types.TypeByte {
			c, err = b.leaf(t, tagInfo{wire: "Byte", bit: -1}, path) // an array of Byte, not a ByteString
		} else {
			c, err = b.codec(t, path)
		}
		if err != nil {
			return nil, err
		}
		vt.arrayType[id], vt.array[id] = t, c
		vt.nilArray[id] = c.g.box(pointer{c.g.zero})
	}
	return vt, nil
}

func zeroVariant(p pointer, _ *codec) bool { return as[types.Variant](p).IsNull() }

func encVariant(e *encState, p pointer, c *codec) {
	v := as[types.Variant](p)
	t := v.Type()
	switch {
	case t == types.TypeNull:
		e.w.Uint8(0)
		return
	case t > types.TypeVariant || (t == types.TypeVariant && !v.IsArray()):
		e.w.Failf(wire.ErrInvalid, "a Variant cannot hold a scalar of type %d", t)
		return
	}
	// Every non-null Variant counts a level, leaves included, as decoding
	// and the fast paths count them (docs/types.md "Nesting depth").
	if !e.enter() {
		return
	}
	if !v.IsArray() && encVariantUnboxed(e, v, t) {
		e.leave()
		return
	}
	if v.IsArray() {
		encVariantArray(e, v, c.vt)
	} else {
		val := v.Raw()
		if reflect.TypeOf(val) != c.vt.scalarType[t] {
			e.w.Failf(wire.ErrInvalid, "a Variant of type %d holds a %T, want %v", t, val, c.vt.scalarType[t])
			return
		}
		e.w.Uint8(byte(t))
		sc := c.vt.scalar[t]
		sc.enc(e, ifaceData(val), sc)
	}
	e.leave()
}

// encVariantUnboxed writes a scalar kept in the Variant's unboxed storage
// (numeric types and text) and reports whether t is one of them.
func encVariantUnboxed(e *encState, v *types.Variant, t types.BuiltinType) bool {
	bits := v.Bits()
	switch t {
	case types.TypeBoolean:
		e.w.Uint8(byte(t))
		e.w.Bool(bits != 0)
	case types.TypeSByte, types.TypeByte:
		e.w.Uint8(byte(t))
		e.w.Uint8(uint8(bits))
	case types.TypeInt16, types.TypeUInt16:
		e.w.Uint8(byte(t))
		e.w.Uint16(uint16(bits))
	case types.TypeInt32, types.TypeUInt32, types.TypeStatusCode:
		e.w.Uint8(byte(t))
		e.w.Uint32(uint32(bits))
	case types.TypeInt64, types.TypeUInt64, types.TypeDateTime:
		e.w.Uint8(byte(t))
		e.w.Uint64(bits)
	case types.TypeFloat:
		e.w.Uint8(byte(t))
		e.w.Float32(math.Float32frombits(uint32(bits)))
	case types.TypeDouble:
		e.w.Uint8(byte(t))
		e.w.Float64(math.Float64frombits(bits))
	case types.TypeString, types.TypeXmlElement:
		e.w.Uint8(byte(t))
		e.w.Str(v.Str())
	default:
		return false
	}
	return true
}

func encVariantArray(e *encState, v *types.Variant, vt *variantTables) {
	t := v.Type()
	dims := v.Dimensions()
	val := v.Raw()
	mask := byte(t) | variantArray
	if val == nil {
		if len(dims) != 0 {
			e.w.Failf(wire.ErrInvalid, "a null Variant array cannot have dimensions")
			return
		}
		e.w.Uint8(mask)
		e.w.Null()
		return
	}
	if reflect.TypeOf(val) != vt.arrayType[t] {
		e.w.Failf(wire.ErrInvalid, "a Variant array of type %d holds a %T, want %v", t, val, vt.arrayType[t])
		return
	}
	vp := ifaceData(val)
	h := vp.slice()
	if len(dims) > 0 {
		if !checkDims(dims, h.len, h.data == nil) {
			e.w.Failf(wire.ErrInvalid, "Variant dimensions %v do not fit an array of %d elements", dims, h.len)
			return
		}
		mask |= variantDims
	}
	e.w.Uint8(mask)
	ac := vt.array[t]
	ac.enc(e, vp, ac)
	if len(dims) > 0 {
		e.w.Len(len(dims))
		for _, d := range dims {
			e.w.Int32(d)
		}
	}
}

// checkDims reports whether dims are valid matrix dimensions for an array
// of n elements: two or more, each > 0, with a product (overflow-checked)
// equal to n, and not for a null array.
func checkDims(dims []int32, n int, null bool) bool {
	if len(dims) < 2 || null {
		return false
	}
	prod := int64(1)
	for _, d := range dims {
		if d <= 0 {
			return false
		}
		prod *= int64(d)
		if prod > int64(n) {
			return false
		}
	}
	return prod == int64(n)
}

func decVariant(d *decState, p pointer, c *codec) {
	v := as[types.Variant](p)
	r := &d.r
	m := r.Uint8()
	if r.Err() != nil {
		return
	}
	if m == 0 {
		*v = types.Variant{}
		return
	}
	id := types.BuiltinType(m & variantTypeMask)
	isArray := m&variantArray != 0
	switch {
	case m&variantDims != 0 && !isArray:
		r.Failf(wire.ErrInvalid, "Variant mask 0x%02x has dimensions but no array", m)
		return
	case id == types.TypeNull || id == types.TypeDiagnosticInfo || id >= 32 || (id == types.TypeVariant && !isArray):
		r.Failf(wire.ErrInvalid, "Variant mask 0x%02x: type %d is not allowed here", m, id)
		return
	case id >= 26:
		id = types.TypeByteString // ids 26..31 are kept as ByteStrings (§5.2.2.16)
	}
	if !r.Enter() {
		return
	}
	if isArray {
		decVariantArray(d, v, id, m&variantDims != 0, c.vt)
	} else {
		decVariantScalar(d, v, id, c.vt)
	}
	r.Leave()
}

func decVariantScalar(d *decState, v *types.Variant, id types.BuiltinType, vt *variantTables) {
	r := &d.r
	var bits uint64
	switch id {
	case types.TypeBoolean:
		if r.Bool() {
			bits = 1
		}
	case types.TypeSByte:
		bits = uint64(int64(r.Int8()))
	case types.TypeByte:
		bits = uint64(r.Uint8())
	case types.TypeInt16:
		bits = uint64(int64(r.Int16()))
	case types.TypeUInt16:
		bits = uint64(r.Uint16())
	case types.TypeInt32:
		bits = uint64(int64(r.Int32()))
	case types.TypeUInt32, types.TypeStatusCode, types.TypeFloat:
		bits = uint64(r.Uint32())
	case types.TypeInt64, types.TypeUInt64, types.TypeDateTime, types.TypeDouble:
		bits = r.Uint64()
	case types.TypeString, types.TypeXmlElement:
		s := r.Str()
		if r.Err() == nil {
			v.SetString(id, s)
		}
		return
	default:
		sc := vt.scalar[id]
		q := sc.g.alloc()
		sc.dec(d, q, sc)
		if r.Err() == nil {
			v.SetRaw(id, false, sc.g.box(q), nil)
		}
		return
	}
	if r.Err() == nil {
		v.SetBits(id, bits)
	}
}

// decVariantArray reads an array (and its dimensions) of type id. A Variant
// that already holds an array of the same type and length is decoded in
// place, without allocating.
func decVariantArray(d *decState, v *types.Variant, id types.BuiltinType, hasDims bool, vt *variantTables) {
	r := &d.r
	ac := vt.array[id]
	n := r.ArrayLen(max(ac.elem.minWire, 1))
	if r.Err() != nil {
		return
	}
	if n < 0 {
		if hasDims {
			r.Failf(wire.ErrInvalid, "a null Variant array cannot have dimensions")
			return
		}
		v.SetRaw(id, true, vt.nilArray[id], nil)
		return
	}
	old := v.Raw()
	var val any
	var dims []int32
	if v.Type() == id && v.IsArray() && old != nil && reflect.TypeOf(old) == vt.arrayType[id] &&
		ifaceData(old).slice().len == n && ifaceData(old).slice().data != nil {
		h := ifaceData(old).slice()
		decElems(d, pointer{h.data}, n, ac.elem, ac.bulk)
		val, dims = old, v.Dimensions()
	} else {
		q := ac.g.alloc()
		ac.g.makeSlice(q, n)
		decElems(d, pointer{q.slice().data}, n, ac.elem, ac.bulk)
		val = ac.g.box(q)
	}
	if r.Err() != nil {
		return
	}
	dims = dims[:0]
	if hasDims {
		k := r.ArrayLen(4)
		if r.Err() != nil {
			return
		}
		if k < 2 {
			r.Failf(wire.ErrInvalid, "Variant ArrayDimensions need 2 or more entries, got %d", k)
			return
		}
		for i := 0; i < k; i++ {
			dims = append(dims, r.Int32())
		}
		if r.Err() != nil {
			return
		}
		if !checkDims(dims, n, false) {
			r.Failf(wire.ErrInvalid, "Variant dimensions %v do not fit an array of %d elements", dims, n)
			return
		}
	} else {
		dims = nil
	}
	v.SetRaw(id, true, val, dims)
}
