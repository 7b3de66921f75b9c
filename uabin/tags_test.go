package uabin

import (
	"bytes"
	"strings"
	"testing"
)

// TestZeroMask: a `mask,zero` mask is computed, and its field keeps the
// bits of the fields that were present with a zero value.
func TestZeroMask(t *testing.T) {
	type kept struct {
		Sent uint8  `ua:"mask,zero"`
		A    int32  `ua:"bit=0"`
		B    string `ua:"bit=1"`
	}
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		if b, err := o.Marshal(kept{B: "x"}); err != nil || !bytes.Equal(b, hx("02 01 00 00 00 78")) {
			t.Errorf("computed: % x, %v", b, err)
		}
		var v kept
		if err := o.Unmarshal(hx("03 00 00 00 00 01 00 00 00 78"), &v); err != nil || v.Sent != 1 || v.B != "x" {
			t.Errorf("decoded %+v, %v; want Sent 1 (A sent as 0)", v, err)
		}
		if b, err := o.Marshal(v); err != nil || !bytes.Equal(b, hx("03 00 00 00 00 01 00 00 00 78")) {
			t.Errorf("re-encoded % x, %v", b, err)
		}
	}
	type bad struct {
		_ uint8 `ua:"mask,zero"`
		A int32 `ua:"bit=0"`
	}
	if _, err := Marshal(bad{}); err == nil || !strings.Contains(err.Error(), "the zero option needs a named mask field") {
		t.Errorf("a blank zero mask: %v", err)
	}
	type notMask struct {
		A int32 `ua:"zero"`
	}
	if _, err := Marshal(notMask{}); err == nil || !strings.Contains(err.Error(), "the zero option applies to a mask field only") {
		t.Errorf("zero without mask: %v", err)
	}
}
