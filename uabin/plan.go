package uabin

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// planCaches maps a *fastpath.Set to its *planCache. Keys are
// pointer-shaped, so lookups do not allocate (a struct key would be boxed).
var planCaches sync.Map

// planCache holds the plans built for one fast-path set (or none).
type planCache struct {
	m sync.Map // reflect.Type → *codec or *planError
	// last is the codec most recently returned at the top level: a loop
	// encoding values of one type finds it without hashing (sync.Map.Load
	// of an interface key is a third of the cost of encoding a small value).
	last atomic.Pointer[codec]
}

// noFastCache is the cache for plans built without fast paths, and
// defaultFastCache the one for fastpath.Default (the common case, found
// without a lookup in planCaches).
var noFastCache, defaultFastCache planCache

// buildMu serialises plan building. Building is rare (once per type), and
// one builder at a time lets a builder hand out references to codecs that
// are still being built (recursive types) without anyone else seeing them
// before they are complete: codecs are published only when the top-level
// build has finished.
var buildMu sync.Mutex

func cacheFor(set *fastpath.Set) *planCache {
	switch set {
	case nil:
		return &noFastCache
	case fastpath.Default:
		return &defaultFastCache
	}
	if m, ok := planCaches.Load(set); ok {
		return m.(*planCache)
	}
	m, _ := planCaches.LoadOrStore(set, new(planCache))
	return m.(*planCache)
}

// planError is a plan-building failure: a Go type with no OPC UA meaning,
// a bad tag. path is relative to the type whose plan failed.
type planError struct {
	path string
	msg  string
}

func (e *planError) Error() string { return e.msg }

// cause returns the error as the cause of an encoding or decoding error
// whose Path is set to e.path.
func (e *planError) cause() error { return wire.Errorf(wire.ErrUnsupported, "%s", e.msg) }

// withPath returns the error with the path in its message, for places that
// report it without a Path (ExtensionObject bodies, RegisterType).
func (e *planError) withPath() error {
	if e.path == "" {
		return e.cause()
	}
	return wire.Errorf(wire.ErrUnsupported, "%s (at %s)", e.msg, e.path)
}

// codecFor returns the codec of t for the fast-path set (nil: none).
func codecFor(set *fastpath.Set, t reflect.Type) (*codec, *planError) {
	cache := cacheFor(set)
	if c := cache.last.Load(); c != nil && c.typ == t {
		return c, nil
	}
	if v, ok := cache.m.Load(t); ok {
		if c, ok := v.(*codec); ok {
			cache.last.Store(c)
			return c, nil
		}
		return nil, v.(*planError)
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if v, ok := cache.m.Load(t); ok {
		if c, ok := v.(*codec); ok {
			return c, nil
		}
		return nil, v.(*planError)
	}
	b := &builder{set: set, cache: &cache.m, building: map[reflect.Type]*codec{}}
	c, err := b.codec(t, "")
	if err != nil {
		cache.m.Store(t, err)
		return nil, err
	}
	for _, bc := range b.made {
		bc.building = false
		cache.m.Store(bc.typ, bc)
	}
	return c, nil
}

// builder builds codecs for one top-level type and every type it reaches.
type builder struct {
	set      *fastpath.Set
	cache    *sync.Map
	building map[reflect.Type]*codec // made in this build, by type
	stack    []*codec                // codecs being built, outermost first
	made     []*codec                // to publish when the build succeeds
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
	if path == "" {
		return name
	}
	return path + "." + name
}

// codec returns the shared codec of t (no tag options), from the cache, the
// current build, or built now. path is where t was met, for errors.
func (b *builder) codec(t reflect.Type, path string) (*codec, *planError) {
	if v, ok := b.cache.Load(t); ok {
		if c, ok := v.(*codec); ok {
			return c, nil
		}
		pe := v.(*planError)
		return nil, &planError{path: joinField(path, pe.path), msg: pe.msg}
	}
	if c, ok := b.building[t]; ok {
		if c.building {
			b.markCycle(c)
		}
		return c, nil
	}
	c := &codec{typ: t, size: t.Size(), g: newGoType(t), builtin: builtinStruct[t], noPtr: !hasPointers(t)}
	b.building[t] = c
	b.made = append(b.made, c)
	c.building = true
	b.stack = append(b.stack, c)
	err := b.fill(c, path)
	b.stack = b.stack[:len(b.stack)-1]
	if err != nil {
		return nil, err
	}
	c.building = false
	b.wrapFast(c)
	return c, nil
}

// markCycle is called when c is met again while its own plan is being
// built: every user struct on the stack from c up is part of a cycle, so it
// counts a nesting level (docs/types.md "Nesting depth").
func (b *builder) markCycle(c *codec) {
	for i := len(b.stack) - 1; i >= 0; i-- {
		s := b.stack[i]
		if !s.builtin && s.typ.Kind() == reflect.Struct {
			s.enter = true
		}
		if s == c {
			return
		}
	}
}

// wrapFast puts the set's fast path, if any, in front of the plan.
func (b *builder) wrapFast(c *codec) {
	if b.set == nil {
		return
	}
	f := b.set.Lookup(c.typ)
	if f == nil {
		return
	}
	c.fast = f
	c.slowEnc, c.slowDec = c.enc, c.dec
	c.enc, c.dec = encFast, decFast
	c.op = opCodec
	c.bulk = false
}

// fill builds the plan of c.typ.
func (b *builder) fill(c *codec, path string) *planError {
	t := c.typ
	switch t {
	case typeNodeID:
		c.enc, c.dec, c.isZero, c.minWire = encNodeID, decNodeID, zeroNodeID, 2
		return nil
	case typeExpandedNodeID:
		c.enc, c.dec, c.isZero, c.minWire = encExpandedNodeID, decExpandedNodeID, zeroExpandedNodeID, 2
		return nil
	case typeVariant:
		c.enc, c.dec, c.isZero, c.minWire = encVariant, decVariant, zeroVariant, 1
		vt, err := b.variantTables(path)
		if err != nil {
			return err
		}
		c.vt = vt
		return nil
	case typeExtObject:
		c.enc, c.dec, c.isZero, c.minWire = encExtObject, decExtObject, zeroExtObject, 3
		return nil
	case typeTime:
		c.enc, c.dec, c.isZero, c.minWire = encTime, decTime, zeroTime, 8
		return nil
	case typeDynamic:
		c.enc, c.dec, c.isZero = encDynamicValue, decDynamicValue, zeroDynamic
		return nil
	}
	if o, ok := primOp[t.Kind()]; ok {
		c.op, c.enc, c.dec, c.isZero, c.minWire = o, encPrim, decPrim, zeroPrim, int(t.Size())
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
		c.elem, c.enc, c.dec, c.isZero, c.minWire = ec, encPtr, decPtr, zeroPtr, ec.minWire
		return nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			c.enc, c.dec, c.isZero, c.minWire = encBytes, decBytes, zeroSlice, 4
			return nil
		}
		ec, err := b.codec(t.Elem(), path+"[]")
		if err != nil {
			return err
		}
		b.setSlice(c, ec)
		return nil
	case reflect.Array:
		ec, err := b.codec(t.Elem(), path+"[]")
		if err != nil {
			return err
		}
		b.setArray(c, ec, false)
		return nil
	case reflect.Struct:
		return b.fillStruct(c, path)
	}
	return unsupported(path, t, "%v has no OPC UA Binary meaning", t.Kind())
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
	if !hostLittleEndian || ec.fast != nil || ec.enc == nil {
		return false
	}
	switch ec.op {
	case opInt8, opUint8, opInt16, opUint16, opInt32, opUint32, opInt64, opUint64, opFloat32, opFloat64:
		return ec.wireOp == 0 && ec.max == 0 // exactly the op, no tag option
	}
	return false
}

func (b *builder) setSlice(c, ec *codec) {
	c.elem, c.enc, c.dec, c.isZero, c.minWire = ec, encSlice, decSlice, zeroSlice, 4
	c.bulk = bulkable(ec)
}

func (b *builder) setArray(c, ec *codec, raw bool) {
	c.elem, c.enc, c.dec, c.isZero = ec, encArray, decArray, zeroArray
	c.n = c.typ.Len()
	c.raw = raw
	c.minWire = c.n * ec.minWire
	if !raw {
		c.minWire += 4
	}
	c.bulk = bulkable(ec)
}

// ---- struct plans -------------------------------------------------------------

// tagInfo is a parsed ua: tag (docs/tags.md).
type tagInfo struct {
	skip     bool
	wire     string
	empty    bool
	raw      bool
	optional bool
	mask     bool
	bit      int // -1 if none
	max      uint64
	hasMax   bool
	sw       bool
}

// wireTypes are the WIRETYPE names of the tag grammar.
var wireTypes = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`Boolean SByte Byte Int16 UInt16 Int32 UInt32 Int64
		UInt64 Float Double String DateTime Guid ByteString XmlElement NodeId ExpandedNodeId
		StatusCode QualifiedName LocalizedText ExtensionObject DataValue Variant DiagnosticInfo`) {
		m[n] = true
	}
	return m
}()

func parseTag(s string) (tagInfo, error) {
	ti := tagInfo{bit: -1}
	if s == "-" {
		ti.skip = true
		return ti, nil
	}
	if s == "" {
		return ti, nil
	}
	parts := strings.Split(s, ",")
	if wireTypes[parts[0]] {
		ti.wire = parts[0]
		parts = parts[1:]
	} else if parts[0] == "" {
		parts = parts[1:]
	}
	for _, o := range parts {
		switch {
		case o == "empty":
			ti.empty = true
		case o == "raw":
			ti.raw = true
		case o == "optional":
			ti.optional = true
		case o == "mask":
			ti.mask = true
		case o == "switch":
			ti.sw = true
		case strings.HasPrefix(o, "bit="):
			var n int
			if _, err := fmt.Sscanf(o[4:], "%d", &n); err != nil || n < 0 || n > 31 || fmt.Sprint(n) != o[4:] {
				return ti, fmt.Errorf("bad tag option %q (want bit=0..31)", o)
			}
			ti.bit = n
		case strings.HasPrefix(o, "max="):
			var n uint64
			if _, err := fmt.Sscanf(o[4:], "%d", &n); err != nil || fmt.Sprint(n) != o[4:] {
				return ti, fmt.Errorf("bad tag option %q (want max=N)", o)
			}
			ti.max, ti.hasMax = n, true
		default:
			return ti, fmt.Errorf("unknown wire type or tag option %q", o)
		}
	}
	return ti, nil
}

func (b *builder) fillStruct(c *codec, path string) *planError {
	t := c.typ
	c.enc, c.dec, c.isZero = encStruct, decStruct, zeroStruct
	if t == typeDataValue || t == typeDiagInfo {
		c.enter = true
	}
	var (
		maskSeen  bool
		maskWide  bool
		optionals int
		bits      uint32
	)
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		fpath := joinField(path, sf.Name)
		if path == "" {
			fpath = joinField(t.Name(), sf.Name)
		}
		ti, err := parseTag(sf.Tag.Get("ua"))
		if err != nil {
			return unsupported(fpath, sf.Type, "%v", err)
		}
		if ti.skip || (!ti.mask && !sf.IsExported()) {
			continue
		}
		f := field{name: sf.Name, off: sf.Offset, bit: -1}
		switch {
		case ti.mask:
			k := sf.Type.Kind()
			if k != reflect.Uint8 && k != reflect.Uint32 {
				return unsupported(fpath, sf.Type, "a mask field must be a uint8 or uint32")
			}
			if maskSeen || optionals > 0 || c.union {
				return unsupported(fpath, sf.Type, "a struct can have one encoding mask (mask or optional), not both, and no switch")
			}
			maskSeen, maskWide = true, k == reflect.Uint32
			f.isMask, f.wide, f.stored = true, maskWide, sf.Name != "_"
			if f.stored && !sf.IsExported() {
				return unsupported(fpath, sf.Type, "a stored mask field must be exported")
			}
			f.c, _ = b.codec(sf.Type, fpath)
			c.fields = append(c.fields, f)
			c.masked = true
			continue
		case ti.sw:
			if sf.Type.Kind() != reflect.Uint32 {
				return unsupported(fpath, sf.Type, "a switch field must be a uint32")
			}
			if len(c.fields) > 0 || maskSeen || optionals > 0 {
				return unsupported(fpath, sf.Type, "the switch field must be the first encoded field of a struct with no mask")
			}
			c.union = true
		case ti.optional:
			if maskSeen || c.union || ti.bit >= 0 {
				return unsupported(fpath, sf.Type, "optional cannot be combined with mask, bit=N or switch")
			}
			if optionals == 32 {
				return unsupported(fpath, sf.Type, "more than 32 optional fields")
			}
			f.bit = int8(optionals)
			optionals++
			c.implicit, c.masked = true, true
		case ti.bit >= 0:
			if !maskSeen {
				return unsupported(fpath, sf.Type, "bit=%d needs a mask field before it", ti.bit)
			}
			if !maskWide && ti.bit > 7 {
				return unsupported(fpath, sf.Type, "bit=%d does not fit in a Byte mask", ti.bit)
			}
			if bits&(1<<uint(ti.bit)) != 0 {
				return unsupported(fpath, sf.Type, "bit=%d is used twice", ti.bit)
			}
			f.bit = int8(ti.bit)
		}
		if f.bit >= 0 {
			bits |= 1 << uint(f.bit)
		}
		fc, perr := b.fieldCodec(sf.Type, ti, fpath)
		if perr != nil {
			return perr
		}
		f.c = fc
		f.op, f.dop, f.zop = fc.op, fc.op, zeroOp(fc)
		if fc.max != 0 && fc.fast == nil {
			f.op = fc.wireOp // encoding with max=N is the plain primitive
		}
		c.fields = append(c.fields, f)
	}
	c.owned = bits
	c.storedAt = -1
	for i := range c.fields {
		f := &c.fields[i]
		switch {
		case f.isMask && f.stored:
			c.storedAt = i
		case f.bit >= 0:
			c.bitIdx = append(c.bitIdx, i)
		}
	}
	switch {
	case c.union:
		c.enc, c.dec = encUnion, decUnion
		c.minWire = 4
	case c.masked:
		c.enc, c.dec = encMasked, decMasked
	}
	if c.implicit {
		c.minWire += 4
	}
	if !c.union {
		for i := range c.fields {
			f := &c.fields[i]
			switch {
			case f.isMask && f.wide:
				c.minWire += 4
			case f.isMask:
				c.minWire++
			case f.bit < 0:
				c.minWire += f.c.minWire
			}
		}
	}
	return nil
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
		c := &codec{typ: t, size: t.Size(), g: newGoType(t), noPtr: !hasPointers(t)}
		b.setArray(c, ec, true)
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

// zeroOp returns the op that tests and clears values of c inline: the
// primitive op of its memory layout, or opCodec.
func zeroOp(c *codec) op {
	if c.typ == typeVariant {
		return opVariant
	}
	switch c.typ.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		if c.size == 8 {
			return opUint64
		}
		return opUint32
	}
	if o, ok := primOp[c.typ.Kind()]; ok {
		return o
	}
	return opCodec
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

// leaf returns the codec of t under tag options that apply to the leaves
// (elements and pointees): the integer wire type of int/uint/uintptr,
// `empty` for strings, `max` for unsigned integers, and Byte for []byte.
// These codecs are not shared (they are cheap and the leaves are never
// structs, so no cycle goes through them).
func (b *builder) leaf(t reflect.Type, ti tagInfo, path string) (*codec, *planError) {
	if !needsLeaf(t, ti) {
		return b.codec(t, path)
	}
	c := &codec{typ: t, size: t.Size(), g: newGoType(t), noPtr: !hasPointers(t)}
	switch t.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		c.wireOp = wireOps[ti.wire]
		c.enc, c.dec, c.isZero, c.minWire = encIntAs, decIntAs, zeroPrim, wireSize[c.wireOp]
	case reflect.String:
		c.op, c.enc, c.dec, c.isZero, c.minWire = opCodec, encStringEmpty, decString, zeroString, 4
		c.empty = true
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		c.wireOp = primOp[t.Kind()]
		c.max = ti.max
		c.enc, c.dec, c.isZero, c.minWire = encMax, decMax, zeroPrim, int(t.Size())
	case reflect.Pointer:
		ec, err := b.leaf(t.Elem(), ti, path)
		if err != nil {
			return nil, err
		}
		c.elem, c.enc, c.dec, c.isZero, c.minWire = ec, encPtr, decPtr, zeroPtr, ec.minWire
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
		b.setSlice(c, ec)
	case reflect.Array:
		ec, err := b.leaf(t.Elem(), ti, path+"[]")
		if err != nil {
			return nil, err
		}
		b.setArray(c, ec, false)
	default:
		return b.codec(t, path)
	}
	return c, nil // no fast path: the tag changes the type's encoding
}

func decString(d *decState, p pointer, _ *codec) { *as[string](p) = d.r.Str() }

var wireOps = map[string]op{
	"SByte": opInt8, "Byte": opUint8, "Int16": opInt16, "UInt16": opUint16,
	"Int32": opInt32, "UInt32": opUint32, "Int64": opInt64, "UInt64": opUint64,
}

var wireSize = map[op]int{opInt8: 1, opUint8: 1, opInt16: 2, opUint16: 2, opInt32: 4, opUint32: 4, opInt64: 8, opUint64: 8}

// checkWire checks a tag's wire type against the Go type of the field and
// returns a message, or "" if they agree. For slices and arrays the wire
// type names the element type, except that a []byte may be one ByteString
// or an array of Byte.
func checkWire(wt string, t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	k := t.Kind()
	if (k == reflect.Slice || k == reflect.Array) && t.Elem().Kind() == reflect.Uint8 {
		if wt == "Byte" || (wt == "ByteString" && k == reflect.Slice) {
			return ""
		}
	}
	if k == reflect.Slice || k == reflect.Array {
		return checkWire(wt, t.Elem())
	}
	ok := false
	platform := k == reflect.Int || k == reflect.Uint || k == reflect.Uintptr
	switch wt {
	case "Boolean":
		ok = k == reflect.Bool
	case "SByte":
		ok = k == reflect.Int8 || platform
	case "Byte":
		ok = k == reflect.Uint8 || platform
	case "Int16":
		ok = k == reflect.Int16 || platform
	case "UInt16":
		ok = k == reflect.Uint16 || platform
	case "Int32":
		ok = k == reflect.Int32 || platform
	case "UInt32":
		ok = k == reflect.Uint32 || platform
	case "Int64":
		ok = k == reflect.Int64 || platform
	case "UInt64":
		ok = k == reflect.Uint64 || platform
	case "Float":
		ok = k == reflect.Float32
	case "Double":
		ok = k == reflect.Float64
	case "String", "XmlElement":
		ok = k == reflect.String
	case "DateTime":
		ok = t == typeDateTime || t == typeTime || k == reflect.Int64
	case "Guid":
		ok = t == typeGUID
	case "ByteString":
		ok = false
	case "NodeId":
		ok = t == typeNodeID
	case "ExpandedNodeId":
		ok = t == typeExpandedNodeID
	case "StatusCode":
		ok = k == reflect.Uint32
	case "QualifiedName":
		ok = t == typeQualifiedName
	case "LocalizedText":
		ok = t == typeLocalizedText
	case "ExtensionObject":
		ok = t == typeExtObject
	case "DataValue":
		ok = t == typeDataValue
	case "Variant":
		ok = t == typeVariant
	case "DiagnosticInfo":
		ok = t == typeDiagInfo
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("wire type %s does not match the Go type %v", wt, t)
}
