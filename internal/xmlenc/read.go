package xmlenc

// The text layer of decoding: XML text becomes a tree of elements (Node)
// under the limits, before the built-ins and plans read values from it.
//
// The reader is this package's own, for XML 1.0 as OPC UA uses it:
// elements, attributes, character data with the five predefined entities
// and character references, CDATA sections, comments and an XML
// declaration. It checks well-formedness (names, quoting, matching end
// tags, unique attributes, the characters XML allows, "]]>" outside CDATA,
// "--" in comments) and refuses a DTD (<!DOCTYPE, so no entity can be
// declared or expanded) and processing instructions. Element names are kept
// without their prefix; namespace declarations are read only to tell
// whether an attribute is xsi:nil. Line ends are normalised to "\n", as
// XML requires. Texts without references or line ends point into the input
// (no copy); a tree costs two allocations for its elements, whatever their
// number, and one for the texts that need decoding. TestReaderMatchesStd
// and FuzzReader hold it to encoding/xml.

import (
	"bytes"
	"encoding/xml"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/uabin/uabin/uabin/wire"
)

// XSINamespace is the namespace of the xsi:nil attribute.
const XSINamespace = "http://www.w3.org/2001/XMLSchema-instance"

// TypesNamespace is the namespace of the OPC UA XML built-in types
// (Opc.Ua.Types.xsd), written on the element of a top-level value.
const TypesNamespace = "http://opcfoundation.org/UA/2008/02/Types.xsd"

// A Node is one element of the input: its local name, the character data
// directly inside it, its child elements and where it is.
type Node struct {
	// Name is the element's name without its namespace prefix.
	Name string
	// Text is the character data directly in the element, references
	// replaced; for an element with children only its first chunk that is
	// not white space (which the decoders refuse) is kept.
	Text []byte
	Kids []*Node
	// Offset is the byte offset of the element's start tag in the input;
	// End the offset just after its end tag.
	Offset, End int
	// Nil is set for an element with xsi:nil="true" (or "1").
	Nil bool

	parent int32 // index of the parent in the reader's nodes, -1 for the root
	qlen   int32 // bytes of the name with its prefix, after the '<' at Offset
}

// IsNil reports whether the element has xsi:nil="true".
func (n *Node) IsNil() bool { return n.Nil }

// TextLimits bound the text layer: the elements of one input, their
// nesting, the bytes of a text and of an attribute value.
type TextLimits struct {
	MaxDepth           int // nesting of elements, the top element at level 1
	MaxElements        int // elements in all
	MaxTextLength      int // bytes of the character data of one element
	MaxAttributeLength int // bytes of one attribute value
}

// Default limits of the text layer; zero fields of Config take them.
const (
	// DefaultMaxElements bounds the elements of one input: 1 000 000.
	DefaultMaxElements = 1_000_000
	// DefaultMaxAttributeLength bounds an attribute value: 65 535 bytes.
	DefaultMaxAttributeLength = 65535
)

// reader is the state of ReadTree.
type reader struct {
	in    []byte
	pos   int
	lim   TextLimits
	nodes []Node
	kids  []int32 // per node: its number of children
	stack []int32 // open elements
	// ns is the namespace prefixes declared on the open elements, as
	// (prefix, URI, depth) triples, innermost last.
	ns []nsDecl
	// text is where decoded texts are written (ensureText); owner is the
	// node whose text ends it, starting at ownerStart.
	text       []byte
	owner      int32
	ownerStart int
	// attrs holds the names of the attributes of the start tag being read.
	attrs [][]byte
	// names interns the local names of elements: one string per name.
	names  map[string]string
	recent [32]string // a cache of names (intern)
	// minNodes, set for a pooled reader, is the least number of nodes
	// room is made for; its elements are not counted beforehand.
	minNodes int
	// next and all are the buffers of link.
	next []int32
	all  []*Node
}

type nsDecl struct {
	prefix, uri string
	depth       int
}

// ReadTree reads the XML text b, which must be one element (after an
// optional byte order mark, XML declaration, comments and white space),
// into a tree.
func ReadTree(b []byte, lim TextLimits) (*Node, error) {
	var r reader
	return r.read(b, lim)
}

// read reads b into a tree held by r, reusing r's buffers from an earlier
// call (a reader of the pool of Unmarshal): the tree is valid until the
// next call.
func (r *reader) read(b []byte, lim TextLimits) (*Node, error) {
	if r.minNodes >= chainMax {
		if root, ok := r.chain(b, lim); ok {
			return root, nil
		}
	}
	if !utf8.Valid(b) {
		return nil, failAt(invalidUTF8(b), "the input is not UTF-8 text")
	}
	// Every element starts with a '<' that is not "</": the count bounds
	// the elements.
	// An element takes four bytes at least ("<a/>"), which bounds the
	// count when '<' is in comments or CDATA sections.
	r.in, r.pos, r.lim, r.owner, r.ownerStart = b, 0, lim, -1, 0
	switch {
	case r.minNodes == 0:
		// A new tree: room for its elements, counted.
		n := bytes.Count(b, []byte{'<'}) - bytes.Count(b, []byte("</"))
		n = min(n, len(b)/4+1)
		if n > lim.MaxElements {
			n = lim.MaxElements // at most one more is read: the one refused
		}
		r.nodes, r.kids = make([]Node, 0, n), make([]int32, 0, n)
	case cap(r.nodes) < r.minNodes:
		r.nodes, r.kids = make([]Node, 0, r.minNodes), make([]int32, 0, r.minNodes)
	default:
		// A pooled reader: its buffers grow by appending and are kept
		// (release bounds them).
		r.nodes, r.kids = r.nodes[:0], r.kids[:0]
	}
	r.stack, r.ns, r.attrs = r.stack[:0], r.ns[:0], r.attrs[:0]
	if cap(r.text) < 2*len(b) {
		r.text = nil // made on first use (ensureText)
	} else {
		r.text = r.text[:0]
	}
	if len(r.names) > maxInterned {
		clear(r.names)
		r.recent = [len(r.recent)]string{}
	}
	if err := r.document(); err != nil {
		return nil, err
	}
	r.link()
	return &r.nodes[0], nil
}

// chainMax is the most elements chain reads.
const chainMax = 8

// chain reads the documents most values standing alone are: a chain of
// elements each holding one element or plain text, "<Variant
// xmlns="..."><Value><UInt32>5</UInt32></Value></Variant>", in the
// simplest of their spellings (ASCII, names without prefixes, attributes
// without a prefix or nil separated by one space, no space in the tags,
// nothing around the top element but white space after it). It makes the
// tree the general reader makes of them; ok is false for every other
// input, which the general reader reads (and whose errors it finds): chain
// never fails an input.
func (r *reader) chain(b []byte, lim TextLimits) (root *Node, ok bool) {
	r.nodes = r.nodes[:0]
	pos, k := 0, 0
	for {
		// A start tag at pos.
		if pos+1 >= len(b) || b[pos] != '<' || nameByte[b[pos+1]]&1 == 0 || k == chainMax || k >= lim.MaxDepth || k >= lim.MaxElements {
			return nil, false
		}
		start := pos
		name, at := asciiName(b, pos+1)
		pos = at
		var attrs [4][]byte
		nattr := 0
		for {
			if pos+1 >= len(b) {
				return nil, false
			}
			if b[pos] == '>' {
				pos++
				break
			}
			if b[pos] != ' ' || nameByte[b[pos+1]]&1 == 0 || nattr == len(attrs) {
				return nil, false
			}
			an, at := asciiName(b, pos+1)
			if an == nil || string(an) == "nil" || at+1 >= len(b) || b[at] != '=' || b[at+1] != '"' && b[at+1] != '\'' {
				return nil, false
			}
			for _, seen := range attrs[:nattr] {
				if bytes.Equal(seen, an) {
					return nil, false
				}
			}
			attrs[nattr], nattr = an, nattr+1
			if end := at + 2 + len(TypesNamespace); end < len(b) && b[end] == b[at+1] && string(b[at+2:end]) == TypesNamespace &&
				len(TypesNamespace) <= lim.MaxAttributeLength {
				pos = end + 1 // the namespace of the OPC UA types, plain text
				continue
			}
			end := bytes.IndexByte(b[at+2:], b[at+1])
			if end < 0 || end > lim.MaxAttributeLength || !plainText(b[at+2:at+2+end]) {
				return nil, false
			}
			pos = at + 2 + end + 1
		}
		if name == nil {
			return nil, false
		}
		r.nodes = append(r.nodes, Node{Name: r.intern(name), Offset: start, parent: int32(k - 1), qlen: int32(len(name))})
		k++
		if pos+1 < len(b) && b[pos] == '<' && b[pos+1] != '/' {
			continue // a child
		}
		end := bytes.IndexByte(b[pos:], '<')
		if end < 0 || end > lim.MaxTextLength || !plainText(b[pos:pos+end]) {
			return nil, false
		}
		if end > 0 {
			r.nodes[k-1].Text = b[pos : pos+end]
		}
		pos += end
		break
	}
	// The end tags, innermost first.
	for i := k - 1; i >= 0; i-- {
		n := &r.nodes[i]
		q := b[n.Offset+1 : n.Offset+1+int(n.qlen)]
		end := pos + 2 + len(q)
		if end >= len(b) || b[pos] != '<' || b[pos+1] != '/' || b[end] != '>' || !bytes.Equal(b[pos+2:end], q) {
			return nil, false
		}
		pos = end + 1
		n.End = pos
	}
	for ; pos < len(b); pos++ {
		if !isSpace(b[pos]) {
			return nil, false
		}
	}
	if cap(r.all) < k {
		r.all = make([]*Node, chainMax)
	}
	all := r.all[:k]
	for i := 0; i+1 < k; i++ {
		all[i] = &r.nodes[i+1]
		r.nodes[i].Kids = all[i : i+1 : i+1]
	}
	r.in, r.lim = b, lim
	return &r.nodes[0], true
}

// asciiName returns the name of ASCII name characters without a colon
// that starts at b[at] (a name start character), and where it ends; the
// name is nil if a colon ends it.
func asciiName(b []byte, at int) ([]byte, int) {
	start := at
	for at++; at < len(b) && nameByte[b[at]]&2 != 0; at++ {
		if b[at] == ':' {
			return nil, at
		}
	}
	if b[start] == ':' {
		return nil, at
	}
	return b[start:at], at
}

// maxInterned bounds the element names a pooled reader keeps interned
// between calls.
const maxInterned = 512

// release drops what a pooled reader should not keep alive: the input,
// and buffers much larger than usual.
func (r *reader) release() {
	r.in = nil
	const keep = 1 << 15
	if cap(r.nodes) > keep {
		r.nodes, r.kids, r.next, r.all = nil, nil, nil, nil
	}
	if cap(r.text) > 1<<16 {
		r.text = nil
	}
}

// link sets the Kids of every node: one slice of pointers for the whole
// tree, each node's children a range of it.
func (r *reader) link() {
	// next[p] is where the next child of p goes: the start of p's range,
	// then one more per child, so that it ends at the range's end.
	if cap(r.next) < len(r.nodes) {
		r.next = make([]int32, len(r.nodes))
	}
	next := r.next[:len(r.nodes)]
	var total int32
	for i, c := range r.kids {
		next[i] = total
		total += c
	}
	if cap(r.all) < int(total) {
		r.all = make([]*Node, total)
	}
	all := r.all[:total]
	for i := 1; i < len(r.nodes); i++ {
		p := r.nodes[i].parent
		all[next[p]] = &r.nodes[i]
		next[p]++
	}
	for i := range r.nodes {
		if c := r.kids[i]; c > 0 {
			r.nodes[i].Kids = all[next[i]-c : next[i] : next[i]]
		}
	}
}

// failAt returns a *wire.DecodeError at offset off wrapping ErrInvalid.
func failAt(off int, format string, args ...any) error {
	return &wire.DecodeError{Offset: off, Err: wire.Errorf(wire.ErrInvalid, format, args...)}
}

// limitErr returns a *wire.DecodeError at offset off wrapping
// ErrLimitExceeded.
func limitErr(off int, name string, max, got int, what string) error {
	return &wire.DecodeError{Offset: off, Err: wire.Errorf(wire.ErrLimitExceeded, "%s: %d %s, limit %d", name, got, what, max)}
}

func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// clip shortens a text quoted in an error message.
func clip[T ~string | ~[]byte](s T) string {
	const max = 40
	if len(s) > max {
		return string(s[:max]) + "..."
	}
	return string(s)
}

// document reads the prolog, the one top element and what may follow it.
func (r *reader) document() error {
	if bytes.HasPrefix(r.in, []byte("\xef\xbb\xbf")) {
		r.pos = 3
	}
	if bytes.HasPrefix(r.in[r.pos:], []byte("<?xml")) && len(r.in) > r.pos+5 && isSpace(r.in[r.pos+5]) {
		end := bytes.Index(r.in[r.pos:], []byte("?>"))
		if end < 0 {
			return failAt(r.pos, "an XML declaration without its end")
		}
		if err := xmlDecl(r.in[r.pos+5:r.pos+end], r.pos); err != nil {
			return err
		}
		r.pos += end + 2
	}
	root := false
	for {
		r.skipSpace()
		if r.pos == len(r.in) {
			break
		}
		if r.in[r.pos] != '<' {
			return failAt(r.pos, "text outside the top element")
		}
		switch {
		case bytes.HasPrefix(r.in[r.pos:], []byte("<!--")):
			if err := r.comment(); err != nil {
				return err
			}
		case bytes.HasPrefix(r.in[r.pos:], []byte("<!")):
			return failAt(r.pos, "a DTD or other declaration (<!...), which OPC UA XML does not use, is refused")
		case bytes.HasPrefix(r.in[r.pos:], []byte("<?")):
			return failAt(r.pos, "a processing instruction or a misplaced XML declaration")
		case root:
			return failAt(r.pos, "a second top-level element")
		default:
			root = true
			if err := r.element(); err != nil {
				return err
			}
		}
	}
	if !root {
		return failAt(r.pos, "no element")
	}
	return nil
}

// xmlDecl checks the pseudo-attributes of the XML declaration: version
// 1.0, and UTF-8 if an encoding is named (the only one read).
func xmlDecl(s []byte, at int) error {
	fields := map[string]string{}
	for _, f := range bytes.Fields(s) {
		k, v, ok := bytes.Cut(f, []byte("="))
		if !ok || len(v) < 2 || v[0] != v[len(v)-1] || v[0] != '"' && v[0] != '\'' {
			return failAt(at, "a malformed XML declaration")
		}
		fields[string(k)] = string(v[1 : len(v)-1])
	}
	if fields["version"] != "1.0" {
		return failAt(at, "XML version %q; only 1.0 is read", fields["version"])
	}
	if e, ok := fields["encoding"]; ok && !strings.EqualFold(e, "utf-8") {
		return failAt(at, "encoding %q; OPC UA XML is UTF-8", e)
	}
	return nil
}

// comment reads <!-- ... -->; "--" inside is an error, as XML has it.
func (r *reader) comment() error {
	start := r.pos
	body := r.in[r.pos+4:]
	end := bytes.Index(body, []byte("--"))
	if end < 0 {
		return failAt(start, "a comment without its end")
	}
	if end+2 >= len(body) || body[end+2] != '>' {
		return failAt(start+4+end, "\"--\" inside a comment")
	}
	if err := checkChars(body[:end], start+4); err != nil {
		return err
	}
	r.pos = start + 4 + end + 3
	return nil
}

// element reads the element whose '<' is at r.pos, to its end, without
// recursion: the open elements are on r.stack.
func (r *reader) element() error {
	base := len(r.stack)
	if err := r.startTag(); err != nil {
		return err
	}
	{
		for len(r.stack) > base {
			// Content of the innermost open element.
			if err := r.content(); err != nil {
				return err
			}
			if r.pos >= len(r.in) {
				return failAt(len(r.in), "the input ends inside element %s", r.nodes[r.stack[len(r.stack)-1]].Name)
			}
			// r.in[r.pos] == '<'
			if r.pos+1 < len(r.in) {
				if c := r.in[r.pos+1]; c != '/' && c != '!' && c != '?' {
					if err := r.startTag(); err != nil {
						return err
					}
					continue
				}
			}
			switch {
			case bytes.HasPrefix(r.in[r.pos:], []byte("</")):
				if err := r.endTag(); err != nil {
					return err
				}
			case bytes.HasPrefix(r.in[r.pos:], []byte("<!--")):
				if err := r.comment(); err != nil {
					return err
				}
			case bytes.HasPrefix(r.in[r.pos:], []byte("<![CDATA[")):
				if err := r.cdata(); err != nil {
					return err
				}
			case bytes.HasPrefix(r.in[r.pos:], []byte("<!")):
				return failAt(r.pos, "a declaration (<!...) inside an element")
			case bytes.HasPrefix(r.in[r.pos:], []byte("<?")):
				return failAt(r.pos, "a processing instruction")
			default:
				if err := r.startTag(); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// startTag reads a start tag (or an empty-element tag) at r.pos.
func (r *reader) startTag() error {
	start := r.pos
	if len(r.nodes) >= r.lim.MaxElements {
		return limitErr(start, "MaxElements", r.lim.MaxElements, len(r.nodes)+1, "elements")
	}
	if len(r.stack)+1 > r.lim.MaxDepth {
		return limitErr(start, "MaxDepth", r.lim.MaxDepth, len(r.stack)+1, "elements nested")
	}
	r.pos++
	name, err := r.name()
	if err != nil {
		return err
	}
	parent := int32(-1)
	if len(r.stack) > 0 {
		parent = r.stack[len(r.stack)-1]
		r.kids[parent]++
	}
	idx := int32(len(r.nodes))
	r.nodes = append(r.nodes, Node{Name: r.intern(name), Offset: start, parent: parent, qlen: int32(len(name))})
	r.kids = append(r.kids, 0)
	depth := len(r.stack) + 1
	var nilPrefix, nilValue string
	var sawNil bool
	names := r.attrs[:0]
	for {
		sp := r.skipSpace()
		if r.pos >= len(r.in) {
			return failAt(start, "the input ends inside the start tag of %s", name)
		}
		c := r.in[r.pos]
		if c == '/' || c == '>' {
			break
		}
		if !sp {
			return failAt(r.pos, "no space before an attribute in the start tag of %s", name)
		}
		at := r.pos
		an, err := r.name()
		if err != nil {
			return err
		}
		for _, seen := range names {
			if bytes.Equal(seen, an) {
				return failAt(at, "attribute %s given twice", an)
			}
		}
		names = append(names, an)
		r.skipSpace()
		if r.pos >= len(r.in) || r.in[r.pos] != '=' {
			return failAt(r.pos, "attribute %s without a value", an)
		}
		r.pos++
		r.skipSpace()
		val, err := r.attrValue()
		if err != nil {
			return err
		}
		switch {
		case an[0] != 'x' && an[len(an)-1] != 'l':
			// Neither xmlns, xmlns:... nor ...nil.
		case bytes.Equal(an, []byte("xmlns")):
		case bytes.HasPrefix(an, []byte("xmlns:")):
			r.ns = append(r.ns, nsDecl{prefix: string(an[6:]), uri: string(val), depth: depth})
		case bytes.HasSuffix(an, []byte(":nil")) || bytes.Equal(an, []byte("nil")):
			if i := bytes.IndexByte(an, ':'); i >= 0 {
				nilPrefix = string(an[:i])
			}
			nilValue, sawNil = string(val), true
		}
	}
	r.attrs = names[:0]
	if sawNil && nilPrefix != "" && (r.resolve(nilPrefix) == XSINamespace || nilPrefix == "xsi" && r.resolve("xsi") == "") {
		r.nodes[idx].Nil = nilValue == "true" || nilValue == "1"
	}
	if r.in[r.pos] == '/' {
		if r.pos+1 >= len(r.in) || r.in[r.pos+1] != '>' {
			return failAt(r.pos, "'/' not followed by '>' in the start tag of %s", name)
		}
		r.pos += 2
		r.nodes[idx].End = r.pos
		r.popNS(depth)
		return nil
	}
	r.pos++
	r.stack = append(r.stack, idx)
	return nil
}

// resolve returns the URI bound to prefix on the open elements ("" for
// none).
func (r *reader) resolve(prefix string) string {
	for i := len(r.ns) - 1; i >= 0; i-- {
		if r.ns[i].prefix == prefix {
			return r.ns[i].uri
		}
	}
	return ""
}

// popNS drops the namespace declarations of the element at depth.
func (r *reader) popNS(depth int) {
	for len(r.ns) > 0 && r.ns[len(r.ns)-1].depth >= depth {
		r.ns = r.ns[:len(r.ns)-1]
	}
}

// endTag reads an end tag at r.pos, which must close the innermost open
// element.
func (r *reader) endTag() error {
	start := r.pos
	// The usual end tag, "</" the start tag's name ">", needs no parsing:
	// the name was checked in the start tag.
	open := &r.nodes[r.stack[len(r.stack)-1]]
	q := r.in[open.Offset+1 : open.Offset+1+int(open.qlen)]
	if end := start + 2 + len(q); end < len(r.in) && r.in[end] == '>' && bytes.Equal(r.in[start+2:end], q) {
		r.pos = end + 1
		open.End = r.pos
		r.popNS(len(r.stack))
		r.stack = r.stack[:len(r.stack)-1]
		return nil
	}
	r.pos += 2
	name, err := r.name()
	if err != nil {
		return err
	}
	r.skipSpace()
	if r.pos >= len(r.in) || r.in[r.pos] != '>' {
		return failAt(start, "end tag %s without '>'", name)
	}
	r.pos++
	top := r.stack[len(r.stack)-1]
	n := &r.nodes[top]
	local := name
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		local = name[i+1:]
	}
	if string(local) != n.Name || !bytes.Equal(name, r.in[n.Offset+1:n.Offset+1+len(name)]) {
		return failAt(start, "end tag %s does not close element %s", name, n.Name)
	}
	n.End = r.pos
	r.popNS(len(r.stack))
	r.stack = r.stack[:len(r.stack)-1]
	return nil
}

// content reads the character data up to the next '<' (or the end) into
// the innermost open element.
func (r *reader) content() error {
	start := r.pos
	i := bytes.IndexByte(r.in[start:], '<')
	end := len(r.in)
	if i >= 0 {
		end = start + i
	}
	r.pos = end
	if end == start {
		return nil
	}
	chunk := r.in[start:end]
	if plainText(chunk) {
		return r.addText(chunk, start, false)
	}
	if bytes.Contains(chunk, []byte("]]>")) {
		return failAt(start+bytes.Index(chunk, []byte("]]>")), "\"]]>\" in text")
	}
	if err := checkChars(chunk, start); err != nil {
		return err
	}
	if bytes.IndexByte(chunk, '&') < 0 && bytes.IndexByte(chunk, '\r') < 0 {
		return r.addText(chunk, start, false)
	}
	dec, err := r.decodeText(chunk, start, false)
	if err != nil {
		return err
	}
	return r.addText(dec, start, true)
}

// cdata reads a CDATA section at r.pos into the innermost open element.
func (r *reader) cdata() error {
	start := r.pos
	body := r.in[start+9:]
	end := bytes.Index(body, []byte("]]>"))
	if end < 0 {
		return failAt(start, "a CDATA section without its end")
	}
	chunk := body[:end]
	r.pos = start + 9 + end + 3
	if err := checkChars(chunk, start+9); err != nil {
		return err
	}
	if bytes.IndexByte(chunk, '\r') < 0 {
		return r.addText(chunk, start, false)
	}
	return r.addText(normalizeLineEnds(chunk), start, true)
}

// addText adds a chunk of text to the innermost open element: appended to
// its text while it has no children; after that only a chunk that is not
// white space is kept, for the error it causes.
func (r *reader) addText(chunk []byte, at int, owned bool) error {
	idx := r.stack[len(r.stack)-1]
	n := &r.nodes[idx]
	if r.kids[idx] > 0 {
		if len(bytes.TrimSpace(n.Text)) == 0 && len(bytes.TrimSpace(chunk)) > 0 {
			n.Text = r.copyText(chunk)
		}
		return nil
	}
	if len(n.Text)+len(chunk) > r.lim.MaxTextLength {
		return limitErr(at, "MaxTextLength", r.lim.MaxTextLength, len(n.Text)+len(chunk), "bytes of text in one element")
	}
	switch {
	case len(n.Text) == 0 && !owned:
		n.Text = chunk // into the input
	case len(n.Text) == 0:
		n.Text = r.copyText(chunk)
	case r.owner == idx && r.ownerStart+len(n.Text) == len(r.text):
		r.text = append(r.text, chunk...) // its text ends the buffer: extend it
		n.Text = r.text[r.ownerStart:len(r.text):len(r.text)]
	default:
		r.ensureText(len(n.Text) + len(chunk))
		first := len(r.text)
		r.text = append(r.text, n.Text...)
		r.text = append(r.text, chunk...)
		n.Text = r.text[first:len(r.text):len(r.text)]
		r.owner, r.ownerStart = idx, first
	}
	return nil
}

// copyText copies a chunk into the text buffer.
func (r *reader) copyText(chunk []byte) []byte {
	r.ensureText(len(chunk))
	first := len(r.text)
	r.text = append(r.text, chunk...)
	r.owner, r.ownerStart = r.stack[len(r.stack)-1], first
	return r.text[first:len(r.text):len(r.text)]
}

// ensureText makes the text buffer on first use. Decoded text is never
// longer than its input, and each byte of input is written once (the
// copy of a text's first chunk, which points into the input, included),
// except the first chunks copied when a second arrives: twice the input
// bounds it all. The buffer is never reallocated, so the slices into it
// stay valid.
func (r *reader) ensureText(n int) {
	if r.text == nil {
		r.text = make([]byte, 0, 2*len(r.in)+n)
	}
	// A reused buffer has room for twice the input (read).
	if cap(r.text)-len(r.text) < n {
		// Not reached (the bound above); a new buffer keeps old slices
		// valid anyway.
		r.text = make([]byte, 0, 2*len(r.in)+n)
		r.owner = -1
	}
}

// decodeText replaces references and normalises line ends in text (or an
// attribute value, where white space characters become spaces).
func (r *reader) decodeText(s []byte, at int, attr bool) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '&':
			end := bytes.IndexByte(s[i:], ';')
			if end < 0 {
				return nil, failAt(at+i, "'&' without ';'")
			}
			ref := s[i+1 : i+end]
			var ok bool
			out, ok = appendRef(out, ref)
			if !ok {
				return nil, failAt(at+i, "unknown entity or bad character reference &%s; (no DTD declares entities)", clip(ref))
			}
			i += end + 1
		case c == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			if attr {
				out = append(out, ' ')
			} else {
				out = append(out, '\n')
			}
			i++
		case attr && (c == '\n' || c == '\t'):
			out = append(out, ' ')
			i++
		default:
			out = append(out, c)
			i++
		}
	}
	return out, nil
}

// appendRef appends what the reference &ref; stands for.
func appendRef(b, ref []byte) ([]byte, bool) {
	switch string(ref) {
	case "lt":
		return append(b, '<'), true
	case "gt":
		return append(b, '>'), true
	case "amp":
		return append(b, '&'), true
	case "quot":
		return append(b, '"'), true
	case "apos":
		return append(b, '\''), true
	}
	if len(ref) < 2 || ref[0] != '#' {
		return b, false
	}
	digits, base := ref[1:], 10
	if digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 || len(digits) > 8 {
		return b, false
	}
	var v rune
	for _, c := range digits {
		var d rune
		switch {
		case c >= '0' && c <= '9':
			d = rune(c - '0')
		case base == 16 && c >= 'a' && c <= 'f':
			d = rune(c-'a') + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = rune(c-'A') + 10
		default:
			return b, false
		}
		v = v*rune(base) + d
	}
	if !isChar(v) {
		return b, false
	}
	return utf8.AppendRune(b, v), true
}

// normalizeLineEnds turns "\r\n" and "\r" into "\n".
func normalizeLineEnds(s []byte) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\r' {
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			out = append(out, '\n')
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// attrValue reads a quoted attribute value at r.pos, references replaced.
func (r *reader) attrValue() ([]byte, error) {
	start := r.pos
	if r.pos >= len(r.in) || r.in[r.pos] != '"' && r.in[r.pos] != '\'' {
		return nil, failAt(r.pos, "an attribute value without quotes")
	}
	q := r.in[r.pos]
	end := bytes.IndexByte(r.in[r.pos+1:], q)
	if end < 0 {
		return nil, failAt(start, "an attribute value without its closing quote")
	}
	val := r.in[r.pos+1 : r.pos+1+end]
	r.pos += end + 2
	if len(val) > r.lim.MaxAttributeLength {
		return nil, limitErr(start, "MaxAttributeLength", r.lim.MaxAttributeLength, len(val), "bytes in an attribute")
	}
	if plainText(val) {
		return val, nil
	}
	if i := bytes.IndexByte(val, '<'); i >= 0 {
		return nil, failAt(start+1+i, "'<' in an attribute value")
	}
	if err := checkChars(val, start+1); err != nil {
		return nil, err
	}
	if bytes.IndexByte(val, '&') < 0 && !bytes.ContainsAny(val, "\r\n\t") {
		return val, nil
	}
	return r.decodeText(val, start+1, true)
}

// name reads an XML name at r.pos.
func (r *reader) name() ([]byte, error) {
	start := r.pos
	if r.pos < len(r.in) && nameByte[r.in[r.pos]]&1 != 0 {
		r.pos++ // an ASCII name start; the ASCII name characters after it:
		for r.pos < len(r.in) && nameByte[r.in[r.pos]]&2 != 0 {
			r.pos++
		}
	}
	for r.pos < len(r.in) {
		c := r.in[r.pos]
		if c >= utf8.RuneSelf {
			ru, n := utf8.DecodeRune(r.in[r.pos:])
			if !isNameRune(ru, r.pos == start) {
				break
			}
			r.pos += n
			continue
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' ||
			r.pos > start && (c >= '0' && c <= '9' || c == '-' || c == '.')) {
			break
		}
		r.pos++
	}
	if r.pos == start {
		return nil, failAt(start, "a name is missing")
	}
	name := r.in[start:r.pos]
	// A qualified name (Namespaces in XML): one colon at most, with a
	// name on each side.
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		if i == 0 || i == len(name)-1 || bytes.IndexByte(name[i+1:], ':') >= 0 || !nameStart(name[i+1:]) {
			return nil, failAt(start, "%q is not a qualified name", clip(name))
		}
	}
	return name, nil
}

// nameByte classes the ASCII bytes of names: 1 a name may start with
// it, 2 a name may hold it after the start.
var nameByte = func() (t [256]uint8) {
	for c := 0; c < utf8.RuneSelf; c++ {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' {
			t[c] = 3
		} else if c >= '0' && c <= '9' || c == '-' || c == '.' {
			t[c] = 2
		}
	}
	return t
}()

// nameStart reports whether s starts with a character a name may start
// with.
func nameStart(s []byte) bool {
	c := s[0]
	if c >= utf8.RuneSelf {
		ru, _ := utf8.DecodeRune(s)
		return isNameRune(ru, true)
	}
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// isNameRune reports whether the non-ASCII r may be in an XML name
// (NameStartChar, or NameChar when not first).
//
// The ranges are XML 1.0's; encoding/xml, whose reading this reader must
// equal (FuzzReader), keeps the older, narrower tables of the 4th edition,
// so a rune the ranges allow is also asked of encoding/xml (non-ASCII names
// are rare: NodeSet2 files and the OPC UA schema use ASCII ones).
func isNameRune(r rune, first bool) bool {
	return inNameRanges(r, first) && xmlAcceptsName(r, first)
}

// xmlAcceptsName reports whether encoding/xml reads r in an element name,
// at its start when first.
func xmlAcceptsName(r rune, first bool) bool {
	doc := "<" + string(r) + "/>"
	if !first {
		doc = "<a" + string(r) + "/>"
	}
	_, err := xml.NewDecoder(strings.NewReader(doc)).Token()
	return err == nil
}

// inNameRanges reports whether the non-ASCII r is a NameStartChar (or a
// NameChar when not first) of XML 1.0, fifth edition.
func inNameRanges(r rune, first bool) bool {
	switch {
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x2FF, r >= 0x370 && r <= 0x37D,
		r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D, r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF,
		r >= 0x3001 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	case !first && (r == 0xB7 || r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040):
		return true
	}
	return false
}

// intern returns the local part of name as a string, one per distinct
// name of the input.
func (r *reader) intern(name []byte) string {
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	if len(name) == 0 {
		return ""
	}
	// A small cache in front of the map, by length and last byte: most
	// names repeat (the element of each array entry, its fields).
	slot := &r.recent[(len(name)*7+int(name[len(name)-1]))%len(r.recent)]
	if *slot == string(name) {
		return *slot
	}
	s, ok := r.names[string(name)]
	if !ok {
		if r.names == nil {
			r.names = map[string]string{}
		}
		s = string(name)
		r.names[s] = s
	}
	*slot = s
	return s
}

// skipSpace skips XML white space and reports whether there was some.
func (r *reader) skipSpace() bool {
	start := r.pos
	for r.pos < len(r.in) && isSpace(r.in[r.pos]) {
		r.pos++
	}
	return r.pos > start
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// special marks the bytes that plainText stops at: what text or an
// attribute value may not hold ('<', C0 controls), what needs decoding
// ('&', line ends and tabs in attributes), the ']' of "]]>", and every
// byte of a non-ASCII character (checked by checkChars).
var special = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	t['<'], t['&'], t[']'] = true, true, true
	return t
}()

// plainText reports whether s is printable ASCII without '<', '&' and ']':
// text that needs no check and no decoding, as a text chunk or an
// attribute value. The other texts take the slow path, which finds their
// errors.
func plainText(s []byte) bool {
	for _, c := range s[plainWords(unsafe.String(unsafe.SliceData(s), len(s)), '<', '&', ']'):] {
		if special[c] {
			return false
		}
	}
	return true
}

// checkChars fails at the first character of s that XML 1.0 does not
// allow (s is UTF-8).
func checkChars(s []byte, at int) error {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				return failAt(at+i, "character U+%04X, which XML does not allow", c)
			}
			i++
			continue
		}
		ru, n := utf8.DecodeRune(s[i:])
		if !isChar(ru) {
			return failAt(at+i, "character U+%04X, which XML does not allow", ru)
		}
		i += n
	}
	return nil
}

// isChar reports whether r is an XML 1.0 Char.
func isChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
