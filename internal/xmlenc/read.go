package xmlenc

// The text layer of decoding: XML text becomes a tree of elements (Node),
// read with encoding/xml under the limits, before the built-ins and plans
// read values from it. A DTD, and so any entity other than XML's five, is
// refused; encoding/xml expands no external entity.

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/uabin/uabin/uabin/wire"
)

// XSINamespace is the namespace of the xsi:nil attribute.
const XSINamespace = "http://www.w3.org/2001/XMLSchema-instance"

// TypesNamespace is the namespace of the OPC UA XML built-in types
// (Opc.Ua.Types.xsd), written on the element of a top-level value.
const TypesNamespace = "http://opcfoundation.org/UA/2008/02/Types.xsd"

// A Node is one element of the input: its name, attributes, the character
// data directly inside it and its child elements.
type Node struct {
	Name xml.Name
	Attr []xml.Attr
	// Text is the character data directly in the element (between its
	// children too), entities replaced.
	Text []byte
	Kids []*Node
	// Offset is the byte offset of the element's start tag in the input;
	// End the offset just after its end tag. Line is the line of the
	// start tag (1-based).
	Offset, End int64
	Line        int
}

// Local returns the element's name without its namespace.
func (n *Node) Local() string { return n.Name.Local }

// IsNil reports whether the element has xsi:nil="true".
func (n *Node) IsNil() bool {
	for _, a := range n.Attr {
		if a.Name.Local == "nil" && (a.Name.Space == XSINamespace || a.Name.Space == "xsi") {
			return a.Value == "true" || a.Value == "1"
		}
	}
	return false
}

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

// A TreeReader builds Nodes from the tokens of an xml.Decoder, counting
// elements against the limits. Nodeset's reader gives it the tokens of a
// <Value> element as it reads them (Add), package uaxml a whole input
// (ReadTree).
type TreeReader struct {
	lim      TextLimits
	elements int
	stack    []*Node
	root     *Node
}

// NewTreeReader returns a reader of one tree under the limits (resolved:
// no zero field).
func NewTreeReader(lim TextLimits) *TreeReader { return &TreeReader{lim: lim} }

// Add adds the token tok, read from offset off to end at line line of the
// input, to the tree. It reports done when the top element has ended.
func (r *TreeReader) Add(tok xml.Token, off, end int64, line int) (done bool, err error) {
	switch t := tok.(type) {
	case xml.StartElement:
		if len(r.stack)+1 > r.lim.MaxDepth {
			return false, limitErr(off, "MaxDepth", r.lim.MaxDepth, len(r.stack)+1, "elements nested")
		}
		if r.elements++; r.elements > r.lim.MaxElements {
			return false, limitErr(off, "MaxElements", r.lim.MaxElements, r.elements, "elements")
		}
		for _, a := range t.Attr {
			if len(a.Value) > r.lim.MaxAttributeLength {
				return false, limitErr(off, "MaxAttributeLength", r.lim.MaxAttributeLength, len(a.Value), "bytes in attribute "+a.Name.Local)
			}
		}
		n := &Node{Name: t.Name, Offset: off, Line: line}
		if len(t.Attr) > 0 {
			n.Attr = append([]xml.Attr(nil), t.Attr...)
		}
		if len(r.stack) == 0 {
			if r.root != nil {
				return false, failAt(off, "a second top-level element, %s", t.Name.Local)
			}
			r.root = n
		} else {
			p := r.stack[len(r.stack)-1]
			p.Kids = append(p.Kids, n)
		}
		r.stack = append(r.stack, n)
	case xml.EndElement:
		if len(r.stack) == 0 {
			return false, failAt(off, "end tag %s without a start", t.Name.Local)
		}
		r.stack[len(r.stack)-1].End = end
		r.stack = r.stack[:len(r.stack)-1]
		return len(r.stack) == 0, nil
	case xml.CharData:
		if len(r.stack) == 0 {
			if len(bytes.TrimSpace(t)) > 0 {
				return false, failAt(off, "text outside the top element")
			}
			return false, nil
		}
		n := r.stack[len(r.stack)-1]
		if len(n.Text)+len(t) > r.lim.MaxTextLength {
			return false, limitErr(off, "MaxTextLength", r.lim.MaxTextLength, len(n.Text)+len(t), "bytes of text in one element")
		}
		n.Text = append(n.Text, t...)
	case xml.Directive:
		return false, failAt(off, "a DTD or other directive (<!%s), which OPC UA XML does not use, is refused", clip(t))
	case xml.ProcInst:
		if t.Target != "xml" || len(r.stack) > 0 || r.root != nil {
			return false, failAt(off, "processing instruction <?%s", t.Target)
		}
	case xml.Comment:
	}
	return false, nil
}

// Root returns the top element read, or nil.
func (r *TreeReader) Root() *Node { return r.root }

// ReadTree reads the XML text b, which must be one element (after an
// optional XML declaration, comments and white space), into a tree.
func ReadTree(b []byte, lim TextLimits) (*Node, error) {
	if !utf8.Valid(b) {
		return nil, failAt(int64(invalidUTF8(b)), "the input is not UTF-8 text")
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	r := NewTreeReader(lim)
	for {
		off := d.InputOffset()
		line, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, failAt(d.InputOffset(), "XML syntax error on line %d: %s", se.Line, se.Msg)
			}
			return nil, failAt(d.InputOffset(), "XML: %v", err)
		}
		if _, err := r.Add(tok, off, d.InputOffset(), line); err != nil {
			return nil, err
		}
	}
	if r.root == nil {
		return nil, failAt(0, "no element")
	}
	return r.root, nil
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

// failAt returns a *wire.DecodeError at offset off wrapping ErrInvalid.
func failAt(off int64, format string, args ...any) error {
	return &wire.DecodeError{Offset: int(off), Err: wire.Errorf(wire.ErrInvalid, format, args...)}
}

// limitErr returns a *wire.DecodeError at offset off wrapping
// ErrLimitExceeded.
func limitErr(off int64, name string, max, got int, what string) error {
	return &wire.DecodeError{Offset: int(off), Err: wire.Errorf(wire.ErrLimitExceeded, "%s: %d %s, limit %d", name, got, what, max)}
}

// clip shortens a text quoted in an error message.
func clip[T ~string | ~[]byte](s T) string {
	const max = 40
	if len(s) > max {
		return string(s[:max]) + "..."
	}
	return string(s)
}
