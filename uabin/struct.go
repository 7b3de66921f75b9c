package uabin

import "github.com/uabin/uabin/uabin/wire"

// encStruct writes a structure without mask or switch: its fields in order
// (Part 6 §5.2.6).
func encStruct(e *encState, p pointer, c *codec) {
	if c.enter && !e.enter() {
		return
	}
	for i := range c.fields {
		f := &c.fields[i]
		encValue(e, p.at(f.off), f.op, f.c)
		if f.op == opCodec && e.failed(f.name) {
			return // the error is sticky: the depth no longer matters
		}
	}
	if c.enter {
		e.leave()
	}
}

// decStruct reads a structure without mask or switch.
func decStruct(d *decState, p pointer, c *codec) {
	if c.enter && !d.r.Enter() {
		return
	}
	for i := range c.fields {
		f := &c.fields[i]
		decValue(d, p.at(f.off), f.dop, f.c)
		if d.failed(f.name) {
			return // the error is sticky: the depth no longer matters
		}
	}
	if c.enter {
		d.r.Leave()
	}
}

// zeroStruct reports whether every encoded field is zero.
func zeroStruct(p pointer, c *codec) bool {
	for i := range c.fields {
		f := &c.fields[i]
		if f.isMask {
			continue
		}
		if !isZeroValue(p.at(f.off), f.zop, f.c) {
			return false
		}
	}
	return true
}

// maskOf returns the mask to write: the stored value, or the presence bits
// of the bit=N and optional fields.
func maskOf(e *encState, p pointer, c *codec) (uint32, bool) {
	if c.storedAt >= 0 {
		f := &c.fields[c.storedAt]
		var m uint32
		if f.wide {
			m = *as[uint32](p.at(f.off))
		} else {
			m = uint32(*as[uint8](p.at(f.off)))
		}
		if m&^c.owned != 0 {
			e.w.Failf(wire.ErrInvalid, "mask 0x%x has bits that no field owns (0x%x)", m, m&^c.owned)
			e.failed(f.name)
			return 0, false
		}
		return m, true
	}
	var m uint32
	for _, i := range c.bitIdx {
		f := &c.fields[i]
		if !isZeroValue(p.at(f.off), f.zop, f.c) {
			m |= 1 << uint(f.bit)
		}
	}
	return m, true
}

// encMasked writes a structure with an encoding mask: the implicit UInt32
// mask of optional fields (§5.2.7), or a computed or stored mask field
// (DataValue, LocalizedText, DiagnosticInfo); fields whose bit is clear are
// left out. A computed mask is written as a placeholder and back-patched
// once the presence of the fields after it is known, so each field is
// looked at once (this is a third of the time of a DataValue).
func encMasked(e *encState, p pointer, c *codec) {
	if c.enter && !e.enter() {
		return
	}
	var m uint32
	computed := c.storedAt < 0
	if !computed {
		var ok bool
		if m, ok = maskOf(e, p, c); !ok {
			return
		}
	}
	at, wide := -1, false
	if c.implicit {
		at, wide = len(e.w.Buf), true
		e.w.Uint32(0)
	}
	for i := range c.fields {
		f := &c.fields[i]
		fp := p.at(f.off)
		switch {
		case f.isMask:
			if computed {
				at, wide = len(e.w.Buf), f.wide
			}
			if f.wide {
				e.w.Uint32(m)
			} else {
				e.w.Uint8(uint8(m))
			}
			continue
		case f.bit < 0:
		case computed:
			if encIfPresent(e, fp, f) {
				m |= 1 << uint(f.bit)
			}
			if f.op == opCodec && e.failed(f.name) {
				return
			}
			continue
		case m&(1<<uint(f.bit)) == 0:
			continue
		}
		encValue(e, fp, f.op, f.c)
		if f.op == opCodec && e.failed(f.name) {
			return
		}
	}
	if computed && at >= 0 {
		if wide {
			putUint32(e.w.Buf[at:], m)
		} else {
			e.w.Buf[at] = uint8(m)
		}
	}
	if c.enter {
		e.leave()
	}
}

// decMasked reads a structure with an encoding mask; absent fields are set
// to zero, and a mask bit that no field owns is ErrInvalid.
func decMasked(d *decState, p pointer, c *codec) {
	if c.enter && !d.r.Enter() {
		return
	}
	var m uint32
	if c.implicit {
		m = d.r.Uint32()
		if m&^c.owned != 0 {
			d.r.Failf(wire.ErrInvalid, "encoding mask 0x%x has bits that no optional field owns (0x%x)", m, m&^c.owned)
			return
		}
	}
	for i := range c.fields {
		f := &c.fields[i]
		fp := p.at(f.off)
		switch {
		case f.isMask:
			if f.wide {
				m = d.r.Uint32()
			} else {
				m = uint32(d.r.Uint8())
			}
			if d.r.Err() != nil {
				d.failed(f.name)
				return
			}
			if m&^c.owned != 0 {
				d.r.Failf(wire.ErrInvalid, "mask 0x%x has bits that no field owns (0x%x)", m, m&^c.owned)
				d.failed(f.name)
				return
			}
			if f.stored {
				if f.wide {
					*as[uint32](fp) = m
				} else {
					*as[uint8](fp) = uint8(m)
				}
			}
			continue
		case f.bit >= 0 && m&(1<<uint(f.bit)) == 0:
			clearValue(fp, f.zop, f.c)
			continue
		}
		decValue(d, fp, f.dop, f.c)
		if d.failed(f.name) {
			return
		}
	}
	if c.enter {
		d.r.Leave()
	}
}

// encUnion writes a union (§5.2.8): the UInt32 switch field, then the
// selected alternative (1-based; 0 writes nothing more).
func encUnion(e *encState, p pointer, c *codec) {
	if c.enter {
		if !e.enter() {
			return
		}
		defer e.leave()
	}
	sw := &c.fields[0]
	s := *as[uint32](p.at(sw.off))
	if int64(s) >= int64(len(c.fields)) {
		e.w.Failf(wire.ErrInvalid, "union switch %d, but there are %d alternatives", s, len(c.fields)-1)
		e.failed(sw.name)
		return
	}
	e.w.Uint32(s)
	if s == 0 {
		return
	}
	f := &c.fields[s]
	encValue(e, p.at(f.off), f.op, f.c)
	if f.op == opCodec {
		e.failed(f.name)
	}
}

// decUnion reads a union; the alternatives not selected are set to zero.
func decUnion(d *decState, p pointer, c *codec) {
	if c.enter {
		if !d.r.Enter() {
			return
		}
		defer d.r.Leave()
	}
	sw := &c.fields[0]
	s := d.r.Uint32()
	if d.failed(sw.name) {
		return
	}
	if int64(s) >= int64(len(c.fields)) {
		d.r.Failf(wire.ErrInvalid, "union switch %d, but there are %d alternatives", s, len(c.fields)-1)
		d.failed(sw.name)
		return
	}
	*as[uint32](p.at(sw.off)) = s
	for i := 1; i < len(c.fields); i++ {
		f := &c.fields[i]
		if uint32(i) != s {
			clearValue(p.at(f.off), f.zop, f.c)
			continue
		}
		decValue(d, p.at(f.off), f.dop, f.c)
		if d.failed(f.name) {
			return
		}
	}
}

// encIfPresent encodes a field of a computed mask if it is not zero and
// reports whether it did: one switch for the presence test and the
// encoding of primitives.
func encIfPresent(e *encState, p pointer, f *field) bool {
	switch f.op {
	case opBool, opInt8, opUint8:
		v := *as[uint8](p)
		if v == 0 {
			return false
		}
		if f.op == opBool {
			v = 1
		}
		e.w.Uint8(v)
	case opInt16, opUint16:
		v := *as[uint16](p)
		if v == 0 {
			return false
		}
		e.w.Uint16(v)
	case opInt32, opUint32:
		v := *as[uint32](p)
		if v == 0 {
			return false
		}
		e.w.Uint32(v)
	case opInt64, opUint64:
		v := *as[uint64](p)
		if v == 0 {
			return false
		}
		e.w.Uint64(v)
	case opString:
		v := *as[string](p)
		if v == "" {
			return false
		}
		e.w.Str(v)
	default:
		if isZeroValue(p, f.zop, f.c) {
			return false
		}
		encValue(e, p, f.op, f.c)
	}
	return true
}
