package uabin

// Structures (Part 6 §5.2.6), with an encoding mask (§5.2.7 optional
// fields; the mask/bit=N form of DataValue, LocalizedText, DiagnosticInfo)
// or as unions (§5.2.8). A Go struct and a run-time structure definition
// (dynamic_plan.go) are planned by the same function, planStruct, from a
// list of fieldSpecs, and encoded by the same loops.

import (
	"reflect"

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
	name   string  // field name, used only to build error paths
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

// A fieldSpec is a field as the struct planner receives it.
type fieldSpec struct {
	name     string       // field name
	off      uintptr      // offset in the struct
	typ      reflect.Type // Go type of the field
	tag      tagInfo      // its ua: tag
	exported bool         // only exported fields are encoded, except a blank mask
	c        *codec       // the field's codec, when the caller made it (run-time structures)
}

// fillStruct plans a Go struct from its fields and their tags.
func (b *builder) fillStruct(c *codec, path string) *planError {
	t := c.typ
	specs := make([]fieldSpec, 0, t.NumField())
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
		specs = append(specs, fieldSpec{name: sf.Name, off: sf.Offset, typ: sf.Type, tag: ti, exported: sf.IsExported()})
	}
	st, err := b.planStruct(c, specs, path)
	if err != nil {
		return err
	}
	if len(st.fields) == 0 && hasUnexported(specs) {
		return unsupported(path, t, "only unexported fields: a value would encode to nothing (export the fields, or tag them ua:\"-\" to say so)")
	}
	st.enter = st.enter || t == typeDataValue || t == typeDiagInfo
	return nil
}

// hasUnexported reports whether a field is skipped only because it is
// not exported.
func hasUnexported(specs []fieldSpec) bool {
	for _, sp := range specs {
		if !sp.exported && !sp.tag.skip {
			return true
		}
	}
	return false
}

// planStruct makes c the codec of a structure with the given fields; path
// is where the structure was met ("" at the top level, where field paths
// start with the type's name).
func (b *builder) planStruct(c *codec, specs []fieldSpec, path string) (*structPlan, *planError) {
	st := c.st // a run-time structure's block has one already (dynBlock)
	if st == nil {
		st = new(structPlan)
		c.st = st
	}
	st.storedAt, st.zerosAt = -1, -1
	c.append, c.consume, c.isZero = appendStruct, consumeStruct, zeroStruct
	var (
		maskSeen  bool
		maskWide  bool
		masked    bool
		union     bool
		optionals int
		bits      uint32
	)
	for _, sp := range specs {
		fpath := joinField(path, sp.name)
		if path == "" {
			fpath = joinField(c.typ.Name(), sp.name)
		}
		ti := sp.tag
		if ti.skip || (!ti.mask && !sp.exported) {
			continue
		}
		if ti.zero && !ti.mask {
			return nil, unsupported(fpath, sp.typ, "the zero option applies to a mask field only")
		}
		f := field{name: sp.name, off: sp.off, bit: -1}
		switch {
		case ti.mask:
			k := sp.typ.Kind()
			if k != reflect.Uint8 && k != reflect.Uint32 {
				return nil, unsupported(fpath, sp.typ, "a mask field must be a uint8 or uint32")
			}
			if maskSeen || optionals > 0 || union {
				return nil, unsupported(fpath, sp.typ, "a struct can have one encoding mask (mask or optional), not both, and no switch")
			}
			maskSeen, maskWide = true, k == reflect.Uint32
			f.isMask, f.wide, f.stored = true, maskWide, sp.name != "_"
			if f.stored && !sp.exported {
				return nil, unsupported(fpath, sp.typ, "a stored mask field must be exported")
			}
			if ti.zero {
				if !f.stored {
					return nil, unsupported(fpath, sp.typ, "the zero option needs a named mask field to keep the bits in")
				}
				f.stored, f.zeros = false, true
			}
			f.c, _ = b.codec(sp.typ, fpath)
			st.fields = append(st.fields, f)
			masked = true
			continue
		case ti.sw:
			if sp.typ.Kind() != reflect.Uint32 {
				return nil, unsupported(fpath, sp.typ, "a switch field must be a uint32")
			}
			if len(st.fields) > 0 || maskSeen || optionals > 0 {
				return nil, unsupported(fpath, sp.typ, "the switch field must be the first encoded field of a struct with no mask")
			}
			union = true
		case ti.optional:
			if maskSeen || union || ti.bit >= 0 {
				return nil, unsupported(fpath, sp.typ, "optional cannot be combined with mask, bit=N or switch")
			}
			if optionals == 32 {
				return nil, unsupported(fpath, sp.typ, "more than 32 optional fields")
			}
			f.bit = int8(optionals)
			optionals++
			st.implicit, masked = true, true
		case ti.bit >= 0:
			if !maskSeen {
				return nil, unsupported(fpath, sp.typ, "bit=%d needs a mask field before it", ti.bit)
			}
			if !maskWide && ti.bit > 7 {
				return nil, unsupported(fpath, sp.typ, "bit=%d does not fit in a Byte mask", ti.bit)
			}
			if bits&(1<<uint(ti.bit)) != 0 {
				return nil, unsupported(fpath, sp.typ, "bit=%d is used twice", ti.bit)
			}
			f.bit = int8(ti.bit)
		}
		if f.bit >= 0 {
			bits |= 1 << uint(f.bit)
		}
		fc := sp.c
		if fc == nil {
			var err *planError
			if fc, err = b.fieldCodec(sp.typ, ti, fpath); err != nil {
				return nil, err
			}
		}
		f.c = fc
		f.op, f.dop, f.zop = fc.op, fc.op, zeroOp(fc)
		if fc.conv != nil && fc.conv.max != 0 {
			f.op = fc.conv.wireOp // encoding with max=N is the plain primitive
		}
		st.fields = append(st.fields, f)
	}
	st.owned = bits
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
	switch {
	case union:
		c.append, c.consume = appendUnion, consumeUnion
		c.minWire = 4
	case masked:
		c.append, c.consume = appendMasked, consumeMasked
	}
	if st.implicit {
		c.minWire += 4
	}
	if !union {
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
	return st, nil
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
			putUint32(s.w.Buf[at:], m)
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
