package jsonenc

// Design note. A codec encodes and decodes the values of one Go type; the
// codecs of the 25 built-ins are handwritten (one function pair each, in
// scalar.go, nodeid.go, status.go, variant.go, extensionobject.go), those
// of slices and Go arrays are built from their element's, and all are
// found through codecFor, once per Go type, from a cache. Structures are
// built from the format-independent model (internal/uamodel): a
// structPlan (struct.go, dynamic.go for run-time structures) holds the
// model's fields (OPC UA name, built-in kind, presence rule), and the
// ExtensionObject and Variant codecs reach structure values through the
// registry's bodies (body.go). A structure's field is encoded by the codec
// of its Go type, omitted (Compact) or written as null (Verbose) when
// codec.null says so.

import (
	"math"
	"reflect"
	"sync"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// A codec encodes and decodes values of one Go type in OPC UA JSON.
type codec struct {
	// id is the OPC UA built-in type of the value (0 for arrays and
	// structures).
	id types.BuiltinType
	// enc writes the value at p as one JSON value: a NULL value of a
	// nullable built-in as null (Part 6 §5.4.2: the form of array
	// elements and top-level values).
	enc func(e *encoder, p ptr) error
	// dec reads one JSON value into the value at p, overwriting all of it.
	dec func(d *decoder, p ptr) error
	// null reports whether the value at p is NULL or the default value,
	// which a structure field omits (Compact) or writes as null (Verbose,
	// §5.4.6).
	null func(e *encoder, p ptr) bool
	// enum is true for the codecs of enumerations.
	enum bool
	// plan is the plan of a structure's codec, else nil.
	plan *structPlan
}

// newCodec makes the codec of a built-in from its typed functions.
func newCodec[T any](id types.BuiltinType, enc func(*encoder, *T) error, dec func(*decoder, *T) error, null func(*encoder, *T) bool) *codec {
	return &codec{
		id:   id,
		enc:  func(e *encoder, p ptr) error { return enc(e, as[T](p)) },
		dec:  func(d *decoder, p ptr) error { return dec(d, as[T](p)) },
		null: func(e *encoder, p ptr) bool { return null(e, as[T](p)) },
	}
}

// sliceCodec makes the codec of []T from its element's typed functions:
// nil is null, anything else a JSON array (§5.4.5); decoding reuses the
// capacity and the elements of the slice it decodes over.
func sliceCodec[T any](enc func(*encoder, *T) error, dec func(*decoder, *T) error) *codec {
	return &codec{
		enc:  func(e *encoder, p ptr) error { return encArray(e, *as[[]T](p), enc) },
		dec:  func(d *decoder, p ptr) (err error) { *as[[]T](p), err = decArray(d, *as[[]T](p), dec); return err },
		null: func(e *encoder, p ptr) bool { return *as[[]T](p) == nil },
	}
}

// encArray writes s as a JSON array, null for nil.
func encArray[T any](e *encoder, s []T, enc func(*encoder, *T) error) error {
	if s == nil {
		e.null()
		return nil
	}
	e.open('[')
	for i := range s {
		e.elem(i == 0)
		if err := enc(e, &s[i]); err != nil {
			return wire.WithPath(err, wire.IndexPath(i))
		}
	}
	e.close(']', len(s) == 0)
	return nil
}

// decArray reads a JSON array (or null, giving nil) into old's memory.
func decArray[T any](d *decoder, old []T, dec func(*decoder, *T) error) ([]T, error) {
	if isNull, err := d.null(); isNull || err != nil {
		return nil, err
	}
	start := d.pos
	if err := d.array("an OPC UA array"); err != nil {
		return nil, err
	}
	s := old[:0]
	if s == nil {
		s = []T{}
	}
	for first := true; ; first = false {
		ok, err := d.element(first)
		if err != nil {
			return nil, err
		}
		if !ok {
			return s, nil
		}
		if len(s) >= d.lim.MaxArrayLength {
			return nil, d.fail(start, wire.ErrLimitExceeded, "array of more than %d elements", d.lim.MaxArrayLength)
		}
		if len(s) < cap(s) {
			s = s[:len(s)+1]
		} else {
			var zero T
			s = append(s, zero)
		}
		if err := dec(d, &s[len(s)-1]); err != nil {
			return nil, wire.WithPath(err, wire.IndexPath(len(s)-1))
		}
	}
}

func zeroOf[T comparable](_ *encoder, v *T) bool { var zero T; return *v == zero }

// builtinCodecs maps the Go types of the built-ins (and slices of them) to
// their codecs. It is built at initialisation and never changed.
var builtinCodecs = map[reflect.Type]*codec{}

func register[T any](id types.BuiltinType, enc func(*encoder, *T) error, dec func(*decoder, *T) error, null func(*encoder, *T) bool) {
	builtinCodecs[reflect.TypeFor[T]()] = newCodec(id, enc, dec, null)
	builtinCodecs[reflect.TypeFor[[]T]()] = sliceCodec(enc, dec)
}

func init() {
	register(types.TypeBoolean, encBool, decBool, zeroOf[bool])
	register(types.TypeSByte, encInt8, decInt8, zeroOf[int8])
	register(types.TypeInt16, encInt16, decInt16, zeroOf[int16])
	register(types.TypeUInt16, encUint16, decUint16, zeroOf[uint16])
	register(types.TypeInt32, encInt32, decInt32, zeroOf[int32])
	register(types.TypeUInt32, encUint32, decUint32, zeroOf[uint32])
	register(types.TypeInt64, encInt64, decInt64, zeroOf[int64])
	register(types.TypeUInt64, encUint64, decUint64, zeroOf[uint64])
	register(types.TypeFloat, encFloat32, decFloat32, func(_ *encoder, v *float32) bool { return math.Float32bits(*v) == 0 }) // -0 is not the default: it is written
	register(types.TypeDouble, encFloat64, decFloat64, func(_ *encoder, v *float64) bool { return math.Float64bits(*v) == 0 })
	register(types.TypeString, encString, decString, func(e *encoder, v *string) bool { return e.nullString(*v) })
	register(types.TypeXmlElement, encXML, decXML, func(e *encoder, v *types.XmlElement) bool { return e.nullString(string(*v)) })
	register(types.TypeDateTime, encDateTime, decDateTime, func(_ *encoder, v *types.DateTime) bool { return *v <= 0 })
	register(types.TypeDateTime, encTime, decTime, func(_ *encoder, v *time.Time) bool { return types.DateTimeFromTime(*v) == 0 })
	register(types.TypeGUID, encGUID, decGUID, zeroOf[types.GUID])
	register(types.TypeNodeID, encNodeID, decNodeID, func(_ *encoder, v *types.NodeID) bool { return *v == types.NodeID{} })
	register(types.TypeExpandedNodeID, encExpandedNodeID, decExpandedNodeID, func(_ *encoder, v *types.ExpandedNodeID) bool { return *v == types.ExpandedNodeID{} })
	register(types.TypeStatusCode, encStatusCode, decStatusCode, zeroOf[types.StatusCode])
	register(types.TypeQualifiedName, encQualifiedName, decQualifiedName, zeroOf[types.QualifiedName])
	register(types.TypeLocalizedText, encLocalizedText, decLocalizedText, zeroOf[types.LocalizedText])
	register(types.TypeExtensionObject, encExtensionObject, decExtensionObject, func(_ *encoder, v *types.ExtensionObject) bool { return eoNull(v) })
	register(types.TypeDataValue, encDataValue, decDataValue, func(_ *encoder, v *types.DataValue) bool { return dataValueEmpty(v) })
	register(types.TypeVariant, encVariant, decVariant, func(_ *encoder, v *types.Variant) bool { return v.IsNull() })
	register(types.TypeDiagnosticInfo, encDiagnosticInfo, decDiagnosticInfo, func(_ *encoder, v *types.DiagnosticInfo) bool { return v.Mask&0x7F == 0 })
	// A ByteString is one value, not an array of Byte; [][]byte is an
	// array of ByteStrings.
	builtinCodecs[reflect.TypeFor[[]byte]()] = newCodec(types.TypeByteString, encByteString, decByteString, func(_ *encoder, v *[]byte) bool { return *v == nil })
	builtinCodecs[reflect.TypeFor[[][]byte]()] = sliceCodec(encByteString, decByteString)
	builtinCodecs[reflect.TypeFor[types.ByteString]()] = builtinCodecs[reflect.TypeFor[[]byte]()]
	builtinCodecs[reflect.TypeFor[[]types.ByteString]()] = builtinCodecs[reflect.TypeFor[[][]byte]()]
	// Byte: a lone uint8; arrays of it are [N]uint8 (a []byte is a
	// ByteString).
	builtinCodecs[reflect.TypeFor[uint8]()] = newCodec(types.TypeByte, encUint8, decUint8, zeroOf[uint8])
}

// codecCache holds the codecs built by codecFor, by Go type.
var codecCache sync.Map // map[reflect.Type]*codec

// buildMu serialises building: a build makes the codecs of a type and of
// every type it reaches, and publishes them when all are complete.
var buildMu sync.Mutex

// builder builds codecs under buildMu. pending holds the codecs of the
// structures being built, so that a recursive type finds its own codec
// (filled in before the build is published).
type builder struct {
	pending map[reflect.Type]*codec
	made    map[reflect.Type]*codec
}

// codecFor returns the codec of the Go type t, building it once. The
// error, for a type with no OPC UA JSON form, is a *wire.EncodeError
// wrapping ErrUnsupported that names the type.
func codecFor(t reflect.Type) (*codec, error) {
	if c, ok := builtinCodecs[t]; ok {
		return c, nil
	}
	if c, ok := codecCache.Load(t); ok {
		return c.(*codec), nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if c, ok := codecCache.Load(t); ok {
		return c.(*codec), nil
	}
	b := &builder{pending: map[reflect.Type]*codec{}, made: map[reflect.Type]*codec{}}
	c, err := b.get(t)
	if err != nil {
		return nil, err
	}
	for t, c := range b.made {
		codecCache.Store(t, c)
	}
	return c, nil
}

// get returns the codec of t: a built-in's, one built already, one being
// built, or built now.
func (b *builder) get(t reflect.Type) (*codec, error) {
	if c, ok := builtinCodecs[t]; ok {
		return c, nil
	}
	if c, ok := codecCache.Load(t); ok {
		return c.(*codec), nil
	}
	if c, ok := b.made[t]; ok {
		return c, nil
	}
	if c, ok := b.pending[t]; ok {
		return c, nil
	}
	c, err := b.build(t)
	if err != nil {
		return nil, err
	}
	b.made[t] = c
	return c, nil
}

// unsupported returns the error for a Go type with no OPC UA JSON form.
func unsupported(t reflect.Type, why string) error {
	return &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "Go type %s: %s", typeName(t), why)}
}

// build builds the codec of a type that is not a built-in.
func (b *builder) build(t reflect.Type) (*codec, error) {
	switch t.Kind() {
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			// Any slice of 8-bit unsigned integers is a ByteString, as in
			// the binary encoding.
			c := builtinCodecs[reflect.TypeFor[[]byte]()]
			return c, nil
		}
		elem, err := b.elemCodec(t, t.Elem())
		if err != nil {
			return nil, err
		}
		return reflectSliceCodec(t, elem), nil
	case reflect.Array:
		elem, err := b.elemCodec(t, t.Elem())
		if err != nil {
			return nil, err
		}
		return arrayCodec(t, elem), nil
	case reflect.Pointer:
		elem, err := b.get(t.Elem())
		if err != nil {
			return nil, err
		}
		return pointerCodec(t, elem), nil
	case reflect.Struct:
		return b.structCodec(t)
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		return nil, unsupported(t, "the width of int, uint and uintptr is not part of the type; use int32, int64, ... (or a ua: tag with the wire type on a structure field)")
	case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return b.namedPrimitive(t)
	}
	return nil, unsupported(t, "no OPC UA meaning")
}

// elemCodec returns the codec of the elements of the slice or array type
// t: arrays of arrays have no OPC UA form (a matrix is a Variant with
// dimensions).
func (b *builder) elemCodec(t, elem reflect.Type) (*codec, error) {
	if (elem.Kind() == reflect.Slice && elem.Elem().Kind() != reflect.Uint8) || elem.Kind() == reflect.Array {
		return nil, unsupported(t, "arrays of arrays have no OPC UA form (a matrix is a Variant with Dimensions)")
	}
	return b.get(elem)
}

// reflectSliceCodec makes the codec of a slice type whose element codec is
// known only at run time (slices of pointers and, later, of structures).
func reflectSliceCodec(t reflect.Type, elem *codec) *codec {
	size := t.Elem().Size()
	return &codec{
		enc: func(e *encoder, p ptr) error {
			h := sliceOf(p)
			if h.data == nil {
				e.null()
				return nil
			}
			e.open('[')
			for i := 0; i < h.len; i++ {
				e.elem(i == 0)
				if err := elem.enc(e, at(h.data, uintptr(i)*size)); err != nil {
					return wire.WithPath(err, wire.IndexPath(i))
				}
			}
			e.close(']', h.len == 0)
			return nil
		},
		dec: func(d *decoder, p ptr) error {
			if isNull, err := d.null(); isNull || err != nil {
				makeSlice(t, p, 0)
				sliceOf(p).data = nil
				return err
			}
			start := d.pos
			if err := d.array("an OPC UA array"); err != nil {
				return err
			}
			h := sliceOf(p)
			h.len = 0
			if h.data == nil {
				makeSlice(t, p, 0)
			}
			for first := true; ; first = false {
				ok, err := d.element(first)
				if err != nil || !ok {
					return err
				}
				if i, err := d.appendElem(t, p, elem, size, start); err != nil {
					return wire.WithPath(err, wire.IndexPath(i))
				}
			}
		},
		null: func(_ *encoder, p ptr) bool { return sliceOf(p).data == nil },
	}
}

// appendElem decodes one more element into the slice of type t at p
// (elements of size bytes, coded by elem), growing it as append does, and
// returns its index; the array started at offset start.
func (d *decoder) appendElem(t reflect.Type, p ptr, elem *codec, size uintptr, start int) (int, error) {
	h := sliceOf(p)
	if h.len >= d.lim.MaxArrayLength {
		return h.len, d.fail(start, wire.ErrLimitExceeded, "array of more than %d elements", d.lim.MaxArrayLength)
	}
	if h.len == h.cap {
		growSlice(t, p)
	}
	h.len++
	return h.len - 1, elem.dec(d, at(h.data, uintptr(h.len-1)*size))
}

// arrayCodec makes the codec of a Go array type: a JSON array of exactly
// its length.
func arrayCodec(t reflect.Type, elem *codec) *codec {
	n, size := t.Len(), t.Elem().Size()
	return &codec{
		enc: func(e *encoder, p ptr) error {
			e.open('[')
			for i := 0; i < n; i++ {
				e.elem(i == 0)
				if err := elem.enc(e, at(p, uintptr(i)*size)); err != nil {
					return wire.WithPath(err, wire.IndexPath(i))
				}
			}
			e.close(']', n == 0)
			return nil
		},
		dec: func(d *decoder, p ptr) error {
			start := d.pos
			if err := d.array("an OPC UA array of " + t.String()); err != nil {
				return err
			}
			i := 0
			for first := true; ; first = false {
				ok, err := d.element(first)
				if err != nil {
					return err
				}
				if !ok {
					break
				}
				if i == n {
					return d.fail(start, wire.ErrInvalid, "more than the %d elements of %s", n, t)
				}
				if err := elem.dec(d, at(p, uintptr(i)*size)); err != nil {
					return wire.WithPath(err, wire.IndexPath(i))
				}
				i++
			}
			if i != n {
				return d.fail(start, wire.ErrInvalid, "%d elements, %s has %d", i, t, n)
			}
			return nil
		},
		null: func(*encoder, ptr) bool { return false },
	}
}

// pointerCodec makes the codec of *T: nil is null; decoding null gives nil
// and anything else a value, allocated when the pointer is nil.
func pointerCodec(t reflect.Type, elem *codec) *codec {
	return &codec{
		id: elem.id,
		enc: func(e *encoder, p ptr) error {
			q := *as[ptr](p)
			if q == nil {
				e.null()
				return nil
			}
			return elem.enc(e, q)
		},
		dec: func(d *decoder, p ptr) error {
			if isNull, err := d.null(); isNull || err != nil {
				*as[ptr](p) = nil
				return err
			}
			q := *as[ptr](p)
			if q == nil {
				q = newValue(t.Elem())
				*as[ptr](p) = q
			}
			return elem.dec(d, q)
		},
		null: func(e *encoder, p ptr) bool {
			q := *as[ptr](p)
			return q == nil || elem.null(e, q)
		},
	}
}
