package xmlenc

// ExtensionObject (§5.3.1.16):
//
//	<ExtensionObject>
//	  <TypeId><Identifier>i=297</Identifier></TypeId>
//	  <Body><Argument>...</Argument></Body>
//	</ExtensionObject>
//
// The TypeId of a structure is its XML encoding id ("Default XML"), the
// Body the structure's element. A binary body is <Body><ByteString>base64
// </ByteString></Body>. A body whose type no registry knows is kept as the
// XML text it came as (Encoding XML, Body the bytes of the element in
// Body), and written back unchanged. The null ExtensionObject has neither
// TypeId nor Body.

import (
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Standard XML encoding ids: DataType by XML encoding id and back.
var stdXMLToDT, stdDTToXML = func() (map[uint32]uint32, map[uint32]uint32) {
	a, b := map[uint32]uint32{}, map[uint32]uint32{}
	for _, ti := range types.StandardTypes {
		if ti.XMLEncodingID != 0 {
			a[ti.XMLEncodingID], b[ti.DataTypeID] = ti.DataTypeID, ti.XMLEncodingID
		}
	}
	return a, b
}()

func init() {
	builtinCodecs[reflect.TypeFor[types.ExtensionObject]()] = &codec{name: "ExtensionObject",
		enc: func(e *encoder, v reflect.Value) error {
			x := *ptrTo[types.ExtensionObject](v)
			return e.extensionObject(&x)
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			var x types.ExtensionObject
			err := d.extensionObject(n, &x)
			setTo(v, x)
			return err
		},
	}
}

func (e *encoder) typeID(id types.NodeID) error {
	e.b = append(e.b, "<TypeId><Identifier>"...)
	if err := e.text(id.String()); err != nil {
		return err
	}
	e.b = append(e.b, "</Identifier></TypeId>"...)
	return nil
}

func (e *encoder) extensionObject(x *types.ExtensionObject) error {
	if x.Value == nil && x.Body == nil && x.Encoding == types.ExtensionObjectEmpty && x.TypeID == (types.NodeID{}) {
		return nil
	}
	if err := e.enter(); err != nil {
		return err
	}
	defer e.leave()
	if x.Value != nil {
		b, rv, err := e.t.bodyForValue(x.Value)
		if err != nil {
			return err
		}
		if err := e.typeID(b.xmlID); err != nil {
			return err
		}
		e.b = append(e.b, "<Body>"...)
		e.open(b.name)
		if err := b.c.enc(e, rv); err != nil {
			return wire.WithPath(err, b.name)
		}
		e.close(b.name)
		e.b = append(e.b, "</Body>"...)
		return nil
	}
	if err := e.typeID(x.TypeID); err != nil {
		return err
	}
	switch enc := x.Encoding; {
	case x.Body == nil && enc == types.ExtensionObjectEmpty:
	case enc == types.ExtensionObjectXML:
		if err := checkXML(string(x.Body)); err != nil {
			return err
		}
		e.b = append(e.b, "<Body>"...)
		e.b = append(e.b, x.Body...)
		e.b = append(e.b, "</Body>"...)
	case enc <= types.ExtensionObjectBinary:
		e.b = append(e.b, "<Body><ByteString>"...)
		if err := byteStringCodec.enc(e, reflect.ValueOf(x.Body)); err != nil {
			return err
		}
		e.b = append(e.b, "</ByteString></Body>"...)
	default:
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "ExtensionObject encoding %d", enc)}
	}
	return nil
}

func (d *decoder) extensionObject(n *Node, x *types.ExtensionObject) error {
	k, err := d.kids(n, "TypeId", "Body")
	if err != nil {
		return err
	}
	*x = types.ExtensionObject{}
	if k[0] == nil && k[1] == nil {
		return nil
	}
	if err := d.enter(n); err != nil {
		return err
	}
	defer d.leave()
	if k[0] != nil {
		if x.TypeID, err = d.nodeID(k[0], ""); err != nil {
			return wire.WithPath(err, "TypeId")
		}
	}
	body := k[1]
	if body == nil {
		return nil
	}
	if err := d.noText(body); err != nil {
		return err
	}
	switch len(body.Kids) {
	case 0:
		return d.fail(body, wire.ErrInvalid, "an ExtensionObject Body with no element")
	case 1:
	default:
		return d.fail(body.Kids[1], wire.ErrInvalid, "a second element, %s, in an ExtensionObject Body", body.Kids[1].Name)
	}
	el := body.Kids[0]
	if el.Name == "ByteString" {
		x.Encoding = types.ExtensionObjectBinary
		if x.Body, err = d.base64(el, d.lim.MaxByteStringLength, nil); err != nil {
			return wire.WithPath(err, "Body")
		}
		if x.Body == nil {
			x.Body = []byte{}
		}
		return nil
	}
	at := k[0] // the TypeId, or the ExtensionObject when it has none
	if at == nil {
		at = n
	}
	b, err := d.t.bodyForTypeID(x.TypeID, d.table())
	if err != nil {
		return d.fail(at, wire.ErrInvalid, "TypeId %v: %v", x.TypeID, err)
	}
	if b == nil && d.strict {
		return d.fail(at, wire.ErrUnknownType, "TypeId %v names no structure the registry knows", x.TypeID)
	}
	if b == nil {
		// Unknown: kept as the XML text it came as.
		raw, err := d.innerXML(body)
		if err != nil {
			return err
		}
		x.Encoding, x.Body = types.ExtensionObjectXML, append([]byte{}, raw...)
		return nil
	}
	v, rv := b.newValue()
	if err := b.c.dec(d, el, rv); err != nil {
		return wire.WithPath(err, b.name)
	}
	x.Encoding, x.Value = types.ExtensionObjectBinary, v
	if b.binID != (types.NodeID{}) {
		x.TypeID = b.binID
	}
	return nil
}

// body is what an ExtensionObject needs of a structure type.
type body struct {
	name  string
	c     *codec
	xmlID types.NodeID // the TypeId written
	binID types.NodeID // the TypeID of a decoded ExtensionObject: the binary encoding id, as binary decoding sets it
	goT   reflect.Type // a Go structure, values *goT
	dyn   *uamodel.DynType
}

// newValue returns a new value of the body's type and the variable to
// decode into.
func (b *body) newValue() (any, reflect.Value) {
	if b.dyn != nil {
		v := uamodel.NewValue(b.dyn)
		return v, reflect.ValueOf(v).Elem()
	}
	rv := reflect.New(b.goT)
	return rv.Interface(), rv.Elem()
}

// bodyForValue returns the body of the structure value v of an
// ExtensionObject (a Go structure or a pointer to one, or a
// *uabin.Dynamic) and the value to encode.
func (t *tables) bodyForValue(v any) (*body, reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, rv, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "ExtensionObject holds a nil %T", v)}
		}
		rv = rv.Elem()
	}
	if uamodel.IsDynamic(rv.Type()) {
		h := uamodel.Header(reflect.ValueOf(v).Interface())
		if reflect.ValueOf(v).Kind() != reflect.Pointer || h == nil || h.T == nil {
			return nil, rv, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "ExtensionObject holds a uabin.Dynamic with no value")}
		}
		b, err := t.dynBody(h.T, t.ns)
		return b, rv, err
	}
	s := t.snapshot()
	var e *uamodel.Entry
	if s != nil {
		e = s.ByType(rv.Type())
	}
	if e == nil {
		return nil, rv, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnknownType, "ExtensionObject value of type %v: the type is not registered (uabin.RegisterType)", rv.Type())}
	}
	b, err := t.goBody(e, t.ns)
	return b, rv, err
}

// goBody returns the body of a registered Go structure.
func (t *tables) goBody(e *uamodel.Entry, uris []string) (*body, error) {
	c, err := codecFor(e.Go)
	if err != nil {
		return nil, err
	}
	b := &body{name: c.name, c: c, goT: e.Go}
	b.binID, _ = e.EncodingID(uris)
	dt := e.IDs.DataType
	if e.URI != "" {
		dt, _ = e.Resolve(dt, uris)
	}
	b.xmlID = t.xmlID(dt, e.URI, e.IDs.DataType, uris)
	if b.xmlID == (types.NodeID{}) {
		b.xmlID = b.binID
	}
	return b, nil
}

// dynBody returns the body of a compiled run-time structure.
func (t *tables) dynBody(dt *uamodel.DynType, uris []string) (*body, error) {
	c, err := dynTypeCodec(dt)
	if err != nil {
		return nil, err
	}
	b := &body{name: dt.Name, c: c, dyn: dt}
	id := dt.Def.DataType
	if dt.Def.DTURI != "" {
		if i := indexOf(uris, dt.Def.DTURI); i >= 0 {
			id = id.WithNamespace(uint16(i))
		}
	}
	if dt.Def.Entry != nil {
		b.binID, _ = dt.Def.Entry.EncodingID(uris)
	}
	b.xmlID = t.xmlID(id, dt.Def.DTURI, dt.Def.DataType, uris)
	if b.xmlID == (types.NodeID{}) {
		b.xmlID = id
	}
	return b, nil
}

// xmlID returns the XML encoding id of the DataType id (with the call's
// indexes; local: in namespace 0 of uri), or the null NodeId.
func (t *tables) xmlID(id types.NodeID, uri string, local types.NodeID, uris []string) types.NodeID {
	if uri == "" && id.Namespace() == 0 && id.Type() == types.IDTypeNumeric {
		if x, ok := stdDTToXML[id.IntID()]; ok {
			return types.NewNumericNodeID(0, x)
		}
	}
	if uri == "" && int(id.Namespace()) < len(uris) {
		uri, local = uris[id.Namespace()], id.WithNamespace(0)
	}
	want := types.ExpandedNodeID{NodeID: local, NamespaceURI: uri}
	for xid, dt := range t.encs {
		if dt == want {
			if i := indexOf(uris, xid.NamespaceURI); i >= 0 {
				return xid.NodeID.WithNamespace(uint16(i))
			}
		}
	}
	return types.NodeID{}
}

// bodyForTypeID returns the body of the structure an ExtensionObject's
// TypeId names (uris: the namespace table of its indexes): by XML encoding
// id (the standard ones, Config.Encodings), else by DataType id or binary
// encoding id; nil for none.
func (t *tables) bodyForTypeID(id types.NodeID, uris []string) (*body, error) {
	s := t.snapshot()
	if s == nil {
		return nil, nil
	}
	dt := id
	if id.Namespace() == 0 && id.Type() == types.IDTypeNumeric {
		if x, ok := stdXMLToDT[id.IntID()]; ok {
			dt = types.NewNumericNodeID(0, x)
		}
	} else if int(id.Namespace()) < len(uris) {
		key := types.ExpandedNodeID{NodeID: id.WithNamespace(0), NamespaceURI: uris[id.Namespace()]}
		if x, ok := t.encs[key]; ok {
			if i := indexOf(uris, x.NamespaceURI); i >= 0 {
				dt = x.NodeID.WithNamespace(uint16(i))
			}
		}
	}
	for _, cand := range []types.NodeID{dt, id} {
		if e := s.ByDataType(cand, uris); e != nil {
			return t.goBody(e, uris)
		}
		if def := s.Structure(types.ExpandedNodeID{NodeID: cand}, uris); def != nil {
			ct, err := s.Compiled(def, uris)
			if err != nil {
				return nil, err
			}
			return t.dynBody(ct, uris)
		}
		if e := s.ByID(cand, uris); e != nil && e.Def == nil {
			return t.goBody(e, uris)
		}
	}
	return nil, nil
}
