package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/uabin/uabin/types"
)

// A decoded value is turned into a tree of the node types below, which the
// text and JSON printers both render: nil, bool, int64, uint64, float64,
// string (a Go string, quoted in text), notation (a value in OPC UA
// notation, unquoted in text), byteString, list and *object.

// notation is a value written in OPC UA notation: ns=2;s=Pump, Good,
// 2024-01-02T03:04:05.1234567Z.
type notation string

// byteString is a ByteString; text shows its length and the first bytes,
// JSON the whole of it in hex.
type byteString []byte

// list is an array.
type list []any

// object is a structure whose fields keep their order.
type object struct {
	keys []string
	vals []any
}

func (o *object) add(key string, v any) *object {
	o.keys = append(o.keys, key)
	o.vals = append(o.vals, v)
	return o
}

// maxTreeDepth bounds the tree built from a value. The decoder already
// bounds nesting (uabin.Options.MaxDepth); this keeps the printer safe even
// for values that did not come from the decoder.
const maxTreeDepth = 64

// tree converts a decoded Go value into a printable tree.
func tree(v reflect.Value, depth int) any {
	if !v.IsValid() {
		return nil
	}
	if depth > maxTreeDepth {
		return notation("(nested too deep to print)")
	}
	if v.CanInterface() {
		if t, ok := builtinTree(v.Interface(), depth); ok {
			return t
		}
	}
	if v.Kind() >= reflect.Int && v.Kind() <= reflect.Uint64 && v.CanInterface() {
		if s, ok := v.Interface().(fmt.Stringer); ok {
			return notation(s.String()) // enumerations and option sets
		}
	}
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return notation(strconv.FormatFloat(f, 'g', -1, 64)) // JSON has no NaN or Inf
		}
		return f
	case reflect.String:
		return v.String()
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return tree(v.Elem(), depth+1)
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return byteString(v.Bytes())
		}
		fallthrough
	case reflect.Array:
		l := make(list, v.Len())
		for i := range l {
			l[i] = tree(v.Index(i), depth+1)
		}
		return l
	case reflect.Struct:
		o := &object{}
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				o.add(f.Name, tree(v.Field(i), depth+1))
			}
		}
		return o
	}
	return notation(v.Type().String()) // chan, func, map: not OPC UA values
}

// builtinTree converts the OPC UA built-in types.
func builtinTree(x any, depth int) (any, bool) {
	switch x := x.(type) {
	case types.NodeID, types.ExpandedNodeID, types.GUID, types.DateTime:
		return notation(fmt.Sprint(x)), true
	case types.StatusCode:
		return notation(x.String()), true // not Error, which adds the description
	case types.QualifiedName:
		if x == (types.QualifiedName{}) {
			return nil, true // the null QualifiedName {0, null}
		}
		return notation(x.String()), true
	case types.LocalizedText:
		if x.IsEmpty() {
			return nil, true
		}
		return notation(x.String()), true
	case time.Time:
		return notation(types.DateTimeFromTime(x).String()), true
	case types.XmlElement:
		return string(x), true
	case types.DiagnosticInfo:
		if x.IsEmpty() {
			return nil, true
		}
		return notation(x.String()), true
	case types.Variant:
		if x.IsNull() && !x.IsArray() {
			return nil, true
		}
		o := (&object{}).add("Type", notation(x.Type().String()))
		o.add("Value", tree(reflect.ValueOf(x.Value()), depth+1))
		if d := x.Dimensions(); len(d) >= 2 {
			o.add("Dimensions", tree(reflect.ValueOf(d), depth+1))
		}
		return o, true
	case types.DataValue:
		o := &object{}
		if !x.Value.IsNull() || x.Value.IsArray() {
			o.add("Value", tree(reflect.ValueOf(x.Value), depth+1))
		}
		if x.Status != 0 {
			o.add("Status", notation(x.Status.String()))
		}
		if x.SourceTimestamp != 0 {
			o.add("SourceTimestamp", notation(x.SourceTimestamp.String()))
		}
		if x.SourcePicoseconds != 0 {
			o.add("SourcePicoseconds", uint64(x.SourcePicoseconds))
		}
		if x.ServerTimestamp != 0 {
			o.add("ServerTimestamp", notation(x.ServerTimestamp.String()))
		}
		if x.ServerPicoseconds != 0 {
			o.add("ServerPicoseconds", uint64(x.ServerPicoseconds))
		}
		return o, true
	case types.ExtensionObject:
		if x.IsNull() {
			return nil, true
		}
		o := (&object{}).add("TypeId", notation(x.TypeID.String()))
		if x.Value != nil {
			o.add("Type", notation(strings.TrimPrefix(reflect.TypeOf(x.Value).String(), "*")))
			o.add("Body", tree(reflect.ValueOf(x.Value), depth+1))
		} else {
			o.add("Encoding", notation(x.Encoding.String()))
			o.add("Body", byteString(x.Body))
		}
		return o, true
	}
	return nil, false
}

// writeText prints t under key with the given indentation.
func writeText(w io.Writer, indent, key string, t any, all bool) {
	switch t := t.(type) {
	case *object:
		if inline, ok := inlineObject(t, all); ok {
			fmt.Fprintf(w, "%s%s: %s\n", indent, key, inline)
			return
		}
		fmt.Fprintf(w, "%s%s:\n", indent, key)
		for i, k := range t.keys {
			writeText(w, indent+"  ", k, t.vals[i], all)
		}
	case list:
		fmt.Fprintf(w, "%s%s: [%d]\n", indent, key, len(t))
		for i, v := range t {
			writeText(w, indent+"  ", "["+strconv.Itoa(i)+"]", v, all)
		}
	default:
		fmt.Fprintf(w, "%s%s: %s\n", indent, key, scalarText(t, all))
	}
}

// inlineObject writes small objects of scalars on one line:
// {Type: Double, Value: 3.14}.
func inlineObject(o *object, all bool) (string, bool) {
	if len(o.keys) == 0 {
		return "{}", true
	}
	if len(o.keys) > 3 {
		return "", false
	}
	var sb strings.Builder
	sb.WriteByte('{')
	for i, k := range o.keys {
		switch o.vals[i].(type) {
		case *object, list:
			return "", false
		}
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(k + ": " + scalarText(o.vals[i], all))
	}
	sb.WriteByte('}')
	return sb.String(), true
}

// textBytes is how many bytes of a ByteString the text form shows
// without -all.
const textBytes = 32

// scalarText is the text of a scalar; all shows every byte of a ByteString.
func scalarText(t any, all bool) string {
	switch t := t.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(t)
	case notation:
		return string(t)
	case byteString:
		if t == nil {
			return "null"
		}
		if all || len(t) <= textBytes {
			return fmt.Sprintf("%s [% x]", plural(len(t), "byte"), []byte(t))
		}
		return fmt.Sprintf("%s [% x ...]", plural(len(t), "byte"), []byte(t[:textBytes]))
	}
	return fmt.Sprint(t)
}

// MarshalJSON writes the fields in order.
func (o *object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// MarshalJSON writes a ByteString as a hex string (null when nil).
func (b byteString) MarshalJSON() ([]byte, error) {
	if b == nil {
		return []byte("null"), nil
	}
	return json.Marshal(hex.EncodeToString(b))
}
