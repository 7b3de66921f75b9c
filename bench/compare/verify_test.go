package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestVerify runs the verification of every case, the same checks `go run .`
// makes before timing (.ci/run runs this).
func TestVerify(t *testing.T) {
	for _, c := range cases() {
		t.Run(c.id, func(t *testing.T) {
			v := verifyCase(c)
			for _, p := range v.passed {
				t.Log(p)
			}
			for _, f := range v.failures {
				t.Error(f)
			}
		})
	}
}

// TestEveryCaseRunsSomething guards against a case whose implementations are
// all n/a, or whose uabin side is missing.
func TestEveryCaseRunsSomething(t *testing.T) {
	for _, c := range cases() {
		if c.codecs[implFast].na != "" {
			t.Errorf("%s: uabin-fast is n/a", c.id)
		}
		if c.workload != "W8" && (c.typed.encode == nil || c.typed.na != "") {
			t.Errorf("%s: no Codec[T] side for the open62541 comparison", c.id)
		}
		if c.workload != "W8" && (c.codecs[implPlans].na != "" || c.codecs[implGopcua].na != "") {
			t.Errorf("%s: only W8 may have n/a columns", c.id)
		}
		if c.expected == nil {
			t.Errorf("%s: no expected bytes", c.id)
		}
	}
}

// TestBenchmarksCoverCases checks that bench_test.go has exactly one
// Benchmark<id> per case (plus the floors), so `go test -bench` and
// `go run .` measure the same things.
func TestBenchmarksCoverCases(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "bench_test.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]bool{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(fd.Name.Name, "Benchmark") {
			funcs[strings.TrimPrefix(fd.Name.Name, "Benchmark")] = true
		}
	}
	ids := map[string]bool{"FloorCopy8000": true, "FloorCopy64KiB": true}
	for _, c := range cases() {
		if ids[c.id] {
			t.Errorf("duplicate case id %s", c.id)
		}
		ids[c.id] = true
		if !funcs[c.id] {
			t.Errorf("bench_test.go has no Benchmark%s", c.id)
		}
	}
	for name := range funcs {
		if !ids[name] {
			t.Errorf("Benchmark%s measures no case", name)
		}
	}
	if got := len(cases()); got != 33 {
		t.Errorf("%d cases, want 33 (W1 12, W2 5, W3 1, W4 3, W5 3, W6 1, W7 1, W8 7)", got)
	}
}

// TestExpectedBytes pins the figures docs/workloads.md and encoding-rules
// give for the hand-worked bytes.
func TestExpectedBytes(t *testing.T) {
	sizes := map[string]int{
		"W1UInt32":             4,
		"W1String":             4 + 27,
		"W1ByteString":         4 + 64,
		"W1Guid":               16,
		"W1NodeIdString":       3 + 4 + 25,
		"W1ExpandedNodeId":     3 + 4 + 10 + 4 + 22,
		"W2VariantDouble1000":  1 + 4 + 8000,
		"W2VariantInt32Matrix": 41,
		"W3DataValueFull":      34,
		"W4ReadRequest1":       118,
	}
	for id, want := range sizes {
		if got := len(caseByID(id).expected); got != want {
			t.Errorf("%s: %d expected bytes, want %d", id, got, want)
		}
	}
}

// TestW4WorkedExample compares the W4 N = 1 bytes built by ref with the
// worked example of encoding-rules §15, written out in full.
func TestW4WorkedExample(t *testing.T) {
	const example = "01 00 77 02" + // TypeId 631
		"05 00 00 10 00 00 00 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f" + // ns=0;b=<16 bytes>
		"07 97 5b 58 28 3d da 01" + // Timestamp T0
		"2a 00 00 00" + // RequestHandle 42
		"00 00 00 00" + // ReturnDiagnostics
		"ff ff ff ff" + // AuditEntryId null
		"10 27 00 00" + // TimeoutHint 10000
		"00 00 00" + // AdditionalHeader
		"00 00 00 00 00 00 00 00" + // MaxAge
		"02 00 00 00" + // TimestampsToReturn Both
		"01 00 00 00" + // one ReadValueId
		"03 02 00 1b 00 00 00 44 65 6d 6f 2e 53 74 61 74 69 63 2e 53 63 61 6c 61 72 2e 44 6f 75 62 6c 65 2e 30" +
		"0d 00 00 00" + // AttributeId 13
		"ff ff ff ff" + // IndexRange null
		"00 00 ff ff ff ff" // DataEncoding {0, null}
	want, err := hex.DecodeString(strings.ReplaceAll(example, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	if got := caseByID("W4ReadRequest1").expected; !bytes.Equal(got, want) {
		t.Errorf("W4 N=1: %s", firstDifference(want, got))
	}
}

// TestW8Expected checks the hand-framed W8 streams against the chunk sizes
// of encoding-rules §16: full chunks carry 8168, 8136 and 8135 body bytes
// (and with ChaCha20-Poly1305 8152), every full chunk is exactly 8192
// bytes, and the last one holds the rest (encrypted with AES-CBC: padded to
// whole AES blocks). The ECC_nistP256 Sign stream is the Basic256Sha256 one
// (the same HMAC-SHA256), and the ECC_curve25519 streams have the SHA-256
// that an independent Python script (the `cryptography` package's
// ChaCha20Poly1305) gave for them (chunk/testdata/w8.sha256, c25519-*).
func TestW8Expected(t *testing.T) {
	if !bytes.Equal(w8Expected(w8NistP256Signed), w8Expected(w8Signed)) {
		t.Error("ECC_nistP256 Sign differs from Basic256Sha256 Sign")
	}
	for mode, want := range map[int]string{
		w8Curve25519Signed:    "68ac7655520b56e45a404f0474cb5f8dbbf0699f438168ea27e7102c6bb4abff",
		w8Curve25519Encrypted: "cff73d00928fdae060a3a31497b5a44c3195e95ef282f2233d98f775c41d365d",
	} {
		if got := sha256.Sum256(w8Expected(mode)); hex.EncodeToString(got[:]) != want {
			t.Errorf("%s: SHA-256 %x, want %s", w8ModeNames[mode], got, want)
		}
	}
	for mode, wantBody := range []int{8168, 8136, 8135, 8136, 8135, 8152, 8152} {
		stream := w8Expected(mode)
		full := len(w8Body) / wantBody
		rest := len(w8Body) - full*wantBody
		for i := 0; i <= full; i++ {
			if len(stream) < 12 {
				t.Fatalf("%s: stream ends in chunk %d", w8ModeNames[mode], i)
			}
			size := int(stream[4]) | int(stream[5])<<8 | int(stream[6])<<16 | int(stream[7])<<24
			wantType, wantSize := byte('C'), w8ChunkSize
			if i == full {
				wantType = 'F'
				switch mode {
				case w8Plain:
					wantSize = 24 + rest
				case w8Signed, w8NistP256Signed:
					wantSize = 24 + rest + 32
				case w8Encrypted, w8NistP256Encrypted:
					enc := 8 + rest + 1 + 32
					wantSize = 16 + (enc+15)/16*16
				case w8Curve25519Signed, w8Curve25519Encrypted:
					wantSize = 24 + rest + 16
				}
			}
			if string(stream[:3]) != "MSG" || stream[3] != wantType || size != wantSize {
				t.Errorf("%s chunk %d: %q%c size %d, want MSG%c size %d", w8ModeNames[mode], i, stream[:3], stream[3], size, wantType, wantSize)
			}
			stream = stream[min(size, len(stream)):]
		}
		if len(stream) != 0 {
			t.Errorf("%s: %d bytes after the final chunk", w8ModeNames[mode], len(stream))
		}
	}
}

// fixedCodec encodes to fixed bytes and checks that it decoded the same.
func fixedCodec(wire []byte) codec {
	var got []byte
	return codec{
		encode: func(dst []byte) ([]byte, error) { return append(dst, wire...), nil },
		decode: func(src []byte) error { got = append(got[:0], src...); return nil },
		check: func() error {
			if !bytes.Equal(got, wire) {
				return fmt.Errorf("decoded %x", got)
			}
			return nil
		},
	}
}

func fakeCase(expected, fast, plans, gopcua []byte) *testCase {
	c := &testCase{id: "FakeCase", workload: "W1", title: "Fake", dirs: encodeDecode, expected: expected}
	c.codecs = [numImpls]codec{fixedCodec(fast), fixedCodec(plans), fixedCodec(gopcua)}
	return c
}

// TestVerifyDetects shows that the verification fails for each kind of
// mistake, and accepts a known peer difference only while it is seen.
func TestVerifyDetects(t *testing.T) {
	good := []byte{1, 2, 3, 4}
	other := []byte{1, 2, 9, 4}
	peer := []byte{1, 2, 0xAA, 0xBB, 4} // 3 written as AA BB
	known := &peerDiff{
		cases:     []string{"FakeCase"},
		what:      "3 as AA BB",
		normalize: func(b []byte) []byte { return bytes.ReplaceAll(b, []byte{0xAA, 0xBB}, []byte{3}) },
	}
	tests := []struct {
		name       string
		c          *testCase
		diffs      []*peerDiff
		wantFail   string // "" means the verification passes
		wantDiffs  int
		breakCheck bool
	}{
		{name: "all equal", c: fakeCase(good, good, good, good)},
		{name: "uabin differs from Part 6", c: fakeCase(good, other, other, good), wantFail: "worked out from Part 6"},
		{name: "modes differ", c: fakeCase(good, good, other, good), wantFail: "uabin-fast and uabin-plans differ"},
		{name: "gopcua differs", c: fakeCase(good, good, good, other), wantFail: "gopcua differs"},
		{name: "known difference", c: fakeCase(good, good, good, peer), diffs: []*peerDiff{known}, wantDiffs: 1},
		{name: "stale known difference", c: fakeCase(good, good, good, good), diffs: []*peerDiff{known}, wantFail: "remove it"},
		{name: "round trip fails", c: fakeCase(good, good, good, good), breakCheck: true, wantFail: "round 1"},
	}
	saved := peerDiffs
	defer func() { peerDiffs = saved }()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			peerDiffs = tt.diffs
			if tt.breakCheck {
				tt.c.codecs[implFast].check = func() error { return fmt.Errorf("broken") }
			}
			v := verifyCase(tt.c)
			failures := strings.Join(v.failures, "\n")
			switch {
			case tt.wantFail == "" && !v.ok():
				t.Errorf("unexpected failures:\n%s", failures)
			case tt.wantFail != "" && !strings.Contains(failures, tt.wantFail):
				t.Errorf("failures %q do not mention %q", failures, tt.wantFail)
			}
			if len(v.peerDiffs) != tt.wantDiffs {
				t.Errorf("%d peer differences seen, want %d", len(v.peerDiffs), tt.wantDiffs)
			}
		})
	}
}

// TestGopcuaFindings reproduces every gopcua behaviour docs/benchmarks.md
// reports outside the workloads.
func TestGopcuaFindings(t *testing.T) {
	for i, f := range gopcuaFindings {
		if err := f.check(); err != nil {
			t.Errorf("finding %d (%s) no longer holds: %v", i, f.what, err)
		}
	}
}
