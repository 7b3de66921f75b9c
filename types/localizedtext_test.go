package types_test

import (
	"testing"

	"github.com/uabin/uabin/types"
)

func TestLocalizedText(t *testing.T) {
	tests := []struct {
		in    types.LocalizedText
		want  string
		empty bool
	}{
		{types.LocalizedText{}, "", true},
		{types.NewLocalizedText("", "Pump 1"), "Pump 1", false},
		{types.NewLocalizedText("de-DE", "Pumpe 1"), "[de-DE] Pumpe 1", false},
		{types.NewLocalizedText("en", ""), "[en] ", false},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.in, got, tt.want)
		}
		if got := tt.in.IsEmpty(); got != tt.empty {
			t.Errorf("%#v.IsEmpty() = %v", tt.in, got)
		}
	}
	if l := types.NewLocalizedText("fr", "x"); l.Locale != "fr" || l.Text != "x" {
		t.Errorf("NewLocalizedText = %#v", l)
	}
}
