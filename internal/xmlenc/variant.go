package xmlenc

// Variant (§5.3.1.17), DataValue (§5.3.1.18) and DiagnosticInfo
// (§5.3.1.13):
//
//	<Variant><Value><Int32>5</Int32></Value></Variant>
//	<Variant><Value><ListOfString><String>a</String></ListOfString></Value></Variant>
//	<Variant><Value><Matrix><Dimensions><Int32>2</Int32><Int32>2</Int32></Dimensions>
//	    <Elements><Double>1</Double>...</Elements></Matrix></Value></Variant>
//
// A null Variant has no Value element. A DataValue writes the fields that
// the binary encoding writes (those not zero, or in SentZero), each as an
// element; a DiagnosticInfo the fields its Mask has.

import (
	"reflect"
	"strconv"
	"sync"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

func init() {
	builtinCodecs[reflect.TypeFor[types.Variant]()] = &codec{name: "Variant",
		enc: func(e *encoder, v reflect.Value) error {
			x := *ptrTo[types.Variant](v)
			if x.IsNull() {
				return nil
			}
			e.b = append(e.b, "<Value>"...)
			if err := e.variantValue(&x); err != nil {
				return err
			}
			e.b = append(e.b, "</Value>"...)
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			k0, err := d.kid(n, "Value")
			if err != nil {
				return err
			}
			// Straight into v (written only on success).
			var x types.Variant
			p := &x
			if v.CanAddr() {
				p = (*types.Variant)(v.Addr().UnsafePointer())
			}
			if k0 == nil {
				*p = types.Variant{}
			} else {
				// A String in v is where a String decodes (scalarInPlace),
				// kept if the text is the same.
				d.str, _ = p.Text()
				err = d.variantInto(k0, p)
				d.str = ""
				if err != nil {
					return wire.WithPath(err, "Value")
				}
			}
			if p == &x {
				setTo(v, x)
			}
			return nil
		},
	}
	builtinCodecs[reflect.TypeFor[types.DataValue]()] = &codec{name: "DataValue",
		enc: func(e *encoder, v reflect.Value) error { return e.dataValue(ptrTo[types.DataValue](v)) },
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			x, err := d.dataValue(n)
			setTo(v, x)
			return err
		},
	}
	builtinCodecs[reflect.TypeFor[types.DiagnosticInfo]()] = &codec{name: "DiagnosticInfo",
		enc: func(e *encoder, v reflect.Value) error {
			x := *ptrTo[types.DiagnosticInfo](v)
			return e.diagnosticInfo(&x)
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			var x types.DiagnosticInfo
			err := d.diagnosticInfo(n, &x)
			setTo(v, x)
			return err
		},
	}
}

// builtinCodec returns the codec of the Go type of the built-in bt.
func builtinCodec(bt types.BuiltinType) *codec { return variantCodecs()[bt].scalar }

// builtinList returns the codec of an array of the built-in bt.
func builtinList(bt types.BuiltinType) *codec { return variantCodecs()[bt].list }

// variantCodecs returns the codecs of the built-ins' Go types and of
// their arrays, made on first use (after every init function has filled
// builtinCodecs).
var variantCodecs = sync.OnceValue(func() (cs *[types.TypeDiagnosticInfo + 1]struct{ scalar, list *codec }) {
	cs = new([types.TypeDiagnosticInfo + 1]struct{ scalar, list *codec })
	for bt := types.TypeBoolean; bt <= types.TypeDiagnosticInfo; bt++ {
		c, err := codecFor(bt.GoType())
		if err != nil {
			panic("xmlenc: no codec for " + bt.String())
		}
		cs[bt].scalar, cs[bt].list = c, listCodec(c, false, 0)
	}
	return cs
})

// variantValue writes the element inside a Variant's Value.
func (e *encoder) variantValue(x *types.Variant) error {
	if err := e.enter(); err != nil {
		return err
	}
	defer e.leave()
	bt := x.Type()
	if bt < types.TypeBoolean || bt > types.TypeDiagnosticInfo {
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "Variant of built-in type %d has no XML form", bt)}
	}
	c := builtinCodec(bt)
	if !x.IsArray() {
		if bt == types.TypeVariant {
			return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "a Variant cannot hold a scalar Variant")}
		}
		if bitsType(bt) {
			// From the bits: no value boxed in an interface.
			e.bitsElement(bt.String(), bt, x.Bits())
			return nil
		}
		if bt == types.TypeString {
			return e.stringElement("String", x.Str())
		}
		if bt == types.TypeXmlElement {
			// Not through Value: an interface holding "" loses the
			// wire.EmptyString mark (an empty String, not a null one).
			str := x.Str()
			return e.element(bt.String(), c, reflect.ValueOf(&str).Elem())
		}
		return e.element(bt.String(), c, reflect.ValueOf(x.Value()))
	}
	arr := reflect.ValueOf(x.Raw())
	if dims := x.Dimensions(); len(dims) >= 2 {
		e.b = append(e.b, "<Matrix><Dimensions>"...)
		for _, n := range dims {
			e.b = append(e.b, "<Int32>"...)
			e.b = strconv.AppendInt(e.b, int64(n), 10)
			e.b = append(e.b, "</Int32>"...)
		}
		e.b = append(e.b, "</Dimensions><Elements>"...)
		for i := 0; i < arr.Len(); i++ {
			if err := e.element(bt.String(), c, arr.Index(i)); err != nil {
				return wire.WithPath(err, wire.IndexPath(i))
			}
		}
		e.b = append(e.b, "</Elements></Matrix>"...)
		return nil
	}
	lc := builtinList(bt)
	return e.element(lc.name, lc, arr)
}

// variantValue reads the element inside a Variant's Value (absent or
// empty: the null Variant).
func (d *decoder) variantValue(n *Node) (types.Variant, error) {
	var x types.Variant
	err := d.variantInto(n, &x)
	return x, err
}

// variantInto is variantValue writing the Variant to out, on success
// only.
func (d *decoder) variantInto(n *Node, out *types.Variant) error {
	if err := d.noText(n); err != nil {
		return err
	}
	switch len(n.Kids) {
	case 0:
		*out = types.Variant{}
		return nil
	case 1:
	default:
		return d.fail(n.Kids[1], wire.ErrInvalid, "a second element, %s, in a Variant's Value", n.Kids[1].Name)
	}
	if err := d.enter(n); err != nil {
		return err
	}
	defer d.leave()
	k := n.Kids[0]
	name := k.Name
	if name == "Matrix" {
		x, err := d.matrix(k, out)
		if err == nil {
			*out = x
		}
		return err
	}
	list := false
	if len(name) > 6 && name[:6] == "ListOf" {
		name, list = name[6:], true
	}
	bt := builtinByName(name)
	if bt == 0 || !list && bt == types.TypeVariant {
		return d.fail(k, wire.ErrInvalid, "%s is not a built-in type a Variant can hold", k.Name)
	}
	c := builtinCodec(bt)
	if !list && (bitsType(bt) || bt == types.TypeString) {
		if err := d.scalarInPlace(k, bt, c, out); err != nil {
			return wire.WithPath(err, k.Name)
		}
		return nil
	}
	if !list {
		x := reflect.New(bt.GoType()).Elem()
		if err := d.element(k, c, x); err != nil {
			return wire.WithPath(err, k.Name)
		}
		y, err := types.NewVariant(x.Interface())
		if err == nil {
			*out = y
		}
		return err
	}
	lc := builtinList(bt)
	sl := reflect.New(lc.nullType(bt)).Elem()
	if out.IsArray() && out.Type() == bt && len(out.Dimensions()) == 0 && out.Raw() != nil {
		sl.Set(reflect.ValueOf(out.Raw())) // its array is reused if it has room
	}
	if err := d.element(k, lc, sl); err != nil {
		return wire.WithPath(err, k.Name)
	}
	out.SetRaw(bt, true, sl.Interface(), nil)
	return nil
}

// scalarInPlace decodes the element k of a Variant's scalar of bt, a
// bitsType or String, into the decoder's word or string (no value made
// and boxed; d.str holds the String of the Variant decoded into, or "")
// and sets out, on success, to the Variant holding it (see types.Variant's
// Storage).
func (d *decoder) scalarInPlace(k *Node, bt types.BuiltinType, c *codec, out *types.Variant) error {
	if bt == types.TypeString {
		err := d.element(k, c, reflect.NewAt(stringType, unsafe.Pointer(&d.str)).Elem())
		if err == nil {
			out.SetString(bt, d.str)
		}
		d.str = ""
		return err
	}
	d.word = 0
	p := unsafe.Pointer(&d.word)
	if err := d.element(k, c, reflect.NewAt(bt.GoType(), p).Elem()); err != nil {
		return err
	}
	var bits uint64
	switch bt {
	case types.TypeBoolean:
		if *(*bool)(p) {
			bits = 1
		}
	case types.TypeSByte:
		bits = uint64(int64(*(*int8)(p)))
	case types.TypeInt16:
		bits = uint64(int64(*(*int16)(p)))
	case types.TypeInt32:
		bits = uint64(int64(*(*int32)(p)))
	case types.TypeByte:
		bits = uint64(*(*uint8)(p))
	case types.TypeUInt16:
		bits = uint64(*(*uint16)(p))
	case types.TypeUInt32, types.TypeStatusCode, types.TypeFloat:
		bits = uint64(*(*uint32)(p)) // a Float's bits are math.Float32bits
	default: // Int64, UInt64, Double (math.Float64bits), DateTime
		bits = d.word
	}
	out.SetBits(bt, bits)
	return nil
}

var stringType = reflect.TypeFor[string]()

// nullType returns the slice type of an array of bt.
func (c *codec) nullType(bt types.BuiltinType) reflect.Type { return reflect.SliceOf(bt.GoType()) }

// matrix reads a Matrix: Dimensions (Int32s, two or more) and Elements of
// one built-in type, as many as the dimensions give.
func (d *decoder) matrix(n *Node, old *types.Variant) (types.Variant, error) {
	k, err := d.kids(n, "Dimensions", "Elements")
	if err != nil {
		return types.Variant{}, err
	}
	if k[0] == nil {
		return types.Variant{}, d.fail(n, wire.ErrInvalid, "Matrix without Dimensions")
	}
	// The arrays of the matrix decoded into are reused if they have room.
	reuse := old.IsArray() && len(old.Dimensions()) >= 2 && old.Raw() != nil
	dv := reflect.New(reflect.TypeFor[[]int32]()).Elem()
	if reuse {
		dv.Set(reflect.ValueOf(old.Dimensions()))
	}
	dc := builtinList(types.TypeInt32)
	if err := d.element(k[0], dc, dv); err != nil {
		return types.Variant{}, wire.WithPath(err, "Dimensions")
	}
	dims := dv.Interface().([]int32)
	total := 1
	for _, x := range dims {
		if x < 0 {
			return types.Variant{}, d.fail(k[0], wire.ErrInvalid, "Matrix dimension %d", x)
		}
		total *= int(x)
		if total > d.lim.MaxArrayLength {
			return types.Variant{}, d.fail(k[0], wire.ErrLimitExceeded, "Matrix of more than %d elements", d.lim.MaxArrayLength)
		}
	}
	if len(dims) < 2 {
		return types.Variant{}, d.fail(k[0], wire.ErrInvalid, "Matrix with %d dimensions (two or more)", len(dims))
	}
	var elems []*Node
	if k[1] != nil {
		if err := d.noText(k[1]); err != nil {
			return types.Variant{}, err
		}
		elems = k[1].Kids
	}
	if len(elems) != total {
		return types.Variant{}, d.fail(n, wire.ErrInvalid, "Matrix of dimensions %v with %d elements", dims, len(elems))
	}
	if total == 0 {
		return types.Variant{}, d.fail(n, wire.ErrInvalid, "an empty Matrix names no element type")
	}
	bt := builtinByName(elems[0].Name)
	if bt == 0 {
		return types.Variant{}, d.fail(elems[0], wire.ErrInvalid, "%s is not a built-in type", elems[0].Name)
	}
	lc := builtinList(bt)
	s := reflect.New(reflect.SliceOf(bt.GoType())).Elem()
	if reuse && old.Type() == bt {
		s.Set(reflect.ValueOf(old.Raw()))
	}
	// k[1] is the list: its elements, no text (checked above).
	if err := lc.dec(d, k[1], s); err != nil {
		return types.Variant{}, wire.WithPath(err, "Elements")
	}
	var out types.Variant
	out.SetRaw(bt, true, s.Interface(), dims)
	return out, nil
}

// builtinByName returns the built-in type of an element name ("Int32"),
// or 0.
func builtinByName(name string) types.BuiltinType {
	for bt := types.TypeBoolean; bt <= types.TypeDiagnosticInfo; bt++ {
		if bt.String() == name {
			return bt
		}
	}
	return 0
}

// dataValue fields in the order of the XML schema, with their mask bits.
var dataValueFields = [...]struct {
	name string
	bit  uint8
}{{"Value", 0x01}, {"StatusCode", 0x02}, {"SourceTimestamp", 0x04}, {"SourcePicoseconds", 0x10}, {"ServerTimestamp", 0x08}, {"ServerPicoseconds", 0x20}}

// dataValueNames are the names of dataValueFields.
var dataValueNames = func() []string {
	names := make([]string, len(dataValueFields))
	for i, f := range dataValueFields {
		names[i] = f.name
	}
	return names
}()

func (e *encoder) dataValue(x *types.DataValue) error {
	if err := e.enter(); err != nil {
		return err
	}
	defer e.leave()
	has := func(bit uint8, zero bool) bool { return !zero || x.SentZero&bit != 0 }
	if has(0x01, x.Value.IsNull()) {
		if err := e.element("Value", builtinCodec(types.TypeVariant), reflect.ValueOf(&x.Value).Elem()); err != nil {
			return wire.WithPath(err, "Value")
		}
	}
	if has(0x02, x.Status == 0) {
		e.b = append(e.b, "<StatusCode><Code>"...)
		e.b = strconv.AppendUint(e.b, uint64(x.Status), 10)
		e.b = append(e.b, "</Code></StatusCode>"...)
	}
	for _, f := range []struct {
		name string
		bit  uint8
		t    types.DateTime
		pico uint16
		ts   bool
	}{{"SourceTimestamp", 0x04, x.SourceTimestamp, 0, true}, {"SourcePicoseconds", 0x10, 0, x.SourcePicoseconds, false},
		{"ServerTimestamp", 0x08, x.ServerTimestamp, 0, true}, {"ServerPicoseconds", 0x20, 0, x.ServerPicoseconds, false}} {
		if f.ts && has(f.bit, f.t == 0) {
			e.b = append(e.b, "<"+f.name+">"...)
			e.b = appendDateTime(e.b, &e.dt, f.t)
			e.b = append(e.b, "</"+f.name+">"...)
		}
		if !f.ts && has(f.bit, f.pico == 0) {
			e.b = append(e.b, "<"+f.name+">"...)
			e.b = strconv.AppendUint(e.b, uint64(min(f.pico, 9999)), 10)
			e.b = append(e.b, "</"+f.name+">"...)
		}
	}
	return nil
}

func (d *decoder) dataValue(n *Node) (types.DataValue, error) {
	var x types.DataValue
	if err := d.enter(n); err != nil {
		return x, err
	}
	defer d.leave()
	k, err := d.kids(n, dataValueNames...)
	if err != nil {
		return x, err
	}
	var present uint8
	for i, f := range dataValueFields {
		if k[i] == nil {
			continue
		}
		present |= f.bit
		var err error
		switch f.name {
		case "Value":
			err = builtinCodec(types.TypeVariant).dec(d, k[i], reflect.ValueOf(&x.Value).Elem())
		case "StatusCode":
			err = primitiveCodec(types.TypeStatusCode).dec(d, k[i], reflect.ValueOf(&x.Status).Elem())
		case "SourceTimestamp":
			x.SourceTimestamp, err = d.dateTime(k[i])
		case "ServerTimestamp":
			x.ServerTimestamp, err = d.dateTime(k[i])
		case "SourcePicoseconds", "ServerPicoseconds":
			var p uint16
			err = clampedCodec(types.TypeUInt16, 9999).dec(d, k[i], reflect.ValueOf(&p).Elem())
			if f.name == "SourcePicoseconds" {
				x.SourcePicoseconds = p
			} else {
				x.ServerPicoseconds = p
			}
		}
		if err != nil {
			return x, wire.WithPath(err, f.name)
		}
	}
	// The fields given with a zero value: SentZero, so that they are
	// written again (lossless).
	for _, z := range [...]struct {
		bit  uint8
		zero bool
	}{{0x01, x.Value.IsNull()}, {0x02, x.Status == 0}, {0x04, x.SourceTimestamp == 0},
		{0x08, x.ServerTimestamp == 0}, {0x10, x.SourcePicoseconds == 0}, {0x20, x.ServerPicoseconds == 0}} {
		if z.zero && present&z.bit != 0 {
			x.SentZero |= z.bit
		}
	}
	return x, nil
}

// diagnosticInfoNames are the DiagnosticInfo elements in schema order
// with their mask bits.
var diagnosticInfoNames = []string{"SymbolicId", "NamespaceUri", "Locale", "LocalizedText", "AdditionalInfo", "InnerStatusCode", "InnerDiagnosticInfo"}

var diagnosticInfoBits = []types.DiagnosticInfoMask{types.DiagnosticInfoSymbolicID, types.DiagnosticInfoNamespaceURI,
	types.DiagnosticInfoLocale, types.DiagnosticInfoLocalizedText, types.DiagnosticInfoAdditionalInfo,
	types.DiagnosticInfoInnerStatusCode, types.DiagnosticInfoInnerDiagnosticInfo}

func (e *encoder) diagnosticInfo(x *types.DiagnosticInfo) error {
	if err := e.enter(); err != nil {
		return err
	}
	defer e.leave()
	ints := []int32{x.SymbolicID, x.NamespaceURI, x.Locale, x.LocalizedText}
	for i, name := range diagnosticInfoNames {
		if !x.Has(diagnosticInfoBits[i]) {
			continue
		}
		switch {
		case i < 4:
			e.b = append(e.b, "<"+name+">"...)
			e.b = strconv.AppendInt(e.b, int64(ints[i]), 10)
			e.b = append(e.b, "</"+name+">"...)
		case name == "AdditionalInfo":
			e.b = append(e.b, "<AdditionalInfo>"...)
			if err := e.text(x.AdditionalInfo); err != nil {
				return wire.WithPath(err, name)
			}
			e.b = append(e.b, "</AdditionalInfo>"...)
		case name == "InnerStatusCode":
			e.b = append(e.b, "<InnerStatusCode><Code>"...)
			e.b = strconv.AppendUint(e.b, uint64(x.InnerStatusCode), 10)
			e.b = append(e.b, "</Code></InnerStatusCode>"...)
		default:
			inner := x.InnerDiagnosticInfo
			if inner == nil {
				inner = &types.DiagnosticInfo{}
			}
			e.b = append(e.b, "<InnerDiagnosticInfo>"...)
			if err := e.diagnosticInfo(inner); err != nil {
				return wire.WithPath(err, name)
			}
			e.b = append(e.b, "</InnerDiagnosticInfo>"...)
		}
	}
	return nil
}

func (d *decoder) diagnosticInfo(n *Node, x *types.DiagnosticInfo) error {
	if err := d.enter(n); err != nil {
		return err
	}
	defer d.leave()
	k, err := d.kids(n, diagnosticInfoNames...)
	if err != nil {
		return err
	}
	ints := []*int32{&x.SymbolicID, &x.NamespaceURI, &x.Locale, &x.LocalizedText}
	int32c := primitiveCodec(types.TypeInt32)
	for i, c := range k {
		if c == nil {
			continue
		}
		x.Mask |= diagnosticInfoBits[i]
		var err error
		switch {
		case i < 4:
			err = int32c.dec(d, c, reflect.ValueOf(ints[i]).Elem())
		case i == 4:
			err = primitiveCodec(types.TypeString).dec(d, c, reflect.ValueOf(&x.AdditionalInfo).Elem())
		case i == 5:
			err = primitiveCodec(types.TypeStatusCode).dec(d, c, reflect.ValueOf(&x.InnerStatusCode).Elem())
		default:
			x.InnerDiagnosticInfo = &types.DiagnosticInfo{}
			err = d.diagnosticInfo(c, x.InnerDiagnosticInfo)
		}
		if err != nil {
			return wire.WithPath(err, diagnosticInfoNames[i])
		}
	}
	return nil
}
