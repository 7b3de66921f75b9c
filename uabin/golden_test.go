package uabin

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/types"
)

// TestGolden compares the encodings of the workload values with the
// hand-written golden files in testdata/ and decodes the files back.
func TestGolden(t *testing.T) {
	req := w4Request(1)
	matrix := vRaw(types.TypeInt32, true, []int32{1, 2, 3, 4, 5, 6}, []int32{2, 3})
	tests := []struct {
		file    string
		value   any
		message bool
	}{
		{"w2-variant-int32-2x3.bin", &matrix, false},
		{"w3-datavalue-full.bin", &w3DataValue, false},
		{"w4-readrequest-1.bin", &req, true},
	}
	for _, tt := range tests {
		want, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []Options{{Types: testRegistry}, {Types: testRegistry, DisableFastPaths: true}} {
			var got []byte
			var back any
			if tt.message {
				got, err = o.MarshalMessage(tt.value)
				if err == nil {
					err = o.UnmarshalMessage(want, &back)
				}
			} else {
				got, err = o.Marshal(tt.value)
				if err == nil {
					p := newLike(tt.value)
					err = o.Unmarshal(want, p)
					back = p
				}
			}
			if err != nil {
				t.Fatalf("%s/%s: %v", tt.file, optsName(o), err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/%s:\n got % x\nwant % x", tt.file, optsName(o), got, want)
			}
			if d := cmp.Diff(tt.value, back, cmpOpts...); d != "" {
				t.Errorf("%s/%s: decoding the golden file (-want +got):\n%s", tt.file, optsName(o), d)
			}
		}
	}
}

func newLike(v any) any {
	switch v.(type) {
	case *types.Variant:
		return new(types.Variant)
	case *types.DataValue:
		return new(types.DataValue)
	}
	panic("newLike: unexpected type")
}
