package types_test

import (
	"testing"

	"github.com/uabin/uabin/types"
)

func TestByteString(t *testing.T) {
	tests := []struct {
		in   types.ByteString
		want string
		null bool
	}{
		{nil, "null", true},
		{types.ByteString{}, "0x", false},
		{types.ByteString{0x01, 0xAB, 0xFF}, "0x01ABFF", false},
		{make(types.ByteString, 40), "0x" + "00000000000000000000000000000000000000000000000000000000000000000000000000000000", false},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if got := tt.in.IsNull(); got != tt.null {
			t.Errorf("IsNull() = %v", got)
		}
	}
}
