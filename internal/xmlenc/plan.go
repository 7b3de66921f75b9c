package xmlenc

// Structures (Part 6 §5.3.5-5.3.7): the plan of a structure is made once
// per Go type (and per run-time structure) from the model of
// internal/uamodel: the fields in order with their OPC UA names (the
// element names), each value's codec, and the presence rules.
//
//   - a structure: one element per field, in order; a field whose value
//     is null (a null String or ByteString, a nil array or pointer) is
//     left out, and reads back as null (§5.3.5: decoders give omitted
//     fields their default);
//   - with optional fields (§5.3.6): <EncodingMask> first, then the
//     fields present;
//   - a union (§5.3.7): <SwitchField>, then the selected field; nothing
//     for no field selected.

import (
	"reflect"
	"strconv"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin/wire"
)

// plan is the XML plan of one structure.
type plan struct {
	name   string
	fields []planField // the value fields, in order
	enc    uamodel.Encoding
	owned  uint32
	mask   *planField // the mask or switch field in the structure's memory, or nil
	kind   uamodel.MaskKind
	enter  bool
}

// planField is one field of a plan.
type planField struct {
	name  string
	index int // the Go field index in the structure
	c     *codec
	pres  uamodel.Presence
	bit   int
	alt   uint32 // union alternative, 1-based
}

// structCodec returns the codec of a Go structure (or a run-time
// structure's block type goT) from its model.
func (b *builder) structCodec(s *uamodel.Struct, goT reflect.Type) (*codec, error) {
	p, err := b.plan(s, goT)
	if err != nil {
		return nil, err
	}
	name := typeName(goT, s)
	p.name = name
	return &codec{name: name,
		enc: func(e *encoder, v reflect.Value) error { return p.encode(e, v) },
		dec: func(d *decoder, n *Node, v reflect.Value) error { return p.decode(d, n, v) },
	}, nil
}

// plan makes the plan of the structure model s of the Go type goT.
func (b *builder) plan(s *uamodel.Struct, goT reflect.Type) (*plan, error) {
	p := &plan{name: s.Name, enc: s.Encoding, owned: s.Owned, enter: s.Enter}
	var alt uint32
	for i := range s.Fields {
		f := &s.Fields[i]
		idx := fieldIndex(goT, f)
		if idx < 0 {
			return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "%v: no Go field at offset %d for %s", goT, f.Offset, f.Name)}
		}
		pf := planField{name: f.Name, index: idx, pres: f.Presence, bit: f.Bit}
		switch f.Presence {
		case uamodel.MaskField, uamodel.SwitchField:
			pf.c = nil
			p.mask = &pf
			p.kind = f.Mask
			continue
		case uamodel.Alternative:
			alt++
			pf.alt = alt
		}
		var err error
		switch {
		case f.Dyn != nil && (f.Dyn.Sub != nil || f.Dyn.Enum != nil || f.Dyn.Rank > 0):
			pf.c, err = b.dynField(f.Dyn)
		case f.Type != nil:
			pf.c, err = b.sub(f.Type)
		default:
			err = &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "field %s has no model", f.Name)}
		}
		if err != nil {
			return nil, wire.WithPath(err, f.GoName)
		}
		p.fields = append(p.fields, pf)
	}
	return p, nil
}

// fieldIndex returns the index of the Go field of goT that the model's
// field f is (by offset and type), or -1.
func fieldIndex(goT reflect.Type, f *uamodel.Field) int {
	for i := 0; i < goT.NumField(); i++ {
		sf := goT.Field(i)
		if sf.Offset == f.Offset && sf.Type == f.Go {
			return i
		}
	}
	return -1
}

// present reports whether field f of the structure v is written, given
// the mask (OptionalFields: computed; Masked: stored or computed).
func (p *plan) present(f *planField, v reflect.Value, mask uint32) bool {
	fv := v.Field(f.index)
	switch f.pres {
	case uamodel.Optional:
		return !fv.IsZero()
	case uamodel.MaskBit:
		return mask&(1<<uint(f.bit)) != 0
	case uamodel.Alternative:
		return mask == f.alt
	}
	return f.c.null == nil || !f.c.null(fv)
}

// maskOf returns the EncodingMask of v (OptionalFields, Masked) or the
// switch (Union).
func (p *plan) maskOf(v reflect.Value) uint32 {
	var m uint32
	switch p.enc {
	case uamodel.OptionalFields:
		for i := range p.fields {
			f := &p.fields[i]
			if f.pres == uamodel.Optional && !v.Field(f.index).IsZero() {
				m |= 1 << uint(f.bit)
			}
		}
	case uamodel.Masked:
		if p.mask != nil && p.kind == uamodel.Stored {
			return uint32(v.Field(p.mask.index).Uint()) & p.owned
		}
		if p.mask != nil && p.kind == uamodel.Zeros {
			m = uint32(v.Field(p.mask.index).Uint())
		}
		for i := range p.fields {
			f := &p.fields[i]
			if f.pres == uamodel.MaskBit && !v.Field(f.index).IsZero() {
				m |= 1 << uint(f.bit)
			}
		}
		m &= p.owned
	case uamodel.Union:
		if p.mask != nil {
			return uint32(v.Field(p.mask.index).Uint())
		}
	}
	return m
}

func (p *plan) encode(e *encoder, v reflect.Value) error {
	if p.enter {
		if err := e.enter(); err != nil {
			return err
		}
		defer e.leave()
	}
	mask := p.maskOf(v)
	switch p.enc {
	case uamodel.OptionalFields, uamodel.Masked:
		e.b = append(e.b, "<EncodingMask>"...)
		e.b = strconv.AppendUint(e.b, uint64(mask), 10)
		e.b = append(e.b, "</EncodingMask>"...)
	case uamodel.Union:
		if mask > uint32(len(p.fields)) {
			return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "union %s: SwitchField %d, %d fields", p.name, mask, len(p.fields))}
		}
		if mask == 0 {
			return nil
		}
		e.b = append(e.b, "<SwitchField>"...)
		e.b = strconv.AppendUint(e.b, uint64(mask), 10)
		e.b = append(e.b, "</SwitchField>"...)
	}
	for i := range p.fields {
		f := &p.fields[i]
		if !p.present(f, v, mask) {
			continue
		}
		fv := v.Field(f.index)
		var err error
		if f.c.null != nil && f.c.null(fv) {
			e.nilElement(f.name) // a present field whose value is null (a masked empty String)
		} else {
			err = e.element(f.name, f.c, fv)
		}
		if err != nil {
			return wire.WithPath(err, f.name)
		}
	}
	return nil
}

func (p *plan) decode(d *decoder, n *Node, v reflect.Value) error {
	if p.enter {
		if err := d.enter(n); err != nil {
			return err
		}
		defer d.leave()
	}
	if err := d.noText(n); err != nil {
		return err
	}
	kids := n.Kids
	var mask uint32
	var sawMask bool
	if len(kids) > 0 && (p.enc == uamodel.OptionalFields || p.enc == uamodel.Masked) && kids[0].Name == "EncodingMask" {
		x, err := d.uint32Text(kids[0], "EncodingMask")
		if err != nil {
			return err
		}
		mask, sawMask, kids = x, true, kids[1:]
	}
	if p.enc == uamodel.Union {
		return p.decodeUnion(d, n, kids, v)
	}
	next := 0
	var seen uint32
	for _, k := range kids {
		i := next
		for i < len(p.fields) && p.fields[i].name != k.Name {
			i++
		}
		if i == len(p.fields) {
			return d.fail(k, wire.ErrInvalid, "unexpected element %s in %s (out of order, repeated or unknown)", k.Name, p.name)
		}
		for j := next; j < i; j++ {
			v.Field(p.fields[j].index).SetZero()
		}
		f := &p.fields[i]
		if err := d.element(k, f.c, v.Field(f.index)); err != nil {
			return wire.WithPath(err, f.name)
		}
		if f.pres == uamodel.Optional || f.pres == uamodel.MaskBit {
			seen |= 1 << uint(f.bit)
		}
		next = i + 1
	}
	for j := next; j < len(p.fields); j++ {
		v.Field(p.fields[j].index).SetZero()
	}
	if sawMask && mask&p.owned != seen {
		return d.fail(n, wire.ErrInvalid, "%s: EncodingMask %d does not match the optional fields given (%d)", p.name, mask, seen)
	}
	if p.enc == uamodel.Masked && p.mask != nil && (p.kind == uamodel.Stored || p.kind == uamodel.Zeros) {
		mv := v.Field(p.mask.index)
		mv.SetUint(uint64(seen))
	}
	return nil
}

func (p *plan) decodeUnion(d *decoder, n *Node, kids []*Node, v reflect.Value) error {
	var sw uint32
	if len(kids) > 0 && kids[0].Name == "SwitchField" {
		x, err := d.uint32Text(kids[0], "SwitchField")
		if err != nil {
			return err
		}
		sw, kids = x, kids[1:]
	}
	for i := range p.fields {
		v.Field(p.fields[i].index).SetZero()
	}
	switch {
	case sw > uint32(len(p.fields)):
		return d.fail(n, wire.ErrInvalid, "union %s: SwitchField %d, %d fields", p.name, sw, len(p.fields))
	case sw == 0 && len(kids) > 0:
		return d.fail(kids[0], wire.ErrInvalid, "union %s: element %s without a SwitchField", p.name, kids[0].Name)
	case len(kids) > 1:
		return d.fail(kids[1], wire.ErrInvalid, "union %s: a second field, %s", p.name, kids[1].Name)
	}
	if sw != 0 {
		f := &p.fields[sw-1]
		if len(kids) == 1 {
			if kids[0].Name != f.name {
				return d.fail(kids[0], wire.ErrInvalid, "union %s: SwitchField %d selects %s, not %s", p.name, sw, f.name, kids[0].Name)
			}
			if err := d.element(kids[0], f.c, v.Field(f.index)); err != nil {
				return wire.WithPath(err, f.name)
			}
		}
	}
	if p.mask != nil {
		v.Field(p.mask.index).SetUint(uint64(sw))
	}
	return nil
}

// uint32Text reads an xs:unsignedInt element.
func (d *decoder) uint32Text(n *Node, what string) (uint32, error) {
	s, err := d.token(n)
	if err != nil {
		return 0, err
	}
	x, perr := strconv.ParseUint(string(s), 10, 32)
	if perr != nil {
		return 0, d.fail(n, wire.ErrInvalid, "%s %q is not an xs:unsignedInt", what, clip(s))
	}
	return uint32(x), nil
}
