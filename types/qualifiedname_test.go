package types_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

func TestQualifiedNameString(t *testing.T) {
	tests := []struct {
		in   types.QualifiedName
		want string
	}{
		{types.QualifiedName{}, ""},
		{types.NewQualifiedName(0, "Objects"), "Objects"},
		{types.NewQualifiedName(2, "Temperature"), "2:Temperature"},
		{types.NewQualifiedName(65535, ""), "65535:"},
		{types.NewQualifiedName(1, "a:b"), "1:a:b"},
		{types.NewQualifiedName(0, "1:x"), "0:1:x"},
		{types.NewQualifiedName(0, "12:"), "0:12:"},
		{types.NewQualifiedName(0, ":x"), ":x"},
		{types.NewQualifiedName(0, "1a:x"), "1a:x"},
		{types.NewQualifiedName(0, "123"), "123"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.in, got, tt.want)
		}
		back, err := types.ParseQualifiedName(tt.want)
		if err != nil || back != tt.in {
			t.Errorf("ParseQualifiedName(%q) = %#v, %v; want %#v", tt.want, back, err, tt.in)
		}
	}
}

func TestParseQualifiedName(t *testing.T) {
	tests := []struct {
		in      string
		want    types.QualifiedName
		wantErr string
	}{
		{in: "002:X", want: types.NewQualifiedName(2, "X")},
		{in: "0:Objects", want: types.NewQualifiedName(0, "Objects")},
		{in: "Hot水", want: types.NewQualifiedName(0, "Hot水")},
		{in: "65536:X", wantErr: `types: invalid QualifiedName "65536:X": namespace index "65536" is not a UInt16`},
		{in: "99999999999999999999999:X", wantErr: "is not a UInt16"},
	}
	for _, tt := range tests {
		q, err := types.ParseQualifiedName(tt.in)
		if tt.wantErr != "" {
			var pe *types.ParseError
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &pe) {
				t.Errorf("ParseQualifiedName(%q) = %v, %v; want error %q", tt.in, q, err, tt.wantErr)
			}
			continue
		}
		if err != nil || q != tt.want {
			t.Errorf("ParseQualifiedName(%q) = %#v, %v; want %#v", tt.in, q, err, tt.want)
		}
	}
}

func FuzzParseQualifiedName(f *testing.F) {
	for _, s := range []string{"", "Objects", "2:Temperature", "0:1:x", "65536:x", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := types.ParseQualifiedName(s)
		if err != nil {
			return
		}
		q2, err := types.ParseQualifiedName(q.String())
		if err != nil || q2 != q {
			t.Fatalf("ParseQualifiedName(%q) = %#v; String %q parses to %#v, %v", s, q, q.String(), q2, err)
		}
	})
}

func ExampleParseQualifiedName() {
	q, _ := types.ParseQualifiedName("2:Temperature")
	fmt.Println(q.NamespaceIndex, q.Name, q)
	fmt.Println(types.NewQualifiedName(0, "Objects"))
	// Output:
	// 2 Temperature 2:Temperature
	// Objects
}
