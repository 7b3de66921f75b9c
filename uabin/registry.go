package uabin

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Registry maps Go types to the binary encoding ids (the
// <Type>_Encoding_DefaultBinary NodeIds) under which they travel in
// ExtensionObjects and as service messages, and back.
//
// A Registry is safe for concurrent use. Lookups never block: they read an
// immutable snapshot. RegisterType copies the snapshot under a mutex and
// publishes the new one atomically, so a registration is visible to every
// encoding or decoding call that starts after RegisterType has returned
// (calls already running may or may not see it). Registrations cannot be
// undone.
type Registry struct {
	mu   sync.Mutex
	snap atomic.Pointer[regSnapshot]
}

// regEntry is one registered type.
type regEntry struct {
	typ reflect.Type
	g   *goType      // allocates and boxes values of typ
	id  types.NodeID // the encoding id; namespace index 0 when uri is set
	uri string       // namespace URI, when registered as nsu=...
	dyn *dynDef      // a run-time definition (typ is Dynamic), or nil
}

// regSnapshot is an immutable state of a Registry. Hot-path lookups are
// keyed by reflect.Type and NodeID; the URI map is consulted only for ids
// whose namespace index is not registered directly.
type regSnapshot struct {
	byType map[reflect.Type]*regEntry
	byID   map[types.NodeID]*regEntry            // registered by namespace index
	byNum  map[uint64]*regEntry                  // the numeric ones of byID by numKey: a cheaper hash than a NodeID's
	byURI  map[string]map[types.NodeID]*regEntry // registered by URI; ids with namespace 0
	dyn    *dynState                             // run-time definitions (dynamic_registry.go), or nil
}

// Registration errors, wrapped by the errors RegisterType,
// RegisterStructure and RegisterEnum return; each wraps ErrInvalid.
var (
	// ErrDuplicateID: the encoding id (or DataType id) is already registered.
	ErrDuplicateID = fmt.Errorf("%w: encoding id already registered", ErrInvalid)
	// ErrDuplicateType: the Go type is already registered.
	ErrDuplicateType = fmt.Errorf("%w: Go type already registered", ErrInvalid)
)

// NewRegistry returns a Registry holding every standard structure of
// namespace 0 that has a binary encoding (types.StandardTypes).
func NewRegistry() *Registry { return newRegistry(types.StandardTypes) }

// newRegistry returns a Registry holding the given standard types.
func newRegistry(std []types.TypeInfo) *Registry {
	r := &Registry{}
	s := &regSnapshot{
		byType: map[reflect.Type]*regEntry{},
		byID:   map[types.NodeID]*regEntry{},
		byNum:  map[uint64]*regEntry{},
		byURI:  map[string]map[types.NodeID]*regEntry{},
	}
	for _, ti := range std {
		if ti.Abstract || ti.BinaryEncodingID == 0 || ti.Type == nil {
			continue
		}
		id := types.NewNumericNodeID(0, ti.BinaryEncodingID)
		if s.byType[ti.Type] != nil || s.byID[id] != nil {
			continue
		}
		e := &regEntry{typ: ti.Type, g: newGoType(ti.Type), id: id}
		s.byType[ti.Type], s.byID[id], s.byNum[numKey(id)] = e, e, e
	}
	r.snap.Store(s)
	return r
}

// DefaultRegistry is the Registry used by Options whose Types is nil.
var DefaultRegistry = NewRegistry()

// RegisterType registers the Go type T under the binary encoding id
// encodingID: by namespace index (ns=2;i=5001) or by namespace URI
// (nsu=http://example.org/UA/;i=5001; the URI is resolved to an index with
// Options.NamespaceURIs on every call). A nil r means DefaultRegistry. It
// fails if the id or T is already registered, if the id has a server index,
// or if T has no OPC UA Binary plan (the error wraps ErrUnsupported).
func RegisterType[T any](r *Registry, encodingID types.ExpandedNodeID) error {
	if r == nil {
		r = DefaultRegistry
	}
	t := reflect.TypeFor[T]()
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return wire.Errorf(ErrUnsupported, "RegisterType needs a non-pointer, non-interface type, got %v", t)
	}
	if encodingID.ServerIndex != 0 {
		return wire.Errorf(ErrInvalid, "the encoding id of %v has server index %d", t, encodingID.ServerIndex)
	}
	if _, perr := codecFor(nil, t); perr != nil {
		return perr.withPath()
	}
	e := &regEntry{typ: t, g: newGoType(t), id: encodingID.NodeID, uri: encodingID.NamespaceURI}
	if e.uri != "" {
		e.id = e.id.WithNamespace(0)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.snap.Load()
	if old.byType[t] != nil {
		return fmt.Errorf("%w: %v", ErrDuplicateType, t)
	}
	if old.has(e) {
		return fmt.Errorf("%w: %v (registered for %v)", ErrDuplicateID, encodingID, old.lookupEntry(e))
	}
	s := old.withEntry(e)
	s.byType = make(map[reflect.Type]*regEntry, len(old.byType)+1)
	for k, v := range old.byType {
		s.byType[k] = v
	}
	s.byType[t] = e
	r.snap.Store(s)
	return nil
}

// withEntry returns a copy of s (sharing what does not change) in which
// the encoding id of e is registered: by namespace index or by URI.
func (s *regSnapshot) withEntry(e *regEntry) *regSnapshot {
	n := *s
	if e.uri == "" {
		n.byID = make(map[types.NodeID]*regEntry, len(s.byID)+1)
		for k, v := range s.byID {
			n.byID[k] = v
		}
		n.byID[e.id] = e
		if e.id.Type() == types.IDTypeNumeric {
			n.byNum = make(map[uint64]*regEntry, len(s.byNum)+1)
			for k, v := range s.byNum {
				n.byNum[k] = v
			}
			n.byNum[numKey(e.id)] = e
		}
		return &n
	}
	n.byURI = make(map[string]map[types.NodeID]*regEntry, len(s.byURI)+1)
	for k, v := range s.byURI {
		n.byURI[k] = v
	}
	m := make(map[types.NodeID]*regEntry, len(s.byURI[e.uri])+1)
	for k, v := range s.byURI[e.uri] {
		m[k] = v
	}
	m[e.id] = e
	n.byURI[e.uri] = m
	return &n
}

// has reports whether the encoding id of e is registered already.
func (s *regSnapshot) has(e *regEntry) bool {
	if e.uri == "" {
		return s.byID[e.id] != nil
	}
	return s.byURI[e.uri][e.id] != nil
}

func (s *regSnapshot) lookupEntry(e *regEntry) reflect.Type {
	if e.uri == "" {
		return s.byID[e.id].typ
	}
	return s.byURI[e.uri][e.id].typ
}

// byGoType returns the entry of the Go type of v (T or *T), or nil.
func (r *Registry) byGoType(v any) *regEntry {
	if d, ok := v.(*Dynamic); ok {
		return d.entry()
	}
	s := r.snap.Load()
	t := reflect.TypeOf(v)
	if e := s.byType[t]; e != nil {
		return e
	}
	if t.Kind() == reflect.Pointer {
		return s.byType[t.Elem()]
	}
	return nil
}

// byID returns the entry registered for the encoding id on the wire, or
// nil; uris is the session's namespace table.
func (r *Registry) byID(id types.NodeID, uris []string) *regEntry {
	return r.snap.Load().lookupID(id, uris)
}

// lookupID is Registry.byID in snapshot s.
func (s *regSnapshot) lookupID(id types.NodeID, uris []string) *regEntry {
	if id.Type() == types.IDTypeNumeric {
		if e := s.byNum[numKey(id)]; e != nil {
			return e
		}
	} else if e := s.byID[id]; e != nil {
		return e
	}
	if len(s.byURI) == 0 || int(id.Namespace()) >= len(uris) {
		return nil
	}
	return s.byURI[uris[id.Namespace()]][id.WithNamespace(0)]
}

// numKey is the key of a numeric NodeID in regSnapshot.byNum.
func numKey(id types.NodeID) uint64 { return uint64(id.Namespace())<<32 | uint64(id.IntID()) }

// LookupType returns the Go type registered for the binary encoding id
// (resolving URI registrations with namespaceURIs), or nil.
func (r *Registry) LookupType(id types.NodeID, namespaceURIs []string) reflect.Type {
	if e := r.byID(id, namespaceURIs); e != nil {
		return e.typ
	}
	return nil
}

// EncodingID returns the binary encoding id registered for t (with a
// namespace URI, for URI registrations) and whether t is registered.
func (r *Registry) EncodingID(t reflect.Type) (types.ExpandedNodeID, bool) {
	e := r.snap.Load().byType[t]
	if e == nil {
		return types.ExpandedNodeID{}, false
	}
	return types.ExpandedNodeID{NodeID: e.id, NamespaceURI: e.uri}, true
}
