package engine

// Design note: a codec appends and consumes the values of one Go type. The
// builder (builder.go) makes one per (Go type, fast-path set or none),
// once, from the type's model (internal/uamodel), and publishes it in the
// plan cache (cache.go); after that encoding
// and decoding only follow the codec's function pointers and its per-kind
// plan, with no reflection, no map lookups and no allocation other than
// the decoded values themselves. The function pointers take the codec
// itself as their last argument, so a codec is plain data and no closure
// is created per type or per call. Primitive fields and elements are not
// reached through a function pointer at all: their op is switched on
// inline (appendValue, consumeValue), which is about twice as fast as an
// indirect call per int32.

import (
	"reflect"
	"sync/atomic"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// op is what the struct and array loops do inline for a field or element;
// opCodec means "call the codec".
type op uint8

const (
	opCodec op = iota
	opBool
	opInt8
	opUint8
	opInt16
	opUint16
	opInt32
	opUint32
	opInt64
	opUint64
	opFloat32
	opFloat64
	opString
	opVariant // only as a field's zop: the presence test of a Variant
)

// opSize is the wire size of the values of each op: exactly that for the
// fixed-size primitives, the fewest bytes for a String (its length) and a
// Variant (its mask), 1 for opCodec (a divisor that is never 0). It is the
// one table of op sizes: minimum wire sizes, the tag's integer wire types,
// the index of a failed element.
var opSize = [...]int{
	opCodec: 1, opBool: 1, opInt8: 1, opUint8: 1, opInt16: 2, opUint16: 2, opInt32: 4, opUint32: 4,
	opInt64: 8, opUint64: 8, opFloat32: 4, opFloat64: 8, opString: 4, opVariant: 1,
}

// opBuiltin is the built-in type each op reads and writes.
var opBuiltin = [...]types.BuiltinType{
	opBool: types.TypeBoolean, opInt8: types.TypeSByte, opUint8: types.TypeByte,
	opInt16: types.TypeInt16, opUint16: types.TypeUInt16, opInt32: types.TypeInt32,
	opUint32: types.TypeUInt32, opInt64: types.TypeInt64, opUint64: types.TypeUInt64,
	opFloat32: types.TypeFloat, opFloat64: types.TypeDouble, opString: types.TypeString,
	opVariant: types.TypeVariant,
}

// opOf returns the op that reads and writes the built-in type bt (a
// primitive's), or opCodec.
func opOf(bt types.BuiltinType) op {
	for o, b := range opBuiltin {
		if b == bt && op(o) != opCodec {
			return op(o)
		}
	}
	return opCodec
}

// A codec appends and consumes values of one Go type in OPC UA Binary.
// What is particular to its kind is in one of the plan pointers (at most
// one is set; primitives have none).
type codec struct {
	typ     reflect.Type                               // the Go type
	g       *goType                                    // allocates, clears and boxes values of typ
	op      op                                         // inline op for primitives, opCodec otherwise
	append  func(s *appendState, p pointer, c *codec)  // appends the value at p
	consume func(s *consumeState, p pointer, c *codec) // decodes into the value at p
	isZero  func(p pointer, c *codec) bool             // presence test of optional and bit=N fields
	minWire int                                        // fewest bytes a value takes on the wire (for ArrayLen)
	size    uintptr                                    // Go size of a value
	noPtr   bool                                       // values hold no pointers (cleared without write barriers)
	flat    flatKind                                   // encoded with only a Writer or Reader at the top level (leaf.go)
	hint    *atomic.Int32                              // size of the last value Marshal encoded at the top level (entry.go)
	valRT   uintptr                                    // type word of typ, and of *typ: topCodec finds the codec
	ptrRT   uintptr                                    // of a top-level value or pointer without reflection

	elem *codec           // slices, arrays, pointers: the element or pointee codec
	seq  *seqPlan         // slices and Go arrays (array.go)
	st   *structPlan      // structures (struct.go)
	conv *convPlan        // integers under a tag's wire type or max=N (leaf.go)
	ext  *erased.Codec    // a codec of uabin/fastpath: built-in or fast path (fast.go)
	plan *codec           // fast paths: the plan they stand in front of
	dyn  *uamodel.DynType // run-time structures (dynamic.go)

	// The stack path of a top-level value (entry.go, erased.AppendStack):
	// set for primitives, ByteStrings, slices of primitives (flat) and the
	// codecs of fastpath that have one (AppendTop); nil for the rest.
	stackApp  erased.AppendTop
	stackCons erased.ConsumeTop

	// msg is the encoded type id of the service message of this type, for
	// the message calls (entry.go, keepMsgHead); nil until one was made.
	// (A pointer, like hint, so that the builder may copy a codec.)
	msg *atomic.Pointer[msgHead]
}

// appendValue appends the value at p with op o or, for opCodec, with c. It
// is the inline dispatch used by every struct and array loop (small enough
// to be inlined: the loop calls appendPrimitive or the codec directly).
func appendValue(s *appendState, p pointer, o op, c *codec) {
	if o == opCodec {
		c.append(s, p, c)
		return
	}
	appendPrimitive(&s.w, p, o)
}

// consumeValue is the decoding twin of appendValue.
func consumeValue(s *consumeState, p pointer, o op, c *codec) {
	if o == opCodec {
		c.consume(s, p, c)
		return
	}
	consumePrimitive(&s.r, p, o)
}

// appendPrimitive appends the primitive at p with op o (not opCodec) to
// w; with no codec to call, w does not escape (a top-level primitive is
// encoded with a Writer on the stack). It is the one switch from op to
// wire primitive.
func appendPrimitive(w *wire.Writer, p pointer, o op) {
	switch o {
	case opBool:
		w.Bool(*as[bool](p))
	case opInt8:
		w.Int8(*as[int8](p))
	case opUint8:
		w.Uint8(*as[uint8](p))
	case opInt16:
		w.Int16(*as[int16](p))
	case opUint16:
		w.Uint16(*as[uint16](p))
	case opInt32:
		w.Int32(*as[int32](p))
	case opUint32:
		w.Uint32(*as[uint32](p))
	case opInt64:
		w.Int64(*as[int64](p))
	case opUint64:
		w.Uint64(*as[uint64](p))
	case opFloat32:
		w.Float32(*as[float32](p))
	case opFloat64:
		w.Float64(*as[float64](p))
	case opString:
		w.Str(*as[string](p))
	}
}

// consumePrimitive is the decoding twin of appendPrimitive.
func consumePrimitive(r *wire.Reader, p pointer, o op) {
	switch o {
	case opBool:
		*as[bool](p) = r.Bool()
	case opInt8:
		*as[int8](p) = r.Int8()
	case opUint8:
		*as[uint8](p) = r.Uint8()
	case opInt16:
		*as[int16](p) = r.Int16()
	case opUint16:
		*as[uint16](p) = r.Uint16()
	case opInt32:
		*as[int32](p) = r.Int32()
	case opUint32:
		*as[uint32](p) = r.Uint32()
	case opInt64:
		*as[int64](p) = r.Int64()
	case opUint64:
		*as[uint64](p) = r.Uint64()
	case opFloat32:
		*as[float32](p) = r.Float32()
	case opFloat64:
		*as[float64](p) = r.Float64()
	case opString:
		sp := as[string](p)
		*sp = r.StrOver(*sp) // an equal string already there is kept: no copy
	}
}

// isZeroValue is the presence test of optional and bit=N fields, inline for
// primitives.
func isZeroValue(p pointer, o op, c *codec) bool {
	switch o {
	case opBool, opInt8, opUint8:
		return *as[uint8](p) == 0
	case opInt16, opUint16:
		return *as[uint16](p) == 0
	case opInt32, opUint32, opFloat32:
		return *as[uint32](p) == 0
	case opInt64, opUint64, opFloat64:
		return *as[uint64](p) == 0
	case opString:
		return zeroStr(*as[string](p))
	case opVariant:
		return as[types.Variant](p).IsNull()
	}
	return c.isZero(p, c)
}

// clearValue sets an absent field to its zero value, inline for primitives.
func clearValue(p pointer, o op, c *codec) {
	switch o {
	case opBool, opInt8, opUint8:
		*as[uint8](p) = 0
	case opInt16, opUint16:
		*as[uint16](p) = 0
	case opInt32, opUint32, opFloat32:
		*as[uint32](p) = 0
	case opInt64, opUint64, opFloat64:
		*as[uint64](p) = 0
	case opString:
		*as[string](p) = ""
	default:
		if c.noPtr {
			clear(p.bytes(int(c.size))) // no pointers: no write barriers needed
			return
		}
		c.g.clear(p)
	}
}

// hasPointers reports whether values of t hold pointers.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	}
	return true
}
