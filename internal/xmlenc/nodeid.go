package xmlenc

// The built-ins that are structures in XML: Guid, NodeId, ExpandedNodeId,
// QualifiedName, LocalizedText, and DateTime as time.Time.

import (
	"bytes"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// builtinCodecs are the codecs of the named built-ins by Go type (filled
// by init functions: here, variant.go, extensionobject.go).
var builtinCodecs = map[reflect.Type]*codec{}

func init() {
	builtinCodecs[reflect.TypeFor[timeTime]()] = &codec{name: "DateTime",
		enc: func(e *encoder, v reflect.Value) error {
			e.b = appendDateTime(e.b, &e.dt, types.DateTimeFromTime(*ptrTo[timeTime](v)))
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			t, err := d.dateTime(n)
			setTo(v, t.Time())
			return err
		},
	}
	builtinCodecs[reflect.TypeFor[types.GUID]()] = &codec{name: "Guid",
		enc: func(e *encoder, v reflect.Value) error {
			e.guid(ptrTo[types.GUID](v))
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			k0, err := d.kid(n, "String")
			if err != nil || k0 == nil {
				v.SetZero()
				return err
			}
			s, err := d.token(k0)
			if err != nil {
				return err
			}
			g, ok := parseGUIDBytes(s)
			if !ok {
				_, perr := types.ParseGUID(string(s))
				return d.fail(k0, wire.ErrInvalid, "Guid %q: %v", clip(s), perr)
			}
			setTo(v, g)
			return nil
		},
	}
	builtinCodecs[reflect.TypeFor[types.NodeID]()] = &codec{name: "NodeId",
		enc: func(e *encoder, v reflect.Value) error {
			return e.nodeID(ptrTo[types.NodeID](v))
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			id, err := d.nodeID(n, ptrTo[types.NodeID](v).StringID())
			setTo(v, id)
			return err
		},
	}
	builtinCodecs[reflect.TypeFor[types.ExpandedNodeID]()] = &codec{name: "ExpandedNodeId",
		enc: func(e *encoder, v reflect.Value) error {
			return e.expandedNodeID(ptrTo[types.ExpandedNodeID](v))
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			x, err := d.expandedNodeID(n)
			setTo(v, x)
			return err
		},
	}
	builtinCodecs[reflect.TypeFor[types.QualifiedName]()] = &codec{name: "QualifiedName",
		enc: func(e *encoder, v reflect.Value) error {
			q := *ptrTo[types.QualifiedName](v)
			e.b = append(e.b, "<NamespaceIndex>"...)
			e.b = strconv.AppendUint(e.b, uint64(q.NamespaceIndex), 10)
			e.b = append(e.b, "</NamespaceIndex>"...)
			if q.Name != "" || wire.IsEmptyString(q.Name) {
				e.b = append(e.b, "<Name>"...)
				if err := e.text(q.Name); err != nil {
					return err
				}
				e.b = append(e.b, "</Name>"...)
			}
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			k, err := d.kids(n, "NamespaceIndex", "Name")
			if err != nil {
				return err
			}
			var q types.QualifiedName
			if k[0] != nil {
				s, err := d.token(k[0])
				if err != nil {
					return err
				}
				x, perr := strconv.ParseUint(string(s), 10, 16)
				if perr != nil {
					return d.fail(k[0], wire.ErrInvalid, "NamespaceIndex %q is not an xs:unsignedShort", clip(s))
				}
				if q.NamespaceIndex, err = d.mapIndex(k[0], uint16(x)); err != nil {
					return err
				}
			}
			if k[1] != nil {
				s := reflect.ValueOf(&q.Name).Elem()
				if err := primitiveCodec(types.TypeString).dec(d, k[1], s); err != nil {
					return wire.WithPath(err, "Name")
				}
			}
			setTo(v, q)
			return nil
		},
	}
	builtinCodecs[reflect.TypeFor[types.LocalizedText]()] = &codec{name: "LocalizedText",
		enc: func(e *encoder, v reflect.Value) error {
			l := *ptrTo[types.LocalizedText](v)
			for _, f := range [2]struct{ name, s string }{{"Locale", l.Locale}, {"Text", l.Text}} {
				if f.s == "" && !wire.IsEmptyString(f.s) {
					continue
				}
				e.b = append(e.b, '<')
				e.b = append(e.b, f.name...)
				e.b = append(e.b, '>')
				if err := e.text(f.s); err != nil {
					return err
				}
				e.b = append(e.b, "</"...)
				e.b = append(e.b, f.name...)
				e.b = append(e.b, '>')
			}
			return nil
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			k, err := d.kids(n, "Locale", "Text")
			if err != nil {
				return err
			}
			var l types.LocalizedText
			str := primitiveCodec(types.TypeString)
			if k[0] != nil {
				if err := str.dec(d, k[0], reflect.ValueOf(&l.Locale).Elem()); err != nil {
					return wire.WithPath(err, "Locale")
				}
			}
			if k[1] != nil {
				if err := str.dec(d, k[1], reflect.ValueOf(&l.Text).Elem()); err != nil {
					return wire.WithPath(err, "Text")
				}
			}
			setTo(v, l)
			return nil
		},
	}
}

// nodeID reads the <Identifier> of a NodeId element: the text form
// (§5.3.1.10), "ns=" through the namespace table, "nsu=" mapped to the
// table's index of the URI. A missing Identifier is the null NodeId.
func (d *decoder) nodeID(n *Node, keep string) (types.NodeID, error) {
	k0, err := d.kid(n, "Identifier")
	if err != nil || k0 == nil {
		return types.NodeID{}, err
	}
	s, err := d.token(k0)
	if err != nil {
		return types.NodeID{}, err
	}
	if id, ok := parsePlainNodeID(s, keep); ok {
		ns, err := d.mapIndex(k0, id.Namespace())
		return id.WithNamespace(ns), err
	}
	x, perr := types.ParseExpandedNodeID(string(s))
	if perr != nil {
		return types.NodeID{}, d.fail(k0, wire.ErrInvalid, "NodeId: %v", perr)
	}
	if x.ServerIndex != 0 {
		return types.NodeID{}, d.fail(k0, wire.ErrInvalid, "NodeId %q has a server index", clip(s))
	}
	if x.NamespaceURI != "" {
		i := indexOf(d.table(), x.NamespaceURI)
		if i < 0 {
			return types.NodeID{}, d.fail(k0, wire.ErrInvalid, "NodeId %q: the namespace URI is not in the namespace table", clip(s))
		}
		return x.NodeID.WithNamespace(uint16(i)), nil
	}
	ns, err := d.mapIndex(k0, x.NodeID.Namespace())
	return x.NodeID.WithNamespace(ns), err
}

// expandedNodeID reads the <Identifier> of an ExpandedNodeId element: an
// "nsu=" URI that the namespace table holds becomes its index (as binary
// decoding leaves it), else it stays a URI.
func (d *decoder) expandedNodeID(n *Node) (types.ExpandedNodeID, error) {
	k0, err := d.kid(n, "Identifier")
	if err != nil || k0 == nil {
		return types.ExpandedNodeID{}, err
	}
	s, err := d.token(k0)
	if err != nil {
		return types.ExpandedNodeID{}, err
	}
	if id, ok := parsePlainNodeID(s, ""); ok {
		ns, err := d.mapIndex(k0, id.Namespace())
		return types.ExpandedNodeID{NodeID: id.WithNamespace(ns)}, err
	}
	x, perr := types.ParseExpandedNodeID(string(s))
	if perr != nil {
		return types.ExpandedNodeID{}, d.fail(k0, wire.ErrInvalid, "ExpandedNodeId: %v", perr)
	}
	if x.NamespaceURI == "" {
		ns, err := d.mapIndex(k0, x.NodeID.Namespace())
		x.NodeID = x.NodeID.WithNamespace(ns)
		return x, err
	}
	return x, nil
}

// table returns the namespace table of the values made.
func (d *decoder) table() []string {
	if d.target != nil {
		return d.target
	}
	return d.t.ns
}

// mapIndex maps a namespace index of the input to the index of the values
// made (the same unless the call has a target table).
func (d *decoder) mapIndex(n *Node, ns uint16) (uint16, error) {
	if d.target == nil || ns == 0 {
		return ns, nil
	}
	if int(ns) >= len(d.t.ns) {
		return 0, d.fail(n, wire.ErrInvalid, "namespace index %d is not in the namespace table of the input (%d URIs)", ns, len(d.t.ns))
	}
	i := indexOf(d.target, d.t.ns[ns])
	if i < 0 {
		return 0, d.fail(n, wire.ErrInvalid, "namespace %s is not in the target namespace table", d.t.ns[ns])
	}
	return uint16(i), nil
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x && i <= 0xffff {
			return i
		}
	}
	return -1
}

// parsePlainNodeID reads the NodeIds "i=85", "ns=2;i=85",
// "ns=4;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63" and "ns=2;s=Pump" (a
// namespace of decimal digits without a sign or a leading zero, 1 to
// 65535), as types.ParseExpandedNodeID reads them, without making a
// string but the identifier of a string NodeId, and not that when it is
// keep (the identifier of the NodeId decoded into); ok is false for every
// other text, which types.ParseExpandedNodeID reads.
func parsePlainNodeID(s []byte, keep string) (id types.NodeID, ok bool) {
	var ns uint64
	if len(s) > 3 && string(s[:3]) == "ns=" {
		end := bytes.IndexByte(s, ';')
		if end < 0 {
			return id, false
		}
		if ns, ok = plainDecimal(s[3:end], 16); !ok || ns == 0 {
			return id, false
		}
		s = s[end+1:]
	}
	if len(s) < 3 || s[1] != '=' {
		return id, false
	}
	switch s[0] {
	case 'i':
		n, ok := plainDecimal(s[2:], 32)
		if !ok {
			return id, false
		}
		return types.NewNumericNodeID(uint16(ns), uint32(n)), true
	case 'g':
		g, ok := parseGUIDBytes(s[2:])
		if !ok {
			return id, false
		}
		return types.NewGUIDNodeID(uint16(ns), g), true
	case 's':
		if string(s[2:]) == keep {
			return types.NewStringNodeID(uint16(ns), keep), true // no new string
		}
		return types.NewStringNodeID(uint16(ns), string(s[2:])), true
	}
	return id, false
}

// parseGUIDBytes is types.ParseGUID on bytes, without copying them into
// a string (ParseGUID keeps no part of its input in the GUID).
func parseGUIDBytes(s []byte) (types.GUID, bool) {
	g, err := types.ParseGUID(unsafe.String(unsafe.SliceData(s), len(s)))
	return g, err == nil
}

// plainDecimal reads decimal digits without a sign or a leading zero
// (but "0") of an unsigned integer of bits bits.
func plainDecimal(s []byte, bits int) (uint64, bool) {
	if len(s) == 0 || s[0] == '+' || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	return parseUint(s, bits)
}
