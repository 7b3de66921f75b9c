package types_test

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

// standardCodes returns every standard status code, found by asking Name
// about each of the 65536 possible upper halves (the lookups ignore the
// low 16 bits).
func standardCodes() []types.StatusCode {
	var codes []types.StatusCode
	for hi := range uint32(1 << 16) {
		if c := types.StatusCode(hi << 16); c.Name() != "" {
			codes = append(codes, c)
		}
	}
	return codes
}

func TestStatusCodeCount(t *testing.T) {
	codes := standardCodes()
	counts := map[string]int{}
	for _, c := range codes {
		switch {
		case c.IsGood():
			counts["Good"]++
		case c.IsUncertain():
			counts["Uncertain"]++
		case c.IsBad():
			counts["Bad"]++
		}
	}
	// StatusCode.csv: 271 codes, 32 Good, 18 Uncertain, 221 Bad.
	if len(codes) != 271 || counts["Good"] != 32 || counts["Uncertain"] != 18 || counts["Bad"] != 221 {
		t.Errorf("%d codes (%v), want 271 (32 Good, 18 Uncertain, 221 Bad)", len(codes), counts)
	}
}

// TestStatusCodeMethods checks each of the 271 codes: the severity agrees
// with the name's prefix, Parse inverts Name, the info bits are ignored by
// the lookups, and Error and String have their documented form.
func TestStatusCodeMethods(t *testing.T) {
	for _, c := range standardCodes() {
		name, desc := c.Name(), c.Description()
		if desc == "" {
			t.Errorf("%s: no description", name)
		}
		severity := map[bool]string{c.IsGood(): "Good", c.IsUncertain(): "Uncertain", c.IsBad(): "Bad"}[true]
		if !strings.HasPrefix(name, severity) || c.IsGood() == c.IsBad() && c.IsGood() == c.IsUncertain() {
			t.Errorf("%s (%#08x): IsGood %v IsUncertain %v IsBad %v", name, uint32(c), c.IsGood(), c.IsUncertain(), c.IsBad())
		}
		if got, ok := types.ParseStatusCode(name); !ok || got != c {
			t.Errorf("ParseStatusCode(%q) = %#08x, %v; want %#08x", name, uint32(got), ok, uint32(c))
		}
		if c.String() != name {
			t.Errorf("%#08x String = %q, want %q", uint32(c), c.String(), name)
		}
		if want := fmt.Sprintf("%s (0x%08X): %s", name, uint32(c), desc); c.Error() != want {
			t.Errorf("Error = %q, want %q", c.Error(), want)
		}
		withInfo := c | 0x0400 // InfoType DataValue, Overflow bit clear
		if withInfo.Name() != name || withInfo.Description() != desc {
			t.Errorf("%#08x: Name %q Description %q; info bits must be ignored", uint32(withInfo), withInfo.Name(), withInfo.Description())
		}
		if want := fmt.Sprintf("%s (0x%08X)", name, uint32(withInfo)); withInfo.String() != want {
			t.Errorf("String = %q, want %q", withInfo.String(), want)
		}
	}
}

func TestStatusCodeExamples(t *testing.T) {
	c := types.StatusBadNodeIDUnknown
	if uint32(c) != 0x80340000 || c.Name() != "BadNodeIdUnknown" {
		t.Errorf("StatusBadNodeIDUnknown = %#08x %q", uint32(c), c.Name())
	}
	want := "BadNodeIdUnknown (0x80340000): The node id refers to a node that does not exist in the server address space."
	if c.Error() != want {
		t.Errorf("Error = %q, want %q", c.Error(), want)
	}
	if types.StatusGood != 0 || types.StatusUncertain != 0x40000000 || types.StatusBad != 0x80000000 {
		t.Error("StatusGood, StatusUncertain, StatusBad differ from StatusCode.csv")
	}
	if types.StatusGoodEditedDependentValueChanged != 0x01160000 || types.StatusBadEditedOutOfRangeDominantValueChangedDependentValueChanged != 0x811E0000 {
		t.Error("names from CSV names with underscores differ")
	}
	var zero types.StatusCode
	if zero != types.StatusGood || !zero.IsGood() || zero.String() != "Good" {
		t.Errorf("zero StatusCode: %q", zero.String())
	}

	// A StatusCode is an error that errors.As finds inside a wrapper.
	err := fmt.Errorf("reading: %w", types.StatusBadTimeout)
	var sc types.StatusCode
	if !errors.As(err, &sc) || sc != types.StatusBadTimeout || !errors.Is(err, types.StatusBadTimeout) {
		t.Errorf("errors.As/Is on %v failed", err)
	}
}

func TestStatusCodeUnknown(t *testing.T) {
	for _, c := range []types.StatusCode{0x8FFF0000, 0x00010000, 0xC0000000, 0x8FFF1234} {
		want := fmt.Sprintf("StatusCode(0x%08X)", uint32(c))
		if c.Name() != "" || c.Description() != "" || c.String() != want || c.Error() != want {
			t.Errorf("%#08x: Name %q Description %q String %q Error %q; want empty, empty, %q, %q",
				uint32(c), c.Name(), c.Description(), c.String(), c.Error(), want, want)
		}
	}
	// The reserved severity 11 is treated as Bad (Part 4 §7.39).
	if c := types.StatusCode(0xC0000000); !c.IsBad() || c.IsGood() || c.IsUncertain() {
		t.Error("severity 11 must be Bad only")
	}
	for _, name := range []string{"", "badnodeidunknown", "StatusBadNodeIDUnknown", "BadNodeIDUnknown", "Bad_NodeIdUnknown", " Good"} {
		if c, ok := types.ParseStatusCode(name); ok {
			t.Errorf("ParseStatusCode(%q) = %#08x, true; want not found", name, uint32(c))
		}
	}
}

// TestStatusCodesMatchCSV checks every row of StatusCode.csv, read here
// independently of the generator.
func TestStatusCodesMatchCSV(t *testing.T) {
	dir := schemaDir
	f, err := os.Open(filepath.Join(dir, "StatusCode.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 271 {
		t.Errorf("StatusCode.csv has %d rows, want 271", len(rows))
	}
	for _, row := range rows {
		v, err := strconv.ParseUint(strings.TrimPrefix(row[1], "0x"), 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		c := types.StatusCode(v)
		if c.Name() != row[0] || c.Description() != row[2] {
			t.Errorf("%#08x: %q %q, CSV says %q %q", v, c.Name(), c.Description(), row[0], row[2])
		}
	}
}

func BenchmarkStatusCodeError(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = types.StatusBadNodeIDUnknown.Error()
	}
}

func BenchmarkStatusCodeName(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = types.StatusBadNodeIDUnknown.Name()
	}
}

func BenchmarkParseStatusCode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = types.ParseStatusCode("BadNodeIdUnknown")
	}
}

func ExampleStatusCode() {
	var err error = types.StatusBadNodeIDUnknown
	fmt.Println(err)

	sc := types.StatusCode(0x80340400) // with info bits
	fmt.Println(sc.Name(), sc.IsBad(), sc.String())

	sc, ok := types.ParseStatusCode("GoodMoreData")
	fmt.Printf("%v %#08x %v\n", ok, uint32(sc), sc.IsGood())
	// Output:
	// BadNodeIdUnknown (0x80340000): The node id refers to a node that does not exist in the server address space.
	// BadNodeIdUnknown true BadNodeIdUnknown (0x80340400)
	// true 0x00a60000 true
}
