package jsonenc

import (
	"math"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// A StatusCode is the object {"Code":2150891520,"Symbol":"BadNodeIdUnknown"}
// (Part 6 §5.4.2.12, Table 36): Code is omitted for Good (0), so Good is
// {}; Symbol, the name of the code without its info bits, is written in the
// Verbose form only, and only for a standard code. The deprecated
// Reversible form is the bare number (Table H.3), the NonReversible form
// the object with its Symbol. Decoding takes the number and the object; an
// object with a Symbol but no Code gets the code of the symbol.

func encStatusCode(e *encoder, v *types.StatusCode) error {
	if e.enc == Reversible {
		e.uint(uint64(*v))
		return nil
	}
	e.open('{')
	empty := true
	if *v != 0 {
		e.key("Code", true)
		e.uint(uint64(*v))
		empty = false
		if e.enc != Compact {
			if name := v.Name(); name != "" {
				e.key("Symbol", false)
				if err := e.str(name); err != nil {
					return err
				}
			}
		}
	}
	e.close('}', empty)
	return nil
}

func decStatusCode(d *decoder, v *types.StatusCode) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = 0
		return err
	}
	if d.peek() != '{' {
		n, err := decUnsigned(d, math.MaxUint32, "StatusCode")
		*v = types.StatusCode(n)
		return err
	}
	start := d.pos
	if err := d.object("StatusCode"); err != nil {
		return err
	}
	var seen int
	var code uint64
	var symbol string
	var names nameSet
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		switch string(name) {
		case "Code":
			if err := d.once(&seen, 1, name, off); err != nil {
				return err
			}
			if code, err = decUnsigned(d, math.MaxUint32, "UInt32"); err != nil {
				return wire.WithPath(err, "Code")
			}
		case "Symbol":
			if err := d.once(&seen, 2, name, off); err != nil {
				return err
			}
			s, err := d.rawString()
			if err != nil {
				return wire.WithPath(err, "Symbol")
			}
			if seen&1 == 0 {
				symbol = string(s)
			}
		default:
			if err := d.unknown(&names, name, off); err != nil {
				return err
			}
		}
	}
	if seen&1 == 0 && symbol != "" {
		c, ok := types.ParseStatusCode(symbol)
		if !ok {
			return d.fail(start, wire.ErrInvalid, "StatusCode without Code and with the unknown Symbol %q", symbol)
		}
		code = uint64(c)
	}
	*v = types.StatusCode(code)
	return nil
}

// A LocalizedText is the object {"Locale":"en","Text":"Pump"} (§5.4.2.15),
// each member omitted when empty; the empty LocalizedText is null (in
// arrays and at the top level). The deprecated NonReversible form is the
// Text as a string, which decoding also takes.

func encLocalizedText(e *encoder, v *types.LocalizedText) error {
	if v.Locale == "" && v.Text == "" {
		e.null()
		return nil
	}
	if e.enc == NonReversible {
		return e.str(v.Text)
	}
	e.open('{')
	first := true
	if v.Locale != "" {
		e.key("Locale", true)
		if err := e.str(v.Locale); err != nil {
			return err
		}
		first = false
	}
	if v.Text != "" {
		e.key("Text", first)
		if err := e.str(v.Text); err != nil {
			return err
		}
	}
	e.close('}', false)
	return nil
}

func decLocalizedText(d *decoder, v *types.LocalizedText) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = types.LocalizedText{}
		return err
	}
	if d.peek() == '"' {
		v.Locale = ""
		return decString(d, &v.Text)
	}
	if err := d.object("LocalizedText"); err != nil {
		return err
	}
	var seen int
	var names nameSet
	locale, text := v.Locale, v.Text
	v.Locale, v.Text = "", ""
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil || !ok {
			return err
		}
		switch string(name) {
		case "Locale":
			if err := d.once(&seen, 1, name, off); err != nil {
				return err
			}
			v.Locale = locale
			if err := decString(d, &v.Locale); err != nil {
				return wire.WithPath(err, "Locale")
			}
		case "Text":
			if err := d.once(&seen, 2, name, off); err != nil {
				return err
			}
			v.Text = text
			if err := decString(d, &v.Text); err != nil {
				return wire.WithPath(err, "Text")
			}
		default:
			if err := d.unknown(&names, name, off); err != nil {
				return err
			}
		}
	}
}

// A DiagnosticInfo is an object of the fields its Mask says are present
// (§5.4.2.13, Table 34): SymbolicId, NamespaceUri, Locale, LocalizedText
// (indexes into the StringTable), AdditionalInfo, InnerStatusCode and
// InnerDiagnosticInfo; the empty one (Mask 0) is null. Writing exactly the
// masked fields keeps a DiagnosticInfo decoded from binary the same when
// it goes through JSON and back (a field present with its default value
// stays present). Decoding sets the Mask bit of every member it reads.

// diagnosticFields are the members of a DiagnosticInfo, in the order they
// are written, with their mask bits.
var diagnosticFields = [...]struct {
	name string
	bit  types.DiagnosticInfoMask
}{
	{"SymbolicId", types.DiagnosticInfoSymbolicID},
	{"NamespaceUri", types.DiagnosticInfoNamespaceURI},
	{"Locale", types.DiagnosticInfoLocale},
	{"LocalizedText", types.DiagnosticInfoLocalizedText},
	{"AdditionalInfo", types.DiagnosticInfoAdditionalInfo},
	{"InnerStatusCode", types.DiagnosticInfoInnerStatusCode},
	{"InnerDiagnosticInfo", types.DiagnosticInfoInnerDiagnosticInfo},
}

func encDiagnosticInfo(e *encoder, v *types.DiagnosticInfo) error {
	if v.Mask&0x7F == 0 {
		e.null()
		return nil
	}
	if err := e.enter(); err != nil {
		return err
	}
	e.open('{')
	first := true
	for _, f := range diagnosticFields {
		if v.Mask&f.bit == 0 {
			continue
		}
		e.key(f.name, first)
		first = false
		var err error
		switch f.bit {
		case types.DiagnosticInfoSymbolicID:
			e.int(int64(v.SymbolicID))
		case types.DiagnosticInfoNamespaceURI:
			e.int(int64(v.NamespaceURI))
		case types.DiagnosticInfoLocale:
			e.int(int64(v.Locale))
		case types.DiagnosticInfoLocalizedText:
			e.int(int64(v.LocalizedText))
		case types.DiagnosticInfoAdditionalInfo:
			err = e.str(v.AdditionalInfo)
		case types.DiagnosticInfoInnerStatusCode:
			err = encStatusCode(e, &v.InnerStatusCode)
		case types.DiagnosticInfoInnerDiagnosticInfo:
			inner := v.InnerDiagnosticInfo
			if inner == nil || inner.Mask&0x7F == 0 {
				e.b = append(e.b, "{}"...)
				break
			}
			err = encDiagnosticInfo(e, inner)
		}
		if err != nil {
			return wire.WithPath(err, f.name)
		}
	}
	e.close('}', false)
	e.leave()
	return nil
}

func decDiagnosticInfo(d *decoder, v *types.DiagnosticInfo) error {
	ok, _, err := d.nested("DiagnosticInfo")
	if !ok {
		*v = types.DiagnosticInfo{}
		return err
	}
	inner := v.InnerDiagnosticInfo
	*v = types.DiagnosticInfo{}
	var names nameSet
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		k := -1
		for i, f := range diagnosticFields {
			if f.name == string(name) {
				k = i
				break
			}
		}
		if k < 0 {
			if err := d.unknown(&names, name, off); err != nil {
				return err
			}
			continue
		}
		f := diagnosticFields[k]
		if v.Mask&f.bit != 0 {
			return d.duplicate(off, name)
		}
		v.Mask |= f.bit
		switch f.bit {
		case types.DiagnosticInfoSymbolicID:
			err = decInt32(d, &v.SymbolicID)
		case types.DiagnosticInfoNamespaceURI:
			err = decInt32(d, &v.NamespaceURI)
		case types.DiagnosticInfoLocale:
			err = decInt32(d, &v.Locale)
		case types.DiagnosticInfoLocalizedText:
			err = decInt32(d, &v.LocalizedText)
		case types.DiagnosticInfoAdditionalInfo:
			err = decString(d, &v.AdditionalInfo)
		case types.DiagnosticInfoInnerStatusCode:
			err = decStatusCode(d, &v.InnerStatusCode)
		case types.DiagnosticInfoInnerDiagnosticInfo:
			if inner == nil {
				inner = new(types.DiagnosticInfo)
			}
			err = decDiagnosticInfo(d, inner)
			v.InnerDiagnosticInfo = inner
		}
		if err != nil {
			return wire.WithPath(err, f.name)
		}
	}
	d.leave()
	return nil
}
