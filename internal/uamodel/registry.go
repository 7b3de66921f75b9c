package uamodel

// The type registry, format-independent: Go types and run-time
// definitions with the NodeIds they are known by (DataType, binary and
// JSON encodings), in immutable snapshots. Package uabin's Registry is
// this type; the encodings read its snapshots.

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Registry maps Go types and run-time definitions to their ids and back.
// Lookups read an immutable snapshot (Load); registrations copy it under
// a mutex and publish the new one atomically. A Registry must be made
// with Init before use.
type Registry struct {
	mu   sync.Mutex
	snap atomic.Pointer[Snapshot]
	vals ValueTypes
}

// IDs are the NodeIds a type is known by. A null id is unknown.
type IDs struct {
	DataType types.NodeID // the DataType node
	Binary   types.NodeID // <Type>_Encoding_DefaultBinary: the TypeId in an ExtensionObject, the prefix of a service message
	JSON     types.NodeID // <Type>_Encoding_DefaultJson
}

// An Entry is one registered Go type or run-time structure.
type Entry struct {
	Go  reflect.Type // the Go type (the Dynamic type for a run-time structure)
	IDs IDs          // namespace index 0 when URI is set
	URI string       // the namespace URI, when registered as nsu=...
	Def *Def         // a run-time definition, or nil
}

// Snapshot is an immutable state of a Registry. Hot-path lookups are
// keyed by reflect.Type and binary encoding id; the URI map is consulted
// only for ids whose namespace index is not registered directly.
type Snapshot struct {
	byType map[reflect.Type]*Entry
	byID   map[types.NodeID]*Entry            // by binary encoding id, registered by namespace index
	byNum  map[uint64]*Entry                  // the numeric ones of byID by numKey: a cheaper hash than a NodeID's
	byURI  map[string]map[types.NodeID]*Entry // registered by URI; ids with namespace 0
	byDT   map[types.NodeID]*Entry            // Go types by DataType id (the UaTypeId of OPC UA JSON): the standard types, and those registered with one by namespace index
	byDTU  map[string]map[types.NodeID]*Entry // Go types registered with a DataType id by URI; ids with namespace 0
	dyn    *dynState                          // run-time definitions (definitions.go), or nil
}

// Registration errors; each wraps wire.ErrInvalid.
var (
	// ErrDuplicateID: the encoding id (or DataType id) is already registered.
	ErrDuplicateID = fmt.Errorf("%w: encoding id already registered", wire.ErrInvalid)
	// ErrDuplicateType: the Go type is already registered.
	ErrDuplicateType = fmt.Errorf("%w: Go type already registered", wire.ErrInvalid)
)

// Init makes r a registry holding the given standard types (those with a
// binary encoding), whose run-time structures have the value types vt.
func (r *Registry) Init(std []types.TypeInfo, vt ValueTypes) {
	vt.check()
	r.vals = vt
	s := &Snapshot{
		byType: map[reflect.Type]*Entry{},
		byID:   map[types.NodeID]*Entry{},
		byNum:  map[uint64]*Entry{},
		byURI:  map[string]map[types.NodeID]*Entry{},
		byDT:   map[types.NodeID]*Entry{},
	}
	for _, ti := range std {
		if ti.Abstract || ti.BinaryEncodingID == 0 || ti.Type == nil {
			continue
		}
		e := &Entry{Go: ti.Type, IDs: StandardIDs(ti)}
		if s.byType[ti.Type] != nil || s.byID[e.IDs.Binary] != nil {
			continue
		}
		s.byType[ti.Type], s.byID[e.IDs.Binary], s.byNum[numKey(e.IDs.Binary)] = e, e, e
		if !e.IDs.DataType.IsNull() {
			s.byDT[e.IDs.DataType] = e
		}
	}
	r.snap.Store(s)
}

// StandardIDs returns the ids of a standard type of namespace 0.
func StandardIDs(ti types.TypeInfo) IDs {
	var ids IDs
	for _, x := range []struct {
		id  uint32
		out *types.NodeID
	}{{ti.DataTypeID, &ids.DataType}, {ti.BinaryEncodingID, &ids.Binary}, {ti.JSONEncodingID, &ids.JSON}} {
		if x.id != 0 {
			*x.out = types.NewNumericNodeID(0, x.id)
		}
	}
	return ids
}

// Load returns the current snapshot.
func (r *Registry) Load() *Snapshot { return r.snap.Load() }

// Values returns the Go types of run-time structures' values.
func (r *Registry) Values() *ValueTypes { return &r.vals }

// RegisterType registers the Go type t (whose model the caller has
// checked) under the binary encoding id encodingID alone.
func (r *Registry) RegisterType(t reflect.Type, encodingID types.ExpandedNodeID) error {
	return r.RegisterTypeIDs(t, ExpandedIDs{Binary: encodingID})
}

// ExpandedIDs are the ids of a Go type's registration, each by namespace
// index or by namespace URI (the same URI for all of them): the binary
// encoding id (required), the DataType id and the JSON encoding id (null:
// unknown).
type ExpandedIDs struct {
	DataType, Binary, JSON types.ExpandedNodeID
}

// RegisterTypeIDs registers the Go type t (whose model the caller has
// checked) under its ids. The binary encoding id and the DataType id must
// not be registered already; ids given by URI must share one URI.
func (r *Registry) RegisterTypeIDs(t reflect.Type, ids ExpandedIDs) error {
	e := &Entry{Go: t, URI: ids.Binary.NamespaceURI}
	for _, x := range []struct {
		id   types.ExpandedNodeID
		out  *types.NodeID
		what string
	}{{ids.Binary, &e.IDs.Binary, "binary encoding"}, {ids.DataType, &e.IDs.DataType, "DataType"}, {ids.JSON, &e.IDs.JSON, "JSON encoding"}} {
		if x.id.NodeID.IsNull() && x.id.NamespaceURI == "" {
			continue
		}
		if x.id.NamespaceURI != e.URI {
			return wire.Errorf(wire.ErrInvalid, "the %s id %v of %v is not in the namespace of its binary encoding id %v (one namespace URI, or none, for all ids)", x.what, x.id, t, ids.Binary)
		}
		if x.id.ServerIndex != 0 {
			return wire.Errorf(wire.ErrInvalid, "the %s id of %v has server index %d", x.what, t, x.id.ServerIndex)
		}
		*x.out = x.id.NodeID
		if e.URI != "" {
			*x.out = x.out.WithNamespace(0)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.snap.Load()
	if old.byType[t] != nil {
		return fmt.Errorf("%w: %v", ErrDuplicateType, t)
	}
	if old.has(e) {
		return fmt.Errorf("%w: %v (registered for %v)", ErrDuplicateID, ids.Binary, old.lookupEntry(e))
	}
	if !e.IDs.DataType.IsNull() {
		if o := old.dataTypeEntry(e.IDs.DataType, e.URI); o != nil {
			return fmt.Errorf("%w: DataType id %v (registered for %v)", ErrDuplicateID, ids.DataType, o.Go)
		}
		if d := old.dyn.lookupDef(e.IDs.DataType, e.URI); d != nil {
			return fmt.Errorf("%w: DataType id %v (registered for %s)", ErrDuplicateID, ids.DataType, d.Name)
		}
	}
	s := old.withEntry(e)
	s.byType = make(map[reflect.Type]*Entry, len(old.byType)+1)
	for k, v := range old.byType {
		s.byType[k] = v
	}
	s.byType[t] = e
	if !e.IDs.DataType.IsNull() {
		s.withDataType(e)
	}
	r.snap.Store(s)
	return nil
}

// dataTypeEntry returns the Go type registered for a DataType id given as
// registered (namespace 0 with a URI), or nil.
func (s *Snapshot) dataTypeEntry(id types.NodeID, uri string) *Entry {
	if uri == "" {
		return s.byDT[id]
	}
	return s.byDTU[uri][id]
}

// withDataType registers the DataType id of e in s, a copy whose maps of
// DataType ids are still shared with the snapshot it was copied from.
func (s *Snapshot) withDataType(e *Entry) {
	if e.URI == "" {
		m := make(map[types.NodeID]*Entry, len(s.byDT)+1)
		for k, v := range s.byDT {
			m[k] = v
		}
		m[e.IDs.DataType] = e
		s.byDT = m
		return
	}
	n := make(map[string]map[types.NodeID]*Entry, len(s.byDTU)+1)
	for k, v := range s.byDTU {
		n[k] = v
	}
	m := make(map[types.NodeID]*Entry, len(s.byDTU[e.URI])+1)
	for k, v := range s.byDTU[e.URI] {
		m[k] = v
	}
	m[e.IDs.DataType] = e
	n[e.URI] = m
	s.byDTU = n
}

// withEntry returns a copy of s (sharing what does not change) in which
// the encoding id of e is registered: by namespace index or by URI.
func (s *Snapshot) withEntry(e *Entry) *Snapshot {
	n := *s
	id := e.IDs.Binary
	if e.URI == "" {
		n.byID = make(map[types.NodeID]*Entry, len(s.byID)+1)
		for k, v := range s.byID {
			n.byID[k] = v
		}
		n.byID[id] = e
		if id.Type() == types.IDTypeNumeric {
			n.byNum = make(map[uint64]*Entry, len(s.byNum)+1)
			for k, v := range s.byNum {
				n.byNum[k] = v
			}
			n.byNum[numKey(id)] = e
		}
		return &n
	}
	n.byURI = make(map[string]map[types.NodeID]*Entry, len(s.byURI)+1)
	for k, v := range s.byURI {
		n.byURI[k] = v
	}
	m := make(map[types.NodeID]*Entry, len(s.byURI[e.URI])+1)
	for k, v := range s.byURI[e.URI] {
		m[k] = v
	}
	m[id] = e
	n.byURI[e.URI] = m
	return &n
}

// has reports whether the encoding id of e is registered already.
func (s *Snapshot) has(e *Entry) bool {
	if e.URI == "" {
		return s.byID[e.IDs.Binary] != nil
	}
	return s.byURI[e.URI][e.IDs.Binary] != nil
}

func (s *Snapshot) lookupEntry(e *Entry) reflect.Type {
	if e.URI == "" {
		return s.byID[e.IDs.Binary].Go
	}
	return s.byURI[e.URI][e.IDs.Binary].Go
}

// ByType returns the entry of the Go type t, or nil.
func (s *Snapshot) ByType(t reflect.Type) *Entry { return s.byType[t] }

// ByID returns the entry registered for the binary encoding id on the
// wire, or nil; uris is the session's namespace table.
func (s *Snapshot) ByID(id types.NodeID, uris []string) *Entry {
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

// ByDataType returns the entry of the Go type whose DataType id is id (the
// UaTypeId of an OPC UA JSON ExtensionObject), or nil: a standard type, or
// one registered with its DataType id (by namespace index, or by URI
// resolved with the namespace table uris). Types registered with their
// binary encoding id alone are known by that id only (ByID); run-time
// structures by their definitions (Structure).
func (s *Snapshot) ByDataType(id types.NodeID, uris []string) *Entry {
	if e := s.byDT[id]; e != nil {
		return e
	}
	if len(s.byDTU) == 0 || int(id.Namespace()) >= len(uris) {
		return nil
	}
	return s.byDTU[uris[id.Namespace()]][id.WithNamespace(0)]
}

// ByURI returns the entry of the Go type registered by the namespace URI
// uri whose DataType id or binary encoding id is id (namespace 0), or nil:
// the type an OPC UA JSON UaTypeId names as nsu=<uri>;... when the call's
// namespace table does not hold uri.
func (s *Snapshot) ByURI(uri string, id types.NodeID) *Entry {
	if e := s.byDTU[uri][id]; e != nil {
		return e
	}
	if e := s.byURI[uri][id]; e != nil && e.Def == nil {
		return e
	}
	return nil
}

// Unmapped returns an entry registered by namespace URI whose identifier
// is that of id when id's namespace index is not in uris (so ByID could
// not tell whether id is that type), or nil. Of several URIs holding the
// identifier, it returns the entry of the first URI in sort order.
func (s *Snapshot) Unmapped(id types.NodeID, uris []string) *Entry {
	if len(s.byURI) == 0 || int(id.Namespace()) < len(uris) {
		return nil
	}
	local := id.WithNamespace(0)
	var found *Entry
	for uri, m := range s.byURI {
		if e := m[local]; e != nil && (found == nil || uri < found.URI) {
			found = e
		}
	}
	return found
}

// byURIID returns the entry registered by URI for the id (namespace 0),
// or nil.
func (s *Snapshot) byURIID(uri string, id types.NodeID) *Entry { return s.byURI[uri][id] }

// numKey is the key of a numeric NodeID in Snapshot.byNum.
func numKey(id types.NodeID) uint64 { return uint64(id.Namespace())<<32 | uint64(id.IntID()) }

// EncodingID returns the binary encoding id of e for the namespace table
// uris: as registered, or with the index of its namespace URI in uris; ok
// is false if the URI is not in uris.
func (e *Entry) EncodingID(uris []string) (types.NodeID, bool) { return e.Resolve(e.IDs.Binary, uris) }

// Resolve returns id, one of the ids of e, for the namespace table uris:
// as registered, or with the index of the namespace URI of e in uris; ok
// is false if the URI is not in uris.
func (e *Entry) Resolve(id types.NodeID, uris []string) (types.NodeID, bool) {
	if e.URI == "" {
		return id, true
	}
	for i, u := range uris {
		if u == e.URI && i <= 0xffff {
			return id.WithNamespace(uint16(i)), true
		}
	}
	return types.NodeID{}, false
}

// Name names the type of e in messages: the Go type, or the name of a
// run-time structure.
func (e *Entry) Name() string {
	if e.Def != nil {
		return e.Def.Name + " (a run-time structure)"
	}
	return e.Go.String()
}
