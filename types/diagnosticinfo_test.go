package types_test

import (
	"fmt"
	"testing"

	"github.com/uabin/uabin/types"
)

func TestDiagnosticInfoWith(t *testing.T) {
	d := types.DiagnosticInfo{}.
		WithSymbolicID(0).
		WithNamespaceURI(1).
		WithLocale(2).
		WithLocalizedText(3).
		WithAdditionalInfo("valve stuck").
		WithInnerStatusCode(0x80340000).
		WithInner(types.DiagnosticInfo{}.WithSymbolicID(4))
	want := types.DiagnosticInfo{
		Mask:                0x7F,
		SymbolicID:          0,
		NamespaceURI:        1,
		Locale:              2,
		LocalizedText:       3,
		AdditionalInfo:      "valve stuck",
		InnerStatusCode:     0x80340000,
		InnerDiagnosticInfo: &types.DiagnosticInfo{Mask: types.DiagnosticInfoSymbolicID, SymbolicID: 4},
	}
	if d.Mask != want.Mask || d.SymbolicID != 0 || d.NamespaceURI != 1 || d.Locale != 2 || d.LocalizedText != 3 ||
		d.AdditionalInfo != want.AdditionalInfo || d.InnerStatusCode != want.InnerStatusCode ||
		d.InnerDiagnosticInfo == nil || *d.InnerDiagnosticInfo != *want.InnerDiagnosticInfo {
		t.Fatalf("got %#v", d)
	}
	// Each With sets exactly its own bit.
	bits := []struct {
		d   types.DiagnosticInfo
		bit types.DiagnosticInfoMask
	}{
		{types.DiagnosticInfo{}.WithSymbolicID(1), 0x01},
		{types.DiagnosticInfo{}.WithNamespaceURI(1), 0x02},
		{types.DiagnosticInfo{}.WithLocalizedText(1), 0x04},
		{types.DiagnosticInfo{}.WithLocale(1), 0x08},
		{types.DiagnosticInfo{}.WithAdditionalInfo(""), 0x10},
		{types.DiagnosticInfo{}.WithInnerStatusCode(0), 0x20},
		{types.DiagnosticInfo{}.WithInner(types.DiagnosticInfo{}), 0x40},
	}
	for _, b := range bits {
		if b.d.Mask != b.bit || !b.d.Has(b.bit) || b.d.IsEmpty() {
			t.Errorf("mask %#x, want %#x", uint8(b.d.Mask), uint8(b.bit))
		}
	}
	var zero types.DiagnosticInfo
	if !zero.IsEmpty() || zero.Has(types.DiagnosticInfoSymbolicID) || !zero.Has(0) {
		t.Error("zero DiagnosticInfo")
	}
	if (types.DiagnosticInfo{SymbolicID: 5}).IsEmpty() != true {
		t.Error("IsEmpty must look at Mask only")
	}
	// WithInner copies its argument.
	inner := types.DiagnosticInfo{}.WithSymbolicID(1)
	outer := types.DiagnosticInfo{}.WithInner(inner)
	inner.SymbolicID = 9
	if outer.InnerDiagnosticInfo.SymbolicID != 1 {
		t.Error("WithInner does not copy")
	}
}

func TestDiagnosticInfoString(t *testing.T) {
	tests := []struct {
		in   types.DiagnosticInfo
		want string
	}{
		{types.DiagnosticInfo{}, "{}"},
		{types.DiagnosticInfo{SymbolicID: 5}, "{}"},
		{types.DiagnosticInfo{}.WithSymbolicID(3).WithAdditionalInfo("valve stuck"), `{SymbolicID: 3, AdditionalInfo: "valve stuck"}`},
		{types.DiagnosticInfo{}.WithLocalizedText(4).WithLocale(2), "{Locale: 2, LocalizedText: 4}"},
		{types.DiagnosticInfo{}.WithNamespaceURI(-1).WithInnerStatusCode(0x80340000), "{NamespaceURI: -1, InnerStatusCode: BadNodeIdUnknown}"},
		{types.DiagnosticInfo{Mask: types.DiagnosticInfoInnerDiagnosticInfo}, "{Inner: {}}"},
		{types.DiagnosticInfo{}.WithInner(types.DiagnosticInfo{}.WithSymbolicID(1)), "{Inner: {SymbolicID: 1}}"},
		{types.DiagnosticInfo{Mask: 0x81, SymbolicID: 1}, "{SymbolicID: 1, Mask: SymbolicID|0x80}"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	for m, want := range map[types.DiagnosticInfoMask]string{0: "0", 0x05: "SymbolicID|LocalizedText", 0x7F: "SymbolicID|NamespaceURI|LocalizedText|Locale|AdditionalInfo|InnerStatusCode|InnerDiagnosticInfo", 0x80: "0x80"} {
		if got := m.String(); got != want {
			t.Errorf("DiagnosticInfoMask(%#x).String() = %q, want %q", uint8(m), got, want)
		}
	}
}

func ExampleDiagnosticInfo_WithSymbolicID() {
	d := types.DiagnosticInfo{}.WithSymbolicID(3).WithAdditionalInfo("valve stuck")
	fmt.Println(d.Mask)
	fmt.Println(d)
	// Output:
	// SymbolicID|AdditionalInfo
	// {SymbolicID: 3, AdditionalInfo: "valve stuck"}
}
