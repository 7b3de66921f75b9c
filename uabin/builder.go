package uabin

// The builder makes codecs: for a Go type, from its kind, its tags and the
// codecs of uabin/fastpath; for a run-time structure, from its definition
// (dynamic_plan.go). Both kinds of structure go through one struct planner
// (struct.go).

import (
	"fmt"
	"reflect"
	"sync/atomic"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/erased"
)

// builder builds codecs for one top-level type and every type it reaches.
// It runs under buildMu.
type builder struct {
	set      *fastpath.Set
	cache    *planCache
	building map[reflect.Type]*codec // Go types made in this build
	dyns     map[*dynType]*codec     // run-time structures made in this build (their block codecs)
	stack    []*codec                // codecs being built, outermost first
	made     []*codec                // Go-type codecs to publish when the build succeeds
}

func newBuilder(set *fastpath.Set) *builder {
	return &builder{set: set, cache: cacheFor(set), building: map[reflect.Type]*codec{}, dyns: map[*dynType]*codec{}}
}

// publish makes everything built available to other goroutines.
func (b *builder) publish() {
	for _, c := range b.made {
		c.building = false
		b.cache.m.Store(c.typ, c)
	}
	for t, c := range b.dyns {
		c.building = false
		t.storePlan(b.set, c)
	}
}

var (
	typeNodeID         = reflect.TypeFor[types.NodeID]()
	typeExpandedNodeID = reflect.TypeFor[types.ExpandedNodeID]()
	typeVariant        = reflect.TypeFor[types.Variant]()
	typeExtObject      = reflect.TypeFor[types.ExtensionObject]()
	typeDataValue      = reflect.TypeFor[types.DataValue]()
	typeDiagInfo       = reflect.TypeFor[types.DiagnosticInfo]()
	typeGUID           = reflect.TypeFor[types.GUID]()
	typeQualifiedName  = reflect.TypeFor[types.QualifiedName]()
	typeLocalizedText  = reflect.TypeFor[types.LocalizedText]()
	typeDateTime       = reflect.TypeFor[types.DateTime]()
	typeTime           = reflect.TypeFor[time.Time]()
)

// builtinStruct lists the built-in OPC UA types that are Go structs; their
// depth counting is fixed by docs/types.md, not by cycle detection.
var builtinStruct = map[reflect.Type]bool{
	typeNodeID: true, typeExpandedNodeID: true, typeVariant: true, typeExtObject: true,
	typeDataValue: true, typeDiagInfo: true, typeGUID: true, typeQualifiedName: true,
	typeLocalizedText: true, typeTime: true,
}

func unsupported(path string, t reflect.Type, format string, args ...any) *planError {
	return &planError{path: path, msg: fmt.Sprintf("%v: %s", t, fmt.Sprintf(format, args...))}
}

func joinField(path, name string) string {
	switch {
	case path == "":
		return name
	case name == "":
		return path
	}
	return path + "." + name
}

// newCodec returns an empty codec of t.
func newCodec(t reflect.Type) *codec {
	return &codec{typ: t, size: t.Size(), g: newGoType(t), noPtr: !hasPointers(t), hint: new(atomic.Int32),
		valRT: rtype(t), ptrRT: rtype(reflect.PointerTo(t))}
}

// codec returns the shared codec of t (no tag options), from the cache, the
// current build, or built now. path is where t was met, for errors.
func (b *builder) codec(t reflect.Type, path string) (*codec, *planError) {
	if c, err, ok := b.cache.load(t); ok {
		if err != nil {
			return nil, &planError{path: joinField(path, err.path), msg: err.msg}
		}
		return c, nil
	}
	if c, ok := b.building[t]; ok {
		if c.building {
			b.markCycle(c)
		}
		return c, nil
	}
	c := newCodec(t)
	c.builtin = builtinStruct[t]
	b.building[t] = c
	b.made = append(b.made, c)
	err := b.push(c, func() *planError { return b.fill(c, path) })
	if err != nil {
		return nil, err
	}
	b.wrapFast(c)
	return c, nil
}

// push runs fill with c on the builder's stack.
func (b *builder) push(c *codec, fill func() *planError) *planError {
	c.building = true
	b.stack = append(b.stack, c)
	err := fill()
	b.stack = b.stack[:len(b.stack)-1]
	c.building = false
	return err
}

// markCycle is called when c is met again while its own plan is being
// built: every structure on the stack from c up is part of a cycle, so it
// counts a nesting level (docs/types.md "Nesting depth").
func (b *builder) markCycle(c *codec) {
	for i := len(b.stack) - 1; i >= 0; i-- {
		s := b.stack[i]
		if s.st != nil && !s.builtin {
			s.st.enter = true
		}
		if s == c {
			return
		}
	}
}

// wrapFast puts the set's fast path, if any, in front of the plan of c.
func (b *builder) wrapFast(c *codec) {
	if b.set == nil {
		return
	}
	f := erased.Lookup(b.set, c.typ)
	if f == nil {
		return
	}
	plan := new(codec)
	*plan = *c
	c.ext, c.plan = f, plan
	c.append, c.consume, c.isZero = appendFast, consumeFast, zeroFast
	c.op = opCodec
	c.elem, c.seq, c.st, c.conv = nil, nil, nil, nil
}

// fill builds the plan of c.typ by its kind.
func (b *builder) fill(c *codec, path string) *planError {
	t := c.typ
	ext := erased.Builtin[t]
	if ext == nil && t.Kind() == reflect.Struct {
		ext = namedBuiltin(t)
	}
	if ext != nil {
		c.ext, c.minWire = ext, ext.MinSize
		c.append, c.consume, c.isZero = appendBuiltin, consumeBuiltin, zeroBuiltin
		return nil
	}
	if t == typeDynamic {
		c.append, c.consume, c.isZero = appendDynamic, consumeDynamic, zeroDynamic
		return nil
	}
	if o, ok := primOp[t.Kind()]; ok {
		c.op, c.append, c.consume, c.isZero, c.minWire = o, appendPrim, consumePrim, zeroPrim, int(t.Size())
		if o == opString {
			c.isZero, c.minWire = zeroString, 4
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		return unsupported(path, t, "platform-sized integers need a wire type in the tag, such as ua:\"Int32\"")
	case reflect.Pointer:
		ec, err := b.codec(t.Elem(), path)
		if err != nil {
			return err
		}
		setPtr(c, ec)
		return nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			c.append, c.consume, c.isZero, c.minWire = appendBytes, consumeBytes, zeroSlice, 4
			c.flat = flatBytes
			return nil
		}
		ec, err := b.codec(t.Elem(), path+"[]")
		if err != nil {
			return err
		}
		setSlice(c, ec)
		return nil
	case reflect.Array:
		ec, err := b.codec(t.Elem(), path+"[]")
		if err != nil {
			return err
		}
		setArray(c, ec, false)
		return nil
	case reflect.Struct:
		return b.fillStruct(c, path)
	}
	return unsupported(path, t, "%v has no OPC UA Binary meaning", t.Kind())
}

// namedBuiltin returns the built-in codec of a named type of a built-in
// (type Stamp time.Time, type ID types.NodeID): the same memory layout, so
// the same codec; nil for every other struct.
func namedBuiltin(t reflect.Type) *erased.Codec {
	for bt, ext := range erased.Builtin {
		if t.ConvertibleTo(bt) && bt.ConvertibleTo(t) {
			return ext
		}
	}
	return nil
}

var primOp = map[reflect.Kind]op{
	reflect.Bool: opBool, reflect.Int8: opInt8, reflect.Uint8: opUint8,
	reflect.Int16: opInt16, reflect.Uint16: opUint16, reflect.Int32: opInt32,
	reflect.Uint32: opUint32, reflect.Int64: opInt64, reflect.Uint64: opUint64,
	reflect.Float32: opFloat32, reflect.Float64: opFloat64, reflect.String: opString,
}

// bulkable reports whether elements handled by ec have a memory layout
// equal to their wire layout, so that arrays of them can be copied in one
// block: fixed-size integers and floats on a little-endian host, with no
// fast path and no tag option. Never bool (any non-zero byte must decode
// as true and be re-encoded as 1).
func bulkable(ec *codec) bool {
	if !hostLittleEndian || ec.ext != nil || ec.conv != nil || ec.append == nil {
		return false
	}
	switch ec.op {
	case opInt8, opUint8, opInt16, opUint16, opInt32, opUint32, opInt64, opUint64, opFloat32, opFloat64:
		return true
	}
	return false
}

func setPtr(c, ec *codec) {
	c.elem, c.append, c.consume, c.isZero, c.minWire = ec, appendPtr, consumePtr, zeroPtr, ec.minWire
}

func setSlice(c, ec *codec) {
	c.elem, c.append, c.consume, c.isZero, c.minWire = ec, appendSlice, consumeSlice, zeroSlice, 4
	if ec.op != opCodec {
		c.flat = flatPrimSlice
	}
	c.seq = &seqPlan{bulk: bulkable(ec)}
}

func setArray(c, ec *codec, raw bool) {
	c.elem, c.append, c.consume, c.isZero = ec, appendArray, consumeArray, zeroArray
	c.seq = &seqPlan{n: c.typ.Len(), raw: raw, bulk: bulkable(ec)}
	c.minWire = c.seq.n * ec.minWire
	if !raw {
		c.minWire += 4
	}
}

// fieldCodec returns the codec of a field of Go type t with tag ti: the
// shared codec of t, or a codec made for the tag options (raw, empty, max,
// the wire type of an int).
func (b *builder) fieldCodec(t reflect.Type, ti tagInfo, path string) (*codec, *planError) {
	if ti.wire != "" {
		if err := checkWire(ti.wire, t); err != "" {
			return nil, unsupported(path, t, "%s", err)
		}
	}
	if ti.empty && !hasKind(t, reflect.String) {
		return nil, unsupported(path, t, "the empty option applies to strings only")
	}
	if ti.hasMax && !hasUnsigned(t) {
		return nil, unsupported(path, t, "the max option applies to unsigned integers only")
	}
	if ti.raw {
		if t.Kind() != reflect.Array {
			return nil, unsupported(path, t, "the raw option applies to Go arrays only")
		}
		ec, err := b.leaf(t.Elem(), ti, path+"[]")
		if err != nil {
			return nil, err
		}
		c := newCodec(t)
		setArray(c, ec, true)
		return c, nil // no fast path: the tag changes the type's encoding
	}
	return b.leaf(t, ti, path)
}

func hasKind(t reflect.Type, k reflect.Kind) bool {
	for {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			t = t.Elem()
			continue
		}
		return t.Kind() == k
	}
}

func hasUnsigned(t reflect.Type) bool {
	return hasKind(t, reflect.Uint8) || hasKind(t, reflect.Uint16) || hasKind(t, reflect.Uint32) || hasKind(t, reflect.Uint64)
}

// needsLeaf reports whether tag options change how t is encoded (as
// opposed to only checking it).
func needsLeaf(t reflect.Type, ti tagInfo) bool {
	if ti.empty || ti.hasMax {
		return true
	}
	if ti.wire == "" {
		return false
	}
	for {
		switch t.Kind() {
		case reflect.Int, reflect.Uint, reflect.Uintptr:
			return true
		case reflect.Slice:
			if t.Elem().Kind() == reflect.Uint8 {
				return ti.wire == "Byte"
			}
			t = t.Elem()
		case reflect.Pointer, reflect.Array:
			t = t.Elem()
		default:
			return false
		}
	}
}

var wireOps = map[string]op{
	"SByte": opInt8, "Byte": opUint8, "Int16": opInt16, "UInt16": opUint16,
	"Int32": opInt32, "UInt32": opUint32, "Int64": opInt64, "UInt64": opUint64,
}

var wireSize = map[op]int{opInt8: 1, opUint8: 1, opInt16: 2, opUint16: 2, opInt32: 4, opUint32: 4, opInt64: 8, opUint64: 8}

// leaf returns the codec of t under tag options that apply to the leaves
// (elements and pointees): the integer wire type of int/uint/uintptr,
// `empty` for strings, `max` for unsigned integers, and Byte for []byte.
// These codecs are not shared (they are cheap and the leaves are never
// structs, so no cycle goes through them).
func (b *builder) leaf(t reflect.Type, ti tagInfo, path string) (*codec, *planError) {
	if !needsLeaf(t, ti) {
		return b.codec(t, path)
	}
	c := newCodec(t)
	switch t.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		c.conv = &convPlan{wireOp: wireOps[ti.wire]}
		c.append, c.consume, c.isZero, c.minWire = appendIntAs, consumeIntAs, zeroPrim, wireSize[c.conv.wireOp]
	case reflect.String:
		c.append, c.consume, c.isZero, c.minWire = appendStringEmpty, consumeString, zeroString, 4
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		c.conv = &convPlan{wireOp: primOp[t.Kind()], max: ti.max}
		c.append, c.consume, c.isZero, c.minWire = appendMax, consumeMax, zeroPrim, int(t.Size())
	case reflect.Pointer:
		ec, err := b.leaf(t.Elem(), ti, path)
		if err != nil {
			return nil, err
		}
		setPtr(c, ec)
	case reflect.Slice:
		var ec *codec
		var err *planError
		if t.Elem().Kind() == reflect.Uint8 {
			ec, err = b.codec(t.Elem(), path+"[]") // []byte as an array of Byte
		} else {
			ec, err = b.leaf(t.Elem(), ti, path+"[]")
		}
		if err != nil {
			return nil, err
		}
		setSlice(c, ec)
	case reflect.Array:
		ec, err := b.leaf(t.Elem(), ti, path+"[]")
		if err != nil {
			return nil, err
		}
		setArray(c, ec, false)
	default:
		return b.codec(t, path)
	}
	return c, nil // no fast path: the tag changes the type's encoding
}
