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
func RegisterType[T any](r *Registry, encodingID types.ExpandedNodeID) error {
	t := reflect.TypeFor[T]()
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return wire.Errorf(ErrUnsupported, "RegisterType needs a non-pointer, non-interface type, got %v", t)
	}
	if encodingID.ServerIndex != 0 {
		return wire.Errorf(ErrInvalid, "the encoding id of %v has server index %d", t, encodingID.ServerIndex)
	}
	if err := engine.Check(t); err != nil {
		return err
	}
	return r.model().RegisterType(t, encodingID)
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
