package jsonenc

// Structure bodies of ExtensionObjects (and so of Variants), through the
// registry of Config.Types: a Go structure registered for its binary
// encoding id (the standard types, RegisterType) or a run-time structure
// (RegisterStructure). The registry is the format-independent one of
// internal/uamodel: the DataType ids that JSON names bodies by are there,
// next to the binary encoding ids.

import (
	"bytes"
	"reflect"
	"strings"
	"sync"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// typeIDName is the member of an ExtensionObject's object that names its
// DataType, which the structure's plan passes over.
var typeIDName = []byte("UaTypeId")

// snapshot returns the current state of the registry of the call (nil
// Types: Default), or nil for none or a zero registry, which knows no
// types.
func (o *tables) snapshot() *uamodel.Snapshot {
	r := o.types
	if r == nil {
		r = Default
	}
	if r == nil {
		return nil
	}
	return r.Load()
}

// A body is what an ExtensionObject needs for a structure type: its plan,
// the ids, and how to make a value.
type body struct {
	plan     *structPlan
	dataType types.NodeID     // written as UaTypeId: the DataType id, or the binary encoding id when the registry has no DataType id (uabin.RegisterType)
	typeURI  string           // the namespace URI of dataType when NamespaceURIs does not have it (dataType in namespace 0): written as nsu=
	typeID   types.NodeID     // the TypeID of a decoded ExtensionObject: the binary encoding id (as binary decoding sets it)
	goT      reflect.Type     // a Go structure: its type (values are *goT)
	ptrT     reflect.Type     // *goT
	dyn      *uamodel.DynType // a run-time structure
}

// bodyForValue returns the body of the structure value v of an
// ExtensionObject (a Go structure or a pointer to one, or a
// *uabin.Dynamic) and a pointer to the structure's memory.
func (o *tables) bodyForValue(v any) (*body, ptr, error) {
	s := o.snapshot()
	t := reflect.TypeOf(v)
	if t.Kind() == reflect.Pointer && uamodel.IsDynamic(t.Elem()) {
		h := uamodel.Header(v)
		if h == nil || h.T == nil {
			return nil, nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "ExtensionObject holds a *uabin.Dynamic with no value")}
		}
		b, err := o.dynBody(h.T)
		if err != nil {
			return nil, nil, err
		}
		return b, h.P, nil
	}
	q := ifaceData(v)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
		if q == nil {
			return nil, nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "ExtensionObject holds a nil %v", reflect.TypeOf(v))}
		}
	} else if pointerShaped(t) {
		c := newValue(t)
		*as[ptr](c) = q
		q = c
	}
	var e *uamodel.Entry
	if s != nil {
		e = s.ByType(t)
	}
	if e == nil {
		return nil, nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnknownType, "ExtensionObject value of type %v: the type is not registered (uabin.RegisterType)", t)}
	}
	b, err := o.goBody(e)
	if err != nil {
		return nil, nil, err
	}
	return b, q, nil
}

// bodies caches the bodies that do not depend on the namespace table of
// the call, by *uamodel.Entry (Go structures) or *uamodel.DynType.
var bodies sync.Map

// goBody returns the body of a registered Go structure.
func (o *tables) goBody(e *uamodel.Entry) (*body, error) {
	if e.URI == "" {
		if b, ok := bodies.Load(e); ok {
			return b.(*body), nil
		}
	}
	b, err := o.makeGoBody(e)
	if err == nil && e.URI == "" {
		bodies.Store(e, b)
	}
	return b, err
}

func (o *tables) makeGoBody(e *uamodel.Entry) (*body, error) {
	c, err := codecFor(e.Go)
	if err != nil {
		return nil, err
	}
	if c.plan == nil {
		return nil, unsupported(e.Go, "an ExtensionObject body must be a structure")
	}
	b := &body{plan: c.plan, goT: e.Go, ptrT: reflect.PointerTo(e.Go)}
	enc, ok := e.EncodingID(o.ns)
	if ok {
		b.typeID = enc
	} else {
		// A URI registration whose namespace the call's table lacks: the
		// id is written with its URI (nsu=).
		b.typeID, b.typeURI = e.IDs.Binary, e.URI
	}
	// UaTypeId is the DataType id (§5.4.2.16). A type registered with its
	// binary encoding id alone has none: that id stands in for it, which
	// uajson reads back (bodyForTypeID) and other stacks may not know.
	b.dataType = b.typeID
	if !e.IDs.DataType.IsNull() {
		b.dataType = e.IDs.DataType
		if ok {
			b.dataType, _ = e.Resolve(e.IDs.DataType, o.ns)
		}
	}
	return b, nil
}

// dynBody returns the body of a compiled run-time structure.
func (o *tables) dynBody(t *uamodel.DynType) (*body, error) {
	fixed := t.Def.DTURI == "" && (t.Def.Entry == nil || t.Def.Entry.URI == "")
	if fixed {
		if b, ok := bodies.Load(t); ok {
			return b.(*body), nil
		}
	}
	b, err := o.makeDynBody(t)
	if err == nil && fixed {
		bodies.Store(t, b)
	}
	return b, err
}

func (o *tables) makeDynBody(t *uamodel.DynType) (*body, error) {
	p, err := dynPlan(t)
	if err != nil {
		return nil, err
	}
	b := &body{plan: p, dyn: t, dataType: t.Def.DataType}
	if t.Def.DTURI != "" {
		if i := indexOf(o.ns, t.Def.DTURI); i >= 0 {
			b.dataType = b.dataType.WithNamespace(uint16(i))
		} else {
			b.typeURI = t.Def.DTURI // written as nsu=
		}
	}
	b.typeID = b.dataType
	if t.Def.Entry != nil {
		if id, ok := t.Def.Entry.EncodingID(o.ns); ok {
			b.typeID = id
		}
	}
	return b, nil
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x && i <= 0xffff {
			return i
		}
	}
	return -1
}

// bodyForTypeID returns the body of the structure that an ExtensionObject's
// UaTypeId names: a Go structure by its DataType id (the standard ones,
// uabin.RegisterTypeIDs), a run-time structure by its DataType or binary
// encoding id, a Go structure registered without a DataType id by its
// binary encoding id (what uajson writes for it); nil otherwise. The
// binary encoding id of a type that has a DataType id names no body: it
// is not what uajson writes, and an object of it with no other members
// (an ExtensionObject with that TypeID and no body) must read back as it
// was written.
// The error is a run-time definition that does not compile.
func (o *tables) bodyForTypeID(id types.NodeID) (*body, error) {
	s := o.snapshot()
	if s == nil {
		return nil, nil
	}
	if e := s.ByDataType(id, o.ns); e != nil {
		return o.goBody(e)
	}
	if def := s.Structure(types.ExpandedNodeID{NodeID: id}, o.ns); def != nil {
		t, err := s.Compiled(def, o.ns)
		if err != nil {
			return nil, err
		}
		return o.dynBody(t)
	}
	if e := s.ByID(id, o.ns); e != nil && e.Def == nil && e.IDs.DataType.IsNull() {
		return o.goBody(e)
	}
	return nil, nil
}

// bodyFor is bodyForTypeID for a UaTypeId as decoded. One whose namespace
// URI the call's table does not hold decodes to a String NodeId holding
// the whole text (§5.4.2.10); it names a type registered by that URI,
// which the encoder writes in that form when the table lacks the URI.
func (d *decoder) bodyFor(id types.NodeID) (*body, error) {
	if id.Type() != types.IDTypeString || id.Namespace() != 0 || !strings.HasPrefix(id.StringID(), "nsu=") {
		return d.t.bodyForTypeID(id)
	}
	text := []byte(id.StringID())
	k := bytes.IndexByte(text, ';')
	if k < 0 {
		return d.t.bodyForTypeID(id) // s=nsu=...: a String NodeId given as such
	}
	uri, ok := decodeURI(text[4:k])
	if !ok {
		return nil, nil
	}
	local, msg, _ := d.parseIdentifier(text[k+1:], 0)
	if msg != "" {
		return nil, nil
	}
	s := d.t.snapshot()
	if s == nil {
		return nil, nil
	}
	if e := s.ByURI(string(uri), local); e != nil {
		return d.t.goBody(e)
	}
	if def := s.Structure(types.ExpandedNodeID{NodeID: local, NamespaceURI: string(uri)}, d.t.ns); def != nil {
		t, err := s.Compiled(def, d.t.ns)
		if err != nil {
			return nil, err
		}
		return d.t.dynBody(t)
	}
	return nil, nil
}

// value returns a value of the body's type to decode into, and a pointer
// to its memory: old if it is one (a *T of the Go structure, a
// *uabin.Dynamic of the run-time structure), else a new one.
func (b *body) value(old any) (any, ptr) {
	if b.dyn != nil {
		if old != nil && reflect.TypeOf(old) == b.dyn.Vals.Ptr() {
			if h := uamodel.Header(old); h != nil && h.T == b.dyn {
				return old, h.P
			}
		}
		v := uamodel.NewValue(b.dyn)
		return v, uamodel.Header(v).P
	}
	if old != nil && reflect.TypeOf(old) == b.ptrT && ifaceData(old) != nil {
		return old, ifaceData(old)
	}
	rv := reflect.New(b.goT)
	return rv.Interface(), rv.UnsafePointer()
}

// decodeAt reads the object at offset start into a value of the body's
// type (old, if it is one, is reused) and returns the value. skip names a
// member read already (UaTypeId), passed over.
func (b *body) decodeAt(d *decoder, start int, old any, skip []byte) (any, error) {
	v, q := b.value(old)
	d.pos = start
	if err := d.object(b.plan.what); err != nil {
		return nil, err
	}
	if b.plan.enter {
		if err := d.enter(start); err != nil {
			return nil, err
		}
		defer d.leave()
	}
	if err := b.plan.decodeMembers(d, q, start, skip, false); err != nil {
		return nil, err
	}
	return v, nil
}
