package nodeset_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
	"github.com/uabin/uabin/uaxml"
)

// companionPaths returns the namespace-0 file and the ten companion files.
func companionPaths(t testing.TB) []string {
	paths, err := filepath.Glob("../../test/companion/testdata/nodesets/*.xml")
	if err != nil || len(paths) != 10 {
		t.Fatalf("companion files: %v, %d", err, len(paths))
	}
	return append([]string{"../../schema/Opc.Ua.NodeSet2.Services.xml"}, paths...)
}

// loadValues loads the namespace-0 file and the ten companion files and
// decodes their values.
func loadValues(t testing.TB) (*nodeset.Set, []*nodeset.Value) {
	t.Helper()
	set, err := nodeset.Load(companionPaths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := set.Values()
	if err != nil {
		t.Fatal(err)
	}
	return set, vals
}

func TestValuesAll(t *testing.T) {
	set, vals := loadValues(t)
	perFile := map[string]int{}
	for _, v := range vals {
		perFile[v.File]++
		if _, err := set.BinaryValue(v, nil); err != nil {
			t.Errorf("%s:%d %s: %v", v.File, v.Line, v.NodeIDText, err)
		}
	}
	// Every <Value> of the files: 1 160 in namespace 0's, 881 in the
	// companions' (grep -c '<Value>' counts the EnumValueTypes' Value
	// fields of namespace 0 too).
	if len(vals) != 2041 || perFile[servicesFile] != 1160 || perFile["Opc.Ua.MachineVision.NodeSet2.xml"] != 355 {
		t.Errorf("%d values: %v", len(vals), perFile)
	}
}

// TestValuesRoundTrip: every value of the namespace-0 file and the ten
// companion files, written in XML (uaxml, with its file's namespace table
// and the set's registry) and read back, is the same value, and writing
// it again gives the same text.
func TestValuesRoundTrip(t *testing.T) {
	set, vals := loadValues(t)
	r, err := set.Registry()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vals {
		o := uaxml.Options{NamespaceURIs: set.NamespaceURIsOf(v), Types: r, XMLEncodings: set.XMLEncodings()}
		b1, err := o.Marshal(&v.Variant)
		if err != nil {
			t.Errorf("%s:%d %s: encoding: %v", v.File, v.Line, v.NodeIDText, err)
			continue
		}
		var back types.Variant
		if err := o.Unmarshal(b1, &back); err != nil {
			t.Errorf("%s:%d %s: decoding %s: %v", v.File, v.Line, v.NodeIDText, b1, err)
			continue
		}
		// The same value: the same binary encoding (Variant.Equal
		// compares *uabin.Dynamic values by pointer).
		bo := uabin.Options{NamespaceURIs: o.NamespaceURIs, Types: r}
		want, err1 := bo.Marshal(&v.Variant)
		got, err2 := bo.Marshal(&back)
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			t.Errorf("%s:%d %s: read back (%v, %v)\n%v\nwant\n%v", v.File, v.Line, v.NodeIDText, err1, err2, back, v.Variant)
		}
		b2, err := o.Marshal(&back)
		if err != nil || !bytes.Equal(b1, b2) {
			t.Errorf("%s:%d %s: written again (%v)\n%s\nwant\n%s", v.File, v.Line, v.NodeIDText, err, b2, b1)
		}
	}
}

// TestValuesNamespace0: the companion files' values decode the same with
// package types' namespace 0 (Namespace0) as with the namespace-0 file:
// the same binary encoding, value by value.
func TestValuesNamespace0(t *testing.T) {
	set, vals := loadValues(t)
	files := append([]*nodeset.NodeSet{nodeset.Namespace0()}, set.Files[1:]...)
	set0, err := nodeset.NewSet(files...)
	if err != nil {
		t.Fatal(err)
	}
	vals0, err := set0.Values()
	if err != nil {
		t.Fatal(err)
	}
	want := map[types.ExpandedNodeID][]byte{}
	for _, v := range vals {
		if v.File != servicesFile {
			b, err := set.BinaryValue(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			want[v.NodeID] = b
		}
	}
	if len(vals0) != 881 || len(want) != 881 {
		t.Fatalf("%d and %d values, want 881", len(vals0), len(want))
	}
	for _, v := range vals0 {
		b, err := set0.BinaryValue(v, nil)
		if err != nil || !bytes.Equal(b, want[v.NodeID]) {
			t.Errorf("%s:%d %s: %v\n% x\nwant\n% x", v.File, v.Line, v.NodeIDText, err, b, want[v.NodeID])
		}
	}
}
