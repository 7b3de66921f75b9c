package engine

// The state of one encoding or decoding call: the wire.Writer or
// wire.Reader, the fast-path set, the type registry and the namespace
// table. States are pooled; each is installed in its own Writer or Reader
// as the codec of ExtensionObject bodies (hook.BodyAppender,
// hook.BodyConsumer, body.go), which the ExtensionObject codec of
// uabin/fastpath calls back.

import (
	"reflect"
	"sync"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/hook"
	"github.com/uabin/uabin/uabin/wire"
)

// callTypes is what ExtensionObject bodies and messages need of a call.
type callTypes struct {
	set      *fastpath.Set
	registry *uamodel.Registry
	uris     []string
}

// appendState is the per-call encoding state.
type appendState struct {
	w wire.Writer // its depth counter is shared with the codecs of fastpath
	callTypes
	typeID types.NodeID // a message's type id, here so that passing it to its codec does not allocate
}

// consumeState is the per-call decoding state.
type consumeState struct {
	r wire.Reader
	callTypes
	typeID types.NodeID // a message's type id, here so that passing it to its codec does not allocate

	// The last encoding id looked up, in snapshot idSnap of the registry,
	// and its entry (one registered by namespace index), for the call
	// types above: the ExtensionObject bodies of an array and the messages
	// of a loop are mostly of one type, and a NodeID compare is cheaper
	// than a map lookup. Kept across calls of the pooled state; cleared
	// when its call types change.
	idSnap  *uamodel.Snapshot
	idLast  types.NodeID
	idEntry *uamodel.Entry
}

// entryByID returns the entry registered for the encoding id, as
// Snapshot.ByID does for the call's registry and namespace table.
func (s *consumeState) entryByID(id types.NodeID) *uamodel.Entry {
	snap := s.reg().Load()
	if snap == s.idSnap && id == s.idLast {
		return s.idEntry
	}
	e := snap.ByID(id, s.uris)
	if e != nil && e.URI == "" {
		// Only what does not depend on the namespace table, whose
		// contents a caller may change in place between calls.
		s.idSnap, s.idLast, s.idEntry = snap, id, e
	}
	return e
}

var appendPool = sync.Pool{New: func() any {
	s := &appendState{}
	*hook.WriterBodies(&s.w) = s
	return s
}}

var consumePool = sync.Pool{New: func() any {
	s := &consumeState{}
	*hook.ReaderBodies(&s.r) = s
	return s
}}

// same reports whether ct is what o gives (the same set, registry and
// namespace table).
func (ct *callTypes) same(o *Options) bool {
	return ct.set == o.set() && ct.registry == o.registry() && len(ct.uris) == len(o.NamespaceURIs) &&
		(len(ct.uris) == 0 || &ct.uris[0] == &o.NamespaceURIs[0])
}

func (o *Options) callTypes() callTypes {
	return callTypes{set: o.set(), registry: o.registry(), uris: o.NamespaceURIs}
}

func (o *Options) newAppendState(b []byte) *appendState {
	s := appendPool.Get().(*appendState)
	s.w.Buf, s.w.EmptyStrings = b, o.EmptyStrings // the error and depth were cleared by release
	s.w.MaxDepth = o.Limits.Depth()
	if !s.callTypes.same(o) {
		s.callTypes = o.callTypes() // as in newConsumeState
	}
	return s
}

func (s *appendState) release() {
	s.w.Reset() // clears the error
	s.w.Buf = nil
	appendPool.Put(s) // keeps its call types, as consumeState.release
}

func (o *Options) newConsumeState(b []byte) *consumeState {
	s := consumePool.Get().(*consumeState)
	s.r.Reset(b, o.Limits) // resolves the limits
	if !s.callTypes.same(o) {
		s.callTypes = o.callTypes() // most calls reuse a state made for the same options: no stores then
		s.idSnap = nil
	}
	return s
}

func (s *consumeState) release() {
	// The Reader keeps its input, and the state its registry and
	// namespace table, until the next call: pooled states are dropped at
	// every garbage collection, so this keeps nothing alive for long, and
	// saves the stores of a second reset per call.
	consumePool.Put(s)
}

// failed records the path element name on the current error and reports
// whether there is one. A blank name (a computed mask "_") adds nothing.
func (s *appendState) failed(name string) bool {
	if err := s.w.Err(); err != nil {
		addPath(err, name)
		return true
	}
	return false
}

func (s *consumeState) failed(name string) bool {
	if err := s.r.Err(); err != nil {
		addPath(err, name)
		return true
	}
	return false
}

// addPath prepends elem to the path of err (see wire.WithPath, which
// counts repeated segments and bounds the length, so that a failure 100000
// levels deep builds its path in linear time).
func addPath(err error, elem string) {
	if elem == "_" {
		return
	}
	wire.WithPath(err, elem)
}

// topName is the first element of error paths: the name of the top-level
// type, if it is a named struct.
func topName(t reflect.Type) string {
	if t.Kind() == reflect.Struct {
		return t.Name()
	}
	return ""
}

// reg returns the call's registry.
func (ct *callTypes) reg() *uamodel.Registry { return ct.registry }
