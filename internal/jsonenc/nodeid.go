package jsonenc

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// NodeIds, ExpandedNodeIds and QualifiedNames (Part 6 §5.4.2.10, 5.4.2.11,
// 5.4.2.14) are JSON strings in the notation of §5.1.12 in the v1.05 forms:
//
//	i=85                              namespace 0: the identifier alone
//	nsu=http://acme.org/;s=Pump       other namespaces: the namespace URI,
//	                                  from Options.NamespaceURIs
//	ns=2;s=Pump                       when the table has no URI for the index
//	svu=urn:server;nsu=...;i=5        ExpandedNodeId on another server (svr=1;
//	                                  when Options.ServerURIs has no URI for it)
//	nsu=http://acme.org/;Temperature  QualifiedName ("2:Temperature" without URI)
//
// In a URI, ';', '%' and the control characters are percent-encoded.
// Decoding maps URIs to indexes with the tables (the namespace URI of an
// ExpandedNodeId on another server too, as the encoder writes it from the
// same table); a NodeId or QualifiedName
// whose URI is not in the table becomes, as §5.4.2.10 and §5.4.2.14 say, a
// String NodeId (a Name) in namespace 0 holding the whole text, and an
// ExpandedNodeId keeps the URI in NamespaceURI. The deprecated forms
// (Annex H) are objects: {"IdType":1,"Id":"Pump","Namespace":2} and
// {"Name":"Temperature","Uri":2}; decoding tells them apart by the JSON
// type.

// opcuaNamespace is the URI of namespace 0, written as the identifier form
// only (§5.1.12).
const opcuaNamespace = "http://opcfoundation.org/UA/"

// appendIdentifier appends "i=85", "s=...", "g=..." or "b=...".
func appendIdentifier(b []byte, n types.NodeID) []byte {
	switch n.Type() {
	case types.IDTypeString:
		return append(append(b, "s="...), n.StringID()...)
	case types.IDTypeGUID:
		return appendGUID(append(b, "g="...), n.GUIDID())
	case types.IDTypeOpaque:
		return base64.StdEncoding.AppendEncode(append(b, "b="...), []byte(n.OpaqueIDString()))
	}
	return strconv.AppendUint(append(b, "i="...), uint64(n.IntID()), 10)
}

// appendEncodedURI appends uri with '%', ';' and the control characters
// percent-encoded (the ENCODEDURI rule of §5.1.12).
func appendEncodedURI(b []byte, uri string) []byte {
	for i := 0; i < len(uri); i++ {
		switch c := uri[i]; {
		case c == '%' || c == ';' || c < 0x20 || c == 0x7F:
			b = append(b, '%', upperHex[c>>4], upperHex[c&0xF])
		default:
			b = append(b, c)
		}
	}
	return b
}

// namespaceURI returns the URI of namespace ns from the table, if it has
// one.
func (o *tables) namespaceURI(ns uint16) (string, bool) {
	if int(ns) < len(o.ns) && o.ns[ns] != "" {
		return o.ns[ns], true
	}
	return "", false
}

// appendNamespace appends "nsu=<uri>;" or "ns=<index>;" for namespace ns
// (not 0).
func (e *encoder) appendNamespace(b []byte, ns uint16) []byte {
	if uri, ok := e.t.namespaceURI(ns); ok {
		return append(appendEncodedURI(append(b, "nsu="...), uri), ';')
	}
	return append(strconv.AppendUint(append(b, "ns="...), uint64(ns), 10), ';')
}

// nodeIDText appends the v1.05 text of n (not quoted).
func (e *encoder) nodeIDText(b []byte, n types.NodeID) []byte {
	if n.Namespace() != 0 {
		b = e.appendNamespace(b, n.Namespace())
	}
	return appendIdentifier(b, n)
}

// quotedText writes text (built by one of the functions above in a
// stack buffer) as a JSON string.
func (e *encoder) quotedText(text []byte) error { return e.str(bytesString(text)) }

func encNodeID(e *encoder, v *types.NodeID) error {
	if *v == (types.NodeID{}) {
		e.null()
		return nil
	}
	if e.enc >= Reversible {
		return e.nodeIDObject(*v, "", 0, false)
	}
	if ns := v.Namespace(); ns != 0 {
		if _, ok := e.t.namespaceURI(ns); ok {
			var buf [80]byte
			return e.quotedText(e.nodeIDText(buf[:0], *v))
		}
	}
	// Straight into the output: "ns=<index>;" and the identifier, of which
	// only a string one can need escaping.
	e.b = append(e.b, '"')
	if ns := v.Namespace(); ns != 0 {
		e.b = append(strconv.AppendUint(append(e.b, "ns="...), uint64(ns), 10), ';')
	}
	if v.Type() == types.IDTypeString {
		e.b = append(e.b, "s="...)
		if err := e.strBody(v.StringID()); err != nil {
			return err
		}
	} else {
		e.b = appendIdentifier(e.b, *v)
	}
	e.b = append(e.b, '"')
	return nil
}

func encExpandedNodeID(e *encoder, v *types.ExpandedNodeID) error {
	if *v == (types.ExpandedNodeID{}) {
		e.null()
		return nil
	}
	if e.enc >= Reversible {
		return e.nodeIDObject(v.NodeID, v.NamespaceURI, v.ServerIndex, true)
	}
	var buf [120]byte
	b := buf[:0]
	if v.ServerIndex != 0 {
		if int(v.ServerIndex) < len(e.t.srv) && e.t.srv[v.ServerIndex] != "" {
			b = append(appendEncodedURI(append(b, "svu="...), e.t.srv[v.ServerIndex]), ';')
		} else {
			b = append(strconv.AppendUint(append(b, "svr="...), uint64(v.ServerIndex), 10), ';')
		}
	}
	if v.NamespaceURI != "" && v.NamespaceURI != opcuaNamespace {
		b = append(appendEncodedURI(append(b, "nsu="...), v.NamespaceURI), ';')
		b = appendIdentifier(b, v.NodeID)
	} else if v.NamespaceURI != "" {
		b = appendIdentifier(b, v.NodeID)
	} else {
		b = e.nodeIDText(b, v.NodeID)
	}
	return e.quotedText(b)
}

// nodeIDObject writes the deprecated object of a NodeId or, with expanded,
// an ExpandedNodeId (Annex H, Tables H.1 and H.2).
func (e *encoder) nodeIDObject(n types.NodeID, uri string, server uint32, expanded bool) error {
	e.open('{')
	first := true
	if t := n.Type(); t != types.IDTypeNumeric {
		e.key("IdType", true)
		e.uint(uint64(t))
		first = false
	}
	e.key("Id", first)
	switch n.Type() {
	case types.IDTypeString:
		if err := e.str(n.StringID()); err != nil {
			return err
		}
	case types.IDTypeGUID:
		e.b = append(e.b, '"')
		e.b = appendGUID(e.b, n.GUIDID())
		e.b = append(e.b, '"')
	case types.IDTypeOpaque:
		e.b = append(e.b, '"')
		e.b = base64.StdEncoding.AppendEncode(e.b, []byte(n.OpaqueIDString()))
		e.b = append(e.b, '"')
	default:
		e.uint(uint64(n.IntID()))
	}
	switch {
	case uri != "":
		e.key("Namespace", false)
		if err := e.str(uri); err != nil {
			return err
		}
	case n.Namespace() != 0:
		e.key("Namespace", false)
		// NonReversible writes the URI where the table has one, except for
		// namespace 1 of an ExpandedNodeId (Table H.2).
		if u, ok := e.t.namespaceURI(n.Namespace()); ok && e.enc == NonReversible && !(expanded && n.Namespace() == 1) {
			if err := e.str(u); err != nil {
				return err
			}
		} else {
			e.uint(uint64(n.Namespace()))
		}
	}
	if server != 0 {
		e.key("ServerUri", false)
		if e.enc == NonReversible && int(server) < len(e.t.srv) && e.t.srv[server] != "" {
			if err := e.str(e.t.srv[server]); err != nil {
				return err
			}
		} else {
			e.uint(uint64(server))
		}
	}
	e.close('}', false)
	return nil
}

func decNodeID(d *decoder, v *types.NodeID) error {
	d.hint = v.OpaqueIDString() + v.StringID() // one of them is ""
	x, err := d.anyNodeID(false)
	d.hint = ""
	*v = x.NodeID
	return err
}

func decExpandedNodeID(d *decoder, v *types.ExpandedNodeID) error {
	d.hint = v.NodeID.OpaqueIDString() + v.NodeID.StringID()
	x, err := d.anyNodeID(true)
	d.hint = ""
	*v = x
	return err
}

// anyNodeID reads a NodeId or, with expanded, an ExpandedNodeId in any
// form: null, the text of v1.05, or the deprecated object.
func (d *decoder) anyNodeID(expanded bool) (types.ExpandedNodeID, error) {
	if isNull, err := d.null(); isNull || err != nil {
		return types.ExpandedNodeID{}, err
	}
	if d.peek() == '{' {
		return d.nodeIDObject(expanded)
	}
	start := d.pos
	s, err := d.rawString()
	if err != nil {
		if expanded {
			return types.ExpandedNodeID{}, d.kindError(err, "an ExpandedNodeId (string or object)")
		}
		return types.ExpandedNodeID{}, d.kindError(err, "a NodeId (string or object)")
	}
	return d.parseNodeIDText(s, start, expanded)
}

// kindError rewrites the "want a string" error of rawString for a value
// that may also be an object.
func (d *decoder) kindError(err error, want string) error {
	if de, ok := err.(*wire.DecodeError); ok && de.Offset == d.pos && d.pos < len(d.data) && d.data[d.pos] != '"' {
		return d.unexpected(want)
	}
	return err
}

// namespaceIndex maps a namespace URI to its index in the table.
func (o *tables) namespaceIndex(uri []byte) (uint16, bool) {
	if string(uri) == opcuaNamespace {
		return 0, true
	}
	for i, u := range o.ns {
		if u == string(uri) && i <= math.MaxUint16 {
			return uint16(i), true
		}
	}
	return 0, false
}

// serverIndex maps a server URI to its index in the table.
func (o *tables) serverIndex(uri []byte) (uint32, bool) {
	for i, u := range o.srv {
		if u == string(uri) && uint64(i) <= math.MaxUint32 {
			return uint32(i), true
		}
	}
	return 0, false
}

// decodeURI undoes the percent-encoding of a URI of the text form; a
// result that is not UTF-8 is refused.
func decodeURI(s []byte) ([]byte, bool) {
	if bytes.IndexByte(s, '%') < 0 {
		return s, true
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			out = append(out, s[i])
			continue
		}
		if i+2 >= len(s) {
			return nil, false
		}
		hi, ok1 := hexValue(s[i+1])
		lo, ok2 := hexValue(s[i+2])
		if !ok1 || !ok2 {
			return nil, false
		}
		out = append(out, hi<<4|lo)
		i += 2
	}
	return out, utf8.Valid(out)
}

// parseNodeIDText parses the v1.05 text of a NodeId or, with expanded, of
// an ExpandedNodeId (start is the offset of the JSON string, for errors).
func (d *decoder) parseNodeIDText(s []byte, start int, expanded bool) (types.ExpandedNodeID, error) {
	what := "NodeId"
	if expanded {
		what = "ExpandedNodeId"
	}
	bad := func(msg string) error {
		return d.fail(start, wire.ErrInvalid, "%s %q: %s", what, clip(s), msg)
	}
	var x types.ExpandedNodeID
	rest := s
	unmapped := false
	if expanded {
		switch {
		case bytes.HasPrefix(rest, []byte("svr=")):
			k := bytes.IndexByte(rest, ';')
			if k < 0 {
				return x, bad("svr= without ';'")
			}
			n, ok := parseUint(rest[4:k], math.MaxUint32)
			if !ok {
				return x, bad("server index is not a UInt32")
			}
			x.ServerIndex = uint32(n)
			rest = rest[k+1:]
		case bytes.HasPrefix(rest, []byte("svu=")):
			k := bytes.IndexByte(rest, ';')
			if k < 0 {
				return x, bad("svu= without ';'")
			}
			uri, ok := decodeURI(rest[4:k])
			if !ok {
				return x, bad("invalid percent-encoding in the server URI")
			}
			idx, ok := d.t.serverIndex(uri)
			if !ok {
				unmapped = true
			}
			x.ServerIndex = idx
			rest = rest[k+1:]
		}
	}
	var ns uint16
	switch {
	case bytes.HasPrefix(rest, []byte("ns=")):
		k := bytes.IndexByte(rest, ';')
		if k < 0 {
			return x, bad("ns= without ';'")
		}
		n, ok := parseUint(rest[3:k], math.MaxUint16)
		if !ok {
			return x, bad("namespace index is not a UInt16")
		}
		ns = uint16(n)
		rest = rest[k+1:]
	case bytes.HasPrefix(rest, []byte("nsu=")):
		k := bytes.IndexByte(rest, ';')
		if k < 0 {
			return x, bad("nsu= without ';'")
		}
		uri, ok := decodeURI(rest[4:k])
		if !ok {
			return x, bad("invalid percent-encoding in the namespace URI")
		}
		if idx, ok := d.t.namespaceIndex(uri); ok {
			// Mapped whatever the server index, as the encoder writes the
			// URI of the index from the same table.
			ns = idx
		} else if expanded {
			x.NamespaceURI = string(uri)
		} else {
			unmapped = true
		}
		rest = rest[k+1:]
	}
	id, msg, limit := d.parseIdentifier(rest, ns)
	if limit {
		return x, d.fail(start, wire.ErrLimitExceeded, "%s %q: %s", what, clip(s), msg)
	}
	if msg != "" {
		return x, bad(msg)
	}
	if unmapped {
		// §5.4.2.10, §5.4.2.11: a URI that cannot be mapped gives a String
		// NodeId in namespace 0 holding the whole text.
		if len(s) > d.lim.MaxStringLength {
			return x, d.fail(start, wire.ErrLimitExceeded, "%s of %d bytes, limit %d", what, len(s), d.lim.MaxStringLength)
		}
		return types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, string(s))}, nil
	}
	x.NodeID = id
	return x, nil
}

// parseIdentifier parses "i=", "s=", "g=" or "b=" and the identifier.
// A limit failure reports limit true.
func (d *decoder) parseIdentifier(s []byte, ns uint16) (id types.NodeID, msg string, limit bool) {
	if len(s) < 2 || s[1] != '=' {
		return types.NodeID{}, "want an identifier i=, s=, g= or b=", false
	}
	v := s[2:]
	switch s[0] {
	case 'i':
		n, ok := parseUint(v, math.MaxUint32)
		if !ok {
			return types.NodeID{}, "numeric identifier is not a UInt32", false
		}
		return types.NewNumericNodeID(ns, uint32(n)), "", false
	case 's':
		if len(v) > d.lim.MaxStringLength {
			return types.NodeID{}, fmt.Sprintf("string identifier of %d bytes, limit %d", len(v), d.lim.MaxStringLength), true
		}
		if string(v) == d.hint {
			return types.NewStringNodeID(ns, d.hint), "", false // the identifier of the value decoded over
		}
		return types.NewStringNodeID(ns, string(v)), "", false
	case 'g':
		g, ok := parseGUID(v)
		if !ok {
			return types.NodeID{}, "Guid identifier is not of the form 72962B91-FA75-4AE6-8D28-B404DC7DAF63", false
		}
		return types.NewGUIDNodeID(ns, g), "", false
	case 'b':
		enc := base64.StdEncoding
		if len(v)%4 != 0 {
			enc = base64.RawStdEncoding
		}
		if enc.DecodedLen(len(v)) > d.lim.MaxByteStringLength {
			return types.NodeID{}, fmt.Sprintf("opaque identifier of %d bytes, limit %d", enc.DecodedLen(len(v)), d.lim.MaxByteStringLength), true
		}
		n := enc.DecodedLen(len(v))
		if cap(d.idBuf) < n {
			d.idBuf = make([]byte, n)
		}
		m, err := enc.Decode(d.idBuf[:n], v)
		if err != nil {
			return types.NodeID{}, "opaque identifier is not base64", false
		}
		if string(d.idBuf[:m]) == d.hint {
			return types.NewOpaqueNodeIDString(ns, d.hint), "", false // the identifier of the value decoded over
		}
		return types.NewOpaqueNodeID(ns, d.idBuf[:m]), "", false
	}
	return types.NodeID{}, "want an identifier i=, s=, g= or b=", false
}

// parseUint parses a non-empty string of decimal digits up to limit.
func parseUint(s []byte, limit uint64) (uint64, bool) {
	if len(s) == 0 {
		return 0, false
	}
	var v uint64
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
		if v > limit {
			return 0, false
		}
	}
	return v, true
}

// NodeId object members (Annex H).
const (
	fIDType = 1 << iota
	fID
	fNamespace
	fServerURI
)

// nodeIDObject reads the deprecated object form of a NodeId or
// ExpandedNodeId: {"IdType":n,"Id":...,"Namespace":n or "uri","ServerUri":n}.
func (d *decoder) nodeIDObject(expanded bool) (types.ExpandedNodeID, error) {
	var x types.ExpandedNodeID
	start := d.pos
	if err := d.object("NodeId"); err != nil {
		return x, err
	}
	var seen int
	idType := types.IDTypeNumeric
	var idStart, idEnd int // the Id's value, read once IdType is known
	var ns uint16
	var names nameSet
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return x, err
		}
		if !ok {
			break
		}
		bit := 0
		switch string(name) {
		case "IdType":
			bit = fIDType
		case "Id":
			bit = fID
		case "Namespace":
			bit = fNamespace
		case "ServerUri":
			if expanded {
				bit = fServerURI
			}
		}
		if bit == 0 {
			if err := d.unknown(&names, name, off); err != nil {
				return x, err
			}
			continue
		}
		if err := d.once(&seen, bit, name, off); err != nil {
			return x, err
		}
		switch bit {
		case fIDType:
			n, err := decUnsigned(d, 3, "IdType")
			if err != nil {
				return x, wire.WithPath(err, "IdType")
			}
			idType = types.IDType(n)
		case fID:
			d.ws()
			idStart = d.pos
			if err := d.skip(); err != nil {
				return x, wire.WithPath(err, "Id")
			}
			idEnd = d.pos
		case fNamespace:
			if d.peek() == '"' {
				uOff := d.pos
				uri, err := d.rawString()
				if err != nil {
					return x, wire.WithPath(err, "Namespace")
				}
				if idx, ok := d.t.namespaceIndex(uri); ok {
					ns = idx
				} else if expanded {
					x.NamespaceURI = string(uri)
				} else {
					return x, wire.WithPath(d.fail(uOff, wire.ErrInvalid, "namespace URI %q is not in the namespace table", clip(uri)), "Namespace")
				}
			} else {
				n, err := decUnsigned(d, math.MaxUint16, "UInt16")
				if err != nil {
					return x, wire.WithPath(err, "Namespace")
				}
				ns = uint16(n)
			}
		case fServerURI:
			if d.peek() == '"' {
				uOff := d.pos
				uri, err := d.rawString()
				if err != nil {
					return x, wire.WithPath(err, "ServerUri")
				}
				idx, ok := d.t.serverIndex(uri)
				if !ok {
					return x, wire.WithPath(d.fail(uOff, wire.ErrInvalid, "server URI %q is not in the server table", clip(uri)), "ServerUri")
				}
				x.ServerIndex = idx
			} else {
				n, err := decUnsigned(d, math.MaxUint32, "UInt32")
				if err != nil {
					return x, wire.WithPath(err, "ServerUri")
				}
				x.ServerIndex = uint32(n)
			}
		}
	}
	if seen&fID == 0 {
		if idType == types.IDTypeNumeric && seen == 0 {
			return x, nil // {}: the null NodeId
		}
		return x, d.fail(start, wire.ErrInvalid, "NodeId object without Id")
	}
	// Read the Id now that its type is known.
	end := d.pos
	d.pos = idStart
	var id types.NodeID
	var err error
	switch idType {
	case types.IDTypeNumeric:
		var n uint64
		n, err = decUnsigned(d, math.MaxUint32, "UInt32")
		id = types.NewNumericNodeID(ns, uint32(n))
	case types.IDTypeString:
		var s string
		err = decString(d, &s)
		id = types.NewStringNodeID(ns, s)
	case types.IDTypeGUID:
		var g types.GUID
		err = decGUID(d, &g)
		id = types.NewGUIDNodeID(ns, g)
	case types.IDTypeOpaque:
		var b []byte
		err = decByteString(d, &b)
		id = types.NewOpaqueNodeID(ns, b)
	}
	if err == nil && d.pos != idEnd {
		err = d.fail(idStart, wire.ErrInvalid, "invalid Id")
	}
	d.pos = end
	if err != nil {
		return x, wire.WithPath(err, "Id")
	}
	x.NodeID = id
	return x, nil
}

// A QualifiedName is "<name>" in namespace 0, else "nsu=<uri>;<name>", or
// "<index>:<name>" when the table has no URI for the index (§5.4.2.14). A
// name in namespace 0 that would read as one of the other forms is written
// as "0:<name>".

func encQualifiedName(e *encoder, v *types.QualifiedName) error {
	if v.NamespaceIndex == 0 && v.Name == "" {
		e.null()
		return nil
	}
	if e.enc >= Reversible {
		e.open('{')
		e.key("Name", true)
		if err := e.str(v.Name); err != nil {
			return err
		}
		if v.NamespaceIndex != 0 {
			e.key("Uri", false)
			if u, ok := e.t.namespaceURI(v.NamespaceIndex); ok && e.enc == NonReversible {
				if err := e.str(u); err != nil {
					return err
				}
			} else {
				e.uint(uint64(v.NamespaceIndex))
			}
		}
		e.close('}', false)
		return nil
	}
	var buf [80]byte
	b := buf[:0]
	switch uri, ok := e.t.namespaceURI(v.NamespaceIndex); {
	case v.NamespaceIndex != 0 && ok:
		b = append(appendEncodedURI(append(b, "nsu="...), uri), ';')
	case v.NamespaceIndex != 0 || qualifiedNamePrefixed(v.Name):
		b = append(strconv.AppendUint(b, uint64(v.NamespaceIndex), 10), ':')
	}
	b = append(b, v.Name...)
	return e.quotedText(b)
}

// qualifiedNamePrefixed reports whether name, written alone, would read as
// a QualifiedName with a namespace: "1:x" or "nsu=...;x".
func qualifiedNamePrefixed(name string) bool {
	i := 0
	for i < len(name) && name[i] >= '0' && name[i] <= '9' {
		i++
	}
	if i > 0 && i < len(name) && name[i] == ':' {
		return true
	}
	if len(name) >= 4 && name[:4] == "nsu=" {
		for j := 4; j < len(name); j++ {
			if name[j] == ';' {
				return true
			}
		}
	}
	return false
}

func decQualifiedName(d *decoder, v *types.QualifiedName) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = types.QualifiedName{}
		return err
	}
	if d.peek() == '{' {
		return d.qualifiedNameObject(v)
	}
	start := d.pos
	s, err := d.rawString()
	if err != nil {
		return d.kindError(err, "a QualifiedName (string or object)")
	}
	if len(s) > d.lim.MaxStringLength {
		return d.fail(start, wire.ErrLimitExceeded, "QualifiedName of %d bytes, limit %d", len(s), d.lim.MaxStringLength)
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		n, ok := parseUint(s[:i], math.MaxUint16)
		if !ok {
			return d.fail(start, wire.ErrInvalid, "QualifiedName %q: namespace index is not a UInt16", clip(s))
		}
		v.NamespaceIndex = uint16(n)
		v.Name = d.reuse(v.Name, s[i+1:])
		return nil
	}
	if bytes.HasPrefix(s, []byte("nsu=")) {
		if k := bytes.IndexByte(s, ';'); k >= 0 {
			if uri, ok := decodeURI(s[4:k]); ok {
				if idx, ok := d.t.namespaceIndex(uri); ok {
					v.NamespaceIndex = idx
					v.Name = d.reuse(v.Name, s[k+1:])
					return nil
				}
			}
		}
		// §5.4.2.14: a URI that cannot be mapped leaves namespace 0 and
		// the whole text as the name.
	}
	v.NamespaceIndex = 0
	v.Name = d.reuse(v.Name, s)
	return nil
}

// reuse returns old when it holds the text b, else a new string of b; an
// empty b gives wire.EmptyString.
func (d *decoder) reuse(old string, b []byte) string {
	switch {
	case len(b) == 0:
		return wire.EmptyString
	case string(b) == old:
		return old
	}
	return string(b)
}

// qualifiedNameObject reads the deprecated {"Name":"x","Uri":n} (Table H.4).
func (d *decoder) qualifiedNameObject(v *types.QualifiedName) error {
	if err := d.object("QualifiedName"); err != nil {
		return err
	}
	var seen int
	var names nameSet
	*v = types.QualifiedName{}
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil || !ok {
			return err
		}
		switch string(name) {
		case "Name":
			if err := d.once(&seen, 1, name, off); err != nil {
				return err
			}
			if err := decString(d, &v.Name); err != nil {
				return wire.WithPath(err, "Name")
			}
		case "Uri":
			if err := d.once(&seen, 2, name, off); err != nil {
				return err
			}
			if d.peek() == '"' {
				uOff := d.pos
				uri, err := d.rawString()
				if err != nil {
					return wire.WithPath(err, "Uri")
				}
				idx, ok := d.t.namespaceIndex(uri)
				if !ok {
					return wire.WithPath(d.fail(uOff, wire.ErrInvalid, "namespace URI %q is not in the namespace table", clip(uri)), "Uri")
				}
				v.NamespaceIndex = idx
				continue
			}
			n, err := decUnsigned(d, math.MaxUint16, "UInt16")
			if err != nil {
				return wire.WithPath(err, "Uri")
			}
			v.NamespaceIndex = uint16(n)
		default:
			if err := d.unknown(&names, name, off); err != nil {
				return err
			}
		}
	}
}
