package fastpath

import "github.com/uabin/uabin/types"

// Exports for the differential tests of package fastpath_test, which run
// the golden cases through the uabin engine with fast paths on and off.

// GoldenCase is one golden value (a pointer to it) and its wire bytes.
type GoldenCase struct {
	Name  string
	Value any
	Wire  []byte
}

// GoldenCases returns every golden case of the package's tests.
func GoldenCases() []GoldenCase {
	var out []GoldenCase
	for _, g := range goldens() {
		out = append(out, GoldenCase{Name: g.name, Value: g.value, Wire: unhex(g.wire)})
	}
	return out
}

// The structures the test Engine knows, and their encoding ids, for
// registering them in a uabin.Registry.
type (
	Point = point
	Tiny  = tiny
	Named = named
)

// Encoding ids of Point, Tiny and Named.
var (
	PointID types.NodeID = pointID
	TinyID  types.NodeID = tinyID
	NamedID types.NodeID = namedID
)
