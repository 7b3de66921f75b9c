package bsd_test

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/bsd"
)

// TestStandardTypesMatchDictionary holds package types, generated from the
// NodeSet2 DataTypeDefinitions, to Opc.Ua.Types.bsd, an independent
// description of the same structures: for every structure of
// types.StandardTypes, the dictionary's definition, registered as a
// run-time structure, decodes the bytes of a filled Go value into a
// *uabin.Dynamic with the same field names (the name= tag option, else the
// Go name), ValueRanks and DataTypes, in the same order, holding under each
// name the value of the Go field of that name (the fields given values
// that differ, so that two fields of one type swapped in a plan show), and
// encodes it back to the same bytes, in both modes.
func TestStandardTypesMatchDictionary(t *testing.T) {
	d := coreDictionary(t)
	named := map[reflect.Type]uint32{} // enumerations and option sets
	for _, st := range types.SimpleTypes {
		if st.Type != nil {
			named[st.Type] = st.DataTypeID
		}
	}
	r := uabin.NewRegistry()
	compared := 0
	for i, ti := range types.StandardTypes {
		ty, ok := d.Lookup(ti.Name)
		if !ok || ty.Err != nil || ty.Structure == nil {
			t.Errorf("%s: not a structure of the dictionary: %+v", ti.Name, ty)
			continue
		}
		def := *ty.Structure
		// The Go fields against the definition's: name, ValueRank, DataType.
		var got, want []string
		for _, f := range def.Fields {
			array := ""
			if f.ValueRank == 1 {
				array = "[]"
			}
			want = append(want, f.Name+" "+f.DataType.String()+" "+array)
		}
		for j := range ti.Type.NumField() {
			got = append(got, describeField(t, ti.Type.Field(j), named))
		}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("%s: fields\n%s\nthe dictionary has\n%s", ti.Name, strings.Join(got, ", "), strings.Join(want, ", "))
			continue
		}
		// DataType ids of namespace 0 are taken by the Go types; register
		// the definition under namespace 1 ids.
		enc := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, uint32(7000+i))}
		if err := r.RegisterStructure(enc, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, uint32(8000+i))}, ti.Name, def); err != nil {
			t.Fatalf("%s: %v", ti.Name, err)
		}
		v := reflect.New(ti.Type)
		fill.Value(v.Elem())
		distinct(v.Elem())
		for _, noFast := range []bool{false, true} {
			// The Go value's bytes by its fast path or its plan, the
			// mode the dictionary's definition is then run in.
			o := uabin.Options{Types: r, DisableFastPaths: noFast}
			body, err := o.Marshal(v.Interface())
			if err != nil {
				t.Fatalf("%s: %v", ti.Name, err)
			}
			b, err := o.Marshal(types.ExtensionObject{TypeID: enc.NodeID, Encoding: types.ExtensionObjectBinary, Body: body})
			if err != nil {
				t.Fatal(err)
			}
			var x types.ExtensionObject
			if err := o.Unmarshal(b, &x); err != nil {
				t.Fatalf("%s: the dictionary's definition does not decode the Go value's bytes % x: %v", ti.Name, body, err)
			}
			dyn, ok := x.Value.(*uabin.Dynamic)
			if !ok || dyn.NumField() != ti.Type.NumField() {
				t.Fatalf("%s: decoded to %T, not a *uabin.Dynamic of %d fields", ti.Name, x.Value, ti.Type.NumField())
			}
			// Field by field, in order: the value the definition decoded
			// under each name is the Go value's field of that name (the
			// bytes of the whole cannot tell two fields of one type
			// swapped in the plan, the values can: distinct made them
			// differ).
			for j := range dyn.NumField() {
				f := ti.Type.Field(j)
				name := strings.Fields(describeField(t, f, named))[0]
				require.Equal(t, name, dyn.FieldName(j), "%s: field %d", ti.Name, j)
				got, ok := dyn.Field(j)
				require.True(t, ok, "%s.%s", ti.Name, name)
				gb, err := o.Marshal(got)
				require.NoError(t, err, "%s.%s", ti.Name, name)
				wb, err := o.Marshal(v.Elem().Field(j).Interface())
				require.NoError(t, err, "%s.%s", ti.Name, name)
				require.Equal(t, hex.EncodeToString(wb), hex.EncodeToString(gb), "%s.%s (fast paths off: %v): the value decoded by the dictionary's definition", ti.Name, name, noFast)
			}
			out, err := o.Marshal(x)
			if err != nil || !bytes.Equal(out, b) {
				t.Errorf("%s (fast paths off: %v): the Go value wrote\n% x\nthe dictionary's definition wrote back\n% x (%v)", ti.Name, noFast, b, out, err)
			}
		}
		compared++
	}
	if compared != len(types.StandardTypes) {
		t.Errorf("%d of %d structures compared", compared, len(types.StandardTypes))
	}
}

// distinct gives the fields of the struct v whose Go kind is a number,
// a bool, a string or a NodeID values that differ from field to field
// (fill.Value gives them all 1, true, "s"), so that two fields of one type
// that trade places show.
func distinct(v reflect.Value) {
	for j := range v.NumField() {
		f := v.Field(j)
		if !f.CanSet() {
			continue
		}
		switch f.Kind() {
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
			f.SetInt(int64(j + 2))
		case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
			f.SetUint(uint64(j + 2))
		case reflect.Float32, reflect.Float64:
			f.SetFloat(float64(j) + 2.5)
		case reflect.Bool:
			f.SetBool(j%2 == 0)
		case reflect.String:
			f.SetString("s" + strconv.Itoa(j))
		}
		if f.Type() == reflect.TypeFor[types.NodeID]() {
			f.Set(reflect.ValueOf(types.NewNumericNodeID(0, uint32(100+j))))
		}
	}
}

// coreDictionary parses Opc.Ua.Types.bsd of schema/ at the repository root.
func coreDictionary(t *testing.T) *bsd.Dictionary {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "schema", "Opc.Ua.Types.bsd"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := bsd.Parse(data, bsd.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// describeField describes a Go field as the dictionary's StructureField
// would be: the OPC UA name (name=, else the Go name), the DataType (the
// enumeration or option set of the Go type, the structure of the Go type,
// else the built-in type of the tag) and "[]" for an array.
func describeField(t *testing.T, f reflect.StructField, named map[reflect.Type]uint32) string {
	opts := strings.Split(f.Tag.Get("ua"), ",")
	name := f.Name
	for _, o := range opts[1:] {
		if n, ok := strings.CutPrefix(o, "name="); ok {
			name = n
		}
	}
	ft, array := f.Type, ""
	if ft.Kind() == reflect.Slice && !(ft.Elem().Kind() == reflect.Uint8 && opts[0] == "ByteString") {
		ft, array = ft.Elem(), "[]"
	}
	var id uint32
	if n, ok := named[ft]; ok {
		id = n
	} else if ti, ok := types.TypeInfoByType(ft); ok {
		id = ti.DataTypeID
	} else if bt, err := types.ParseBuiltinType(opts[0]); err == nil && bt != types.TypeNull {
		id = uint32(bt)
	} else {
		t.Errorf("%s: Go type %v with tag %q", f.Name, f.Type, f.Tag)
	}
	return name + " " + types.NewNumericNodeID(0, id).String() + " " + array
}
