package nodeset_test

import (
	"path/filepath"
	"testing"

	"github.com/uabin/uabin/uabin/nodeset"
)

// companionPaths returns the namespace-0 file and the ten companion files.
func companionPaths(t testing.TB) []string {
	paths, err := filepath.Glob("../../test/companion/testdata/nodesets/*.xml")
	if err != nil || len(paths) != 10 {
		t.Fatalf("companion files: %v, %d", err, len(paths))
	}
	return append([]string{"../../schema/Opc.Ua.NodeSet2.Services.xml"}, paths...)
}

func TestValuesAll(t *testing.T) {
	set, err := nodeset.Load(companionPaths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := set.Values()
	if err != nil {
		t.Fatal(err)
	}
	perFile := map[string]int{}
	for _, v := range vals {
		perFile[v.File]++
		if _, err := set.BinaryValue(v, nil); err != nil {
			t.Errorf("%s:%d %s: %v", v.File, v.Line, v.NodeIDText, err)
		}
	}
	t.Log(len(vals), perFile)
}
