package nodeset_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/uabin/uabin/uabin/nodeset"
)

// FuzzParse checks that no input makes Parse, NewSet or the methods of a
// Set panic.
func FuzzParse(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "Acme.NodeSet2.xml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`<UANodeSet><UADataType NodeId="i=1" BrowseName="A"><Definition><Field Name="x" ValueRank="2"/></Definition></UADataType></UANodeSet>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ns, err := nodeset.Parse("fuzz.xml", data)
		if err != nil {
			return
		}
		s, err := nodeset.NewSet(ns)
		if err != nil {
			return
		}
		for _, dt := range s.DataTypes {
			_ = s.Fields(dt)
			_, _ = dt.BinaryEncoding()
			_, _ = s.StructureDefinition(dt, ns.NamespaceURIs)
			_, _ = s.EnumDefinition(dt)
		}
	})
}
