package uabin

// MarshalJSON of Dynamic values: the JSON form of AsMap, with the fields
// of structures in order.

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
)

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
		b = appendJSONValue(b, v, x.h.T.Fields[i].Enum, depth)
	}
	return append(b, '}')
}

// appendJSONValue appends the JSON form of a field value met depth levels
// down: run-time structures and Go structures as objects with their
// fields in order, other values as json.Marshal writes jsonValue's form.
func appendJSONValue(b []byte, v any, enum *uamodel.Enum, depth int) []byte {
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
		return v.appendJSON(b, depth+1)
	case []*Dynamic:
		if v == nil {
			return append(b, "null"...)
		}
		b = append(b, '[')
		for j, e := range v {
			if j > 0 {
				b = append(b, ',')
			}
			b = e.appendJSON(b, depth+1)
		}
		return append(b, ']')
	}
	if rv := reflect.ValueOf(v); depth <= maxTextDepth && rv.IsValid() {
		if names, values, ok := structFields(rv); ok {
			b = append(b, '{')
			for j, n := range names {
				if j > 0 {
					b = append(b, ',')
				}
				k, _ := json.Marshal(n)
				b = append(append(b, k...), ':')
				b = appendJSONValue(b, values[j].Interface(), nil, depth+1)
			}
			return append(b, '}')
		}
		if rv.Kind() == reflect.Slice && !rv.IsNil() && rv.Type().Elem().Kind() == reflect.Struct {
			if _, _, ok := structFields(reflect.New(rv.Type().Elem()).Elem()); ok {
				b = append(b, '[')
				for j := 0; j < rv.Len(); j++ {
					if j > 0 {
						b = append(b, ',')
					}
					b = appendJSONValue(b, rv.Index(j).Interface(), nil, depth+1)
				}
				return append(b, ']')
			}
		}
	}
	val, err := json.Marshal(jsonValue(v, enum, depth))
	if err != nil {
		// A value whose Go type has no JSON form for what it holds
		// (such as a NaN inside a Variant): its text form.
		val, _ = json.Marshal(fmt.Sprint(v))
	}
	return append(b, val...)
}
