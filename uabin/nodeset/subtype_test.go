package nodeset_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/uabin/uabin/uabin/nodeset"
)

// chainFile returns a NodeSet2 file of n structures, each a subtype of the
// one before (the first of Structure, i=22) with one Int32 field of its
// own.
func chainFile(n int) []byte {
	var b strings.Builder
	b.WriteString(`<UANodeSet xmlns="http://opcfoundation.org/UA/2011/03/UANodeSet.xsd">
<NamespaceUris><Uri>urn:chain</Uri></NamespaceUris>
<Models><Model ModelUri="urn:chain" Version="1.0"><RequiredModel ModelUri="http://opcfoundation.org/UA/" /></Model></Models>
`)
	for i := 1; i <= n; i++ {
		base := "i=22"
		if i > 1 {
			base = fmt.Sprintf("ns=1;i=%d", i-1)
		}
		fmt.Fprintf(&b, `<UADataType NodeId="ns=1;i=%d" BrowseName="1:T%d"><References><Reference ReferenceType="i=45" IsForward="false">%s</Reference></References>`+
			`<Definition Name="1:T%d"><Field Name="F%d" DataType="i=6" /></Definition></UADataType>
`, i, i, base, i, i)
	}
	b.WriteString("</UANodeSet>\n")
	return []byte(b.String())
}

// TestSubtypeDepth: a chain of subtypes as deep as MaxSubtypeDepth allows
// is a Set whose deepest structure has every field of its ancestors; one
// level more is ErrLimitExceeded. A chain of 1000 (213 KB, which made
// NewSet allocate 32 GB in two minutes when listing fields copied every
// ancestor's list again) is refused at once, having allocated little.
func TestSubtypeDepth(t *testing.T) {
	// Structure has one supertype (BaseDataType), so the chain may have
	// MaxSubtypeDepth-1 links.
	deepest := nodeset.MaxSubtypeDepth - 1
	ns, err := nodeset.Parse("chain.xml", chainFile(deepest))
	if err != nil {
		t.Fatal(err)
	}
	s, err := nodeset.NewSet(ns, nodeset.Namespace0())
	if err != nil {
		t.Fatal(err)
	}
	last := ns.DataTypes[len(ns.DataTypes)-1]
	fields := s.Fields(last)
	if len(fields) != deepest || fields[0].Name != "F1" || fields[deepest-1].Name != fmt.Sprintf("F%d", deepest) {
		t.Errorf("the deepest structure has %d fields (%v ...), want F1..F%d", len(fields), fields[0].Name, deepest)
	}
	for _, n := range []int{deepest + 1, 1000} {
		ns, err := nodeset.Parse("chain.xml", chainFile(n))
		if err != nil {
			t.Fatal(err)
		}
		var set *nodeset.Set
		heap := allocated(func() { set, err = nodeset.NewSet(ns, nodeset.Namespace0()) })
		want := fmt.Sprintf("supertypes, more than MaxSubtypeDepth (%d)", nodeset.MaxSubtypeDepth)
		if set != nil || !errors.Is(err, nodeset.ErrLimitExceeded) || !strings.Contains(err.Error(), want) {
			t.Errorf("chain of %d: error %v, want ErrLimitExceeded containing %q", n, err, want)
		}
		if heap > 4<<20 { // about 2 MB, most of it namespace 0
			t.Errorf("chain of %d: NewSet allocated %d bytes", n, heap)
		}
	}
}
