package companion

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

// TestVectorsThroughJSON: every companion vector (an ExtensionObject, and
// a Variant holding one, encoded by node-opcua) decodes into run-time
// structures (uabin.Dynamic) registered from the NodeSet2 files; their
// OPC UA JSON, Compact and Verbose, decodes back to values with the same
// binary bytes, and JSON → value → binary → value → JSON gives the same
// text.
func TestVectorsThroughJSON(t *testing.T) {
	set := loadSet(t)
	r := uabin.NewRegistry()
	if err := set.Register(r); err != nil {
		t.Fatal(err)
	}
	var sum summaryFile
	readJSON(t, filepath.Join("testdata", "summary.json"), &sum)
	n := 0
	for _, s := range sum.Nodesets {
		var f vectorFile
		readJSON(t, filepath.Join("testdata", strings.TrimSuffix(s.Nodeset, filepath.Ext(s.Nodeset))+".json"), &f)
		for i, v := range f.Vectors {
			what := fmt.Sprintf("%s: vector %d (%s)", s.Nodeset, i, v.Name)
			if err := throughJSON(uabin.Options{Types: r, NamespaceURIs: f.Namespaces}, unhex(t, what, v.ExtensionObject), func() any { return new(types.ExtensionObject) }); err != nil {
				t.Errorf("%s: %v", what, err)
			}
			n++
		}
		for i, v := range f.Variants {
			what := fmt.Sprintf("%s: variant %d (%s)", s.Nodeset, i, v.Name)
			if err := throughJSON(uabin.Options{Types: r, NamespaceURIs: v.Namespaces}, unhex(t, what, v.Variant), func() any { return new(types.Variant) }); err != nil {
				t.Errorf("%s: %v", what, err)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
	t.Logf("%d vectors through JSON", n)
}

// throughJSON checks one value given as binary bytes b.
func throughJSON(o uabin.Options, b []byte, newValue func() any) error {
	v := newValue()
	if err := o.Unmarshal(b, v); err != nil {
		return fmt.Errorf("binary: %w", err)
	}
	for _, enc := range []uajson.Encoding{uajson.Compact, uajson.Verbose} {
		jo := uajson.Options{Encoding: enc, Types: o.Types, NamespaceURIs: o.NamespaceURIs}
		j, err := jo.Marshal(v)
		if err != nil {
			return fmt.Errorf("%v: Marshal: %w", enc, err)
		}
		if !bytes.Contains(j, []byte("UaTypeId")) || bytes.Contains(j, []byte("UaBody")) {
			return fmt.Errorf("%v: the body is not a JSON structure: %s", enc, j)
		}
		back := newValue()
		if err := jo.Unmarshal(j, back); err != nil {
			return fmt.Errorf("%v: Unmarshal: %w\n%s", enc, err, j)
		}
		b2, err := o.Marshal(back)
		if err != nil {
			return fmt.Errorf("%v: binary Marshal: %w", enc, err)
		}
		if !bytes.Equal(b2, b) {
			return fmt.Errorf("%v: bytes\n% x\nthrough\n%s\nbecome\n% x", enc, b, j, b2)
		}
		again := newValue()
		if err := o.Unmarshal(b2, again); err != nil {
			return err
		}
		j2, err := jo.Marshal(again)
		if err != nil || !bytes.Equal(j, j2) {
			return fmt.Errorf("%v: JSON\n%s\nthrough binary becomes\n%s (%v)", enc, j, j2, err)
		}
	}
	return nil
}
