package id_test

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/uabin/uabin/types/id"
)

func TestConstants(t *testing.T) {
	tests := []struct {
		got, want uint32
		name      string
	}{
		{id.ReadRequest_Encoding_DefaultBinary, 631, "ReadRequest_Encoding_DefaultBinary"},
		{id.ReadResponse_Encoding_DefaultBinary, 634, "ReadResponse_Encoding_DefaultBinary"},
		{id.BrowseResponse_Encoding_DefaultBinary, 530, "BrowseResponse_Encoding_DefaultBinary"},
		{id.Argument_Encoding_DefaultBinary, 298, "Argument_Encoding_DefaultBinary"},
		{id.ReadRequest, 629, "ReadRequest"},
		{id.ObjectsFolder, 85, "ObjectsFolder"},
		{id.Boolean, 1, "Boolean"},
		{id.Structure, 22, "Structure"},
		{id.EnumValueType_Encoding_DefaultBinary, 8251, "EnumValueType_Encoding_DefaultBinary"},
		{id.ThreeDVector_Encoding_DefaultBinary, 18817, "ThreeDVector_Encoding_DefaultBinary"},
		{id.Server_ServerStatus_State, 2259, "Server_ServerStatus_State"},
		{id.HasSubtype, 45, "HasSubtype"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("id.%s = %d, want %d", tt.name, tt.got, tt.want)
		}
		if got := id.Name(tt.want); got != tt.name {
			t.Errorf("Name(%d) = %q, want %q", tt.want, got, tt.name)
		}
	}
	for _, unknown := range []uint32{0, 1 << 31, 0xFFFFFFFF} {
		if got := id.Name(unknown); got != "" {
			t.Errorf("Name(%d) = %q, want \"\"", unknown, got)
		}
	}
}

// TestNameMatchesCSV checks Name for every row of NodeIds.csv, read here
// independently of the generator, and that ids between rows have no name.
func TestNameMatchesCSV(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "schema", "NodeIds.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 12626 {
		t.Errorf("NodeIds.csv has %d rows, want 12626", len(rows))
	}
	named := map[uint32]bool{}
	var maxID uint32
	for _, row := range rows {
		v, err := strconv.ParseUint(row[1], 10, 32)
		if err != nil {
			t.Fatal(err)
		}
		if got := id.Name(uint32(v)); got != row[0] {
			t.Errorf("Name(%d) = %q, want %q", v, got, row[0])
		}
		named[uint32(v)] = true
		maxID = max(maxID, uint32(v))
	}
	for v := range maxID + 2 {
		if !named[v] && id.Name(v) != "" {
			t.Errorf("Name(%d) = %q, want \"\"", v, id.Name(v))
		}
	}
}

func BenchmarkName(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = id.Name(id.ReadRequest_Encoding_DefaultBinary)
	}
}

func ExampleName() {
	fmt.Println(id.ReadRequest_Encoding_DefaultBinary, id.Name(631))
	fmt.Println(id.Name(id.ObjectsFolder))
	// Output:
	// 631 ReadRequest_Encoding_DefaultBinary
	// ObjectsFolder
}
