package nodeset_test

import (
	"fmt"
	"path/filepath"

	"github.com/uabin/uabin/uabin/nodeset"
)

func Example() {
	s, err := nodeset.Load(filepath.Join("testdata", "Acme.NodeSet2.xml"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, dt := range s.Namespace("urn:acme") {
		fmt.Printf("%s: %v", dt.Name, dt.Kind)
		if dt.Kind.IsStructure() {
			for _, f := range s.Fields(dt) {
				fmt.Printf(" %s", f.Name)
			}
		}
		fmt.Println()
	}
	// Output:
	// Mode: enumeration
	// Flags: option set
	// Year: simple
	// Setpoint: structure with optional fields Id Mode Limits Comment Any
	// Choice: union Number Text
}
