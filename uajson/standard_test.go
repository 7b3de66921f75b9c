package uajson_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

// jsonForms are the two v1.05 forms every value must keep its binary
// bytes through.
var jsonForms = []uajson.Options{{Encoding: uajson.Compact}, {Encoding: uajson.Verbose}}

// throughJSON checks the property of one value: binary bytes b (of a value
// of type t) decode to a value whose JSON, in both forms, decodes to a
// value with the same binary bytes; and JSON → value → binary → value →
// JSON gives the same text. o are the binary options (registry, tables).
func throughJSON(t *testing.T, o uabin.Options, b []byte, newValue func() any) {
	t.Helper()
	v := newValue()
	if err := o.Unmarshal(b, v); err != nil {
		t.Fatalf("binary Unmarshal: %v", err)
	}
	for _, jo := range jsonForms {
		jo.Types, jo.NamespaceURIs = o.Types, o.NamespaceURIs
		j, err := jo.Marshal(v)
		if err != nil {
			t.Fatalf("%v: Marshal: %v", jo.Encoding, err)
		}
		back := newValue()
		if err := jo.Unmarshal(j, back); err != nil {
			t.Fatalf("%v: Unmarshal: %v\n%s", jo.Encoding, err, j)
		}
		b2, err := o.Marshal(back)
		if err != nil {
			t.Fatalf("%v: binary Marshal of the value decoded from JSON: %v\n%s", jo.Encoding, err, j)
		}
		if !bytes.Equal(b2, b) {
			t.Fatalf("%v: binary bytes\n% x\nthrough JSON\n%s\nbecome\n% x", jo.Encoding, b, j, b2)
		}
		// JSON → value → binary → value → JSON.
		again := newValue()
		if err := o.Unmarshal(b2, again); err != nil {
			t.Fatalf("%v: binary Unmarshal: %v", jo.Encoding, err)
		}
		j2, err := jo.Marshal(again)
		if err != nil {
			t.Fatalf("%v: Marshal: %v", jo.Encoding, err)
		}
		if !bytes.Equal(j, j2) {
			t.Fatalf("%v: JSON\n%s\nthrough binary becomes\n%s", jo.Encoding, j, j2)
		}
	}
}

// TestStandardStructuresThroughJSON runs the property over the zero and a
// filled value (internal/fill: every field set) of every concrete
// standard structure, directly and as an ExtensionObject body.
func TestStandardStructuresThroughJSON(t *testing.T) {
	n := 0
	for _, ti := range types.StandardTypes {
		if ti.Abstract || ti.Type == nil {
			continue
		}
		n++
		zero := reflect.New(ti.Type)
		filled := reflect.New(ti.Type)
		fill.Value(filled.Elem())
		for _, v := range []struct {
			name string
			ptr  reflect.Value
		}{{"zero", zero}, {"filled", filled}} {
			t.Run(ti.Name+"/"+v.name, func(t *testing.T) {
				b, err := uabin.Marshal(v.ptr.Interface())
				if err != nil {
					t.Fatal(err)
				}
				throughJSON(t, uabin.Options{}, b, func() any { return reflect.New(ti.Type).Interface() })
				eo := types.NewExtensionObject(v.ptr.Interface())
				b, err = uabin.Marshal(&eo)
				if err != nil {
					t.Fatal(err)
				}
				throughJSON(t, uabin.Options{}, b, func() any { return new(types.ExtensionObject) })
			})
		}
	}
	if n < 280 {
		t.Fatalf("only %d concrete standard structures", n)
	}
	t.Logf("%d standard structures", n)
}
