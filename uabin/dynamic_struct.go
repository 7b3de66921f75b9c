package uabin

// Go structure values inside Dynamic values (standard structures such as
// types.Range or types.EUInformation in a field, a Variant or an
// ExtensionObject) in the text and JSON views: by the OPC UA names of
// their model, the fields their encoding would send.

import (
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
)

// structFields returns the fields of v, a Go structure other than a
// built-in, by their OPC UA names, in order: those present (an optional
// field that is not zero, a masked field whose bit is set or, for a
// computed mask, whose value is not zero, the selected alternative of a
// union), the mask and switch fields left out. ok is false if v is not
// such a structure.
func structFields(v reflect.Value) (names []string, values []reflect.Value, ok bool) {
	if v.Kind() != reflect.Struct {
		return nil, nil, false
	}
	m, err := uamodel.Of(v.Type())
	if err != nil || m.Kind != uamodel.KindStruct || m.Builtin != 0 {
		return nil, nil, false
	}
	var mask, keep uint32
	stored := false
	for i := range m.Struct.Fields {
		f := &m.Struct.Fields[i]
		fv := v.FieldByIndex(fieldIndex(v.Type(), f))
		switch f.Presence {
		case uamodel.MaskField:
			switch f.Mask {
			case uamodel.Stored:
				mask, stored = uint32(fv.Uint()), true
			case uamodel.Zeros:
				keep = uint32(fv.Uint())
			}
			continue
		case uamodel.SwitchField:
			mask = uint32(fv.Uint())
			continue
		case uamodel.Optional:
			if fv.IsZero() {
				continue
			}
		case uamodel.MaskBit:
			bit := uint32(1) << uint(f.Bit)
			if stored && mask&bit == 0 || !stored && keep&bit == 0 && fv.IsZero() {
				continue
			}
		case uamodel.Alternative:
			if int(mask) != i {
				continue
			}
		}
		names, values = append(names, f.Name), append(values, fv)
	}
	return names, values, true
}

// fieldIndex returns the index of the Go field of the model field f in t
// (found by its offset and name: the model keeps the Go name).
func fieldIndex(t reflect.Type, f *uamodel.Field) []int {
	for i := 0; i < t.NumField(); i++ {
		if sf := t.Field(i); sf.Offset == f.Offset && sf.Name == f.GoName {
			return sf.Index
		}
	}
	return nil
}

// stdNames are the OPC UA names of the standard structures by Go type.
var stdNames = func() map[reflect.Type]string {
	m := make(map[reflect.Type]string, len(types.StandardTypes))
	for _, ti := range types.StandardTypes {
		if ti.Type != nil {
			m[ti.Type] = ti.Name
		}
	}
	return m
}()

// structName is the name of a structure in the text view: its OPC UA
// name for a standard structure, else its Go name.
func structName(t reflect.Type) string {
	if n, ok := stdNames[t]; ok {
		return n
	}
	return t.Name()
}
