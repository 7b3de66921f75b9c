package uabin

import (
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/engine"
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
	m uamodel.Registry // the format-independent registry, which the encodings read
}

// Registration errors, wrapped by the errors RegisterType,
// RegisterStructure and RegisterEnum return; each wraps ErrInvalid.
var (
	// ErrDuplicateID: the encoding id (or DataType id) is already registered.
	ErrDuplicateID = uamodel.ErrDuplicateID
	// ErrDuplicateType: the Go type is already registered.
	ErrDuplicateType = uamodel.ErrDuplicateType
)

// valueTypes are the Go types of run-time structures' values.
var valueTypes = uamodel.ValueTypes{Dynamic: reflect.TypeFor[Dynamic](), Matrix: reflect.TypeFor[Matrix]()}

// NewRegistry returns a Registry holding every standard structure of
// namespace 0 that has a binary encoding (types.StandardTypes).
func NewRegistry() *Registry { return newRegistry(types.StandardTypes) }

// newRegistry returns a Registry holding the given standard types.
func newRegistry(std []types.TypeInfo) *Registry {
	r := &Registry{}
	r.m.Init(std, valueTypes)
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
//
// RegisterType gives the registry no DataType id, which OPC UA JSON names
// a structure by (the UaTypeId of an ExtensionObject, Part 6 §5.4.2.16):
// package uajson then writes the binary encoding id in its place, which
// uajson reads back but other stacks may not. RegisterTypeIDs gives both.
func RegisterType[T any](r *Registry, encodingID types.ExpandedNodeID) error {
	return RegisterTypeIDs[T](r, TypeIDs{Binary: encodingID})
}

// TypeIDs are the NodeIds a structure's DataType is known by: the DataType
// node and its encoding nodes. Each is given by namespace index
// (ns=2;i=3001) or by namespace URI (nsu=http://example.org/UA/;i=3001),
// the same way for all of them: by URI, every id names the same URI.
type TypeIDs struct {
	// DataType is the DataType node: the UaTypeId of the structure in an
	// OPC UA JSON ExtensionObject. Null: unknown.
	DataType types.ExpandedNodeID
	// Binary is the <Type>_Encoding_DefaultBinary node: the TypeId of the
	// structure in a binary ExtensionObject and the prefix of a service
	// message. It is required.
	Binary types.ExpandedNodeID
	// JSON is the <Type>_Encoding_DefaultJson node, where the information
	// model has one (the TypeId of a binary ExtensionObject whose body is
	// JSON text); recorded for lookups (Registry.TypeIDs). Null: none.
	JSON types.ExpandedNodeID
}

// RegisterTypeIDs registers the Go type T under its ids: in binary under
// ids.Binary, as RegisterType does, and in OPC UA JSON under ids.DataType,
// which Marshal writes as UaTypeId and Unmarshal recognises (so does the
// binary encoding id, as uajson wrote it for types registered without a
// DataType id). A nil r means DefaultRegistry. It fails if T, the binary
// encoding id or the DataType id is already registered (ErrDuplicateType,
// ErrDuplicateID), if ids.Binary is null, if an id has a server index or
// names another namespace URI than ids.Binary (ErrInvalid), or if T has no
// OPC UA Binary plan (ErrUnsupported). The bytes of the binary encoding do
// not depend on the DataType and JSON ids.
func RegisterTypeIDs[T any](r *Registry, ids TypeIDs) error {
	t := reflect.TypeFor[T]()
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return wire.Errorf(ErrUnsupported, "RegisterType needs a non-pointer, non-interface type, got %v", t)
	}
	if ids.Binary.ServerIndex != 0 {
		return wire.Errorf(ErrInvalid, "the encoding id of %v has server index %d", t, ids.Binary.ServerIndex)
	}
	if ids.Binary.NodeID.IsNull() && (!ids.DataType.NodeID.IsNull() || !ids.JSON.NodeID.IsNull()) {
		return wire.Errorf(ErrInvalid, "%v has no binary encoding id (TypeIDs.Binary is required)", t)
	}
	if err := engine.Check(t); err != nil {
		return err
	}
	return r.model().RegisterTypeIDs(t, uamodel.ExpandedIDs{DataType: ids.DataType, Binary: ids.Binary, JSON: ids.JSON})
}

// TypeIDs returns the ids registered for t, each with the namespace URI
// for URI registrations, and whether t is registered; the ids not
// registered are null.
func (r *Registry) TypeIDs(t reflect.Type) (TypeIDs, bool) {
	e := r.model().Load().ByType(t)
	if e == nil {
		return TypeIDs{}, false
	}
	x := func(id types.NodeID) types.ExpandedNodeID {
		if id.IsNull() {
			return types.ExpandedNodeID{}
		}
		return types.ExpandedNodeID{NodeID: id, NamespaceURI: e.URI}
	}
	return TypeIDs{DataType: x(e.IDs.DataType), Binary: x(e.IDs.Binary), JSON: x(e.IDs.JSON)}, true
}

// LookupType returns the Go type registered for the binary encoding id
// (resolving URI registrations with namespaceURIs), or nil.
func (r *Registry) LookupType(id types.NodeID, namespaceURIs []string) reflect.Type {
	if e := r.m.Load().ByID(id, namespaceURIs); e != nil {
		return e.Go
	}
	return nil
}

// EncodingID returns the binary encoding id registered for t (with a
// namespace URI, for URI registrations) and whether t is registered.
func (r *Registry) EncodingID(t reflect.Type) (types.ExpandedNodeID, bool) {
	e := r.m.Load().ByType(t)
	if e == nil {
		return types.ExpandedNodeID{}, false
	}
	return types.ExpandedNodeID{NodeID: e.IDs.Binary, NamespaceURI: e.URI}, true
}
