package uabin

// The JSON view of Dynamic values: AsMap and MarshalJSON.

import (
	"fmt"
	"math"
	"reflect"
	"strconv"

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
// like a nested structure; a Go structure (types.Range, ...) as a map by
// the OPC UA names of the fields its encoding sends; other values as they
// are. Nesting deeper than 64 levels (a value made to contain itself with
// Set) is cut off.
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
	return jsonStruct(v, depth)
}

// jsonStruct returns a Go structure (or a slice of them) as maps by the
// OPC UA names of its fields (structFields), and any other value as it is.
func jsonStruct(v any, depth int) any {
	rv := reflect.ValueOf(v)
	if depth > maxTextDepth || !rv.IsValid() {
		return v
	}
	if names, values, ok := structFields(rv); ok {
		return structMap(names, values, depth)
	}
	if rv.Kind() == reflect.Slice && !rv.IsNil() && rv.Type().Elem().Kind() == reflect.Struct {
		if _, _, ok := structFields(reflect.New(rv.Type().Elem()).Elem()); ok {
			out := make([]any, rv.Len())
			for i := range out {
				out[i] = jsonStruct(rv.Index(i).Interface(), depth+1)
			}
			return out
		}
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

// structMap returns v, a structure of structFields, as a map by OPC UA
// names, its values in their JSON-friendly forms.
func structMap(names []string, values []reflect.Value, depth int) map[string]any {
	out := make(map[string]any, len(names))
	for i, n := range names {
		out[n] = jsonValue(values[i].Interface(), nil, depth+1)
	}
	return out
}
