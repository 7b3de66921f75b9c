package jsonenc

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/uabin/uabin/internal/xmlenc"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// An ExtensionObject (Part 6 §5.4.2.16) is the JSON object of the structure
// it holds with "UaTypeId" (the NodeId of its DataType) inserted first, or,
// for a body in UA Binary or UA XML, {"UaTypeId":"i=298","UaEncoding":1,
// "UaBody":"<base64>"} (UaEncoding 2 for XML); the null ExtensionObject is
// null. A body kept raw (types.ExtensionObject.Body, from a binary
// decoding with no registered type) is written in the second form with
// its TypeID as it came, and decodes back to the same TypeID, Encoding and
// Body. A JSON structure whose UaTypeId no registry knows decodes to a
// RawStructure in Value (its members kept as they came) and is written
// back the same way; an object with UaTypeId alone is an ExtensionObject
// with a TypeID and no body. The deprecated forms are
// {"TypeId":{...},"Encoding":1,"Body":"<base64>"} (Reversible, Table H.6)
// and the Body alone (NonReversible).
//
// ExtensionObjects whose Value is a Go structure or a run-time structure
// are written through the structure's JSON plan (body.go).

// RawStructure is the value of an ExtensionObject decoded from a JSON
// structure body of a type no registry knows (Part 6 §5.4.2.16): the
// DataType NodeId given as UaTypeId, and the other members of the object
// as they came. Encoding writes it back unchanged (with the TypeID in the
// current form); the binary encoding has no form for it.
type RawStructure struct {
	// TypeID is the UaTypeId of the object.
	TypeID types.NodeID
	// Members is the JSON text of the object's members other than
	// UaTypeId, separated by commas, without the braces: `"Name":"x","Value":1`.
	Members []byte
}

// eoNull reports whether v is the null ExtensionObject: no body and the
// null NodeId i=0 (an empty string or opaque id of namespace 0, which
// types.ExtensionObject.IsNull counts as null too, keeps its kind).
func eoNull(v *types.ExtensionObject) bool {
	return v.Value == nil && v.Body == nil && v.Encoding == types.ExtensionObjectEmpty && v.TypeID == types.NodeID{}
}

func encExtensionObject(e *encoder, v *types.ExtensionObject) error {
	if eoNull(v) {
		e.null()
		return nil
	}
	if err := e.enter(); err != nil {
		return err
	}
	var err error
	switch x := v.Value.(type) {
	case nil:
		err = e.rawExtensionObject(v)
	case RawStructure:
		err = e.rawStructure(&x)
	case *RawStructure:
		err = e.rawStructure(x)
	default:
		var body *body
		var q ptr
		if body, q, err = e.t.bodyForValue(x); err == nil {
			err = e.structureBody(body, q)
		}
	}
	if err != nil {
		return err
	}
	e.leave()
	return nil
}

// typeIDMember writes the type id member: "UaTypeId" as text, or in the
// Reversible form "TypeId" as an object.
func (e *encoder) typeIDMember(id types.NodeID) error {
	if e.enc == Reversible {
		e.key("TypeId", true)
		if id == (types.NodeID{}) {
			return e.nodeIDObject(id, "", 0, false)
		}
		return encNodeID(e, &id)
	}
	e.key("UaTypeId", true)
	if id == (types.NodeID{}) {
		e.b = append(e.b, `"i=0"`...)
		return nil
	}
	return encNodeID(e, &id)
}

// typeIDMemberURI is typeIDMember for an id of the namespace uri (id in
// namespace 0) when the namespace table does not have it: the text form
// with nsu=<uri> (§5.4.2.10), the object form with the URI as Namespace.
func (e *encoder) typeIDMemberURI(id types.NodeID, uri string) error {
	if uri == "" {
		return e.typeIDMember(id)
	}
	if e.enc == Reversible {
		e.key("TypeId", true)
		return e.nodeIDObject(id, uri, 0, false)
	}
	e.key("UaTypeId", true)
	var buf [128]byte
	text := append(appendEncodedURI(append(buf[:0], "nsu="...), uri), ';')
	return e.quotedText(appendIdentifier(text, id))
}

// rawExtensionObject writes an ExtensionObject whose body is kept raw.
func (e *encoder) rawExtensionObject(v *types.ExtensionObject) error {
	enc := v.Encoding
	if enc == types.ExtensionObjectEmpty && v.Body != nil {
		enc = types.ExtensionObjectBinary // as the binary encoder writes it
	}
	if enc > types.ExtensionObjectXML {
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "ExtensionObject encoding %d", enc)}
	}
	if enc == types.ExtensionObjectXML && !utf8.Valid(v.Body) {
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "the XML body of an ExtensionObject is not UTF-8 text")}
	}
	if e.enc == NonReversible {
		switch enc {
		case types.ExtensionObjectEmpty:
			e.null()
		case types.ExtensionObjectXML:
			return e.str(string(v.Body))
		default:
			e.b = append(e.b, '"')
			e.b = base64.StdEncoding.AppendEncode(e.b, v.Body)
			e.b = append(e.b, '"')
		}
		return nil
	}
	e.open('{')
	if err := e.typeIDMember(v.TypeID); err != nil {
		return wire.WithPath(err, "UaTypeId")
	}
	if enc != types.ExtensionObjectEmpty {
		encName, bodyName := "UaEncoding", "UaBody"
		if e.enc == Reversible {
			encName, bodyName = "Encoding", "Body"
		}
		e.key(encName, false)
		e.uint(uint64(enc))
		e.key(bodyName, false)
		if enc == types.ExtensionObjectXML && e.enc == Reversible {
			if err := e.str(string(v.Body)); err != nil {
				return wire.WithPath(err, bodyName)
			}
		} else {
			e.b = append(e.b, '"')
			e.b = base64.StdEncoding.AppendEncode(e.b, v.Body)
			e.b = append(e.b, '"')
		}
	}
	e.close('}', false)
	return nil
}

// rawStructure writes a JSON structure body kept as it came.
func (e *encoder) rawStructure(r *RawStructure) error {
	switch e.enc {
	case NonReversible:
		e.b = append(e.b, '{')
		e.b = append(e.b, r.Members...)
		e.b = append(e.b, '}')
		return nil
	case Reversible:
		e.open('{')
		if err := e.typeIDMember(r.TypeID); err != nil {
			return wire.WithPath(err, "TypeId")
		}
		e.key("Body", false)
		e.b = append(e.b, '{')
		e.b = append(e.b, r.Members...)
		e.b = append(e.b, '}')
		e.close('}', false)
		return nil
	}
	e.open('{')
	if err := e.typeIDMember(r.TypeID); err != nil {
		return wire.WithPath(err, "UaTypeId")
	}
	if len(r.Members) > 0 {
		e.b = append(e.b, ',')
		e.b = append(e.b, r.Members...)
	}
	e.close('}', false)
	return nil
}

// structureBody writes the structure at q through its body: its members
// after UaTypeId (Compact, Verbose); {"TypeId":...,"Body":{...}}
// (Reversible); the structure alone (NonReversible).
func (e *encoder) structureBody(body *body, q ptr) error {
	if e.enc == NonReversible {
		return body.plan.encode(e, q)
	}
	e.open('{')
	if err := e.typeIDMemberURI(body.dataType, body.typeURI); err != nil {
		return wire.WithPath(err, "UaTypeId")
	}
	if e.enc == Reversible {
		e.key("Body", false)
		if err := body.plan.encode(e, q); err != nil {
			return wire.WithPath(err, "Body")
		}
	} else if _, err := body.plan.members(e, q, false); err != nil {
		return err
	}
	e.close('}', false)
	return nil
}

// span is the [start, end) byte range of a member's value in the input.
type span struct{ start, end int }

// eoScan is what a first pass over an ExtensionObject's object finds:
// where each member of interest is, and the spans of the others.
type eoScan struct {
	typeID, encoding, body     span // current form: UaTypeId, UaEncoding, UaBody
	oldTypeID, oldEnc, oldBody span // deprecated form: TypeId, Encoding, Body
	seen                       int
	others                     []span // other members, name to value
}

const (
	eoTypeID = 1 << iota
	eoEncoding
	eoBody
	eoOldTypeID
	eoOldEnc
	eoOldBody
)

func decExtensionObject(d *decoder, v *types.ExtensionObject) error {
	ok, start, err := d.nested("ExtensionObject")
	if !ok {
		*v = types.ExtensionObject{}
		return err
	}
	// One pass when UaTypeId comes first (as every encoder writes it) and
	// names a registered structure.
	if done, err := d.eoStructure(v, start); done {
		if err == nil {
			d.leave()
		}
		return err
	}
	// First pass: find UaTypeId (which may come anywhere) and the other
	// members, checking the whole object.
	var sc eoScan
	var names nameSet
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		bit := 0
		var sp *span
		switch string(name) {
		case "UaTypeId":
			bit, sp = eoTypeID, &sc.typeID
		case "UaEncoding":
			bit, sp = eoEncoding, &sc.encoding
		case "UaBody":
			bit, sp = eoBody, &sc.body
		case "TypeId":
			bit, sp = eoOldTypeID, &sc.oldTypeID
		case "Encoding":
			bit, sp = eoOldEnc, &sc.oldEnc
		case "Body":
			bit, sp = eoOldBody, &sc.oldBody
		}
		if bit != 0 {
			if err := d.once(&sc.seen, bit, name, off); err != nil {
				return err
			}
		} else if err := names.add(d, name, off); err != nil {
			return err
		}
		d.ws()
		valStart := d.pos
		if err := d.skip(); err != nil {
			return wire.WithPath(err, string(name))
		}
		if sp != nil {
			*sp = span{valStart, d.pos}
		}
		if bit == 0 || bit&(eoOldTypeID|eoOldEnc|eoOldBody) != 0 {
			sc.others = append(sc.others, span{off, d.pos})
		}
	}
	end := d.pos
	err = d.extensionObject(v, &sc, start)
	d.pos = end
	d.leave()
	return err
}

// errEncodedBody stops eoStructure at a UaEncoding or UaBody member: the
// body is not a JSON structure, and the object is read again by the
// general path.
var errEncodedBody = &wire.DecodeError{Err: wire.Errorf(wire.ErrInvalid, "an encoded body")}

// eoStructure decodes, in one pass, an ExtensionObject whose first member
// is UaTypeId naming a registered structure, with the other members the
// structure's fields. done is false (and the cursor back after '{') when
// the object is not of that shape.
func (d *decoder) eoStructure(v *types.ExtensionObject, start int) (done bool, err error) {
	after := d.pos
	name, _, ok, err := d.member(true)
	if err != nil || !ok || string(name) != "UaTypeId" {
		d.pos = after
		return false, nil
	}
	d.ws()
	var id types.NodeID
	if err := decNodeID(d, &id); err != nil {
		d.pos = after
		return false, nil
	}
	b, err := d.bodyFor(id)
	if err != nil || b == nil {
		d.pos = after
		return false, nil
	}
	x, q := b.value(v.Value)
	if b.plan.enter {
		if err := d.enter(start); err != nil {
			return true, err
		}
	}
	err = b.plan.decodeMembers(d, q, start, typeIDName, true)
	if b.plan.enter && err == nil {
		d.leave()
	}
	if err == errEncodedBody {
		d.pos = after
		return false, nil
	}
	if err != nil {
		return true, err
	}
	*v = types.ExtensionObject{TypeID: b.typeID, Encoding: types.ExtensionObjectBinary, Value: x}
	return true, nil
}

// at decodes the value at s with f, and returns the cursor to where it
// was.
func (d *decoder) at(s span, f func() error) error {
	saved := d.pos
	d.pos = s.start
	err := f()
	d.pos = saved
	return err
}

// extensionObject builds the ExtensionObject from the scan of its object.
func (d *decoder) extensionObject(v *types.ExtensionObject, sc *eoScan, start int) error {
	body, old := v.Body[:0], v.Value
	*v = types.ExtensionObject{}
	switch {
	case sc.seen&eoTypeID != 0:
		if err := d.at(sc.typeID, func() error { return decNodeID(d, &v.TypeID) }); err != nil {
			return wire.WithPath(err, "UaTypeId")
		}
		if sc.seen&(eoEncoding|eoBody) != 0 {
			return d.encodedBody(v, sc.encoding, sc.body, sc.seen&eoEncoding != 0, sc.seen&eoBody != 0, body, "UaEncoding", "UaBody", false)
		}
		b, err := d.bodyFor(v.TypeID)
		if err != nil {
			return wire.WithPath(d.fail(sc.typeID.start, wire.ErrUnknownType, "%v", err), "UaTypeId")
		}
		if b != nil {
			x, err := b.decodeAt(d, start, old, typeIDName)
			v.Value, v.Encoding, v.TypeID = x, types.ExtensionObjectBinary, b.typeID
			return err
		}
		// No registered type: keep the members other than UaTypeId.
		if len(sc.others) == 0 {
			return nil // a TypeID and no body
		}
		v.Value = RawStructure{TypeID: v.TypeID, Members: d.joinMembers(sc.others)}
		v.Encoding = types.ExtensionObjectBinary
		return nil
	case sc.seen&eoOldTypeID != 0:
		if err := d.at(sc.oldTypeID, func() error { return decNodeID(d, &v.TypeID) }); err != nil {
			return wire.WithPath(err, "TypeId")
		}
		if sc.seen&eoOldEnc != 0 || sc.seen&eoOldBody != 0 && d.data[sc.oldBody.start] == '"' {
			return d.encodedBody(v, sc.oldEnc, sc.oldBody, sc.seen&eoOldEnc != 0, sc.seen&eoOldBody != 0, body, "Encoding", "Body", true)
		}
		if sc.seen&eoOldBody == 0 || d.data[sc.oldBody.start] == 'n' {
			return nil
		}
		// Encoding 0: the Body is the structure as a JSON object.
		if d.data[sc.oldBody.start] != '{' {
			return wire.WithPath(d.fail(sc.oldBody.start, wire.ErrInvalid, "want an object (the structure), found %s", kindName(d.data[sc.oldBody.start])), "Body")
		}
		b, err := d.bodyFor(v.TypeID)
		if err != nil {
			return wire.WithPath(d.fail(sc.oldTypeID.start, wire.ErrUnknownType, "%v", err), "TypeId")
		}
		if b != nil {
			x, err := b.decodeAt(d, sc.oldBody.start, old, nil)
			v.Value, v.Encoding, v.TypeID = x, types.ExtensionObjectBinary, b.typeID
			return wire.WithPath(err, "Body")
		}
		inner := trimSpace(d.data[sc.oldBody.start+1 : sc.oldBody.end-1])
		if len(inner) == 0 {
			return nil // a structure of no members: as a TypeID alone
		}
		v.Value = RawStructure{TypeID: v.TypeID, Members: inner}
		v.Encoding = types.ExtensionObjectBinary
		return nil
	case sc.seen == 0 && len(sc.others) == 0:
		return nil // {}: the null ExtensionObject
	}
	return d.fail(start, wire.ErrInvalid, "ExtensionObject without UaTypeId")
}

// encodedBody reads the encoding and base64 (or, deprecated Encoding 2,
// XML text) body of an ExtensionObject.
func (d *decoder) encodedBody(v *types.ExtensionObject, encSpan, bodySpan span, hasEnc, hasBody bool, old []byte, encName, bodyName string, deprecated bool) error {
	enc := uint64(0)
	if hasEnc {
		if err := d.at(encSpan, func() (err error) { enc, err = decUnsigned(d, math.MaxUint8, "Byte"); return err }); err != nil {
			return wire.WithPath(err, encName)
		}
	}
	if enc == 0 && !deprecated {
		enc = 1
	}
	if enc < 1 || enc > 2 {
		return wire.WithPath(d.fail(encSpan.start, wire.ErrInvalid, "encoding %d: want 1 (UA Binary) or 2 (UA XML)", enc), encName)
	}
	v.Encoding = types.ExtensionObjectEncoding(enc)
	if !hasBody {
		v.Body = []byte{}
		return nil
	}
	err := d.at(bodySpan, func() error {
		if isNull, err := d.null(); isNull || err != nil {
			v.Body = []byte{}
			return err
		}
		if deprecated && enc == 2 {
			start := d.pos
			s, err := d.rawString()
			if err != nil {
				return err
			}
			if len(s) > d.lim.MaxByteStringLength {
				return d.fail(start, wire.ErrLimitExceeded, "XML body of %d bytes, limit %d", len(s), d.lim.MaxByteStringLength)
			}
			v.Body = append(old, s...)
			return nil
		}
		start := d.pos
		b, err := d.base64(old, d.lim.MaxByteStringLength, "ExtensionObject body")
		if err == nil && enc == 2 && !utf8.Valid(b) {
			err = d.fail(start, wire.ErrInvalid, "the XML body is not UTF-8 text")
		}
		v.Body = b
		return err
	})
	if err == nil && v.Encoding == types.ExtensionObjectXML {
		err = d.xmlBody(v, bodySpan.start)
	}
	return wire.WithPath(err, bodyName)
}

// xmlBody decodes an XML body (UaEncoding 2) whose TypeId names a
// structure the registry knows into its value, as a binary body would be:
// Value set, Encoding Binary, TypeID the binary encoding id. A body of an
// unknown type stays XML text.
func (d *decoder) xmlBody(v *types.ExtensionObject, at int) error {
	r := d.t.types
	if r == nil {
		r = Default
	}
	if r == nil {
		return nil
	}
	c := xmlenc.Config{Limits: d.lim, NamespaceURIs: d.t.ns, Types: r}
	x, id, ok, err := c.DecodeBody(v.TypeID, v.Body)
	if !ok {
		return err
	}
	if err != nil {
		// The kind of the XML decoder's error, at the body's offset.
		var de *wire.DecodeError
		if errors.As(err, &de) {
			return &wire.DecodeError{Offset: at, Err: fmt.Errorf("the XML body, at its byte %d: %w", de.Offset, de.Err)}
		}
		return &wire.DecodeError{Offset: at, Err: err}
	}
	*v = types.ExtensionObject{TypeID: id, Encoding: types.ExtensionObjectBinary, Value: x}
	return nil
}

// joinMembers copies the texts of the given members, joined by commas.
func (d *decoder) joinMembers(spans []span) []byte {
	n := 0
	for _, s := range spans {
		n += s.end - s.start + 1
	}
	out := make([]byte, 0, n)
	for i, s := range spans {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, d.data[s.start:s.end]...)
	}
	return out
}

// trimSpace copies b without its leading and trailing JSON white space.
func trimSpace(b []byte) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return append([]byte(nil), b...)
}
