package jsonenc

import (
	"math"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// A Variant is the object {"UaType":11,"Value":3.14} (Part 6 §5.4.2.17):
// UaType is the built-in type id, Value the scalar or the JSON array of the
// elements, and "Dimensions":[2,3] follows for a matrix, whose Value holds
// the elements in row-major order (§5.2.2.16). A NULL scalar of a nullable
// type has no Value ({"UaType":12} is the null String); a null array, on
// which the clause is silent, is "Value":null, so that it stays an array.
// The null Variant is null. The deprecated Reversible form is
// {"Type":11,"Body":3.14,"Dimensions":[2,3]}, the NonReversible form the
// Body alone, a matrix as nested arrays (Annex H.8, H.9). Decoding takes
// both object forms, with UaType anywhere in the object.

// variantNames are the member names of the two object forms.
var (
	currentVariant    = [3]string{"UaType", "Value", "Dimensions"}
	deprecatedVariant = [3]string{"Type", "Body", "Dimensions"}
)

func encVariant(e *encoder, v *types.Variant) error {
	if v.IsNull() {
		e.null()
		return nil
	}
	if err := e.enter(); err != nil {
		return err
	}
	if e.enc == NonReversible {
		err := e.variantBody(v)
		e.leave()
		return err
	}
	e.open('{')
	if err := e.variantMembers(v, true); err != nil {
		return err
	}
	e.close('}', false)
	e.leave()
	return nil
}

// variantMembers writes the members of a non-null Variant (also inline in
// a DataValue).
func (e *encoder) variantMembers(v *types.Variant, first bool) error {
	names := &currentVariant
	if e.enc == Reversible {
		names = &deprecatedVariant
	}
	t := v.Type()
	if !t.IsValid() || t == types.TypeDiagnosticInfo {
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "Variant of built-in type %d has no JSON form", t)}
	}
	e.key(names[0], first)
	e.uint(uint64(t))
	if !v.IsArray() && variantScalarNull(v) {
		return nil
	}
	e.key(names[1], false)
	if err := e.variantValue(v); err != nil {
		return wire.WithPath(err, names[1])
	}
	if dims := v.Dimensions(); len(dims) > 0 {
		e.key(names[2], false)
		e.open('[')
		for i, n := range dims {
			e.elem(i == 0)
			e.int(int64(n))
		}
		e.close(']', false)
	}
	return nil
}

// variantBody writes the NonReversible form: the value alone, a matrix as
// nested arrays.
func (e *encoder) variantBody(v *types.Variant) error {
	if !v.IsArray() && variantScalarNull(v) {
		e.null()
		return nil
	}
	dims := v.Dimensions()
	if len(dims) < 2 {
		return e.variantValue(v)
	}
	// Write the flat array into scratch space, then nest it: encode the
	// elements one by one through a Variant per element would box them,
	// so the flat JSON array is split at its top-level commas instead.
	start := len(e.b)
	saved := e.indent
	e.indent = ""
	err := e.variantValue(v)
	e.indent = saved
	if err != nil {
		return err
	}
	flat := append([]byte(nil), e.b[start:]...)
	e.b = e.b[:start]
	elems := splitArray(flat)
	total := 1
	for _, n := range dims {
		total *= int(n)
	}
	if len(elems) != total {
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "matrix dimensions %v do not match %d elements", dims, len(elems))}
	}
	var nest func(level, off int) int
	nest = func(level, off int) int {
		e.open('[')
		for i := 0; i < int(dims[level]); i++ {
			e.elem(i == 0)
			if level == len(dims)-1 {
				e.b = append(e.b, elems[off]...)
				off++
			} else {
				off = nest(level+1, off)
			}
		}
		e.close(']', dims[level] == 0)
		return off
	}
	nest(0, 0)
	return nil
}

// splitArray splits the compact JSON array text a into the texts of its
// elements.
func splitArray(a []byte) [][]byte {
	var out [][]byte
	depth, inStr, start := 0, false, 1
	for i := 1; i < len(a)-1; i++ {
		c := a[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, a[start:i])
			start = i + 1
		}
	}
	if len(a) > 2 {
		out = append(out, a[start:len(a)-1])
	}
	return out
}

// variantScalarNull reports whether a scalar Variant holds the NULL of a
// nullable type (Part 6 Table 1), whose Value is not written.
func variantScalarNull(v *types.Variant) bool {
	switch v.Type() {
	case types.TypeString, types.TypeXmlElement:
		return v.Str() == "" && !wire.IsEmptyString(v.Str())
	case types.TypeDateTime:
		return int64(v.Bits()) <= 0
	case types.TypeGUID:
		g, _ := v.Raw().(types.GUID)
		return g == types.GUID{}
	case types.TypeByteString:
		b, _ := v.Raw().([]byte)
		return b == nil
	case types.TypeNodeID:
		n, _ := v.Raw().(types.NodeID)
		return n == types.NodeID{}
	case types.TypeExpandedNodeID:
		n, _ := v.Raw().(types.ExpandedNodeID)
		return n == types.ExpandedNodeID{}
	case types.TypeQualifiedName:
		q, _ := v.Raw().(types.QualifiedName)
		return q == types.QualifiedName{}
	case types.TypeLocalizedText:
		l, _ := v.Raw().(types.LocalizedText)
		return l == types.LocalizedText{}
	case types.TypeExtensionObject:
		x, _ := v.Raw().(types.ExtensionObject)
		return eoNull(&x)
	case types.TypeDataValue:
		dv, _ := v.Raw().(types.DataValue)
		return dataValueEmpty(&dv)
	}
	return false
}

// variantValue writes the Value of a non-null Variant: the scalar, or the
// JSON array of the elements.
func (e *encoder) variantValue(v *types.Variant) error {
	t := v.Type()
	if !v.IsArray() {
		bits := v.Bits()
		switch t {
		case types.TypeBoolean:
			e.boolean(bits != 0)
		case types.TypeSByte, types.TypeInt16, types.TypeInt32:
			e.int(int64(bits))
		case types.TypeByte, types.TypeUInt16, types.TypeUInt32:
			e.uint(bits)
		case types.TypeInt64:
			e.int64(int64(bits))
		case types.TypeUInt64:
			e.uint64(bits)
		case types.TypeFloat:
			e.float(float64(math.Float32frombits(uint32(bits))), 32)
		case types.TypeDouble:
			e.float(math.Float64frombits(bits), 64)
		case types.TypeDateTime:
			dt := types.DateTime(bits)
			return encDateTime(e, &dt)
		case types.TypeStatusCode:
			sc := types.StatusCode(bits)
			return encStatusCode(e, &sc)
		case types.TypeString, types.TypeXmlElement:
			return e.str(v.Str())
		default:
			return e.variantBoxed(t, v.Raw())
		}
		return nil
	}
	if t <= types.TypeVariant {
		if ok, err := arrayKinds[t].enc(e, v.Raw()); ok {
			return err
		}
	}
	return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "Variant array of %s holds a %T", t, v.Raw())}
}

// variantBoxed writes a scalar stored in the Variant's interface.
func (e *encoder) variantBoxed(t types.BuiltinType, raw any) error {
	switch x := raw.(type) {
	case types.GUID:
		return encGUID(e, &x)
	case []byte:
		return encByteString(e, &x)
	case types.NodeID:
		return encNodeID(e, &x)
	case types.ExpandedNodeID:
		return encExpandedNodeID(e, &x)
	case types.QualifiedName:
		return encQualifiedName(e, &x)
	case types.LocalizedText:
		return encLocalizedText(e, &x)
	case types.ExtensionObject:
		return encExtensionObject(e, &x)
	case types.DataValue:
		return encDataValue(e, &x)
	}
	return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "Variant of %s holds a %T", t, raw)}
}

// Variant members, as bits for finding duplicates.
const (
	vType = 1 << iota
	vValue
	vDims
)

// variantState collects the members of a Variant object (or of the
// Variant inside a DataValue) as they are read.
type variantState struct {
	seen     int
	typ      types.BuiltinType
	valStart int  // offset of a Value read before UaType, to come back to
	valNull  bool // Value is JSON null
	decoded  bool // Value has been decoded into the Variant
	dims     []int32
	dimsOff  int
	off      int // offset of the object, for errors
}

// variantMember handles the member name of a Variant object, if it is one,
// and reports whether it was.
func (d *decoder) variantMember(st *variantState, v *types.Variant, name []byte, off int) (bool, error) {
	var bit int
	var path string
	switch string(name) {
	case "UaType", "Type":
		bit, path = vType, "UaType"
	case "Value", "Body":
		bit, path = vValue, "Value"
	case "Dimensions":
		bit, path = vDims, "Dimensions"
	default:
		return false, nil
	}
	if err := d.once(&st.seen, bit, name, off); err != nil {
		return true, err
	}
	var err error
	switch bit {
	case vType:
		var n uint64
		n, err = decUnsigned(d, 31, "built-in type id")
		if err == nil && (n == uint64(types.TypeDiagnosticInfo) || n > uint64(types.TypeDiagnosticInfo)) {
			err = d.fail(off, wire.ErrInvalid, "Variant of built-in type %d has no JSON form", n)
		}
		st.typ = types.BuiltinType(n)
		if err == nil && st.seen&vValue != 0 && st.typ != 0 && !st.valNull {
			// The Value came first: go back to it.
			end := d.pos
			d.pos = st.valStart
			err = d.variantValue(v, st.typ)
			d.pos = end
			st.decoded = true
		}
	case vValue:
		d.ws()
		st.valStart = d.pos
		if isNull, e := d.null(); isNull || e != nil {
			st.valNull, err = true, e
			break
		}
		if st.seen&vType != 0 && st.typ != 0 {
			err = d.variantValue(v, st.typ)
			st.decoded = true
		} else {
			err = d.skip()
		}
	case vDims:
		st.dimsOff = d.pos
		st.dims, err = decArray(d, st.dims, decInt32)
	}
	if err != nil {
		return true, wire.WithPath(err, path)
	}
	return true, nil
}

// finish completes the Variant after its object: null arrays, missing
// values, dimensions.
func (d *decoder) finishVariant(st *variantState, v *types.Variant) error {
	switch {
	case st.seen&vType == 0 || st.typ == 0:
		if st.seen&(vValue|vDims) != 0 && !(st.seen&vValue != 0 && st.valNull && st.seen&vDims == 0) {
			return d.fail(st.off, wire.ErrInvalid, "Variant with a Value and no UaType")
		}
		*v = types.Variant{}
		return nil
	case st.seen&vValue == 0 && st.typ == types.TypeVariant:
		return d.fail(st.off, wire.ErrInvalid, "a Variant of UaType 24 needs an array Value (a Variant cannot hold a scalar Variant)")
	case st.seen&vValue == 0:
		// No Value: the NULL or default scalar of the type.
		setVariantDefault(v, st.typ)
	case st.valNull:
		setVariantNullArray(v, st.typ)
	}
	if st.seen&vDims == 0 || len(st.dims) == 0 && st.seen&vValue == 0 {
		return nil
	}
	if !v.IsArray() {
		return wire.WithPath(d.fail(st.dimsOff, wire.ErrInvalid, "Dimensions on a scalar Variant"), "Dimensions")
	}
	n := variantLen(v)
	count := 1
	for _, x := range st.dims {
		if x < 0 {
			return wire.WithPath(d.fail(st.dimsOff, wire.ErrInvalid, "negative dimension %d", x), "Dimensions")
		}
		if x != 0 && count > math.MaxInt32/int(x) {
			count = -1
			break
		}
		count *= int(x)
	}
	if count != n {
		return wire.WithPath(d.fail(st.dimsOff, wire.ErrInvalid, "dimensions %v do not match the %d elements", st.dims, n), "Dimensions")
	}
	if len(st.dims) >= 2 {
		v.SetDimensions(st.dims)
	}
	return nil
}

func decVariant(d *decoder, v *types.Variant) error {
	ok, start, err := d.nested("Variant")
	if !ok {
		*v = types.Variant{}
		return err
	}
	st := variantState{off: start, dims: v.Dimensions()[:0]}
	var names nameSet
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if took, err := d.variantMember(&st, v, name, off); took || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		if err := d.unknown(&names, name, off); err != nil {
			return err
		}
	}
	d.leave()
	return d.finishVariant(&st, v)
}

// setVariantDefault makes v the NULL or default scalar of type t.
func setVariantDefault(v *types.Variant, t types.BuiltinType) {
	switch t {
	case types.TypeString, types.TypeXmlElement:
		v.SetString(t, "")
	case types.TypeGUID:
		v.SetRaw(t, false, types.GUID{}, nil)
	case types.TypeByteString:
		v.SetRaw(t, false, []byte(nil), nil)
	case types.TypeNodeID:
		v.SetRaw(t, false, types.NodeID{}, nil)
	case types.TypeExpandedNodeID:
		v.SetRaw(t, false, types.ExpandedNodeID{}, nil)
	case types.TypeQualifiedName:
		v.SetRaw(t, false, types.QualifiedName{}, nil)
	case types.TypeLocalizedText:
		v.SetRaw(t, false, types.LocalizedText{}, nil)
	case types.TypeExtensionObject:
		v.SetRaw(t, false, types.ExtensionObject{}, nil)
	case types.TypeDataValue:
		v.SetRaw(t, false, types.DataValue{}, nil)
	default:
		v.SetBits(t, 0)
	}
}

// arrayKind holds how Variant arrays of one built-in type are made,
// measured, encoded and decoded: one row per type of the Storage table of
// types.Variant, so that no switch over the 24 slice types is written
// more than once.
type arrayKind struct {
	null   any                                                           // the null array, a nil slice of the type
	length func(s any) int                                               // the length of a slice of the type
	enc    func(e *encoder, s any) (bool, error)                         // encodes s; false if s is not a slice of the type
	dec    func(d *decoder, v *types.Variant, t types.BuiltinType) error // decodes a JSON array into v
}

func kindOf[T any](enc func(*encoder, *T) error, dec func(*decoder, *T) error) arrayKind {
	return arrayKind{
		null:   []T(nil),
		length: func(s any) int { x, _ := s.([]T); return len(x) },
		enc: func(e *encoder, s any) (bool, error) {
			x, ok := s.([]T)
			if !ok {
				return false, nil
			}
			return true, encArray(e, x, enc)
		},
		dec: func(d *decoder, v *types.Variant, t types.BuiltinType) error { return variantArray(d, v, t, dec) },
	}
}

// arrayKinds is indexed by built-in type id; 0 and DiagnosticInfo (25),
// which a Variant cannot hold, have no row. It is filled by init, as its
// functions refer back to it (Variants of Variants).
var arrayKinds [types.TypeVariant + 1]arrayKind

func init() {
	arrayKinds = [...]arrayKind{
		types.TypeBoolean: kindOf(encBool, decBool), types.TypeSByte: kindOf(encInt8, decInt8),
		types.TypeByte: kindOf(encUint8, decUint8), types.TypeInt16: kindOf(encInt16, decInt16),
		types.TypeUInt16: kindOf(encUint16, decUint16), types.TypeInt32: kindOf(encInt32, decInt32),
		types.TypeUInt32: kindOf(encUint32, decUint32), types.TypeInt64: kindOf(encInt64, decInt64),
		types.TypeUInt64: kindOf(encUint64, decUint64), types.TypeFloat: kindOf(encFloat32, decFloat32),
		types.TypeDouble: kindOf(encFloat64, decFloat64), types.TypeString: kindOf(encString, decString),
		types.TypeDateTime: kindOf(encDateTime, decDateTime), types.TypeGUID: kindOf(encGUID, decGUID),
		types.TypeByteString: kindOf(encByteString, decByteString), types.TypeXmlElement: kindOf(encXML, decXML),
		types.TypeNodeID: kindOf(encNodeID, decNodeID), types.TypeExpandedNodeID: kindOf(encExpandedNodeID, decExpandedNodeID),
		types.TypeStatusCode: kindOf(encStatusCode, decStatusCode), types.TypeQualifiedName: kindOf(encQualifiedName, decQualifiedName),
		types.TypeLocalizedText: kindOf(encLocalizedText, decLocalizedText), types.TypeExtensionObject: kindOf(encExtensionObject, decExtensionObject),
		types.TypeDataValue: kindOf(encDataValue, decDataValue), types.TypeVariant: kindOf(encVariant, decVariant),
	}
}

// setVariantNullArray makes v the null array of type t (1..24).
func setVariantNullArray(v *types.Variant, t types.BuiltinType) {
	v.SetRaw(t, true, arrayKinds[t].null, nil)
}

// variantLen returns the number of elements of an array Variant.
func variantLen(v *types.Variant) int {
	if t := v.Type(); t >= 1 && t <= types.TypeVariant {
		return arrayKinds[t].length(v.Raw())
	}
	return 0
}

// variantArray decodes a JSON array into a Variant of type t, reusing the
// slice the Variant holds when it is of the same type.
func variantArray[T any](d *decoder, v *types.Variant, t types.BuiltinType, dec func(*decoder, *T) error) error {
	var old []T
	var boxed any // the Variant's value, a []T boxed in an interface
	if v.IsArray() && v.Type() == t {
		boxed = v.Raw()
		old, _ = boxed.([]T)
	}
	s, err := decArray(d, old, dec)
	if err != nil {
		return err
	}
	if old != nil && s != nil && cap(s) > 0 && unsafe.SliceData(s) == unsafe.SliceData(old) {
		// The elements went into the old array: store the new length in
		// the boxed slice header rather than boxing s again (an allocation).
		*(*[]T)(ifaceData(boxed)) = s
		v.SetRaw(t, true, boxed, nil)
		return nil
	}
	v.SetRaw(t, true, s, nil)
	return nil
}

// variantValue decodes the Value of a Variant of type t (not 0): a JSON
// array, or a scalar.
func (d *decoder) variantValue(v *types.Variant, t types.BuiltinType) error {
	if d.peek() == '[' && t >= 1 && t <= types.TypeVariant {
		return arrayKinds[t].dec(d, v, t)
	}
	switch t {
	case types.TypeBoolean:
		b, err := d.boolean()
		var bits uint64
		if b {
			bits = 1
		}
		v.SetBits(t, bits)
		return err
	case types.TypeSByte:
		x, err := decSigned(d, math.MinInt8, math.MaxInt8, "SByte")
		v.SetBits(t, uint64(x))
		return err
	case types.TypeInt16:
		x, err := decSigned(d, math.MinInt16, math.MaxInt16, "Int16")
		v.SetBits(t, uint64(x))
		return err
	case types.TypeInt32:
		x, err := decSigned(d, math.MinInt32, math.MaxInt32, "Int32")
		v.SetBits(t, uint64(x))
		return err
	case types.TypeInt64:
		x, err := decSigned(d, math.MinInt64, math.MaxInt64, "Int64")
		v.SetBits(t, uint64(x))
		return err
	case types.TypeByte:
		x, err := decUnsigned(d, math.MaxUint8, "Byte")
		v.SetBits(t, x)
		return err
	case types.TypeUInt16:
		x, err := decUnsigned(d, math.MaxUint16, "UInt16")
		v.SetBits(t, x)
		return err
	case types.TypeUInt32:
		x, err := decUnsigned(d, math.MaxUint32, "UInt32")
		v.SetBits(t, x)
		return err
	case types.TypeUInt64:
		x, err := decUnsigned(d, math.MaxUint64, "UInt64")
		v.SetBits(t, x)
		return err
	case types.TypeFloat:
		f, err := d.float(32)
		v.SetBits(t, uint64(math.Float32bits(float32(f))))
		return err
	case types.TypeDouble:
		f, err := d.float(64)
		v.SetBits(t, math.Float64bits(f))
		return err
	case types.TypeDateTime:
		x, err := d.dateTime()
		v.SetBits(t, uint64(x))
		return err
	case types.TypeStatusCode:
		var sc types.StatusCode
		err := decStatusCode(d, &sc)
		v.SetBits(t, uint64(sc))
		return err
	case types.TypeString, types.TypeXmlElement:
		old := ""
		if v.Type() == t && !v.IsArray() {
			old = v.Str()
		}
		s, err := d.string(old, d.lim.MaxStringLength)
		v.SetString(t, s)
		return err
	case types.TypeGUID:
		return boxedScalar(d, v, t, decGUID)
	case types.TypeByteString:
		return boxedScalar(d, v, t, decByteString)
	case types.TypeNodeID:
		return boxedScalar(d, v, t, decNodeID)
	case types.TypeExpandedNodeID:
		return boxedScalar(d, v, t, decExpandedNodeID)
	case types.TypeQualifiedName:
		return boxedScalar(d, v, t, decQualifiedName)
	case types.TypeLocalizedText:
		return boxedScalar(d, v, t, decLocalizedText)
	case types.TypeExtensionObject:
		return boxedScalar(d, v, t, decExtensionObject)
	case types.TypeDataValue:
		return boxedScalar(d, v, t, decDataValue)
	case types.TypeVariant:
		return d.fail(d.pos, wire.ErrInvalid, "a Variant cannot hold a scalar Variant (Part 6 §5.2.2.16): want an array")
	}
	return d.fail(d.pos, wire.ErrInvalid, "Variant of built-in type %d has no JSON form", t)
}

// boxedScalar decodes a scalar that a Variant stores in its interface.
func boxedScalar[T any](d *decoder, v *types.Variant, t types.BuiltinType, dec func(*decoder, *T) error) error {
	var x T
	err := dec(d, &x)
	v.SetRaw(t, false, x, nil)
	return err
}

// A DataValue is the object of the members of its Variant (UaType, Value,
// Dimensions, as in a Variant) and Status, SourceTimestamp,
// SourcePicoseconds, ServerTimestamp, ServerPicoseconds, each omitted when
// Good, MinValue or 0 (§5.4.2.18, Table 42); the empty DataValue is null.
// The deprecated forms nest the Variant as "Value" (Annex H). Decoding
// takes both, sets SentZero for a member given with its default value (so
// that the binary encoding writes it), and clamps picoseconds above 9999
// to 9999 (Part 6 §5.2.2.17).

// dataValueEmpty reports whether d has no field to write.
func dataValueEmpty(d *types.DataValue) bool {
	return d.Value.IsNull() && d.Status == 0 && d.SourceTimestamp <= 0 && d.SourcePicoseconds == 0 &&
		d.ServerTimestamp <= 0 && d.ServerPicoseconds == 0
}

func encDataValue(e *encoder, v *types.DataValue) error {
	if dataValueEmpty(v) {
		e.null()
		return nil
	}
	if err := e.enter(); err != nil {
		return err
	}
	e.open('{')
	first := true
	if !v.Value.IsNull() {
		if e.enc >= Reversible {
			e.key("Value", true)
			if err := encVariant(e, &v.Value); err != nil {
				return wire.WithPath(err, "Value")
			}
		} else if err := e.variantMembers(&v.Value, true); err != nil {
			return wire.WithPath(err, "Value")
		}
		first = false
	}
	if v.Status != 0 {
		e.key("Status", first)
		first = false
		if err := encStatusCode(e, &v.Status); err != nil {
			return wire.WithPath(err, "Status")
		}
	}
	if v.SourceTimestamp > 0 {
		e.key("SourceTimestamp", first)
		first = false
		e.dateTime(v.SourceTimestamp)
	}
	if v.SourcePicoseconds != 0 {
		e.key("SourcePicoseconds", first)
		first = false
		e.uint(uint64(v.SourcePicoseconds))
	}
	if v.ServerTimestamp > 0 {
		e.key("ServerTimestamp", first)
		first = false
		e.dateTime(v.ServerTimestamp)
	}
	if v.ServerPicoseconds != 0 {
		e.key("ServerPicoseconds", first)
		e.uint(uint64(v.ServerPicoseconds))
	}
	e.close('}', false)
	e.leave()
	return nil
}

// DataValue members other than the Variant's, as bits for finding
// duplicates; the SentZero bits of the binary encoding mask.
const (
	dvStatus = 1 << iota
	dvSourceTime
	dvSourcePico
	dvServerTime
	dvServerPico
)

func decDataValue(d *decoder, v *types.DataValue) error {
	ok, start, err := d.nested("DataValue")
	if !ok {
		*v = types.DataValue{}
		return err
	}
	// The Variant is decoded in place, reusing its storage; the other
	// fields start from zero. (A copy of it would escape to the heap.)
	*v = types.DataValue{Value: v.Value}
	value := &v.Value
	st := variantState{off: start, dims: value.Dimensions()[:0]}
	var seen int
	var names nameSet
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if took, err := d.variantMember(&st, value, name, off); took || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		bit := 0
		switch string(name) {
		case "Status":
			bit = dvStatus
		case "SourceTimestamp":
			bit = dvSourceTime
		case "SourcePicoseconds", "SourcePicoSeconds":
			bit = dvSourcePico
		case "ServerTimestamp":
			bit = dvServerTime
		case "ServerPicoseconds", "ServerPicoSeconds":
			bit = dvServerPico
		}
		if bit == 0 {
			if err := d.unknown(&names, name, off); err != nil {
				return err
			}
			continue
		}
		if err := d.once(&seen, bit, name, off); err != nil {
			return err
		}
		switch bit {
		case dvStatus:
			err = decStatusCode(d, &v.Status)
			if err == nil && v.Status == 0 {
				v.SentZero |= 0x02
			}
		case dvSourceTime:
			err = decDateTime(d, &v.SourceTimestamp)
			if err == nil && v.SourceTimestamp == 0 {
				v.SentZero |= 0x04
			}
		case dvSourcePico:
			err = decPicoseconds(d, &v.SourcePicoseconds)
			if err == nil && v.SourcePicoseconds == 0 {
				v.SentZero |= 0x10
			}
		case dvServerTime:
			err = decDateTime(d, &v.ServerTimestamp)
			if err == nil && v.ServerTimestamp == 0 {
				v.SentZero |= 0x08
			}
		case dvServerPico:
			err = decPicoseconds(d, &v.ServerPicoseconds)
			if err == nil && v.ServerPicoseconds == 0 {
				v.SentZero |= 0x20
			}
		}
		if err != nil {
			return wire.WithPath(err, string(name))
		}
	}
	d.leave()
	// The deprecated form: "Value" is a Variant object and there is no
	// UaType.
	if st.seen&vType == 0 && st.seen&vValue != 0 && !st.valNull {
		end := d.pos
		d.pos = st.valStart
		err := decVariant(d, value)
		d.pos = end
		return wire.WithPath(err, "Value")
	}
	return wire.WithPath(d.finishVariant(&st, value), "Value")
}

// decPicoseconds reads a picoseconds count, clamped to 9999.
func decPicoseconds(d *decoder, v *uint16) error {
	if err := decUint16(d, v); err != nil {
		return err
	}
	if *v > 9999 {
		*v = 9999
	}
	return nil
}
