// Package fill sets values of generated structures to something that is
// not zero, for round-trip tests: every field of every standard structure
// and of generated companion packages takes part in the bytes. It is used
// by tests only.
package fill

import (
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

var (
	variantType        = reflect.TypeFor[types.Variant]()
	extensionObjType   = reflect.TypeFor[types.ExtensionObject]()
	dateTimeType       = reflect.TypeFor[types.DateTime]()
	guidType           = reflect.TypeFor[types.GUID]()
	nodeIDType         = reflect.TypeFor[types.NodeID]()
	expandedNodeIDType = reflect.TypeFor[types.ExpandedNodeID]()
	statusCodeType     = reflect.TypeFor[types.StatusCode]()
	qualifiedNameType  = reflect.TypeFor[types.QualifiedName]()
	localizedTextType  = reflect.TypeFor[types.LocalizedText]()
	dataValueType      = reflect.TypeFor[types.DataValue]()
	diagnosticInfoType = reflect.TypeFor[types.DiagnosticInfo]()
)

// Value sets every field of v, a settable value, to a value that is not
// zero: numbers 1 (or 1.5), strings "s", one-element arrays, present
// optional fields, the first member of a union, a Variant holding an Int32,
// an ExtensionObject with a raw body of an unknown type. Recursion stops at
// depth 4.
func Value(v reflect.Value) { fill(v, 0) }

func fill(v reflect.Value, depth int) {
	switch v.Type() {
	case variantType:
		v.Set(reflect.ValueOf(types.VariantFromInt32(7)))
		return
	case extensionObjType:
		v.Set(reflect.ValueOf(types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 99999), Encoding: types.ExtensionObjectBinary, Body: []byte{1, 2, 3}}))
		return
	case dateTimeType:
		v.SetInt(133500000000000000)
		return
	case guidType:
		v.Set(reflect.ValueOf(types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63")))
		return
	case nodeIDType:
		v.Set(reflect.ValueOf(types.NewStringNodeID(2, "n")))
		return
	case expandedNodeIDType:
		v.Set(reflect.ValueOf(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 5), NamespaceURI: "urn:x"}))
		return
	case statusCodeType:
		v.SetUint(0x80010000)
		return
	case qualifiedNameType:
		v.Set(reflect.ValueOf(types.QualifiedName{NamespaceIndex: 1, Name: "q"}))
		return
	case localizedTextType:
		v.Set(reflect.ValueOf(types.LocalizedText{Locale: "en", Text: "t"}))
		return
	case dataValueType:
		v.Set(reflect.ValueOf(types.DataValue{Value: types.VariantFromInt32(3), Status: 0x40000000}))
		return
	case diagnosticInfoType:
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.String:
		v.SetString("s")
	case reflect.Slice:
		if depth > 4 {
			return
		}
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0), depth+1)
		v.Set(s)
	case reflect.Pointer:
		if depth > 4 {
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Struct:
		t := v.Type()
		if u := union(t); u != nil {
			if len(u.Fields) > 1 { // a union without members stays empty
				v.FieldByName(u.Fields[0].GoName).SetUint(1)
				fill(v.FieldByName(u.Fields[1].GoName), depth+1)
			}
			return
		}
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	}
}

// Emptied turns the arrays of a filled value v (settable) into empty ones
// and its strings into empty Strings (wire.EmptyString: empty, not null),
// down to depth 6, leaving the built-in types of package types (Variant,
// NodeID, ...) as they are but for the strings of their exported fields:
// the samples of the empty forms, which must be told from null ones.
func Emptied(v reflect.Value) { emptied(v, 0) }

func emptied(v reflect.Value, depth int) {
	if depth > 6 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(wire.EmptyString)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
	case reflect.Pointer:
		if !v.IsNil() {
			emptied(v.Elem(), depth+1)
		}
	case reflect.Struct:
		if v.Type() == variantType {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				emptied(v.Field(i), depth+1)
			}
		}
	}
}

// Samples returns the sample values of T that the checks of generated
// codecs use with uabin.VerifyFastPaths: the zero value (null arrays and
// strings, absent optional fields), a filled value (Value) and the filled
// value Emptied, then the zero value again (decoded over the empty one).
func Samples[T any]() []T {
	var zero, full, empty T
	Value(reflect.ValueOf(&full).Elem())
	Value(reflect.ValueOf(&empty).Elem())
	Emptied(reflect.ValueOf(&empty).Elem())
	return []T{zero, full, empty, zero}
}

// union returns the model of the struct type t if the model
// (internal/uamodel, which the codecs build their plans from) has it as a
// union, or nil: its first field is the switch, the others the
// alternatives.
func union(t reflect.Type) *uamodel.Struct {
	m, err := uamodel.Of(t)
	if err != nil || m.Kind != uamodel.KindStruct || m.Struct.Encoding != uamodel.Union {
		return nil
	}
	return m.Struct
}
