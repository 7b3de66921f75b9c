package nodeset

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/internal/xmlenc"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// setState is what Values makes once per Set: the registry of its types
// and the decoded values.
type setState struct {
	once     sync.Once
	registry *uabin.Registry
	encs     map[types.ExpandedNodeID]types.ExpandedNodeID
	byID     map[types.ExpandedNodeID]*Value
	err      error
}

// Registry returns a registry holding the standard types and every
// DataType of the set outside namespace 0 (Set.Register into a new
// uabin.Registry), made once: the registry the set's values decode with,
// and that their binary encoding needs (ExtensionObjects of the set's
// structures hold *uabin.Dynamic values of its definitions).
func (s *Set) Registry() (*uabin.Registry, error) {
	st := s.state()
	return st.registry, st.err
}

func (s *Set) state() *setState {
	s.valuesOnce.once.Do(func() {
		st := &s.valuesOnce
		st.encs = map[types.ExpandedNodeID]types.ExpandedNodeID{}
		for _, f := range s.Files {
			for _, dt := range f.DataTypes {
				for _, e := range dt.Encodings {
					if e.Name == "Default XML" {
						st.encs[e.ID] = dt.ID
					}
				}
			}
		}
		st.registry = uabin.NewRegistry()
		if err := s.Register(st.registry); err != nil {
			st.err = err
			return
		}
		st.byID = map[types.ExpandedNodeID]*Value{}
		for _, f := range s.Files {
			for _, v := range f.Values {
				if st.err = s.decode(v, v.ns.NamespaceURIs, &v.Variant); st.err != nil {
					return
				}
				st.byID[v.NodeID] = v
			}
		}
	})
	return &s.valuesOnce
}

// XMLEncodings returns the "Default XML" encodings of the set's
// DataTypes: a map from each encoding node's id to its DataType's id, both
// with their namespace URI, the map uaxml.Options.XMLEncodings takes to
// read and write ExtensionObjects of the set's structures. The map is the
// set's: do not modify it.
func (s *Set) XMLEncodings() map[types.ExpandedNodeID]types.ExpandedNodeID { return s.state().encs }

// Values returns the <Value> of every UAVariable and UAVariableType node
// of the set's files, in file and document order, each decoded into
// Value.Variant with the namespace indexes of its file: built-in types,
// arrays, matrices, and ExtensionObjects holding structures of namespace 0
// (their Go types of package types) or of the set (*uabin.Dynamic values of
// the definitions Registry holds), found by their XML encoding ids
// ("Default XML") or DataType ids. A value that does not decode is an
// *Error naming the file, the line of the <Value> and the node's NodeId;
// none is skipped. The values are decoded once, on the first call of
// Values, Value or Registry.
//
// The binary encoding of a value, as a server would send it, is
// Set.BinaryValue; its XML, uaxml.Marshal of the Variant with the file's
// NamespaceURIs.
func (s *Set) Values() ([]*Value, error) {
	st := s.state()
	if st.err != nil {
		return nil, st.err
	}
	var out []*Value
	for _, f := range s.Files {
		out = append(out, f.Values...)
	}
	return out, nil
}

// Value returns the Value of the node with the given id (with its
// namespace URI, as Value.NodeID has it), or nil.
func (s *Set) Value(id types.ExpandedNodeID) (*Value, error) {
	st := s.state()
	if st.err != nil {
		return nil, st.err
	}
	return st.byID[id], nil
}

// DecodeValue decodes v again with the namespace indexes of the table
// namespaceURIs (a server's, say) instead of its file's: every NodeId,
// ExpandedNodeId and QualifiedName index of the file is mapped to the
// index of its URI in namespaceURIs, which must hold every URI used.
func (s *Set) DecodeValue(v *Value, namespaceURIs []string) (types.Variant, error) {
	var out types.Variant
	if st := s.state(); st.err != nil {
		return out, st.err
	}
	err := s.decode(v, namespaceURIs, &out)
	return out, err
}

// BinaryValue returns the OPC UA Binary encoding of v's Variant with the
// namespace indexes of the table namespaceURIs (nil: the file's
// NamespaceURIs): uabin.Options{NamespaceURIs: namespaceURIs, Types:
// Registry()}.Marshal of DecodeValue's Variant.
func (s *Set) BinaryValue(v *Value, namespaceURIs []string) ([]byte, error) {
	if namespaceURIs == nil {
		namespaceURIs = v.ns.NamespaceURIs
	}
	x, err := s.DecodeValue(v, namespaceURIs)
	if err != nil {
		return nil, err
	}
	r, _ := s.Registry()
	b, err := uabin.Options{NamespaceURIs: namespaceURIs, Types: r}.Marshal(&x)
	if err != nil {
		return nil, &Error{File: v.File, Node: v.NodeIDText, BrowseName: v.BrowseNameText, Err: fmt.Errorf("line %d: binary encoding: %w", v.Line, err)}
	}
	return b, nil
}

// decode decodes the tree of v into out, for the namespace table target
// (nil: the file's).
func (s *Set) decode(v *Value, target []string, out *types.Variant) error {
	st := &s.valuesOnce
	c := xmlenc.Config{NamespaceURIs: v.ns.NamespaceURIs, Types: (*uamodel.Registry)(unsafe.Pointer(st.registry)),
		Encodings: st.encs, Target: target, Strict: true, Raw: v.XML,
		Limits: uabin.Limits{MaxMessageSize: -1, MaxStringLength: -1, MaxByteStringLength: -1, MaxArrayLength: -1},
		Text:   xmlenc.TextLimits{MaxDepth: -1, MaxElements: -1, MaxTextLength: -1, MaxAttributeLength: -1}}
	tree, err := c.ReadTree(v.XML)
	var x types.Variant
	if err == nil {
		x, err = c.VariantValue(tree)
	}
	if err != nil {
		return &Error{File: v.File, Node: v.NodeIDText, BrowseName: v.BrowseNameText, Err: fmt.Errorf("line %d: %s value: %w", v.Line, v.NodeClass, err)}
	}
	*out = x
	return nil
}
