package uabin

// The JSON view of Dynamic values: AsMap and MarshalJSON.

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
)

// AsMap returns the value as a map from field names to JSON-friendly
// values: present fields only (a union: its selected field); nested
// structures as maps, arrays as []any; enumerations as "Name_Value" (the
// OPC UA JSON form, or the number if it has no name); NodeId, ExpandedNodeId,
// Guid, StatusCode, QualifiedName and DateTime as their text form; NaN and
// infinities as "NaN", "Infinity", "-Infinity"; byte strings as []byte
// (base64 in JSON); a Variant as the value it holds (nil when null); a
// run-time structure held by an ExtensionObject or a Variant as its map,
// like a nested structure; other values as they are. Nesting deeper than 64
// levels (a value made to contain itself with Set) is cut off.
func (x *Dynamic) AsMap() map[string]any { return x.asMap(0) }

func (x *Dynamic) asMap(depth int) map[string]any {
	if x == nil || x.h.T == nil {
		return nil
	}
	if depth > maxTextDepth {
		return map[string]any{"...": "..."}
	}
	m := make(map[string]any, len(x.h.T.Fields))
	for i := range x.h.T.Fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		if x.h.T.Fields[i].GoEnum {
			v = goEnumJSON(v)
		}
		m[x.h.T.Fields[i].Name] = jsonValue(v, x.h.T.Fields[i].Enum, depth)
	}
	return m
}

// jsonValue returns the JSON-friendly form of a field value met depth
// levels down.
func jsonValue(v any, enum *uamodel.Enum, depth int) any {
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
	case types.ExtensionObject:
		if d, ok := v.Value.(*Dynamic); ok {
			return d.asMap(depth + 1)
		}
		return v
	case []types.ExtensionObject:
		if v == nil || !holdsDynamic(v) {
			return v
		}
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = jsonValue(e, nil, depth)
		}
		return out
	case types.Variant:
		if d := variantDynamic(v); d != nil {
			return d.asMap(depth + 1)
		}
		if v.IsNull() || depth > maxTextDepth {
			return nil
		}
		return jsonValue(v.Value(), nil, depth+1)
	case []types.Variant:
		if v == nil {
			return nil
		}
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = jsonValue(e, nil, depth)
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

func enumText(e *uamodel.Enum, v int32) any {
	if n, ok := e.Names[v]; ok {
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
	if x == nil || x.h.T == nil {
		return append(b, "null"...)
	}
	if depth > maxTextDepth {
		return append(b, `"..."`...)
	}
	b = append(b, '{')
	first := true
	for i := range x.h.T.Fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		k, _ := json.Marshal(x.h.T.Fields[i].Name)
		b = append(b, k...)
		b = append(b, ':')
		if x.h.T.Fields[i].GoEnum {
			v = goEnumJSON(v)
		}
		if d := dynamicIn(v); d != nil {
			v = d
		} else if eos, ok := v.([]types.ExtensionObject); ok && holdsDynamic(eos) {
			ds := make([]*Dynamic, len(eos))
			for j, e := range eos {
				ds[j], _ = e.Value.(*Dynamic)
			}
			v = ds
		}
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
			val, err := json.Marshal(jsonValue(v, x.h.T.Fields[i].Enum, depth))
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

// holdsDynamic reports whether an element of v holds a *Dynamic.
func holdsDynamic(v []types.ExtensionObject) bool {
	for _, e := range v {
		if _, ok := e.Value.(*Dynamic); ok {
			return true
		}
	}
	return false
}

// variantDynamic returns the *Dynamic in a Variant holding one
// ExtensionObject, or nil.
func variantDynamic(v types.Variant) *Dynamic {
	if eo, ok := v.ExtensionObject(); ok {
		d, _ := eo.Value.(*Dynamic)
		return d
	}
	return nil
}

// dynamicIn returns the *Dynamic an ExtensionObject or Variant field value
// holds, or nil.
func dynamicIn(v any) *Dynamic {
	switch v := v.(type) {
	case types.ExtensionObject:
		d, _ := v.Value.(*Dynamic)
		return d
	case types.Variant:
		return variantDynamic(v)
	}
	return nil
}

// goEnumJSON returns the OPC UA JSON form ("Variable_2") of a value of a
// namespace-0 enumeration of package types, or of each element of an array
// of them; the number if String has no name for it.
func goEnumJSON(v any) any {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice {
		if rv.IsNil() {
			return nil
		}
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = goEnumJSON(rv.Index(i).Interface())
		}
		return out
	}
	s, ok := v.(fmt.Stringer)
	if !ok || !rv.CanInt() {
		return v
	}
	name, n := s.String(), strconv.FormatInt(rv.Int(), 10)
	if name == "" || strings.HasSuffix(name, "("+n+")") {
		return rv.Int()
	}
	return name + "_" + n
}
