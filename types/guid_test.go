package types_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

// w1GUID is the Guid of Part 6 Figure 5 and benchmark W1.
var w1GUID = types.GUID{
	Data1: 0x72962B91,
	Data2: 0xFA75,
	Data3: 0x4AE6,
	Data4: [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63},
}

func TestParseGUIDFields(t *testing.T) {
	g, err := types.ParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63")
	if err != nil {
		t.Fatal(err)
	}
	if g.Data1 != 0x72962B91 || g.Data2 != 0xFA75 || g.Data3 != 0x4AE6 ||
		g.Data4 != [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63} {
		t.Fatalf("got %#v", g)
	}
}

func TestParseGUID(t *testing.T) {
	tests := []struct {
		in      string
		want    types.GUID
		wantErr string
	}{
		{in: "72962B91-FA75-4AE6-8D28-B404DC7DAF63", want: w1GUID},
		{in: "72962b91-fa75-4ae6-8d28-b404dc7daf63", want: w1GUID},
		{in: "{72962B91-FA75-4AE6-8d28-b404DC7DAF63}", want: w1GUID},
		{in: "00000000-0000-0000-0000-000000000000", want: types.GUID{}},
		{in: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", want: types.GUID{Data1: 0xFFFFFFFF, Data2: 0xFFFF, Data3: 0xFFFF, Data4: [8]byte{255, 255, 255, 255, 255, 255, 255, 255}}},
		{in: "01234567-89AB-CDEF-0123-456789ABCDEF", want: types.GUID{Data1: 0x01234567, Data2: 0x89AB, Data3: 0xCDEF, Data4: [8]byte{0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF}}},
		{in: "", wantErr: `types: invalid Guid "": want 36 characters`},
		{in: "72962B91FA754AE68D28B404DC7DAF63", wantErr: "want 36 characters"},
		{in: "{72962B91-FA75-4AE6-8D28-B404DC7DAF63", wantErr: "want 36 characters"},
		{in: "(72962B91-FA75-4AE6-8D28-B404DC7DAF63)", wantErr: "want 36 characters"},
		{in: "72962B91-FA75-4AE6-8D28-B404DC7DAF6", wantErr: "want 36 characters"},
		{in: "72962B91-FA75-4AE6-8D28-B404DC7DAF633", wantErr: "want 36 characters"},
		{in: "72962B91+FA75-4AE6-8D28-B404DC7DAF63", wantErr: "hyphens"},
		{in: "72962B9-1FA75-4AE6-8D28-B404DC7DAF63", wantErr: "hyphens"},
		{in: "72962B91-FA75-4AE6-8D28-B404DC7DAF6G", wantErr: `"G" at offset 35 is not a hex digit`},
		{in: "{72962B91-FA75-4AE6-8D28-B404DC7DAF6水}", wantErr: "want 36 characters"},
		{in: "{72962B91-FA75-4AE6-8D28-B404DC7DAFx3}", wantErr: `"x" at offset 35 is not a hex digit`},
		{in: "72962B91-FA75-4AE6-8D2--B404DC7DAF63", wantErr: "not a hex digit"},
		{in: " 2962B91-FA75-4AE6-8D28-B404DC7DAF63", wantErr: "not a hex digit"},
	}
	for _, tt := range tests {
		g, err := types.ParseGUID(tt.in)
		if tt.wantErr != "" {
			var pe *types.ParseError
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &pe) || pe.Type != "Guid" || pe.Input != tt.in {
				t.Errorf("ParseGUID(%q) = %v, %v; want *ParseError containing %q", tt.in, g, err, tt.wantErr)
			}
			continue
		}
		if err != nil || g != tt.want {
			t.Errorf("ParseGUID(%q) = %#v, %v; want %#v", tt.in, g, err, tt.want)
		}
	}
}

func TestGUIDString(t *testing.T) {
	tests := []struct {
		in   types.GUID
		want string
	}{
		{w1GUID, "72962B91-FA75-4AE6-8D28-B404DC7DAF63"},
		{types.GUID{}, "00000000-0000-0000-0000-000000000000"},
		{types.GUID{Data1: 1, Data2: 2, Data3: 3, Data4: [8]byte{4, 5, 6, 7, 8, 9, 10, 11}}, "00000001-0002-0003-0405-060708090A0B"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if got, _ := tt.in.MarshalText(); string(got) != tt.want {
			t.Errorf("MarshalText() = %q, want %q", got, tt.want)
		}
	}
	if !(types.GUID{}).IsNull() || w1GUID.IsNull() || (types.GUID{Data4: [8]byte{7: 1}}).IsNull() {
		t.Error("IsNull")
	}
}

func TestGUIDJSON(t *testing.T) {
	b, err := json.Marshal(map[string]types.GUID{"id": w1GUID})
	if err != nil || string(b) != `{"id":"72962B91-FA75-4AE6-8D28-B404DC7DAF63"}` {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	var m map[string]types.GUID
	if err := json.Unmarshal(b, &m); err != nil || m["id"] != w1GUID {
		t.Fatalf("json.Unmarshal = %v, %v", m, err)
	}
	if err := json.Unmarshal([]byte(`{"id":"nope"}`), &m); err == nil {
		t.Fatal("json.Unmarshal accepted a bad Guid")
	}
}

func TestMustParseGUIDPanics(t *testing.T) {
	if types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63") != w1GUID {
		t.Fatal("MustParseGUID")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("MustParseGUID did not panic")
		}
	}()
	types.MustParseGUID("x")
}

func FuzzParseGUID(f *testing.F) {
	for _, s := range []string{
		"72962B91-FA75-4AE6-8D28-B404DC7DAF63",
		"{72962b91-fa75-4ae6-8d28-b404dc7daf63}",
		"00000000-0000-0000-0000-000000000000",
		"72962B91-FA75-4AE6-8D28-B404DC7DAF6G",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := types.ParseGUID(s)
		if err != nil {
			return
		}
		text := g.String()
		if !strings.EqualFold(strings.Trim(s, "{}"), text) {
			t.Fatalf("ParseGUID(%q).String() = %q", s, text)
		}
		g2, err := types.ParseGUID(text)
		if err != nil || g2 != g {
			t.Fatalf("reparse of %q = %v, %v", text, g2, err)
		}
	})
}

func ExampleParseGUID() {
	g, err := types.ParseGUID("{72962b91-fa75-4ae6-8d28-b404dc7daf63}")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%08X %04X %04X % X\n", g.Data1, g.Data2, g.Data3, g.Data4)
	fmt.Println(g)
	// Output:
	// 72962B91 FA75 4AE6 8D 28 B4 04 DC 7D AF 63
	// 72962B91-FA75-4AE6-8D28-B404DC7DAF63
}

func BenchmarkParseGUID(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := types.ParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGUIDString(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = w1GUID.String()
	}
}
