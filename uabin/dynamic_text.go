package uabin

// The text and JSON views of Dynamic values.

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/uabin/uabin/types"
)

// AsMap returns the value as a map from field names to JSON-friendly
// values: present fields only (a union: its selected field); nested
// structures as maps, arrays as []any; enumerations as "Name_Value" (the
// OPC UA JSON form, or the number if it has no name); NodeId, ExpandedNodeId,
// Guid, StatusCode, QualifiedName and DateTime as their text form; NaN and
// infinities as "NaN", "Infinity", "-Infinity"; byte strings as []byte
// (base64 in JSON); other values as they are. Nesting deeper than 64
// levels (a value made to contain itself with Set) is cut off.
func (x *Dynamic) AsMap() map[string]any { return x.asMap(0) }

func (x *Dynamic) asMap(depth int) map[string]any {
	if x == nil || x.t == nil {
		return nil
	}
	if depth > maxTextDepth {
		return map[string]any{"...": "..."}
	}
	m := make(map[string]any, len(x.t.fields))
	for i := range x.t.fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		m[x.t.fields[i].name] = jsonValue(v, x.t.fields[i].enum, depth)
	}
	return m
}

// jsonValue returns the JSON-friendly form of a field value met depth
// levels down.
func jsonValue(v any, enum *dynEnum, depth int) any {
	switch v := v.(type) {
	case *Dynamic:
		return v.asMap(depth + 1)
	case []*Dynamic:
		if v == nil {
			return nil
		}
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = e.asMap(depth + 1)
		}
		return out
	case int32:
		if enum != nil {
			return enumText(enum, v)
		}
		return v
	case []int32:
		if enum != nil && v != nil {
			out := make([]any, len(v))
			for i, e := range v {
				out[i] = enumText(enum, e)
			}
			return out
		}
		return v
	case types.NodeID, types.ExpandedNodeID, types.GUID, types.StatusCode, types.QualifiedName, types.DateTime:
		return v.(fmt.Stringer).String()
	case float32:
		return jsonFloat(float64(v))
	case float64:
		return jsonFloat(v)
	case []float32:
		return jsonFloats(v)
	case []float64:
		return jsonFloats(v)
	}
	return v
}

// jsonFloat returns a float, or for NaN and infinities their OPC UA JSON
// strings ("NaN", "Infinity", "-Infinity"), which JSON numbers cannot hold.
func jsonFloat(f float64) any {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return f
}

func jsonFloats[T float32 | float64](v []T) any {
	if v == nil {
		return nil
	}
	out := make([]any, len(v))
	for i, f := range v {
		out[i] = jsonFloat(float64(f))
	}
	return out
}

func enumText(e *dynEnum, v int32) any {
	if n, ok := e.names[v]; ok {
		return n + "_" + strconv.Itoa(int(v))
	}
	return v
}

// MarshalJSON implements json.Marshaler: the JSON form of AsMap with the
// fields in definition order. A value with no JSON form (a NaN inside a
// Variant) is written as its text form, and nesting deeper than 64 levels
// (a value made to contain itself with Set) as "..."; MarshalJSON does not
// fail.
func (x *Dynamic) MarshalJSON() ([]byte, error) { return x.appendJSON(nil, 0), nil }

func (x *Dynamic) appendJSON(b []byte, depth int) []byte {
	if x == nil || x.t == nil {
		return append(b, "null"...)
	}
	if depth > maxTextDepth {
		return append(b, `"..."`...)
	}
	b = append(b, '{')
	first := true
	for i := range x.t.fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		k, _ := json.Marshal(x.t.fields[i].name)
		b = append(b, k...)
		b = append(b, ':')
		switch v := v.(type) {
		case *Dynamic:
			b = v.appendJSON(b, depth+1)
		case []*Dynamic:
			if v == nil {
				b = append(b, "null"...)
				break
			}
			b = append(b, '[')
			for j, e := range v {
				if j > 0 {
					b = append(b, ',')
				}
				b = e.appendJSON(b, depth+1)
			}
			b = append(b, ']')
		default:
			val, err := json.Marshal(jsonValue(v, x.t.fields[i].enum, depth))
			if err != nil {
				// A value whose Go type has no JSON form for what it
				// holds (such as a NaN inside a Variant): its text form.
				val, _ = json.Marshal(fmt.Sprint(v))
			}
			b = append(b, val...)
		}
	}
	return append(b, '}')
}

// String returns the value as text: Name{Field: value, ...}, present
// fields only, enumerations as Name(value).
func (x *Dynamic) String() string {
	var sb strings.Builder
	x.appendText(&sb, 0)
	return sb.String()
}

// maxTextDepth bounds how deep String descends into nested values.
const maxTextDepth = 64

func (x *Dynamic) appendText(sb *strings.Builder, depth int) {
	if x == nil || x.t == nil {
		sb.WriteString("<nil>")
		return
	}
	sb.WriteString(x.t.name)
	if depth > maxTextDepth {
		sb.WriteString("{...}")
		return
	}
	sb.WriteByte('{')
	first := true
	for i := range x.t.fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		if !first {
			sb.WriteString(", ")
		}
		first = false
		f := &x.t.fields[i]
		sb.WriteString(f.name)
		sb.WriteString(": ")
		appendDynText(sb, v, f.enum, depth+1)
	}
	sb.WriteByte('}')
}

func appendDynText(sb *strings.Builder, v any, enum *dynEnum, depth int) {
	switch v := v.(type) {
	case *Dynamic:
		v.appendText(sb, depth)
	case []*Dynamic:
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteString(", ")
			}
			e.appendText(sb, depth)
		}
		sb.WriteByte(']')
	case int32:
		if enum != nil {
			if n, ok := enum.names[v]; ok {
				fmt.Fprintf(sb, "%s(%d)", n, v)
				return
			}
		}
		fmt.Fprint(sb, v)
	case []int32:
		if enum == nil {
			fmt.Fprint(sb, v)
			return
		}
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteString(" ")
			}
			appendDynText(sb, e, enum, depth)
		}
		sb.WriteByte(']')
	case string:
		sb.WriteString(strconv.Quote(v))
	default:
		fmt.Fprint(sb, v)
	}
}
