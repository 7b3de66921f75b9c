package xmlenc

// The built-ins written without their codecs: the numbers, DateTime and
// StatusCode of a Variant written from its bits (no value boxed in an
// interface), NodeId and ExpandedNodeId texts written without a string
// made, and the built-ins that stand alone most often, written by
// scalarFast with the encoder on the caller's stack (the codecs are
// function values, through which it would escape). Each gives the text of
// its codec.

import (
	"encoding/base64"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// bitsType reports whether a Variant holds a scalar of bt in its bits:
// Boolean ... Double, DateTime, StatusCode.
func bitsType(bt types.BuiltinType) bool {
	return bt >= types.TypeBoolean && bt <= types.TypeDouble || bt == types.TypeDateTime || bt == types.TypeStatusCode
}

// appendBits writes the content of the element of a Boolean ... Double,
// DateTime or StatusCode (bitsType) whose value is bits, as a Variant
// holds it.
func (e *encoder) appendBits(bt types.BuiltinType, bits uint64) {
	switch bt {
	case types.TypeBoolean:
		if bits != 0 {
			e.b = append(e.b, "true"...)
		} else {
			e.b = append(e.b, "false"...)
		}
	case types.TypeSByte:
		e.b = strconv.AppendInt(e.b, int64(int8(bits)), 10)
	case types.TypeInt16:
		e.b = strconv.AppendInt(e.b, int64(int16(bits)), 10)
	case types.TypeInt32:
		e.b = strconv.AppendInt(e.b, int64(int32(bits)), 10)
	case types.TypeInt64:
		e.b = strconv.AppendInt(e.b, int64(bits), 10)
	case types.TypeByte:
		e.b = strconv.AppendUint(e.b, uint64(uint8(bits)), 10)
	case types.TypeUInt16:
		e.b = strconv.AppendUint(e.b, uint64(uint16(bits)), 10)
	case types.TypeUInt32:
		e.b = strconv.AppendUint(e.b, uint64(uint32(bits)), 10)
	case types.TypeUInt64:
		e.b = strconv.AppendUint(e.b, bits, 10)
	case types.TypeFloat:
		e.b = appendFloat(e.b, float64(math.Float32frombits(uint32(bits))), 32)
	case types.TypeDouble:
		e.b = appendFloat(e.b, math.Float64frombits(bits), 64)
	case types.TypeDateTime:
		e.b = appendDateTime(e.b, &e.dt, types.DateTime(bits))
	case types.TypeStatusCode:
		e.b = append(e.b, "<Code>"...)
		e.b = strconv.AppendUint(e.b, uint64(uint32(bits)), 10)
		e.b = append(e.b, "</Code>"...)
	}
}

// bitsElement writes the element name of a built-in of bits (appendBits).
func (e *encoder) bitsElement(name string, bt types.BuiltinType, bits uint64) {
	e.open(name)
	e.appendBits(bt, bits)
	e.close(name)
}

// stringElement writes the element name of a String: xsi:nil for the
// null String (the codec's null).
func (e *encoder) stringElement(name, s string) error {
	if s == "" && !wire.IsEmptyString(s) {
		e.nilElement(name)
		return nil
	}
	e.open(name)
	if err := e.text(s); err != nil {
		return err
	}
	e.close(name)
	return nil
}

// appendGUID appends g in its canonical upper-case form,
// 72962B91-FA75-4AE6-8D28-B404DC7DAF63: its 16 bytes in the order of
// that text, two hex digits each, with a dash before bytes 4, 6, 8 and 10.
func appendGUID(b []byte, g types.GUID) []byte {
	const hexDigits = "0123456789ABCDEF"
	var raw [16]byte
	raw[0], raw[1], raw[2], raw[3] = byte(g.Data1>>24), byte(g.Data1>>16), byte(g.Data1>>8), byte(g.Data1)
	raw[4], raw[5] = byte(g.Data2>>8), byte(g.Data2)
	raw[6], raw[7] = byte(g.Data3>>8), byte(g.Data3)
	copy(raw[8:], g.Data4[:])
	for i, c := range raw {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b = append(b, '-')
		}
		b = append(b, hexDigits[c>>4], hexDigits[c&0xF])
	}
	return b
}

// appendNodeIDText appends the text of id (types.NodeID.String's).
func appendNodeIDText(b []byte, id types.NodeID) []byte {
	if ns := id.Namespace(); ns != 0 {
		b = append(b, "ns="...)
		b = strconv.AppendUint(b, uint64(ns), 10)
		b = append(b, ';')
	}
	return appendIdentifier(b, id)
}

// appendIdentifier appends "i=...", "s=...", "g=..." or "b=...".
func appendIdentifier(b []byte, id types.NodeID) []byte {
	switch id.Type() {
	case types.IDTypeString:
		return append(append(b, "s="...), id.StringID()...)
	case types.IDTypeGUID:
		return appendGUID(append(b, "g="...), id.GUIDID())
	case types.IDTypeOpaque:
		return base64.StdEncoding.AppendEncode(append(b, "b="...), unsafe.Slice(unsafe.StringData(id.OpaqueIDString()), len(id.OpaqueIDString())))
	}
	return strconv.AppendUint(append(b, "i="...), uint64(id.IntID()), 10)
}

// appendExpandedNodeIDText appends the text of x
// (types.ExpandedNodeID.String's): "svr=", then "nsu=" with '%' and ';'
// of the URI percent-encoded and the identifier, or the NodeId's text.
func appendExpandedNodeIDText(b []byte, x types.ExpandedNodeID) []byte {
	if x.ServerIndex != 0 {
		b = append(b, "svr="...)
		b = strconv.AppendUint(b, uint64(x.ServerIndex), 10)
		b = append(b, ';')
	}
	if x.NamespaceURI == "" {
		return appendNodeIDText(b, x.NodeID)
	}
	b = append(b, "nsu="...)
	uri := x.NamespaceURI
	for {
		i := strings.IndexAny(uri, "%;")
		if i < 0 {
			break
		}
		b = append(append(b, uri[:i]...), '%', "0123456789ABCDEF"[uri[i]>>4], "0123456789ABCDEF"[uri[i]&0xF])
		uri = uri[i+1:]
	}
	b = append(append(b, uri...), ';')
	return appendIdentifier(b, x.NodeID)
}

// identifier writes <Identifier> with the text t (escaped) of a NodeId or
// ExpandedNodeId.
func (e *encoder) identifier(t []byte) error {
	e.b = append(e.b, "<Identifier>"...)
	if err := e.text(unsafe.String(unsafe.SliceData(t), len(t))); err != nil {
		return err
	}
	e.b = append(e.b, "</Identifier>"...)
	return nil
}

// nodeID writes the content of a NodeId element.
func (e *encoder) nodeID(id *types.NodeID) error {
	var buf [80]byte
	return e.identifier(appendNodeIDText(buf[:0], *id))
}

// expandedNodeID writes the content of an ExpandedNodeId element.
func (e *encoder) expandedNodeID(x *types.ExpandedNodeID) error {
	var buf [112]byte
	return e.identifier(appendExpandedNodeIDText(buf[:0], *x))
}

// guid writes the content of a Guid element.
func (e *encoder) guid(g *types.GUID) {
	e.b = append(e.b, "<String>"...)
	e.b = appendGUID(e.b, *g)
	e.b = append(e.b, "</String>"...)
}

// scalarFast writes v, a non-nil pointer to a built-in that stands alone
// often, as the element name ("" for the type's): done is false for the
// other values, which take the codecs.
func scalarFast(e *encoder, name string, v any) (done bool, err error) {
	bt, bits := types.BuiltinType(0), uint64(0)
	switch x := v.(type) {
	case *bool:
		if x != nil {
			bt = types.TypeBoolean
			if *x {
				bits = 1
			}
		}
	case *int8:
		if x != nil {
			bt, bits = types.TypeSByte, uint64(*x)
		}
	case *uint8:
		if x != nil {
			bt, bits = types.TypeByte, uint64(*x)
		}
	case *int16:
		if x != nil {
			bt, bits = types.TypeInt16, uint64(*x)
		}
	case *uint16:
		if x != nil {
			bt, bits = types.TypeUInt16, uint64(*x)
		}
	case *int32:
		if x != nil {
			bt, bits = types.TypeInt32, uint64(*x)
		}
	case *uint32:
		if x != nil {
			bt, bits = types.TypeUInt32, uint64(*x)
		}
	case *int64:
		if x != nil {
			bt, bits = types.TypeInt64, uint64(*x)
		}
	case *uint64:
		if x != nil {
			bt, bits = types.TypeUInt64, *x
		}
	case *float32:
		if x != nil {
			bt, bits = types.TypeFloat, uint64(math.Float32bits(*x))
		}
	case *float64:
		if x != nil {
			bt, bits = types.TypeDouble, math.Float64bits(*x)
		}
	case *types.DateTime:
		if x != nil {
			bt, bits = types.TypeDateTime, uint64(*x)
		}
	case *types.StatusCode:
		if x != nil {
			bt, bits = types.TypeStatusCode, uint64(*x)
		}
	case *string:
		if x == nil {
			return false, nil
		}
		if *x == "" && !wire.IsEmptyString(*x) {
			e.nilElement(orName(name, "String")) // null
			return true, nil
		}
		name = e.openAs(name, types.TypeString)
		if err := e.text(*x); err != nil {
			return true, err
		}
		e.close(name)
		return true, nil
	case *[]byte:
		if x == nil {
			return false, nil
		}
		if *x == nil {
			e.nilElement(orName(name, "ByteString"))
			return true, nil
		}
		name = e.openAs(name, types.TypeByteString)
		e.b = base64.StdEncoding.AppendEncode(e.b, *x)
		e.close(name)
		return true, nil
	case *types.GUID:
		if x == nil {
			return false, nil
		}
		name = e.openAs(name, types.TypeGUID)
		e.guid(x)
		e.close(name)
		return true, nil
	case *types.NodeID:
		if x == nil {
			return false, nil
		}
		name = e.openAs(name, types.TypeNodeID)
		if err := e.nodeID(x); err != nil {
			return true, err
		}
		e.close(name)
		return true, nil
	case *types.Variant:
		if x == nil {
			return false, nil
		}
		return variantFast(e, name, x)
	case *types.ExpandedNodeID:
		if x == nil {
			return false, nil
		}
		name = e.openAs(name, types.TypeExpandedNodeID)
		if err := e.expandedNodeID(x); err != nil {
			return true, err
		}
		e.close(name)
		return true, nil
	}
	if bt == 0 {
		return false, nil
	}
	name = e.openAs(name, bt)
	e.appendBits(bt, bits)
	e.close(name)
	return true, nil
}

// variantFast writes the null Variant and the Variants of a number,
// DateTime, StatusCode or String (as variantValue writes them); done is
// false for the others.
func variantFast(e *encoder, name string, x *types.Variant) (done bool, err error) {
	bt := x.Type()
	scalar := !x.IsArray() && (bitsType(bt) || bt == types.TypeString)
	if !scalar && !x.IsNull() {
		return false, nil
	}
	name = e.openAs(name, types.TypeVariant)
	if scalar {
		if err := e.enter(); err != nil {
			return true, err
		}
		e.b = append(e.b, "<Value>"...)
		if bt == types.TypeString {
			if err := e.stringElement("String", x.Str()); err != nil {
				return true, err
			}
		} else {
			e.bitsElement(bt.String(), bt, x.Bits())
		}
		e.b = append(e.b, "</Value>"...)
		e.leave()
	}
	e.close(name)
	return true, nil
}

// openAs writes the start tag of the element name of a built-in bt (""
// for bt's name) and returns the name: the top-level one in one piece
// (topOpen).
func (e *encoder) openAs(name string, bt types.BuiltinType) string {
	if name == "" {
		name = bt.String()
		if e.top {
			e.b = append(e.b, topOpen[bt]...)
			e.top = false
			return name
		}
	}
	e.open(name)
	return name
}

// topOpen are the start tags of the built-ins standing alone, with the
// namespace of the OPC UA types.
var topOpen = func() (t [types.TypeDiagnosticInfo + 1]string) {
	for bt := types.TypeBoolean; bt <= types.TypeDiagnosticInfo; bt++ {
		t[bt] = "<" + bt.String() + ` xmlns="` + TypesNamespace + `">`
	}
	return t
}()

func orName(name, def string) string {
	if name == "" {
		return def
	}
	return name
}

// builtinOf returns the built-in whose Go type v points to, for the
// built-ins decoded alone most often, or 0: the type word of v compared
// with theirs (cheaper than comparing reflect.Types).
func builtinOf(v any) types.BuiltinType {
	t := typeWord(v)
	for i := range topBuiltins {
		if topBuiltins[i].typ == t {
			return topBuiltins[i].bt
		}
	}
	return 0
}

// typeWord returns the type word of the interface value v.
func typeWord(v any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[0]
}

// topBuiltins are the built-ins of builtinOf with the type words of
// pointers to them.
var topBuiltins = func() (out []struct {
	typ unsafe.Pointer
	bt  types.BuiltinType
}) {
	for _, bt := range []types.BuiltinType{types.TypeVariant, types.TypeUInt32, types.TypeDouble, types.TypeString, types.TypeNodeID,
		types.TypeInt32, types.TypeBoolean, types.TypeByteString, types.TypeDateTime, types.TypeGUID, types.TypeExpandedNodeID,
		types.TypeStatusCode, types.TypeDataValue, types.TypeInt64, types.TypeFloat} {
		out = append(out, struct {
			typ unsafe.Pointer
			bt  types.BuiltinType
		}{typeWord(reflect.New(bt.GoType()).Interface()), bt})
	}
	return out
}()
