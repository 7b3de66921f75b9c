package nodeset

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"

	"github.com/uabin/uabin/internal/xmlenc"
	"github.com/uabin/uabin/types"
)

// Value is the <Value> of a UAVariable or UAVariableType node: where it
// is, the node's NodeId, DataType and ValueRank, and (after Set.Values)
// the value decoded.
type Value struct {
	// File is the name of the file, Line the line of the <Value> element.
	File string
	Line int
	// NodeClass is "UAVariable" or "UAVariableType".
	NodeClass string
	// NodeIDText and BrowseNameText are the node's attributes as written
	// ("ns=1;i=6001", "1:EngineeringUnits"); NodeID is the NodeId with its
	// namespace URI (NamespaceURI set, namespace index 0).
	NodeIDText, BrowseNameText string
	NodeID                     types.ExpandedNodeID
	// DataTypeText is the DataType attribute as written (an alias such as
	// "LocalizedText", or a NodeId; "" when absent); DataType is it with
	// aliases resolved and its namespace URI (BaseDataType, i=24, when
	// absent).
	DataTypeText string
	DataType     types.ExpandedNodeID
	// ValueRank is the ValueRank attribute (-1, scalar, when absent).
	ValueRank int32
	// XML is the <Value> element as read, written out again: element
	// names without namespace prefixes (the decoder matches local names),
	// attributes other than namespace declarations, text escaped, no
	// comments.
	XML []byte
	// Variant is the value decoded by Set.Values, with the namespace
	// indexes of the file's NamespaceURIs (the NodeSet's), as written in
	// the file. Set.DecodeValue decodes it for another namespace table.
	Variant types.Variant

	ns *NodeSet
}

// NamespaceURIsOf returns the namespace table of the file v comes from,
// the table of the indexes of v.Variant.
func (s *Set) NamespaceURIsOf(v *Value) []string { return v.ns.NamespaceURIs }

// readVariable reads a UAVariable or UAVariableType element that has just
// started, to its end, and keeps its <Value> (the element's tree) for
// Set.Values.
func (p *parser) readVariable(start xml.StartElement) error {
	v := &Value{File: p.ns.File, NodeClass: start.Name.Local, ValueRank: -1, ns: p.ns}
	var valueRank string
	readAttrs(start, variableAttrs, &v.NodeIDText, &v.BrowseNameText, &v.DataTypeText, &valueRank)
	err := p.children(func(c xml.StartElement) error {
		if c.Name.Local != "Value" {
			return nil
		}
		if v.XML != nil {
			return p.fail(nil, ErrInvalid, "%s %s: a second Value", v.NodeClass, v.NodeIDText)
		}
		return p.readValueXML(c, v)
	})
	if err != nil || v.XML == nil {
		return err
	}
	if v.NodeID, err = p.nodeID(v.NodeIDText); err != nil {
		return p.fail(nil, ErrInvalid, "%s %s: NodeId: %v", v.NodeClass, v.NodeIDText, err)
	}
	if v.DataTypeText == "" {
		v.DataType = ns0ID(idBaseDataType)
	} else if v.DataType, err = p.nodeID(v.DataTypeText); err != nil {
		return p.fail(nil, ErrInvalid, "%s %s: DataType %q: %v", v.NodeClass, v.NodeIDText, v.DataTypeText, err)
	}
	if s := strings.TrimSpace(valueRank); s != "" {
		r, err := strconv.ParseInt(s, 10, 32)
		if err != nil || r < -3 {
			return p.fail(nil, ErrInvalid, "%s %s: ValueRank %q", v.NodeClass, v.NodeIDText, valueRank)
		}
		v.ValueRank = int32(r)
	}
	p.ns.Values = append(p.ns.Values, v)
	return nil
}

// variableAttrs are the attributes readVariable reads.
var variableAttrs = []string{"NodeId", "BrowseName", "DataType", "ValueRank"}

// readValueXML reads the <Value> element that has just started (its
// start tag was read last) and keeps it as XML text (Value.XML), which
// holds about as many bytes as the element in the file: Values parses it
// when it decodes. Texts are kept, so MaxTextLength counts the whole text
// of an element, as for the texts of DataTypes.
func (p *parser) readValueXML(start xml.StartElement, v *Value) error {
	v.Line = p.line
	b := p.valueBuf[:0] // reused from value to value; v.XML is a copy of the size needed
	open := false       // a start tag is not closed yet ("<a b="c"")
	texts := []int{0}   // the length of the text of each open element
	startTag := func(t xml.StartElement) {
		if open {
			b = append(b, '>')
		}
		b = append(b, '<')
		b = append(b, t.Name.Local...)
		for _, a := range t.Attr {
			if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
				continue
			}
			b = append(b, ' ')
			if a.Name.Space == xmlenc.XSINamespace {
				b = append(b, `xmlns:xsi="`+xmlenc.XSINamespace+`" xsi:`...)
			}
			b = append(b, a.Name.Local...)
			b = append(b, `="`...)
			b = appendEscaped(b, a.Value)
			b = append(b, '"')
		}
		open = true
	}
	startTag(start)
	for depth := 1; depth > 0; {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			startTag(t)
			texts = append(texts, 0)
			depth++
		case xml.EndElement:
			if open {
				b = append(b, "/>"...)
			} else {
				b = append(b, "</"...)
				b = append(b, t.Name.Local...)
				b = append(b, '>')
			}
			open = false
			texts = texts[:len(texts)-1]
			depth--
		case xml.CharData:
			n := texts[len(texts)-1] + len(t)
			if n > p.lim.MaxTextLength {
				return p.limit("MaxTextLength", p.lim.MaxTextLength, n, "")
			}
			texts[len(texts)-1] = n
			if open {
				b = append(b, '>')
				open = false
			}
			b = appendEscaped(b, []byte(t))
		case xml.Directive, xml.ProcInst:
			return p.fail(nil, ErrInvalid, "%s %s: a directive or processing instruction in its Value", v.NodeClass, v.NodeIDText)
		}
	}
	v.XML = bytes.Clone(b)
	p.valueBuf = b[:0]
	return nil
}

// appendEscaped appends s with the characters XML text and attribute
// values cannot hold as they are escaped.
func appendEscaped[T string | []byte](b []byte, s T) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<':
			b = append(b, "&lt;"...)
		case '>':
			b = append(b, "&gt;"...)
		case '&':
			b = append(b, "&amp;"...)
		case '"':
			b = append(b, "&#34;"...)
		case '\r':
			b = append(b, "&#xD;"...)
		default:
			b = append(b, c)
		}
	}
	return b
}
