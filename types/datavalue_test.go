package types_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/uabin/uabin/types"
)

func TestDataValue(t *testing.T) {
	d := types.NewDataValue(types.VariantFromInt32(5))
	if d.Status != 0 || d.SourceTimestamp != 0 || !d.Value.Equal(types.VariantFromInt32(5)) {
		t.Fatalf("NewDataValue = %#v", d)
	}
	full := types.DataValue{
		Value: types.VariantFromFloat64(1.5), Status: 0x80340000,
		SourceTimestamp: t0Ticks, SourcePicoseconds: 10,
		ServerTimestamp: 1, ServerPicoseconds: 20,
	}
	tests := []struct {
		in   types.DataValue
		want string
	}{
		{types.DataValue{}, "{}"},
		{d, "{Value: Int32(5)}"},
		{types.NewDataValue(types.MustVariant([]int32(nil))), "{Value: Int32[] null}"},
		{types.DataValue{Status: 0x80340000}, "{Status: BadNodeIdUnknown}"},
		{full, "{Value: Double(1.5), Status: BadNodeIdUnknown, SourceTimestamp: 2024-01-02T03:04:05.1234567Z, SourcePicoseconds: 10, ServerTimestamp: 1601-01-01T00:00:00.0000001Z, ServerPicoseconds: 20}"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func ExampleDataValue_String() {
	d := types.NewDataValue(types.VariantFromFloat64(21.5))
	d.SourceTimestamp = types.DateTime(133486382451234567)
	fmt.Println(d)
	// Output:
	// {Value: Double(21.5), SourceTimestamp: 2024-01-02T03:04:05.1234567Z}
}

func TestDataValueEqual(t *testing.T) {
	nan := types.VariantFromFloat64(math.NaN())
	a := types.DataValue{Value: nan, Status: 1, SourceTimestamp: 2, SourcePicoseconds: 3, ServerTimestamp: 4, ServerPicoseconds: 5}
	if !a.Equal(a) {
		t.Error("a DataValue with a NaN is not Equal to itself")
	}
	for i, b := range []types.DataValue{
		{Value: types.VariantFromFloat64(0), Status: 1, SourceTimestamp: 2, SourcePicoseconds: 3, ServerTimestamp: 4, ServerPicoseconds: 5},
		{Value: nan, Status: 0, SourceTimestamp: 2, SourcePicoseconds: 3, ServerTimestamp: 4, ServerPicoseconds: 5},
		{Value: nan, Status: 1, SourceTimestamp: 0, SourcePicoseconds: 3, ServerTimestamp: 4, ServerPicoseconds: 5},
		{Value: nan, Status: 1, SourceTimestamp: 2, SourcePicoseconds: 0, ServerTimestamp: 4, ServerPicoseconds: 5},
		{Value: nan, Status: 1, SourceTimestamp: 2, SourcePicoseconds: 3, ServerTimestamp: 0, ServerPicoseconds: 5},
		{Value: nan, Status: 1, SourceTimestamp: 2, SourcePicoseconds: 3, ServerTimestamp: 4, ServerPicoseconds: 0},
	} {
		if a.Equal(b) || b.Equal(a) {
			t.Errorf("case %d: Equal", i)
		}
	}
}
