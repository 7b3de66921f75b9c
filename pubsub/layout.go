package pubsub

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
)

// Layout is the RawData field layout of a DataSet, built from its
// DataSetMetaData (Part 14 §7.2.4.5.11): each field is written in the
// DataType and ValueRank of its FieldMetaData, with no type information on
// the wire, so a Subscriber can only read RawData with the same metadata.
//
//   - numeric scalars are written as in Part 6 (Boolean 1 byte, Int32 4
//     bytes, Double 8 bytes, ...), so a layout of them has fixed offsets;
//   - a String or ByteString with a MaxStringLength is padded with zero
//     bytes after its content up to MaxStringLength, so it takes
//     4 + MaxStringLength bytes;
//   - a one-dimensional array (ValueRank 1) is an Int32 length and its
//     elements; with ArrayDimensions[0] > 0 and a fixed-size element type it is
//     padded with zero bytes up to that many elements;
//   - a ValueRank above 1 is a Part 6 matrix: an Int32 array of the
//     dimensions, then the elements in row-major order;
//   - a structure (BuiltInType ExtensionObject with a structure DataType) is
//     its body as a Part 6 structure, without the ExtensionObject header;
//   - every other built-in type is its Part 6 encoding.
//
// A Layout is immutable and safe for concurrent use.
type Layout struct {
	meta   types.DataSetMetaDataType
	fields []rawField
	// fixed is the total wire size when every field has a fixed size
	// (-1 otherwise): the offsets of a periodic fixed layout.
	fixed int
}

type rawField struct {
	name      string
	bt        types.BuiltinType
	valueRank int32
	dims      []uint32
	maxStr    uint32
	elem      reflect.Type // Go element type for arrays and non-numeric scalars
	structID  types.NodeID // binary encoding id of a structure field
	size      int          // fixed wire size of a scalar (or padded array); -1 if variable
	elemSize  int          // fixed wire size of one element; -1 if variable
	// num is the wire size of a numeric scalar field (0 otherwise) and
	// float marks Float and Double: the in-place path of encode.go.
	num   int
	float bool
}

// LayoutOptions configures NewLayout.
type LayoutOptions struct {
	// Structures maps the DataType NodeId of a structure field to its Go
	// type and binary encoding id, for structures outside namespace 0. The
	// standard structures of namespace 0 are found without it.
	Structures map[types.NodeID]StructType
}

// StructType names the Go type and binary encoding id of a structure
// DataType, for RawData fields of that structure.
type StructType struct {
	Type       reflect.Type
	EncodingID types.NodeID
}

var (
	std     map[uint32]*types.TypeInfo
	stdOnce sync.Once
)

func standardByDataType(id uint32) (*types.TypeInfo, bool) {
	stdOnce.Do(func() {
		std = make(map[uint32]*types.TypeInfo, len(types.StandardTypes))
		for i := range types.StandardTypes {
			ti := &types.StandardTypes[i]
			std[ti.DataTypeID] = ti
		}
	})
	ti, ok := std[id]
	return ti, ok
}

// elemTypes are the Go element types of the built-in types in arrays and
// for scalars that are not held unboxed (types.Variant's storage table).
var elemTypes = [...]reflect.Type{
	types.TypeBoolean:         reflect.TypeFor[bool](),
	types.TypeSByte:           reflect.TypeFor[int8](),
	types.TypeByte:            reflect.TypeFor[uint8](),
	types.TypeInt16:           reflect.TypeFor[int16](),
	types.TypeUInt16:          reflect.TypeFor[uint16](),
	types.TypeInt32:           reflect.TypeFor[int32](),
	types.TypeUInt32:          reflect.TypeFor[uint32](),
	types.TypeInt64:           reflect.TypeFor[int64](),
	types.TypeUInt64:          reflect.TypeFor[uint64](),
	types.TypeFloat:           reflect.TypeFor[float32](),
	types.TypeDouble:          reflect.TypeFor[float64](),
	types.TypeString:          reflect.TypeFor[string](),
	types.TypeDateTime:        reflect.TypeFor[types.DateTime](),
	types.TypeGUID:            reflect.TypeFor[types.GUID](),
	types.TypeByteString:      reflect.TypeFor[[]byte](),
	types.TypeXmlElement:      reflect.TypeFor[types.XmlElement](),
	types.TypeNodeID:          reflect.TypeFor[types.NodeID](),
	types.TypeExpandedNodeID:  reflect.TypeFor[types.ExpandedNodeID](),
	types.TypeStatusCode:      reflect.TypeFor[types.StatusCode](),
	types.TypeQualifiedName:   reflect.TypeFor[types.QualifiedName](),
	types.TypeLocalizedText:   reflect.TypeFor[types.LocalizedText](),
	types.TypeExtensionObject: reflect.TypeFor[types.ExtensionObject](),
	types.TypeDataValue:       reflect.TypeFor[types.DataValue](),
	types.TypeVariant:         reflect.TypeFor[types.Variant](),
}

// numericSize is the wire size of the numeric built-ins held unboxed in a
// Variant, 0 for the others.
func numericSize(bt types.BuiltinType) int {
	switch bt {
	case types.TypeBoolean, types.TypeSByte, types.TypeByte:
		return 1
	case types.TypeInt16, types.TypeUInt16:
		return 2
	case types.TypeInt32, types.TypeUInt32, types.TypeFloat, types.TypeStatusCode:
		return 4
	case types.TypeInt64, types.TypeUInt64, types.TypeDouble, types.TypeDateTime:
		return 8
	}
	return 0
}

// NewLayout builds the RawData layout of the DataSet meta describes. It fails
// with an error wrapping uabin.ErrUnsupported for a field it cannot lay out
// (DiagnosticInfo, an unknown structure DataType, a ValueRank of 0 or
// below -1).
func NewLayout(meta types.DataSetMetaDataType, o LayoutOptions) (*Layout, error) {
	l := &Layout{meta: meta, fields: make([]rawField, len(meta.Fields)), fixed: 0}
	for i, fm := range meta.Fields {
		f := &l.fields[i]
		f.name = fm.Name
		f.bt = types.BuiltinType(fm.BuiltInType)
		f.valueRank = fm.ValueRank
		f.dims = fm.ArrayDimensions
		f.maxStr = fm.MaxStringLength
		path := fmt.Sprintf("Fields[%d]", i)
		if !f.bt.IsValid() || f.bt == types.TypeNull || f.bt == types.TypeDiagnosticInfo {
			return nil, encodeError(path, wire.ErrUnsupported, "field %q: BuiltInType %d has no RawData encoding", fm.Name, fm.BuiltInType)
		}
		if f.valueRank == 0 || f.valueRank < -1 {
			return nil, encodeError(path, wire.ErrUnsupported, "field %q: ValueRank %d has no RawData encoding (scalar -1 or n >= 1 dimensions)", fm.Name, fm.ValueRank)
		}
		if f.valueRank > 0 && len(f.dims) != 0 && len(f.dims) != int(f.valueRank) {
			return nil, encodeError(path, wire.ErrInvalid, "field %q: %d ArrayDimensions for ValueRank %d", fm.Name, len(f.dims), fm.ValueRank)
		}
		f.elem = elemTypes[f.bt]
		if f.bt == types.TypeExtensionObject && !fm.DataType.IsNull() && !(fm.DataType.Namespace() == 0 && numericID(fm.DataType) == uint32(types.TypeExtensionObject)) {
			st, ok := o.Structures[fm.DataType]
			if !ok && fm.DataType.Namespace() == 0 {
				if ti, found := standardByDataType(numericID(fm.DataType)); found && !ti.Abstract && ti.BinaryEncodingID != 0 {
					st, ok = StructType{Type: ti.Type, EncodingID: types.NewNumericNodeID(0, ti.BinaryEncodingID)}, true
				}
			}
			if !ok || st.Type == nil {
				return nil, encodeError(path, wire.ErrUnknownType, "field %q: structure DataType %v is not known (LayoutOptions.Structures)", fm.Name, fm.DataType)
			}
			f.elem = st.Type
			f.structID = st.EncodingID
		}
		f.elemSize = numericSize(f.bt)
		if f.elemSize == 0 {
			f.elemSize = -1
			if f.bt == types.TypeGUID {
				f.elemSize = 16
			}
			if (f.bt == types.TypeString || f.bt == types.TypeByteString) && f.maxStr > 0 {
				f.elemSize = 4 + int(f.maxStr)
			}
		}
		if f.valueRank == -1 && numericSize(f.bt) > 0 {
			f.num = numericSize(f.bt)
			f.float = f.bt == types.TypeFloat || f.bt == types.TypeDouble
		}
		switch {
		case f.valueRank == -1:
			f.size = f.elemSize
		case f.valueRank == 1 && len(f.dims) == 1 && f.dims[0] > 0 && f.elemSize > 0:
			f.size = 4 + int(f.dims[0])*f.elemSize
		default:
			f.size = -1
		}
		if f.size < 0 {
			l.fixed = -1
		} else if l.fixed >= 0 {
			l.fixed += f.size
		}
	}
	return l, nil
}

// numericID returns the numeric identifier of id, or 0 for other kinds.
func numericID(id types.NodeID) uint32 {
	if id.Type() != types.IDTypeNumeric {
		return 0
	}
	return id.IntID()
}

// NumFields returns the number of fields.
func (l *Layout) NumFields() int { return len(l.fields) }

// MetaData returns the DataSetMetaData the layout was built from.
func (l *Layout) MetaData() types.DataSetMetaDataType { return l.meta }

// FixedSize returns the size of the RawData fields of a key frame when every
// field has a fixed size (numeric scalars, Guids, Strings with a
// MaxStringLength, arrays with fixed dimensions of those), or -1.
func (l *Layout) FixedSize() int { return l.fixed }

// FieldOffset returns the offset of field i from the first RawData byte of a
// key frame when fields 0..i-1 all have fixed sizes, or -1.
func (l *Layout) FieldOffset(i int) int {
	off := 0
	for j := 0; j < i; j++ {
		if l.fields[j].size < 0 {
			return -1
		}
		off += l.fields[j].size
	}
	return off
}

// appendRaw appends field f of v in its RawData form.
func (f *rawField) appendRaw(w *wire.Writer, vo *uabin.Options, v *types.Variant) {
	if f.valueRank == -1 {
		f.appendScalar(w, vo, v)
		return
	}
	if v.Type() != f.bt || !v.IsArray() {
		w.Fail(wire.Errorf(wire.ErrInvalid, "RawData field %q wants an array of %v, has %v", f.name, f.bt, v.Type()))
		return
	}
	dims := v.Dimensions()
	if f.valueRank == 1 {
		if dims != nil {
			w.Fail(wire.Errorf(wire.ErrInvalid, "RawData field %q wants one dimension, has %d", f.name, len(dims)))
			return
		}
		n := v.Len()
		if len(f.dims) == 1 && f.dims[0] > 0 && uint32(n) > f.dims[0] {
			w.Fail(wire.Errorf(wire.ErrLimitExceeded, "RawData field %q has %d elements, ArrayDimensions allow %d", f.name, n, f.dims[0]))
			return
		}
		f.appendArray(w, vo, v.Raw())
		if len(f.dims) == 1 && f.dims[0] > 0 && f.elemSize > 0 {
			pad(w, (int(f.dims[0])-n)*f.elemSize)
		}
		return
	}
	if len(dims) != int(f.valueRank) {
		w.Fail(wire.Errorf(wire.ErrInvalid, "RawData field %q wants %d dimensions, has %d", f.name, f.valueRank, len(dims)))
		return
	}
	w.Int32(int32(len(dims)))
	for i, d := range dims {
		if len(f.dims) > i && f.dims[i] > 0 && uint32(d) > f.dims[i] {
			w.Fail(wire.Errorf(wire.ErrLimitExceeded, "RawData field %q: dimension %d is %d, ArrayDimensions allow %d", f.name, i, d, f.dims[i]))
			return
		}
		w.Int32(d)
	}
	// The elements without the array length: append the flat array and
	// drop its Int32 length.
	start := len(w.Buf)
	f.appendArray(w, vo, v.Raw())
	if w.Err() == nil {
		w.Buf = append(w.Buf[:start], w.Buf[start+4:]...)
	}
}

func (f *rawField) appendArray(w *wire.Writer, vo *uabin.Options, arr any) {
	b, err := vo.Append(w.Buf, arr)
	if err != nil {
		w.Fail(err)
		return
	}
	w.Buf = b
}

func pad(w *wire.Writer, n int) {
	for ; n > 0; n-- {
		w.Buf = append(w.Buf, 0)
	}
}

func (f *rawField) appendScalar(w *wire.Writer, vo *uabin.Options, v *types.Variant) {
	t := v.Type()
	if f.bt == types.TypeVariant {
		b, err := vo.Append(w.Buf, v)
		if err != nil {
			w.Fail(err)
			return
		}
		w.Buf = b
		return
	}
	if t != f.bt || v.IsArray() {
		w.Fail(wire.Errorf(wire.ErrInvalid, "RawData field %q wants a scalar %v, has %v", f.name, f.bt, describe(v)))
		return
	}
	if numericSize(t) > 0 {
		w.Buf = appendNumericBits(w.Buf, t, v.Bits())
		return
	}
	switch t {
	case types.TypeString, types.TypeXmlElement:
		s := v.Str()
		if f.maxStr > 0 && len(s) > int(f.maxStr) {
			w.Fail(wire.Errorf(wire.ErrLimitExceeded, "RawData field %q: %d bytes, MaxStringLength %d", f.name, len(s), f.maxStr))
			return
		}
		w.Str(s)
		if f.maxStr > 0 {
			pad(w, int(f.maxStr)-len(s))
		}
	case types.TypeByteString:
		bs, _ := v.ByteString()
		if f.maxStr > 0 && len(bs) > int(f.maxStr) {
			w.Fail(wire.Errorf(wire.ErrLimitExceeded, "RawData field %q: %d bytes, MaxStringLength %d", f.name, len(bs), f.maxStr))
			return
		}
		w.ByteString(bs)
		if f.maxStr > 0 {
			pad(w, int(f.maxStr)-len(bs))
		}
	case types.TypeExtensionObject:
		eo, _ := v.ExtensionObject()
		if f.structID.IsNull() {
			b, err := vo.Append(w.Buf, &eo)
			if err != nil {
				w.Fail(err)
				return
			}
			w.Buf = b
			return
		}
		val := reflect.ValueOf(eo.Value)
		if val.Kind() == reflect.Pointer && !val.IsNil() {
			val = val.Elem()
		}
		if !val.IsValid() || val.Type() != f.elem {
			w.Fail(wire.Errorf(wire.ErrInvalid, "RawData field %q wants a structure %v, has %T", f.name, f.elem, eo.Value))
			return
		}
		b, err := vo.Append(w.Buf, eo.Value)
		if err != nil {
			w.Fail(err)
			return
		}
		w.Buf = b
	default:
		b, err := vo.Append(w.Buf, v.Value())
		if err != nil {
			w.Fail(err)
			return
		}
		w.Buf = b
	}
}

func describe(v *types.Variant) string {
	if v.IsArray() {
		return "an array of " + v.Type().String()
	}
	return v.Type().String()
}

// consumeRaw decodes field f from b[r.Offset():] into v.
func (f *rawField) consumeRaw(r *wire.Reader, b []byte, vo *uabin.Options, v *types.Variant) {
	if f.valueRank == -1 {
		f.consumeScalar(r, b, vo, v)
		return
	}
	if f.valueRank == 1 {
		start := r.Offset()
		n := r.ArrayLen(max(f.elemSize, 1))
		if r.Err() != nil {
			return
		}
		if n < 0 {
			v.SetRaw(f.bt, true, reflect.Zero(reflect.SliceOf(f.elem)).Interface(), nil)
			return
		}
		if len(f.dims) == 1 && f.dims[0] > 0 && uint32(n) > f.dims[0] {
			r.FailAt(start, wire.ErrLimitExceeded, "RawData field %q has %d elements, ArrayDimensions allow %d", f.name, n, f.dims[0])
			return
		}
		f.consumeElems(r, b, vo, v, start, n, nil)
		if len(f.dims) == 1 && f.dims[0] > 0 && f.elemSize > 0 {
			r.Raw((int(f.dims[0]) - n) * f.elemSize)
		}
		return
	}
	start := r.Offset()
	nd := r.ArrayLen(4)
	if r.Err() != nil {
		return
	}
	if nd != int(f.valueRank) {
		r.FailAt(start, wire.ErrInvalid, "RawData field %q has %d dimensions, ValueRank %d", f.name, nd, f.valueRank)
		return
	}
	dims := make([]int32, nd)
	total := 1
	for i := range dims {
		dims[i] = r.Int32()
		if dims[i] <= 0 || (len(f.dims) > i && f.dims[i] > 0 && uint32(dims[i]) > f.dims[i]) {
			r.FailAt(start, wire.ErrInvalid, "RawData field %q: dimension %d is %d", f.name, i, dims[i])
			return
		}
		total *= int(dims[i])
		if total > r.Limits.MaxArrayLength || total > r.Remaining() {
			r.FailAt(start, wire.ErrLimitExceeded, "RawData field %q: %d elements", f.name, total)
			return
		}
	}
	f.consumeElems(r, b, vo, v, start, total, dims)
}

// consumeElems decodes n elements, laid out as an array without its length.
func (f *rawField) consumeElems(r *wire.Reader, b []byte, vo *uabin.Options, v *types.Variant, start, n int, dims []int32) {
	// Put the Int32 length in front of the elements in a scratch copy is
	// avoided: decode element by element into a new slice.
	sl := reflect.MakeSlice(reflect.SliceOf(f.elem), n, n)
	for i := 0; i < n; i++ {
		off := r.Offset()
		k, err := vo.Decode(b[off:off+r.Remaining()], sl.Index(i).Addr().Interface())
		if err != nil {
			r.Fail(shift(err, off, "", f.elem))
			return
		}
		r.Raw(k)
	}
	arr := sl.Interface()
	if f.bt == types.TypeExtensionObject && !f.structID.IsNull() {
		eos := make([]types.ExtensionObject, n)
		for i := range eos {
			eos[i] = types.ExtensionObject{TypeID: f.structID, Value: sl.Index(i).Addr().Interface()}
		}
		arr = eos
	}
	v.SetRaw(f.bt, true, arr, dims)
}

func (f *rawField) consumeScalar(r *wire.Reader, b []byte, vo *uabin.Options, v *types.Variant) {
	if numericSize(f.bt) > 0 {
		v.SetBits(f.bt, consumeNumericBits(r, f.bt))
		return
	}
	switch f.bt {
	case types.TypeString, types.TypeXmlElement:
		start := r.Offset()
		raw := r.StrRaw()
		if !f.skipPadding(r, start, len(raw)) {
			return
		}
		switch {
		case raw == nil:
			v.SetString(f.bt, "")
		case len(raw) == 0:
			v.SetString(f.bt, wire.EmptyString)
		case v.Type() == f.bt && !v.IsArray() && v.Str() == string(raw):
			// keep the string already held: no allocation
		default:
			v.SetString(f.bt, r.Text(raw))
		}
	case types.TypeByteString:
		start := r.Offset()
		raw := r.ByteStringRaw()
		if !f.skipPadding(r, start, len(raw)) {
			return
		}
		var bs []byte
		if raw != nil {
			bs = append([]byte{}, raw...)
		}
		v.SetRaw(f.bt, false, bs, nil)
	default:
		off := r.Offset()
		ptr := reflect.New(f.elem)
		k, err := vo.Decode(b[off:off+r.Remaining()], ptr.Interface())
		if err != nil {
			r.Fail(shift(err, off, "", f.elem))
			return
		}
		r.Raw(k)
		switch {
		case f.bt == types.TypeVariant:
			*v = ptr.Elem().Interface().(types.Variant)
		case f.bt == types.TypeExtensionObject && !f.structID.IsNull():
			v.SetRaw(f.bt, false, types.ExtensionObject{TypeID: f.structID, Value: ptr.Interface()}, nil)
		default:
			v.SetRaw(f.bt, false, ptr.Elem().Interface(), nil)
		}
	}
}

// skipPadding checks the n bytes of a String or ByteString read from start
// against MaxStringLength and consumes the zero padding after them; it
// reports whether decoding goes on.
func (f *rawField) skipPadding(r *wire.Reader, start, n int) bool {
	if r.Err() != nil {
		return false
	}
	if f.maxStr > 0 {
		if n > int(f.maxStr) {
			r.FailAt(start, wire.ErrLimitExceeded, "RawData field %q: %d bytes, MaxStringLength %d", f.name, n, f.maxStr)
			return false
		}
		r.Raw(int(f.maxStr) - n)
	}
	return r.Err() == nil
}

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
