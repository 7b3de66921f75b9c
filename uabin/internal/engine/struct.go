package engine

// Structures (Part 6 §5.2.6), with an encoding mask (§5.2.7 optional
// fields; the mask/bit=N form of DataValue, LocalizedText, DiagnosticInfo)
// or as unions (§5.2.8). A Go struct and a run-time structure (dynamic.go)
// are planned by the same function, planStruct, from their models
// (uamodel.Struct), and encoded by the same loops.

import (
	"encoding/binary"
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin/wire"
)

// structPlan is the plan of a structure.
type structPlan struct {
	fields   []field // the encoded fields, in order
	implicit bool    // optional fields: a UInt32 mask precedes the first field
	owned    uint32  // mask bits that fields own
	bitIdx   []int   // indexes in fields of the fields with a mask bit
	storedAt int     // index in fields of a stored mask field, or -1
	zerosAt  int     // index in fields of the mask field of a `mask,zero` mask, or -1
	enter    bool    // counts one nesting level (DataValue, DiagnosticInfo, recursive types)
}

// A field describes how one struct field is put on the wire.
type field struct {
	name   string  // field name (uamodel.Field.GoName), used only to build error paths
	off    uintptr // offset from the start of the struct
	op     op      // inline encoding op, or opCodec to call c
	dop    op      // inline decoding op (differs from op for max=N), or opCodec
	zop    op      // inline op for presence tests and clearing, or opCodec
	c      *codec  // the field's codec (also for inline ops: isZero, clear)
	bit    int8    // mask bit that decides presence; -1 for always-present fields
	isMask bool    // this is the mask itself (computed or stored), written here
	wide   bool    // for isMask: UInt32 mask, else Byte
	stored bool    // for isMask: the mask value lives in the field
	zeros  bool    // for isMask: a computed mask; the field keeps the bits of fields sent although zero (`mask,zero`)
}

// planStruct makes c the codec of the structure modelled by ms: the
// loop of its encoding, a field record per encoded field and its minimum
// wire size. The codecs of the fields of a run-time structure that hold
// nested structures or matrices are made by dynField (dynamic.go).
func (b *builder) planStruct(c *codec, ms *uamodel.Struct) {
	st := &structPlan{storedAt: -1, zerosAt: -1, owned: ms.Owned, enter: ms.Enter,
		implicit: ms.Encoding == uamodel.OptionalFields}
	c.st = st
	c.append, c.consume, c.isZero = appendStruct, consumeStruct, zeroStruct
	st.fields = make([]field, 0, len(ms.Fields))
	for i := range ms.Fields {
		mf := &ms.Fields[i]
		f := field{name: mf.GoName, off: mf.Offset, bit: int8(mf.Bit)}
		if mf.Presence == uamodel.MaskField {
			f.isMask, f.wide = true, mf.MaskWide()
			f.stored, f.zeros = mf.Mask == uamodel.Stored, mf.Mask == uamodel.Zeros
			f.c = b.codec(mf.Type)
			st.fields = append(st.fields, f)
			continue
		}
		var fc *codec
		if mf.Type == nil {
			fc = b.dynField(mf.Dyn)
		} else {
			fc = b.codec(mf.Type)
		}
		f.c = fc
		f.op, f.dop, f.zop = fc.op, fc.op, zeroOp(fc)
		if fc.conv != nil && fc.conv.max != 0 {
			f.op = fc.conv.wireOp // encoding with max=N is the plain primitive
		}
		st.fields = append(st.fields, f)
	}
	for i := range st.fields {
		f := &st.fields[i]
		switch {
		case f.isMask && f.stored:
			st.storedAt = i
		case f.isMask && f.zeros:
			st.zerosAt = i
		case f.bit >= 0:
			st.bitIdx = append(st.bitIdx, i)
		}
	}
	switch ms.Encoding {
	case uamodel.Union:
		c.append, c.consume = appendUnion, consumeUnion
		c.minWire = 4
	case uamodel.OptionalFields, uamodel.Masked:
		c.append, c.consume = appendMasked, consumeMasked
	}
	if st.implicit {
		c.minWire += 4
	}
	if ms.Encoding != uamodel.Union {
		for i := range st.fields {
			f := &st.fields[i]
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

// appendStruct writes a structure without mask or switch: its fields in
// order.
func appendStruct(s *appendState, p pointer, c *codec) {
	st := c.st
	if st.enter && !s.w.Enter() {
		return
	}
	for i := range st.fields {
		f := &st.fields[i]
		if fc := f.c; f.op != opCodec {
			appendPrimitive(&s.w, p.at(f.off), f.op) // fails only for a string longer than MaxInt32
		} else if x := fc.ext; x != nil { // a codec of fastpath, called directly (fast.go)
			if !x.Append(&s.w, p.at(f.off).raw()) {
				fc.plan.append(s, p.at(f.off), fc.plan)
			}
		} else {
			fc.append(s, p.at(f.off), fc)
		}
		if s.w.Err() != nil { // not s.failed: it does not inline, and this runs after every field
			addPath(s.w.Err(), f.name)
			return // the error is sticky: the depth no longer matters
		}
	}
	if st.enter {
		s.w.Leave()
	}
}

// consumeStruct reads a structure without mask or switch.
func consumeStruct(s *consumeState, p pointer, c *codec) {
	st := c.st
	if st.enter && !s.r.Enter() {
		return
	}
	for i := range st.fields {
		f := &st.fields[i]
		if fc := f.c; f.dop != opCodec {
			consumePrimitive(&s.r, p.at(f.off), f.dop)
		} else if x := fc.ext; x != nil { // as in appendStruct
			if !x.Consume(&s.r, p.at(f.off).raw()) {
				fc.plan.consume(s, p.at(f.off), fc.plan)
			}
		} else {
			fc.consume(s, p.at(f.off), fc)
		}
		if s.r.Err() != nil { // as in appendStruct
			addPath(s.r.Err(), f.name)
			return // the error is sticky: the depth no longer matters
		}
	}
	if st.enter {
		s.r.Leave()
	}
}

// zeroStruct reports whether every encoded field is zero.
func zeroStruct(p pointer, c *codec) bool {
	for i := range c.st.fields {
		f := &c.st.fields[i]
		if f.isMask {
			continue
		}
		if !isZeroValue(p.at(f.off), f.zop, f.c) {
			return false
		}
	}
	return true
}

// maskName is the path element of the mask field f in errors: its name
// if the mask is stored in it, else "_" (nothing: the error is the
// structure's, as the mask of DataValue, whose field SentZero only keeps
// bits, and of LocalizedText, which has no mask field).
func (f *field) maskName() string {
	if f.stored {
		return f.name
	}
	return "_"
}

// loadMask reads the mask field f of the structure at p.
func loadMask(p pointer, f *field) uint32 {
	if f.wide {
		return *as[uint32](p.at(f.off))
	}
	return uint32(*as[uint8](p.at(f.off)))
}

// storeMask sets the mask field f of the structure at p.
func storeMask(p pointer, f *field, m uint32) {
	if f.wide {
		*as[uint32](p.at(f.off)) = m
	} else {
		*as[uint8](p.at(f.off)) = uint8(m)
	}
}

// storedMask returns the stored mask to write; bits that no field owns
// are ErrInvalid.
func storedMask(s *appendState, p pointer, st *structPlan) (uint32, bool) {
	f := &st.fields[st.storedAt]
	m := loadMask(p, f)
	if m&^st.owned != 0 {
		s.w.Failf(wire.ErrInvalid, "mask 0x%x has bits that no field owns (0x%x)", m, m&^st.owned)
		s.failed(f.maskName())
		return 0, false
	}
	return m, true
}

// appendMasked writes a structure with an encoding mask: the implicit
// UInt32 mask of optional fields (§5.2.7), or a computed or stored mask
// field (DataValue, LocalizedText, DiagnosticInfo); fields whose bit is
// clear are left out. A computed mask is written as a placeholder and
// back-patched once the presence of the fields after it is known, so each
// field is looked at once (this is a third of the time of a DataValue).
func appendMasked(s *appendState, p pointer, c *codec) {
	st := c.st
	if st.enter && !s.w.Enter() {
		return
	}
	var m, keep uint32 // keep: the bits of fields to send although zero (mask,zero)
	computed := st.storedAt < 0
	if st.zerosAt >= 0 {
		keep = loadMask(p, &st.fields[st.zerosAt]) & st.owned
	}
	if !computed {
		var ok bool
		if m, ok = storedMask(s, p, st); !ok {
			return
		}
	}
	at, wide := -1, false
	if st.implicit {
		at, wide = len(s.w.Buf), true
		s.w.Uint32(0)
	}
	for i := range st.fields {
		f := &st.fields[i]
		fp := p.at(f.off)
		switch {
		case f.isMask:
			if computed {
				at, wide = len(s.w.Buf), f.wide
			}
			if f.wide {
				s.w.Uint32(m)
			} else {
				s.w.Uint8(uint8(m))
			}
			continue
		case f.bit < 0:
		case computed:
			if appendIfPresent(s, fp, f, keep) {
				m |= 1 << uint(f.bit)
			}
			if f.op == opCodec && s.failed(f.name) {
				return
			}
			continue
		case m&(1<<uint(f.bit)) == 0:
			continue
		}
		if f.op == opCodec {
			f.c.append(s, fp, f.c)
		} else {
			appendPrimitive(&s.w, fp, f.op)
		}
		if f.op == opCodec && s.failed(f.name) {
			return
		}
	}
	if computed && at >= 0 {
		if wide {
			binary.LittleEndian.PutUint32(s.w.Buf[at:], m)
		} else {
			s.w.Buf[at] = uint8(m)
		}
	}
	if st.enter {
		s.w.Leave()
	}
}

// consumeMasked reads a structure with an encoding mask; absent fields are
// set to zero, and a mask bit that no field owns is ErrInvalid.
func consumeMasked(s *consumeState, p pointer, c *codec) {
	st := c.st
	if st.enter && !s.r.Enter() {
		return
	}
	var m, zeros uint32 // zeros: present fields that decoded to zero (mask,zero)
	if st.implicit {
		m = s.r.Uint32()
		if m&^st.owned != 0 {
			s.r.FailAt(s.r.Offset()-4, wire.ErrInvalid, "encoding mask 0x%x has bits that no optional field owns (0x%x)", m, m&^st.owned)
			return
		}
	}
	for i := range st.fields {
		f := &st.fields[i]
		fp := p.at(f.off)
		switch {
		case f.isMask:
			at := s.r.Offset()
			if f.wide {
				m = s.r.Uint32()
			} else {
				m = uint32(s.r.Uint8())
			}
			if s.r.Err() != nil {
				s.failed(f.maskName())
				return
			}
			if m&^st.owned != 0 {
				s.r.FailAt(at, wire.ErrInvalid, "mask 0x%x has bits that no field owns (0x%x)", m, m&^st.owned)
				s.failed(f.maskName())
				return
			}
			if f.stored {
				storeMask(p, f, m)
			}
			continue
		case f.bit >= 0 && m&(1<<uint(f.bit)) == 0:
			clearValue(fp, f.zop, f.c)
			continue
		}
		if f.dop == opCodec {
			f.c.consume(s, fp, f.c)
		} else {
			consumePrimitive(&s.r, fp, f.dop)
		}
		if s.failed(f.name) {
			return
		}
		if st.zerosAt >= 0 && f.bit >= 0 && isZeroValue(fp, f.zop, f.c) {
			zeros |= 1 << uint(f.bit)
		}
	}
	if st.zerosAt >= 0 {
		storeMask(p, &st.fields[st.zerosAt], zeros)
	}
	if st.enter {
		s.r.Leave()
	}
}

// appendUnion writes a union (§5.2.8): the UInt32 switch field, then the
// selected alternative (1-based; 0 writes nothing more).
func appendUnion(s *appendState, p pointer, c *codec) {
	st := c.st
	if st.enter {
		if !s.w.Enter() {
			return
		}
		defer s.w.Leave()
	}
	sw := &st.fields[0]
	n := *as[uint32](p.at(sw.off))
	if int64(n) >= int64(len(st.fields)) {
		s.w.Failf(wire.ErrInvalid, "union switch %d, but there are %d alternatives", n, len(st.fields)-1)
		s.failed(sw.name)
		return
	}
	s.w.Uint32(n)
	if n == 0 {
		return
	}
	f := &st.fields[n]
	if f.op == opCodec {
		f.c.append(s, p.at(f.off), f.c)
	} else {
		appendPrimitive(&s.w, p.at(f.off), f.op)
	}
	if f.op == opCodec {
		s.failed(f.name)
	}
}

// consumeUnion reads a union; the alternatives not selected are set to
// zero.
func consumeUnion(s *consumeState, p pointer, c *codec) {
	st := c.st
	if st.enter {
		if !s.r.Enter() {
			return
		}
		defer s.r.Leave()
	}
	sw := &st.fields[0]
	n := s.r.Uint32()
	if s.failed(sw.name) {
		return
	}
	if int64(n) >= int64(len(st.fields)) {
		s.r.FailAt(s.r.Offset()-4, wire.ErrInvalid, "union switch %d, but there are %d alternatives", n, len(st.fields)-1)
		s.failed(sw.name)
		return
	}
	*as[uint32](p.at(sw.off)) = n
	for i := 1; i < len(st.fields); i++ {
		f := &st.fields[i]
		if uint32(i) != n {
			clearValue(p.at(f.off), f.zop, f.c)
			continue
		}
		if f.dop == opCodec {
			f.c.consume(s, p.at(f.off), f.c)
		} else {
			consumePrimitive(&s.r, p.at(f.off), f.dop)
		}
		if s.failed(f.name) {
			return
		}
	}
}

// appendIfPresent encodes a field of a computed mask if it is not zero, or
// its bit is in keep, and reports whether it did: one switch for the
// presence test and the encoding of primitives.
func appendIfPresent(s *appendState, p pointer, f *field, keep uint32) bool {
	if keep&(1<<uint(f.bit)) != 0 {
		if f.op == opCodec {
			f.c.append(s, p, f.c)
		} else {
			appendPrimitive(&s.w, p, f.op)
		}
		return true
	}
	switch f.op {
	case opBool, opInt8, opUint8:
		v := *as[uint8](p)
		if v == 0 {
			return false
		}
		if f.op == opBool {
			v = 1
		}
		s.w.Uint8(v)
	case opInt16, opUint16:
		v := *as[uint16](p)
		if v == 0 {
			return false
		}
		s.w.Uint16(v)
	case opInt32, opUint32:
		v := *as[uint32](p)
		if v == 0 {
			return false
		}
		s.w.Uint32(v)
	case opInt64, opUint64:
		v := *as[uint64](p)
		if v == 0 {
			return false
		}
		s.w.Uint64(v)
	case opString:
		v := *as[string](p)
		if zeroStr(v) {
			return false
		}
		s.w.Str(v)
	default:
		if isZeroValue(p, f.zop, f.c) {
			return false
		}
		if f.op == opCodec {
			f.c.append(s, p, f.c)
		} else {
			appendPrimitive(&s.w, p, f.op)
		}
	}
	return true
}
