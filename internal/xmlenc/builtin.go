package xmlenc

// The built-in types (Part 6 §5.3.1): Boolean to Double as xs: numbers,
// String, DateTime (xs:dateTime), Guid, ByteString (base64), XmlElement,
// NodeId and ExpandedNodeId (<Identifier>), StatusCode (<Code>),
// QualifiedName, LocalizedText; enumerations as Name_Value (§5.3.4).

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"math"
	"reflect"
	"strconv"
	"time"

	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

type timeTime = time.Time

// decoder is the state of one decoding call.
type decoder struct {
	t     tables
	lim   wire.Limits
	depth int
	raw   []byte
	// target, when set, is the namespace table of the values made: every
	// namespace index read is mapped through t.ns to its URI and to the
	// index of that URI in target.
	target []string
	// strict: an ExtensionObject of an unknown type is an error.
	strict bool
	// word and str are where a Variant's scalar is decoded
	// (scalarInPlace).
	word uint64
	str  string
}

// fail returns a *wire.DecodeError at the element n.
func (d *decoder) fail(n *Node, kind error, format string, args ...any) error {
	off := 0
	if n != nil {
		off = n.Offset
	}
	return &wire.DecodeError{Offset: off, Err: wire.Errorf(kind, format, args...)}
}

// enter records one more level of nesting at the element n.
func (d *decoder) enter(n *Node) error {
	if d.depth++; d.depth > d.lim.MaxDepth {
		return d.fail(n, wire.ErrLimitExceeded, "nesting depth above MaxDepth %d", d.lim.MaxDepth)
	}
	return nil
}

func (d *decoder) leave() { d.depth-- }

// element decodes the element n with c: xsi:nil gives the zero value.
func (d *decoder) element(n *Node, c *codec, v reflect.Value) error {
	if n.IsNil() {
		if err := d.nilEmpty(n); err != nil {
			return err
		}
		v.SetZero()
		return nil
	}
	return c.dec(d, n, v)
}

// nilEmpty fails if the element n, which has xsi:nil, has content.
func (d *decoder) nilEmpty(n *Node) error {
	if len(n.Kids) > 0 || len(bytes.TrimSpace(n.Text)) > 0 {
		return d.fail(n, wire.ErrInvalid, "an element with xsi:nil has content")
	}
	return nil
}

// noKids fails if n has child elements (a value that is text).
func (d *decoder) noKids(n *Node) error {
	if len(n.Kids) > 0 {
		return d.fail(n.Kids[0], wire.ErrInvalid, "unexpected element %s in %s", n.Kids[0].Name, n.Name)
	}
	return nil
}

// noText fails if n has character data other than white space (a value
// that is elements).
func (d *decoder) noText(n *Node) error {
	if len(bytes.TrimSpace(n.Text)) > 0 {
		return d.fail(n, wire.ErrInvalid, "unexpected text %q in %s", clip(bytes.TrimSpace(n.Text)), n.Name)
	}
	return nil
}

// token returns the text of n with XML white space trimmed (the value of
// an xs: number, boolean, dateTime, base64 ...).
func (d *decoder) token(n *Node) ([]byte, error) {
	if err := d.noKids(n); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(n.Text), nil
}

// kids returns the children of n by name for the elements of a built-in
// structure (QualifiedName, LocalizedText, ...): each of names at most
// once, in order; others are an error.
func (d *decoder) kids(n *Node, names ...string) (out [8]*Node, err error) {
	if err := d.noText(n); err != nil {
		return out, err
	}
	next := 0
	for _, k := range n.Kids {
		i := next
		for i < len(names) && names[i] != k.Name {
			i++
		}
		if i == len(names) {
			return out, d.fail(k, wire.ErrInvalid, "unexpected element %s in %s (out of order, repeated or unknown)", k.Name, n.Name)
		}
		out[i] = k
		next = i + 1
	}
	return out, nil
}

// kid is kids for one name: the child named name, or nil.
func (d *decoder) kid(n *Node, name string) (*Node, error) {
	if len(n.Kids) == 1 && n.Kids[0].Name == name && len(n.Text) == 0 {
		return n.Kids[0], nil // the usual case, without kids' array
	}
	k, err := d.kids(n, name)
	return k[0], err
}

// primitiveCodecs are the codecs of Boolean ... String, DateTime,
// StatusCode and XmlElement, by built-in type, for any Go type of their
// kind (a named integer, a named string).
var primitiveCodecs [types.TypeDiagnosticInfo + 1]*codec

func primitiveCodec(bt types.BuiltinType) *codec { return primitiveCodecs[bt] }

func init() {
	for bt := types.TypeBoolean; bt <= types.TypeDouble; bt++ {
		primitiveCodecs[bt] = numberCodec(bt)
	}
	primitiveCodecs[types.TypeString] = &codec{name: "String",
		enc: func(e *encoder, v reflect.Value) error { return e.text(v.String()) },
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			if err := d.noKids(n); err != nil {
				return err
			}
			if len(n.Text) > d.lim.MaxStringLength {
				return d.fail(n, wire.ErrLimitExceeded, "String of %d bytes, limit %d", len(n.Text), d.lim.MaxStringLength)
			}
			switch {
			case len(n.Text) == 0:
				v.SetString(wire.EmptyString)
			case v.String() != string(n.Text):
				v.SetString(string(n.Text))
			} // else v holds the same text already (a reused value): kept
			return nil
		},
		null: func(v reflect.Value) bool { s := v.String(); return s == "" && !wire.IsEmptyString(s) },
	}
	primitiveCodecs[types.TypeDateTime] = &codec{name: "DateTime",
		enc: func(e *encoder, v reflect.Value) error {
			e.b = appendDateTime(e.b, &e.dt, types.DateTime(v.Int()))
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			t, err := d.dateTime(n)
			v.SetInt(int64(t))
			return err
		},
	}
	primitiveCodecs[types.TypeStatusCode] = &codec{name: "StatusCode",
		enc: func(e *encoder, v reflect.Value) error {
			e.b = append(e.b, "<Code>"...)
			e.b = strconv.AppendUint(e.b, v.Uint(), 10)
			e.b = append(e.b, "</Code>"...)
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			k, err := d.kids(n, "Code")
			if err != nil || k[0] == nil {
				v.SetUint(0)
				return err
			}
			s, err := d.token(k[0])
			if err != nil {
				return err
			}
			x, err := strconv.ParseUint(string(s), 10, 32)
			if err != nil {
				return d.fail(k[0], wire.ErrInvalid, "StatusCode Code %q is not an xs:unsignedInt", clip(s))
			}
			v.SetUint(x)
			return nil
		},
	}
	primitiveCodecs[types.TypeXmlElement] = &codec{name: "XmlElement",
		enc: func(e *encoder, v reflect.Value) error {
			s := v.String()
			if err := checkXML(s); err != nil {
				return err
			}
			e.b = append(e.b, s...)
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			s, err := d.innerXML(n)
			if len(s) > d.lim.MaxStringLength {
				return d.fail(n, wire.ErrLimitExceeded, "XmlElement of %d bytes, limit %d", len(s), d.lim.MaxStringLength)
			}
			v.SetString(string(s))
			return err
		},
		null: func(v reflect.Value) bool { return v.String() == "" },
	}
}

// numberCodec is the codec of Boolean ... Double (xs:boolean, xs:byte ...
// xs:unsignedLong, xs:float, xs:double with INF, -INF and NaN), over the
// parsers below.
func numberCodec(bt types.BuiltinType) *codec {
	c := &codec{name: bt.String()}
	bits := intBits(bt)
	switch bt {
	case types.TypeBoolean:
		c.enc = func(e *encoder, v reflect.Value) error {
			if v.Bool() {
				e.b = append(e.b, "true"...)
			} else {
				e.b = append(e.b, "false"...)
			}
			return nil
		}
		c.dec = func(d *decoder, n *Node, v reflect.Value) error {
			x, err := d.boolText(n)
			v.SetBool(x)
			return err
		}
	case types.TypeSByte, types.TypeInt16, types.TypeInt32, types.TypeInt64:
		c.enc = func(e *encoder, v reflect.Value) error {
			e.b = strconv.AppendInt(e.b, v.Int(), 10)
			return nil
		}
		c.dec = func(d *decoder, n *Node, v reflect.Value) error {
			x, err := d.intText(n, bt, bits)
			v.SetInt(x)
			return err
		}
	case types.TypeByte, types.TypeUInt16, types.TypeUInt32, types.TypeUInt64:
		c.enc = func(e *encoder, v reflect.Value) error {
			e.b = strconv.AppendUint(e.b, v.Uint(), 10)
			return nil
		}
		c.dec = func(d *decoder, n *Node, v reflect.Value) error {
			x, err := d.uintText(n, bt, bits)
			v.SetUint(x)
			return err
		}
	case types.TypeFloat, types.TypeDouble:
		fbits := 64
		if bt == types.TypeFloat {
			fbits = 32
		}
		c.enc = func(e *encoder, v reflect.Value) error {
			e.b = appendFloat(e.b, v.Float(), fbits)
			return nil
		}
		c.dec = func(d *decoder, n *Node, v reflect.Value) error {
			x, err := d.floatText(n, bt, fbits)
			v.SetFloat(x)
			return err
		}
	}
	return c
}

// boolText reads an xs:boolean: true, false, 1 or 0.
func (d *decoder) boolText(n *Node) (bool, error) {
	s, err := d.token(n)
	if err != nil {
		return false, err
	}
	switch string(s) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, d.fail(n, wire.ErrInvalid, "Boolean %q is not true, false, 1 or 0", clip(s))
}

// intText reads a signed integer of bits bits (xs:byte ... xs:long).
func (d *decoder) intText(n *Node, bt types.BuiltinType, bits int) (int64, error) {
	s, err := d.token(n)
	if err != nil {
		return 0, err
	}
	x, ok := parseInt(s, bits)
	if !ok {
		return 0, d.fail(n, wire.ErrInvalid, "%s %q is not an integer of %d bits", bt, clip(s), bits)
	}
	return x, nil
}

// uintText reads an unsigned integer of bits bits (xs:unsignedByte ...
// xs:unsignedLong).
func (d *decoder) uintText(n *Node, bt types.BuiltinType, bits int) (uint64, error) {
	s, err := d.token(n)
	if err != nil {
		return 0, err
	}
	x, ok := parseUint(s, bits)
	if !ok {
		return 0, d.fail(n, wire.ErrInvalid, "%s %q is not an unsigned integer of %d bits", bt, clip(s), bits)
	}
	return x, nil
}

// floatText reads an xs:float (bits 32) or xs:double (64).
func (d *decoder) floatText(n *Node, bt types.BuiltinType, bits int) (float64, error) {
	s, err := d.token(n)
	if err != nil {
		return 0, err
	}
	x, ok := parseFloat(s, bits)
	if !ok {
		return 0, d.fail(n, wire.ErrInvalid, "%s %q is not an xs:%s", bt, clip(s), map[int]string{32: "float", 64: "double"}[bits])
	}
	return x, nil
}

// parseUint reads a decimal xs:unsignedByte ... xs:unsignedLong of bits
// bits: digits after an optional '+' (leading zeros allowed, as XML
// Schema has them).
func parseUint(s []byte, bits int) (uint64, bool) {
	if len(s) > 0 && s[0] == '+' {
		s = s[1:]
	}
	if len(s) == 0 {
		return 0, false
	}
	var x uint64
	for i, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		d := uint64(c - '0')
		// 19 digits cannot overflow: the check is for the digits after.
		if i >= 19 && x > (math.MaxUint64-d)/10 {
			return 0, false
		}
		x = x*10 + d
	}
	if bits < 64 && x >= 1<<bits {
		return 0, false
	}
	return x, true
}

// parseInt reads a decimal xs:byte ... xs:long of bits bits: an optional
// sign, then digits.
func parseInt(s []byte, bits int) (int64, bool) {
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	} else if len(s) > 0 && s[0] == '+' {
		s = s[1:]
	}
	if len(s) > 0 && s[0] == '+' {
		return 0, false
	}
	u, ok := parseUint(s, 64)
	limit := uint64(1) << (bits - 1) // the magnitude of the most negative value
	if !ok || u > limit || !neg && u == limit {
		return 0, false
	}
	if neg {
		return -int64(u), true // -int64(1<<63) is MinInt64
	}
	return int64(u), true
}

func intBits(bt types.BuiltinType) int {
	switch bt {
	case types.TypeSByte, types.TypeByte:
		return 8
	case types.TypeInt16, types.TypeUInt16:
		return 16
	case types.TypeInt32, types.TypeUInt32:
		return 32
	}
	return 64
}

// appendFloat writes an xs:float or xs:double: INF, -INF, NaN, or the
// shortest decimal that reads back to the same value.
func appendFloat(b []byte, f float64, bits int) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "NaN"...)
	case math.IsInf(f, 1):
		return append(b, "INF"...)
	case math.IsInf(f, -1):
		return append(b, "-INF"...)
	}
	return strconv.AppendFloat(b, f, 'G', -1, bits)
}

// parseFloat reads an xs:float or xs:double lexical form.
func parseFloat(s []byte, bits int) (float64, bool) {
	switch string(s) {
	case "INF", "+INF":
		return math.Inf(1), true
	case "-INF":
		return math.Inf(-1), true
	case "NaN":
		return math.NaN(), true
	}
	if len(s) == 0 {
		return 0, false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
			return 0, false
		}
	}
	x, err := strconv.ParseFloat(string(s), bits)
	if err != nil {
		// Out of range: xs:double has no overflow error; ParseFloat
		// gives ±Inf with the error, which is what the value means.
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return x, true
}

// intAsCodec: an int, uint or uintptr written as the integer type wt.
func intAsCodec(wt types.BuiltinType) *codec {
	c := *numberCodec(wt)
	signed := wt == types.TypeSByte || wt == types.TypeInt16 || wt == types.TypeInt32 || wt == types.TypeInt64
	bits := intBits(wt)
	inner := c.dec
	c.enc = func(e *encoder, v reflect.Value) error {
		var ok bool
		switch v.Kind() {
		case reflect.Int:
			x := v.Int()
			if signed {
				ok = x == x<<(64-bits)>>(64-bits)
			} else {
				ok = x >= 0 && (bits == 64 || x < 1<<bits)
			}
			e.b = strconv.AppendInt(e.b, x, 10)
		default:
			x := v.Uint()
			if signed {
				ok = x < 1<<(bits-1)
			} else {
				ok = bits == 64 || x < 1<<bits
			}
			e.b = strconv.AppendUint(e.b, x, 10)
		}
		if !ok {
			return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "%v does not fit in a %s", v.Interface(), wt)}
		}
		return nil
	}
	c.dec = func(d *decoder, n *Node, v reflect.Value) error {
		var x reflect.Value
		if signed {
			x = reflect.New(reflect.TypeFor[int64]()).Elem()
		} else {
			x = reflect.New(reflect.TypeFor[uint64]()).Elem()
		}
		if err := inner(d, n, x); err != nil {
			return err
		}
		switch {
		case v.Kind() == reflect.Int && signed:
			v.SetInt(x.Int())
		case v.Kind() == reflect.Int:
			if x.Uint() > math.MaxInt {
				return d.fail(n, wire.ErrInvalid, "%d does not fit in an int", x.Uint())
			}
			v.SetInt(int64(x.Uint()))
		case signed:
			if x.Int() < 0 {
				return d.fail(n, wire.ErrInvalid, "%d does not fit in a %v", x.Int(), v.Type())
			}
			v.SetUint(uint64(x.Int()))
		default:
			v.SetUint(x.Uint())
		}
		return nil
	}
	return &c
}

// clampedCodec: an unsigned integer with max=N: decoding clamps.
func clampedCodec(wt types.BuiltinType, hi uint64) *codec {
	c := *numberCodec(wt)
	inner := c.dec
	c.dec = func(d *decoder, n *Node, v reflect.Value) error {
		if err := inner(d, n, v); err != nil {
			return err
		}
		if v.Uint() > hi {
			v.SetUint(hi)
		}
		return nil
	}
	return &c
}

// enumCodec: an enumeration (§5.3.4), "Name_Value" ("Both_2"), the number
// alone for a value without a name. Decoding takes either.
func enumCodec(name string, names func(int32) (string, bool)) *codec {
	return &codec{name: name,
		enc: func(e *encoder, v reflect.Value) error {
			x := int32(v.Int())
			n, _ := names(x)
			e.b = uatext.AppendEnum(e.b, n, x)
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			s, err := d.token(n)
			if err != nil {
				return err
			}
			x, ok := uatext.ParseEnum(s)
			if !ok {
				return d.fail(n, wire.ErrInvalid, "%q is not an enumeration value (Name_Value or a number)", clip(s))
			}
			v.SetInt(int64(x))
			return nil
		},
	}
}

// smallNames is names with the names of 0 to 63 looked up once: a Go
// enumeration's names are found through its String method, by reflect,
// which allocates.
func smallNames(names func(int32) (string, bool)) func(int32) (string, bool) {
	var small [64]struct {
		name string
		ok   bool
	}
	for i := range small {
		small[i].name, small[i].ok = names(int32(i))
	}
	return func(x int32) (string, bool) {
		if x >= 0 && int(x) < len(small) {
			return small[x].name, small[x].ok
		}
		return names(x)
	}
}

// appendDateTime writes an xs:dateTime (§5.3.1.6): MinValue (0 and
// below) as 0001-01-01T00:00:00Z, MaxValue (every DateTime at or after
// 9999-12-31T23:59:59Z) as 9999-12-31T23:59:59Z.
func appendDateTime(b []byte, c *uatext.DateTimeText, t types.DateTime) []byte {
	if t <= 0 {
		return append(b, minDateTimeText...)
	}
	return c.Append(b, t)
}

const minDateTimeText = "0001-01-01T00:00:00Z"

// dateTime reads an xs:dateTime: an offset or Z is required (§5.3.1.6);
// instants at or before 1601 give 0, at or after 9999-12-31T23:59:59Z
// types.MaxDateTime.
func (d *decoder) dateTime(n *Node) (types.DateTime, error) {
	s, err := d.token(n)
	if err != nil {
		return 0, err
	}
	t, ok := uatext.ParseDateTime(s)
	if !ok {
		return 0, d.fail(n, wire.ErrInvalid, "DateTime %q is not an xs:dateTime with a time zone like 2024-01-02T03:04:05.1234567Z", clip(s))
	}
	return t, nil
}

// byteStringCodec: xs:base64Binary; nil is null, an empty ByteString an
// empty element.
var byteStringCodec = &codec{name: "ByteString",
	enc: func(e *encoder, v reflect.Value) error {
		e.b = base64.StdEncoding.AppendEncode(e.b, v.Bytes())
		return nil
	},
	dec: func(d *decoder, n *Node, v reflect.Value) error {
		b, err := d.base64(n, d.lim.MaxByteStringLength, v.Bytes())
		if err != nil {
			return err
		}
		v.SetBytes(b)
		return nil
	},
	null: func(v reflect.Value) bool { return v.IsNil() },
}

// base64 reads xs:base64Binary (white space inside is allowed) of at most
// max bytes, into dst's array when it has room (the ByteString of a
// reused value, as the JSON engine does); an empty element gives an empty,
// non-nil slice.
func (d *decoder) base64(n *Node, max int, dst []byte) ([]byte, error) {
	s, err := d.token(n)
	if err != nil {
		return nil, err
	}
	if bytes.ContainsAny(s, " \t\r\n") {
		s = bytes.Join(bytes.Fields(s), nil)
	}
	if base64.StdEncoding.DecodedLen(len(s))-2 > max {
		return nil, d.fail(n, wire.ErrLimitExceeded, "ByteString of about %d bytes, limit %d", base64.StdEncoding.DecodedLen(len(s)), max)
	}
	need := base64.StdEncoding.DecodedLen(len(s))
	var out []byte
	if dst != nil && cap(dst) >= need {
		out = dst[:need]
	} else {
		out = make([]byte, need)
	}
	k, err := base64.StdEncoding.Decode(out, s)
	if err != nil {
		return nil, d.fail(n, wire.ErrInvalid, "ByteString is not base64: %v", err)
	}
	if k > max {
		return nil, d.fail(n, wire.ErrLimitExceeded, "ByteString of %d bytes, limit %d", k, max)
	}
	return out[:k], nil
}

// checkXML fails unless s is well-formed XML content (an XmlElement's
// text, written as it is).
func checkXML(s string) error {
	dec := xml.NewDecoder(bytes.NewReader([]byte("<x>" + s + "</x>")))
	dec.Strict = true
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return nil
			}
			return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "XmlElement is not well-formed XML: %v", err)}
		}
		if _, ok := tok.(xml.Directive); ok {
			return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "XmlElement holds a directive")}
		}
	}
}

// innerXML returns the content of n as XML text: the input's bytes
// between its tags.
func (d *decoder) innerXML(n *Node) ([]byte, error) {
	if d.raw == nil || n.End <= n.Offset || n.End > len(d.raw) {
		return nil, d.fail(n, wire.ErrUnsupported, "the XML text of %s is not at hand", n.Name)
	}
	el := d.raw[n.Offset:n.End]
	open := bytes.IndexByte(el, '>')
	if open > 0 && el[open-1] == '/' {
		return []byte{}, nil // <X/>
	}
	closeTag := bytes.LastIndexByte(el, '<')
	return el[open+1 : closeTag], nil
}
