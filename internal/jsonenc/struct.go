package jsonenc

// Structures (Part 6 v1.05 §5.4.6-5.4.8): the JSON plan of a structure is
// compiled once per Go type (and once per run-time structure definition)
// from the format-independent model of internal/uamodel, the same model the
// binary engine plans from: the fields in order with their OPC UA names
// (the JSON member names), the built-in type of each value, and the
// presence rules (optional fields, masks, union switches).
//
// Writing, per form:
//
//   - Compact: {"A":1,"B":"x"}; a field whose value is NULL or its default
//     is omitted (§5.4.2.1); a structure with optional fields (or a mask)
//     writes "EncodingMask" (§5.4.7); a union {"SwitchField":2,"B":3.5},
//     {} with no field selected (§5.4.8).
//   - Verbose: every present field, NULL values as null and defaults as
//     themselves; a union {"B":3.5} without SwitchField; enumerations as
//     "Name_Value".
//   - Reversible (Annex H): as Compact, a union {"SwitchField":2,"Value":3.5}.
//   - NonReversible (Annex H): as Verbose without EncodingMask, a union as
//     its value alone (null with none selected).
//
// Reading takes any of them in one pass over the object: members in any
// order, unknown members skipped (bounded by the limits), a member given
// twice an error; an optional field is present when EncodingMask says so
// or, without EncodingMask, when its member is there.

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// structPlan is the JSON plan of one structure: its member fields and the
// rule that decides which are present.
type structPlan struct {
	name   string
	fields []planField // the value fields, in order (no mask or switch field)
	enc    uamodel.Encoding
	owned  uint32 // the mask bits the fields own

	// mask is the mask field (Masked) or the switch (Union), if the
	// structure has one in its memory.
	mask     *planField
	maskKind uamodel.MaskKind
	maskWide bool

	enter bool // the structure counts one nesting level (uamodel.Struct.Enter)

	what string // "the structure NAME", for errors (made once: no allocation per call)
}

// planField is one field of a structPlan.
type planField struct {
	name  string // the OPC UA name: the member name
	key   []byte // the member name as JSON text, with its quotes
	off   uintptr
	size  uintptr
	c     *codec
	pres  uamodel.Presence
	bit   int          // Optional, MaskBit: the mask bit
	alt   uint32       // Alternative: its switch value (1-based)
	goT   reflect.Type // the Go type of the value
	zeroP bool         // the Go type has no pointers: zeroed by clearing bytes
	enum  bool         // an enumeration: "Name_Value" in the Verbose form
	op    fieldOp      // a value the plan writes and reads itself, or opCodec
}

// fieldOp names the values that a plan writes and reads without calling
// their codec through a function value (the built-ins of most fields).
type fieldOp uint8

const (
	opCodec fieldOp = iota
	opBool
	opUint8
	opInt16
	opUint16
	opInt32
	opUint32
	opFloat64
	opString
	opDateTime
	opNodeID
	opExpandedNodeID
	opStatusCode
	opQualifiedName
	opLocalizedText
	opByteString
	opVariant
	opDataValue
)

// fieldOps maps the codecs of those built-ins to their ops. It is made in
// an init function, after codec.go's has made the codecs (init functions
// run in file order; variable initialisers before all of them).
var fieldOps map[*codec]fieldOp

func init() {
	fieldOps = map[*codec]fieldOp{
		builtinCodecs[reflect.TypeFor[bool]()]:           opBool,
		builtinCodecs[reflect.TypeFor[uint8]()]:          opUint8,
		builtinCodecs[reflect.TypeFor[int16]()]:          opInt16,
		builtinCodecs[reflect.TypeFor[uint16]()]:         opUint16,
		builtinCodecs[reflect.TypeFor[int32]()]:          opInt32,
		builtinCodecs[reflect.TypeFor[uint32]()]:         opUint32,
		builtinCodecs[reflect.TypeFor[float64]()]:        opFloat64,
		builtinCodecs[reflect.TypeFor[string]()]:         opString,
		builtinCodecs[reflect.TypeFor[types.DateTime]()]: opDateTime,

		builtinCodecs[reflect.TypeFor[types.NodeID]()]:         opNodeID,
		builtinCodecs[reflect.TypeFor[types.ExpandedNodeID]()]: opExpandedNodeID,
		builtinCodecs[reflect.TypeFor[types.StatusCode]()]:     opStatusCode,
		builtinCodecs[reflect.TypeFor[types.QualifiedName]()]:  opQualifiedName,
		builtinCodecs[reflect.TypeFor[types.LocalizedText]()]:  opLocalizedText,
		builtinCodecs[reflect.TypeFor[[]byte]()]:               opByteString,
		builtinCodecs[reflect.TypeFor[types.Variant]()]:        opVariant,
		builtinCodecs[reflect.TypeFor[types.DataValue]()]:      opDataValue,
	}
	for c := range fieldOps {
		if c == nil {
			panic("jsonenc: fieldOps made before the built-in codecs")
		}
	}
}

// encodeOp writes the value of an op field at fp, unless omit is set and
// the value is NULL or the default; it reports whether it wrote.
func (f *planField) encodeOp(e *encoder, fp ptr, omit, first bool) (bool, error) {
	switch f.op {
	case opBool:
		v := *as[bool](fp)
		if omit && !v {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		e.boolean(v)
	case opUint8:
		v := *as[uint8](fp)
		if omit && v == 0 {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		e.uint(uint64(v))
	case opInt16:
		v := *as[int16](fp)
		if omit && v == 0 {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		e.int(int64(v))
	case opUint16:
		v := *as[uint16](fp)
		if omit && v == 0 {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		e.uint(uint64(v))
	case opInt32:
		v := *as[int32](fp)
		if omit && v == 0 {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		e.int(int64(v))
	case opUint32:
		v := *as[uint32](fp)
		if omit && v == 0 {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		e.uint(uint64(v))
	case opFloat64:
		v := *as[float64](fp)
		if omit && v == 0 && !math.Signbit(v) {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		e.float(v, 64)
	case opString:
		v := *as[string](fp)
		if e.nullString(v) {
			if omit {
				return false, nil
			}
			e.keyQuoted(f.key, first)
			e.null()
			return true, nil
		}
		e.keyQuoted(f.key, first)
		return true, e.str(v)
	case opDateTime:
		v := as[types.DateTime](fp)
		if omit && *v <= 0 {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encDateTime(e, v)
	case opNodeID:
		v := as[types.NodeID](fp)
		if omit && *v == (types.NodeID{}) {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encNodeID(e, v)
	case opExpandedNodeID:
		v := as[types.ExpandedNodeID](fp)
		if omit && *v == (types.ExpandedNodeID{}) {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encExpandedNodeID(e, v)
	case opStatusCode:
		v := as[types.StatusCode](fp)
		if omit && *v == 0 {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encStatusCode(e, v)
	case opQualifiedName:
		v := as[types.QualifiedName](fp)
		if omit && *v == (types.QualifiedName{}) {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encQualifiedName(e, v)
	case opLocalizedText:
		v := as[types.LocalizedText](fp)
		if omit && *v == (types.LocalizedText{}) {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encLocalizedText(e, v)
	case opByteString:
		v := as[[]byte](fp)
		if omit && *v == nil {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encByteString(e, v)
	case opVariant:
		v := as[types.Variant](fp)
		if omit && v.IsNull() {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encVariant(e, v)
	case opDataValue:
		v := as[types.DataValue](fp)
		if omit && dataValueEmpty(v) {
			return false, nil
		}
		e.keyQuoted(f.key, first)
		return true, encDataValue(e, v)
	}
	return true, nil
}

// decodeOp reads the value of an op field into fp.
func (f *planField) decodeOp(d *decoder, fp ptr) error {
	switch f.op {
	case opBool:
		return decBool(d, as[bool](fp))
	case opUint8:
		return decUint8(d, as[uint8](fp))
	case opInt16:
		return decInt16(d, as[int16](fp))
	case opUint16:
		return decUint16(d, as[uint16](fp))
	case opInt32:
		return decInt32(d, as[int32](fp))
	case opUint32:
		return decUint32(d, as[uint32](fp))
	case opFloat64:
		return decFloat64(d, as[float64](fp))
	case opString:
		return decString(d, as[string](fp))
	case opDateTime:
		return decDateTime(d, as[types.DateTime](fp))
	case opNodeID:
		return decNodeID(d, as[types.NodeID](fp))
	case opExpandedNodeID:
		return decExpandedNodeID(d, as[types.ExpandedNodeID](fp))
	case opStatusCode:
		return decStatusCode(d, as[types.StatusCode](fp))
	case opQualifiedName:
		return decQualifiedName(d, as[types.QualifiedName](fp))
	case opLocalizedText:
		return decLocalizedText(d, as[types.LocalizedText](fp))
	case opByteString:
		return decByteString(d, as[[]byte](fp))
	case opVariant:
		return decVariant(d, as[types.Variant](fp))
	case opDataValue:
		return decDataValue(d, as[types.DataValue](fp))
	}
	return f.c.dec(d, fp)
}

// isZero reports whether the value of f at p is its Go zero value.
func (f *planField) isZero(p ptr) bool {
	b := unsafe.Slice((*byte)(p), f.size)
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// clear sets the value of f at p to its Go zero value.
func (f *planField) clear(p ptr) {
	if f.zeroP {
		clear(unsafe.Slice((*byte)(p), f.size))
		return
	}
	reflect.NewAt(f.goT, p).Elem().SetZero()
}

// structCodec returns the codec of a struct type that is not a built-in:
// a structure planned from its model, a named type of a built-in, or the
// value of a run-time structure (uabin.Dynamic).
func (b *builder) structCodec(t reflect.Type) (*codec, error) {
	m, merr := uamodel.Of(t)
	if merr != nil {
		return nil, &wire.EncodeError{Path: merr.Path, Err: wire.Errorf(wire.ErrUnsupported, "%s", merr.Msg)}
	}
	switch m.Kind {
	case uamodel.KindDynamic:
		return dynamicCodec, nil
	case uamodel.KindBuiltin, uamodel.KindStruct:
		if m.Builtin != 0 {
			// A named type of a built-in (type Stamp time.Time): the same
			// memory, the built-in's codec.
			for i := range uamodel.NamedBuiltins {
				nb := &uamodel.NamedBuiltins[i]
				if nb.ID == m.Builtin && t.ConvertibleTo(nb.Go) {
					if c, ok := builtinCodecs[nb.Go]; ok {
						return c, nil
					}
				}
			}
		}
	}
	if m.Kind != uamodel.KindStruct {
		return nil, unsupported(t, "no OPC UA JSON form")
	}
	c := &codec{}
	b.pending[t] = c // recursive types find it while it is built
	plan, err := b.plan(m.Struct, t.Name())
	if err != nil {
		return nil, err
	}
	plan.fill(c)
	return c, nil
}

// plan compiles the plan of the structure model st.
func (b *builder) plan(st *uamodel.Struct, name string) (*structPlan, error) {
	p := &structPlan{name: name, enc: st.Encoding, owned: st.Owned, enter: st.Enter}
	if st.Name != "" {
		p.name = st.Name
	}
	p.what = "the structure " + p.name
	alt := uint32(0)
	for i := range st.Fields {
		f := &st.Fields[i]
		pf := planField{name: f.Name, off: f.Offset, size: f.Go.Size(), pres: f.Presence, bit: f.Bit, goT: f.Go, zeroP: !uamodel.HasPointers(f.Go)}
		pf.key = strconv.AppendQuote(nil, f.Name)
		if !isASCIIName(f.Name) {
			var e encoder
			if err := e.str(f.Name); err != nil {
				return nil, wire.WithPath(err, f.Name)
			}
			pf.key = e.b
		}
		switch f.Presence {
		case uamodel.MaskField, uamodel.SwitchField:
			mf := pf
			p.mask, p.maskKind, p.maskWide = &mf, f.Mask, f.MaskWide()
			continue
		case uamodel.Alternative:
			alt++
			pf.alt = alt
		}
		c, err := b.fieldCodec(f)
		if err != nil {
			return nil, wire.WithPath(err, f.Name)
		}
		pf.c = c
		pf.enum = c.enum
		pf.op = fieldOps[c]
		p.fields = append(p.fields, pf)
	}
	return p, nil
}

// isASCIIName reports whether a member name needs no escaping and reads
// the same through strconv.Quote.
func isASCIIName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// fieldCodec returns the codec of one field of a structure model.
func (b *builder) fieldCodec(f *uamodel.Field) (*codec, error) {
	if f.Dyn != nil {
		c, err := b.dynFieldCodec(f.Dyn)
		if c != nil || err != nil {
			return c, err
		}
	}
	if f.Type == nil {
		return nil, unsupported(f.Go, "no model")
	}
	return b.modelCodec(f.Type)
}

// modelCodec returns the codec of a value model: the Go type's codec for a
// shared model, or one made for a field's tag options.
func (b *builder) modelCodec(m *uamodel.Type) (*codec, error) {
	if m.Shared {
		return b.get(m.Go)
	}
	switch m.Kind {
	case uamodel.KindPrimitive:
		return b.get(m.Go)
	case uamodel.KindIntAs:
		return intAsCodec(m.Go, m.Wire)
	case uamodel.KindClamped:
		return clampedCodec(m.Go, m.Max), nil
	case uamodel.KindEmptyString:
		return emptyStringCodec, nil
	case uamodel.KindByteString:
		return builtinCodecs[reflect.TypeFor[[]byte]()], nil
	case uamodel.KindPointer:
		elem, err := b.modelCodec(m.Elem)
		if err != nil {
			return nil, err
		}
		return pointerCodec(m.Go, elem), nil
	case uamodel.KindSlice:
		elem, err := b.modelCodec(m.Elem)
		if err != nil {
			return nil, err
		}
		return reflectSliceCodec(m.Go, elem), nil
	case uamodel.KindArray:
		elem, err := b.modelCodec(m.Elem)
		if err != nil {
			return nil, err
		}
		return arrayCodec(m.Go, elem), nil
	}
	return b.get(m.Go)
}

// fill makes c the codec of the plan.
func (p *structPlan) fill(c *codec) {
	c.plan = p
	c.enc = func(e *encoder, q ptr) error { return p.encode(e, q) }
	c.dec = func(d *decoder, q ptr) error { return p.decode(d, q) }
	c.null = func(e *encoder, q ptr) bool { return false }
}

// maskValue returns the value of the mask or switch field at q.
func (p *structPlan) maskValue(q ptr) uint32 {
	if p.maskWide {
		return *as[uint32](at(q, p.mask.off))
	}
	return uint32(*as[uint8](at(q, p.mask.off)))
}

func (p *structPlan) setMask(q ptr, v uint32) {
	if p.maskWide {
		*as[uint32](at(q, p.mask.off)) = v
	} else {
		*as[uint8](at(q, p.mask.off)) = uint8(v)
	}
}

// present reports whether field f of the structure at q is encoded, and
// its bit of the mask written as EncodingMask.
func (p *structPlan) present(f *planField, q ptr) bool {
	switch f.pres {
	case uamodel.Optional:
		return !f.isZero(at(q, f.off))
	case uamodel.MaskBit:
		switch p.maskKind {
		case uamodel.Stored:
			return p.maskValue(q)&(1<<uint(f.bit)) != 0
		case uamodel.Zeros:
			return !f.isZero(at(q, f.off)) || p.maskValue(q)&(1<<uint(f.bit)) != 0
		}
		return !f.isZero(at(q, f.off))
	}
	return true
}

// hasMask reports whether the structure writes EncodingMask.
func (p *structPlan) hasMask() bool {
	return p.enc == uamodel.OptionalFields || p.enc == uamodel.Masked
}

// encode writes the structure at q as a JSON object.
func (p *structPlan) encode(e *encoder, q ptr) error {
	if p.enter {
		if err := e.enter(); err != nil {
			return err
		}
		defer e.leave()
	}
	if p.enc == uamodel.Union {
		return p.encodeUnion(e, q)
	}
	e.open('{')
	n, err := p.members(e, q, true)
	if err != nil {
		return err
	}
	e.close('}', n == 0)
	return nil
}

// members writes the members of the structure at q (first: no member
// written before them in the object) and returns how many it wrote.
func (p *structPlan) members(e *encoder, q ptr, first bool) (int, error) {
	if p.enc == uamodel.Union {
		return p.unionMembers(e, q, first)
	}
	n := 0
	if p.hasMask() && e.enc != NonReversible {
		mask := uint32(0)
		for i := range p.fields {
			f := &p.fields[i]
			if f.bit >= 0 && p.present(f, q) {
				mask |= 1 << uint(f.bit)
			}
		}
		e.key("EncodingMask", first)
		e.uint(uint64(mask))
		first = false
		n++
	}
	omit := e.enc == Compact || e.enc == Reversible
	for i := range p.fields {
		f := &p.fields[i]
		if f.pres != uamodel.Always && !p.present(f, q) {
			continue
		}
		fp := at(q, f.off)
		if f.op != opCodec {
			wrote, err := f.encodeOp(e, fp, omit, first)
			if err != nil {
				return n, wire.WithPath(err, f.name)
			}
			if wrote {
				first = false
				n++
			}
			continue
		}
		if omit && f.c.null(e, fp) {
			continue
		}
		e.keyQuoted(f.key, first)
		first = false
		n++
		if err := f.c.enc(e, fp); err != nil {
			return n, wire.WithPath(err, f.name)
		}
	}
	return n, nil
}

// selected returns the field a union's switch selects, or nil for none;
// a switch beyond the fields is an error.
func (p *structPlan) selected(q ptr) (*planField, error) {
	sw := p.maskValue(q)
	if sw == 0 {
		return nil, nil
	}
	if int(sw) > len(p.fields) {
		return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "%s: union switch %d, the union has %d fields", p.name, sw, len(p.fields))}
	}
	return &p.fields[sw-1], nil
}

// encodeUnion writes a union (§5.4.8; H.10 for the deprecated forms).
func (p *structPlan) encodeUnion(e *encoder, q ptr) error {
	if e.enc == NonReversible {
		f, err := p.selected(q)
		if err != nil {
			return err
		}
		if f == nil {
			e.null()
			return nil
		}
		if err := f.c.enc(e, at(q, f.off)); err != nil {
			return wire.WithPath(err, f.name)
		}
		return nil
	}
	e.open('{')
	n, err := p.unionMembers(e, q, true)
	if err != nil {
		return err
	}
	e.close('}', n == 0)
	return nil
}

// unionMembers writes the members of a union.
func (p *structPlan) unionMembers(e *encoder, q ptr, first bool) (int, error) {
	f, err := p.selected(q)
	if err != nil || f == nil {
		return 0, err
	}
	n := 0
	if e.enc != Verbose {
		e.key("SwitchField", first)
		e.uint(uint64(f.alt))
		first = false
		n++
	}
	if e.enc == Reversible {
		e.key("Value", first)
	} else {
		e.keyQuoted(f.key, first)
	}
	if err := f.c.enc(e, at(q, f.off)); err != nil {
		return n + 1, wire.WithPath(err, f.name)
	}
	return n + 1, nil
}

// decode reads a JSON object (or null, the zero value) into the structure
// at q, overwriting all of it.
func (p *structPlan) decode(d *decoder, q ptr) error {
	if isNull, err := d.null(); isNull || err != nil {
		p.zero(q)
		return err
	}
	start := d.pos
	if err := d.object(p.what); err != nil {
		return err
	}
	if p.enter {
		if err := d.enter(start); err != nil {
			return err
		}
		defer d.leave()
	}
	return p.decodeMembers(d, q, start, nil, false)
}

// zero sets every field of the structure at q to its zero value.
func (p *structPlan) zero(q ptr) {
	for i := range p.fields {
		p.fields[i].clear(at(q, p.fields[i].off))
	}
	if p.mask != nil {
		p.setMask(q, 0)
	}
}

// find returns the index of the field named name, trying next first
// (members usually come in order), or -1.
func (p *structPlan) find(name []byte, next int) int {
	if next < len(p.fields) && string(p.fields[next].name) == string(name) {
		return next
	}
	for i := range p.fields {
		if p.fields[i].name == string(name) {
			return i
		}
	}
	return -1
}

// Members of a structure's object that are not fields.
const (
	seenMask = 1 << iota
	seenSwitch
	seenValue
	seenTypeID
)

// decodeMembers reads the members of the object whose '{' has been
// consumed (at offset start) into the structure at q. skip, if not nil,
// names a member to pass over (the UaTypeId of an ExtensionObject, read
// already); with resumed, that member was the first and has been consumed,
// and a UaEncoding or UaBody member stops the decoding with errEncodedBody
// (the body is not a JSON structure).
func (p *structPlan) decodeMembers(d *decoder, q ptr, start int, skip []byte, resumed bool) error {
	var (
		small   [2]uint64
		seen    = small[:]
		special int
		mask    uint32
		sw      uint32
		valueAt span
		names   nameSet
		next    int
	)
	if n := (len(p.fields) + 63) / 64; n > len(small) {
		seen = make([]uint64, n)
	}
	if resumed {
		special = seenTypeID
	}
	for first := !resumed; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		d.ws()
		i := p.find(name, next)
		if i >= 0 {
			if seen[i/64]&(1<<uint(i%64)) != 0 {
				return d.duplicate(off, name)
			}
			seen[i/64] |= 1 << uint(i%64)
			next = i + 1
			f := &p.fields[i]
			if err := f.decodeOp(d, at(q, f.off)); err != nil {
				return wire.WithPath(err, f.name)
			}
			continue
		}
		switch {
		case string(name) == "EncodingMask" && p.hasMask():
			if err := d.once(&special, seenMask, name, off); err != nil {
				return err
			}
			v, err := decUnsigned(d, math.MaxUint32, "UInt32")
			if err != nil {
				return wire.WithPath(err, "EncodingMask")
			}
			mask = uint32(v)
			if mask&^p.owned != 0 {
				return wire.WithPath(d.fail(off, wire.ErrInvalid, "EncodingMask %#x has bits no field of %s owns", mask, p.name), "EncodingMask")
			}
		case string(name) == "SwitchField" && p.enc == uamodel.Union:
			if err := d.once(&special, seenSwitch, name, off); err != nil {
				return err
			}
			v, err := decUnsigned(d, math.MaxUint32, "UInt32")
			if err != nil {
				return wire.WithPath(err, "SwitchField")
			}
			if v > uint64(len(p.fields)) {
				return wire.WithPath(d.fail(off, wire.ErrInvalid, "SwitchField %d, the union %s has %d fields", v, p.name, len(p.fields)), "SwitchField")
			}
			sw = uint32(v)
		case string(name) == "Value" && p.enc == uamodel.Union:
			// The deprecated form: the value of the selected field, read
			// once SwitchField is known.
			if err := d.once(&special, seenValue, name, off); err != nil {
				return err
			}
			valueAt.start = d.pos
			if err := d.skip(); err != nil {
				return wire.WithPath(err, "Value")
			}
			valueAt.end = d.pos
		case skip != nil && string(name) == string(skip):
			if err := d.once(&special, seenTypeID, name, off); err != nil {
				return err
			}
			if err := d.skip(); err != nil {
				return err
			}
		case resumed && (string(name) == "UaEncoding" || string(name) == "UaBody"):
			return errEncodedBody
		default:
			if err := d.unknown(&names, name, off); err != nil {
				return err
			}
		}
	}
	if p.enc == uamodel.Union {
		return p.finishUnion(d, q, start, seen, special, sw, valueAt)
	}
	return p.finishStruct(d, q, start, seen, special&seenMask != 0, mask)
}

func isSeen(seen []uint64, i int) bool { return seen[i/64]&(1<<uint(i%64)) != 0 }

// finishStruct zeroes the fields that were not given and settles the
// mask.
func (p *structPlan) finishStruct(d *decoder, q ptr, start int, seen []uint64, hasMask bool, mask uint32) error {
	got := uint32(0)
	for i := range p.fields {
		f := &p.fields[i]
		if isSeen(seen, i) {
			if f.bit >= 0 {
				got |= 1 << uint(f.bit)
			}
			continue
		}
		f.clear(at(q, f.off))
	}
	if !hasMask {
		mask = got
	} else if extra := got &^ mask; extra != 0 {
		for i := range p.fields {
			if f := &p.fields[i]; f.bit >= 0 && extra&(1<<uint(f.bit)) != 0 {
				return d.fail(start, wire.ErrInvalid, "%s: member %s is given but EncodingMask %#x does not have its bit %d", p.name, f.name, mask, f.bit)
			}
		}
	}
	if p.mask == nil {
		return nil
	}
	switch p.maskKind {
	case uamodel.Stored:
		p.setMask(q, mask)
	case uamodel.Zeros:
		// The bits of the fields present with a zero value.
		z := uint32(0)
		for i := range p.fields {
			if f := &p.fields[i]; f.bit >= 0 && mask&(1<<uint(f.bit)) != 0 && f.isZero(at(q, f.off)) {
				z |= 1 << uint(f.bit)
			}
		}
		p.setMask(q, z)
	default:
		p.setMask(q, 0)
	}
	return nil
}

// finishUnion settles the switch of a union: from SwitchField, or from the
// one field member given (the Verbose form).
func (p *structPlan) finishUnion(d *decoder, q ptr, start int, seen []uint64, special int, sw uint32, valueAt span) error {
	given := uint32(0)
	for i := range p.fields {
		if !isSeen(seen, i) {
			continue
		}
		if given != 0 {
			return d.fail(start, wire.ErrInvalid, "union %s: members %s and %s both given", p.name, p.fields[given-1].name, p.fields[i].name)
		}
		given = uint32(i + 1)
	}
	switch {
	case special&seenValue != 0:
		if special&seenSwitch == 0 || given != 0 {
			return d.fail(valueAt.start, wire.ErrInvalid, "union %s: Value needs SwitchField and no field member", p.name)
		}
	case special&seenSwitch == 0:
		sw = given
	case given != 0 && given != sw:
		return d.fail(start, wire.ErrInvalid, "union %s: SwitchField %d but member %s given", p.name, sw, p.fields[given-1].name)
	}
	for i := range p.fields {
		if uint32(i+1) != sw || special&seenValue != 0 || !isSeen(seen, i) {
			p.fields[i].clear(at(q, p.fields[i].off))
		}
	}
	p.setMask(q, sw)
	if special&seenValue != 0 && sw != 0 {
		f := &p.fields[sw-1]
		if err := d.at(valueAt, func() error { return f.c.dec(d, at(q, f.off)) }); err != nil {
			return wire.WithPath(err, "Value")
		}
	}
	return nil
}

// Enumerations (§5.4.2.? / Part 6 v1.05 §5.4.4): a JSON number in Compact;
// "Name_Value" in Verbose (the number alone for a value without a name).
// Decoding takes both, and a number given as a string.

// enumCodec makes the codec of an Int32 enumeration whose names come from
// name (ok false: no name).
func enumCodec(name func(v int32) (string, bool)) *codec {
	return &codec{
		id:   types.TypeInt32,
		enum: true,
		enc: func(e *encoder, p ptr) error {
			v := *as[int32](p)
			if e.enc == Verbose || e.enc == NonReversible {
				if n, ok := name(v); ok {
					e.b = append(e.b, '"')
					e.b = uatext.AppendEnum(e.b, n, v)
					e.b = append(e.b, '"')
					return nil
				}
			}
			e.int(int64(v))
			return nil
		},
		dec: func(d *decoder, p ptr) error {
			v, err := decEnum(d)
			*as[int32](p) = v
			return err
		},
		null: func(_ *encoder, p ptr) bool { return *as[int32](p) == 0 },
	}
}

// decEnum reads an enumeration value: a number, or a string "Name_Value"
// or "Value" (uatext.ParseEnum).
func decEnum(d *decoder) (int32, error) {
	if d.peek() != '"' {
		v, err := decSigned(d, math.MinInt32, math.MaxInt32, "Int32 (an enumeration)")
		return int32(v), err
	}
	start := d.pos
	s, err := d.rawString()
	if err != nil {
		return 0, err
	}
	if v, ok := uatext.ParseEnum(s); ok {
		return v, nil
	}
	// Not an enumeration value: say where and why.
	num := s
	if i := strings.LastIndexByte(bytesString(s), '_'); i >= 0 {
		num = s[i+1:]
	}
	if !isDecimal(num) {
		return 0, d.fail(start, wire.ErrInvalid, "%q is not an enumeration value (Name_Value or a number)", clip(s))
	}
	sub := decoder{data: num}
	_, err = sub.signed(math.MinInt32, math.MaxInt32, "Int32 (an enumeration)")
	return 0, rebase(err, start+1+len(s)-len(num))
}

// namedPrimitive returns the codec of a named type of a primitive kind:
// the codec of its built-in (by the model), an enumeration's codec when
// the type is one (a named int32 with a String method).
func (b *builder) namedPrimitive(t reflect.Type) (*codec, error) {
	m, merr := uamodel.Of(t)
	if merr != nil {
		return nil, &wire.EncodeError{Path: merr.Path, Err: wire.Errorf(wire.ErrUnsupported, "%s", merr.Msg)}
	}
	if t.Kind() == reflect.Int32 && m.Builtin == types.TypeInt32 && t.Implements(reflect.TypeFor[interface{ String() string }]()) {
		return enumCodec(uatext.StringerNames(t)), nil
	}
	if m.Builtin != 0 {
		if g := m.Builtin.GoType(); g.Kind() == t.Kind() {
			if c, ok := builtinCodecs[g]; ok {
				return c, nil
			}
		}
	}
	// The Go kind's own type (an option set of uint32, a named string).
	if c, ok := builtinCodecs[kindTypes[t.Kind()]]; ok {
		return c, nil
	}
	return nil, unsupported(t, "no OPC UA JSON form")
}

// kindTypes are the unnamed Go types of the primitive kinds.
var kindTypes = map[reflect.Kind]reflect.Type{
	reflect.Bool: reflect.TypeFor[bool](), reflect.Int8: reflect.TypeFor[int8](), reflect.Uint8: reflect.TypeFor[uint8](),
	reflect.Int16: reflect.TypeFor[int16](), reflect.Uint16: reflect.TypeFor[uint16](),
	reflect.Int32: reflect.TypeFor[int32](), reflect.Uint32: reflect.TypeFor[uint32](),
	reflect.Int64: reflect.TypeFor[int64](), reflect.Uint64: reflect.TypeFor[uint64](),
	reflect.Float32: reflect.TypeFor[float32](), reflect.Float64: reflect.TypeFor[float64](),
	reflect.String: reflect.TypeFor[string](),
}

// intAsCodec makes the codec of an int, uint or uintptr field written as
// the integer type wt (the tag's wire type).
func intAsCodec(t reflect.Type, wt types.BuiltinType) (*codec, error) {
	var lo int64
	var hi uint64
	switch wt {
	case types.TypeSByte:
		lo, hi = math.MinInt8, math.MaxInt8
	case types.TypeByte:
		hi = math.MaxUint8
	case types.TypeInt16:
		lo, hi = math.MinInt16, math.MaxInt16
	case types.TypeUInt16:
		hi = math.MaxUint16
	case types.TypeInt32:
		lo, hi = math.MinInt32, math.MaxInt32
	case types.TypeUInt32:
		hi = math.MaxUint32
	case types.TypeInt64:
		lo, hi = math.MinInt64, math.MaxInt64
	case types.TypeUInt64:
		hi = math.MaxUint64
	default:
		return nil, unsupported(t, "wire type "+wt.String()+" for an integer")
	}
	signed := t.Kind() == reflect.Int
	wide := wt == types.TypeInt64 || wt == types.TypeUInt64
	what := wt.String()
	return &codec{
		id: wt,
		enc: func(e *encoder, p ptr) error {
			if signed {
				v := int64(*as[int](p))
				if v < lo || v > 0 && uint64(v) > hi {
					return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "%d does not fit in %s", v, what)}
				}
				if wide {
					e.int64(v)
				} else {
					e.int(v)
				}
				return nil
			}
			v := uint64(*as[uint](p))
			if t.Kind() == reflect.Uintptr {
				v = uint64(*as[uintptr](p))
			}
			if v > hi {
				return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "%d does not fit in %s", v, what)}
			}
			if wide {
				e.uint64(v)
			} else {
				e.uint(v)
			}
			return nil
		},
		dec: func(d *decoder, p ptr) error {
			d.ws()
			at := d.pos // the first byte of the number, for the error
			if lo < 0 {
				v, err := decSigned(d, lo, int64(min(hi, math.MaxInt64)), what)
				if err == nil && !signed && v < 0 {
					return d.fail(at, wire.ErrInvalid, "%s %d does not fit in Go type %s", what, v, t)
				}
				if signed {
					*as[int](p) = int(v)
				} else {
					*as[uint](p) = uint(v)
				}
				return err
			}
			v, err := decUnsigned(d, hi, what)
			switch {
			case signed:
				if v > math.MaxInt {
					return d.fail(at, wire.ErrInvalid, "%s %d does not fit in Go type %s", what, v, t)
				}
				*as[int](p) = int(v)
			case t.Kind() == reflect.Uintptr:
				*as[uintptr](p) = uintptr(v)
			default:
				*as[uint](p) = uint(v)
			}
			return err
		},
		null: func(_ *encoder, p ptr) bool { return *as[uint](p) == 0 },
	}, nil
}

// clampedCodec makes the codec of an unsigned field with the max=N tag
// option: decoding clamps values above N to N.
func clampedCodec(t reflect.Type, maxV uint64) *codec {
	base := builtinCodecs[kindTypes[t.Kind()]]
	size := t.Size()
	return &codec{
		id:  base.id,
		enc: base.enc,
		dec: func(d *decoder, p ptr) error {
			if err := base.dec(d, p); err != nil {
				return err
			}
			var v uint64
			switch size {
			case 1:
				v = uint64(*as[uint8](p))
			case 2:
				v = uint64(*as[uint16](p))
			case 4:
				v = uint64(*as[uint32](p))
			default:
				v = *as[uint64](p)
			}
			if v > maxV {
				switch size {
				case 1:
					*as[uint8](p) = uint8(maxV)
				case 2:
					*as[uint16](p) = uint16(maxV)
				case 4:
					*as[uint32](p) = uint32(maxV)
				default:
					*as[uint64](p) = maxV
				}
			}
			return nil
		},
		null: base.null,
	}
}

// emptyStringCodec is the codec of a string field with the empty tag
// option: "" is an empty String, never null.
var emptyStringCodec = &codec{
	id: types.TypeString,
	enc: func(e *encoder, p ptr) error {
		return e.str(*as[string](p))
	},
	dec: func(d *decoder, p ptr) error {
		err := decString(d, as[string](p))
		if wire.IsEmptyString(*as[string](p)) {
			*as[string](p) = ""
		}
		return err
	},
	null: func(*encoder, ptr) bool { return false },
}
