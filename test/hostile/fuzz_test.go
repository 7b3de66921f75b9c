package hostile_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/test/hostile/cases"
	"github.com/uabin/uabin/types"
)

// FuzzDecodeAny decodes its input as any target: the first two bytes pick
// one of cases.Targets (every built-in, every non-abstract generated
// structure, and service messages), the third switches the fast paths off
// (bit 0), the rest is the input. Invariants: no panic (also when the
// value a failed decode left behind is encoded); the other
// fast-path setting gives the same outcome (the same sentinel, or an equal
// value); a failure is a *uabin.DecodeError wrapping exactly one sentinel;
// after a success,
// encoding succeeds, Size equals the encoding's length (where a Size
// exists: not for service messages), decoding the encoding succeeds and
// gives a value equal to the first (deepEqual: every field, NaNs equal), and encoding that
// again gives the same bytes.
//
// The seed corpus in testdata/fuzz/FuzzDecodeAny holds the W1-W7 goldens
// and the small hostile cases (go generate ./test/hostile).
func FuzzDecodeAny(f *testing.F) {
	f.Fuzz(func(t *testing.T, in []byte) {
		target, noFast, data, ok := cases.SplitFuzzInput(in)
		if !ok {
			return
		}
		o := options(nil, noFast)
		v, err := decode(o, target, data)
		// The fast paths and the plans implement one contract
		// (docs/types.md): the same outcome, the same value.
		other, oerr := decode(options(nil, !noFast), target, data)
		if kindOf(err, sentinels) != kindOf(oerr, sentinels) {
			t.Fatalf("%s: fast paths off=%v: %v; fast paths off=%v: %v", target.Name, noFast, err, !noFast, oerr)
		}
		if err == nil && !deepEqual(reflect.ValueOf(v), reflect.ValueOf(other)) {
			t.Fatalf("%s: the fast paths and the plans decode % x differently:\n%+v\n%+v", target.Name, data, v, other)
		}
		if err != nil {
			if cerr := checkDecodeError(err, len(data)); cerr != nil {
				t.Fatalf("%s (fast paths off=%v): %v", target.Name, noFast, cerr)
			}
			// Unmarshal may leave the value partly decoded
			// (docs/limits.md), but it stays a value the caller can use:
			// encoding it may fail, it must not panic.
			if v != nil {
				if _, perr := safeEncode(o, target, v); errors.Is(perr, errPanic) {
					t.Fatalf("%s (fast paths off=%v): encoding the value left by a failed decode of % x: %v", target.Name, noFast, data, perr)
				}
			}
			return
		}
		enc, err := encode(o, target, v)
		if err != nil {
			t.Fatalf("%s (fast paths off=%v): decoded % x but cannot encode it: %v", target.Name, noFast, data, err)
		}
		if target.Type != nil {
			n, err := o.Size(v)
			if err != nil || n != len(enc) {
				t.Fatalf("%s (fast paths off=%v): Size = %d, %v; the encoding has %d bytes", target.Name, noFast, n, err, len(enc))
			}
		}
		v2, err := decode(o, target, enc)
		if err != nil {
			t.Fatalf("%s (fast paths off=%v): % x decodes, its encoding % x does not: %v", target.Name, noFast, data, enc, err)
		}
		if !deepEqual(reflect.ValueOf(v), reflect.ValueOf(v2)) {
			t.Fatalf("%s (fast paths off=%v): decode(encode(v)) != v for input % x:\n v = %+v\nv2 = %+v", target.Name, noFast, data, v, v2)
		}
		enc2, err := encode(o, target, v2)
		if err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("%s (fast paths off=%v): encode(decode(encode(v))) = % x, %v; encode(v) = % x", target.Name, noFast, enc2, err, enc)
		}
	})
}

// fuzzChunkLimits are the Receiver limits of FuzzChunkReassembly: small
// enough that floods reach them within the stream a script can build.
var fuzzChunkLimits = chunk.Limits{ChunkSize: 8192, MaxMessageSize: 32768, MaxChunkCount: 8}

// FuzzChunkReassembly feeds a chunk Receiver the stream a script builds
// (cases.RunScript): the first byte picks the security mode (None, Sign,
// SignAndEncrypt with the W8 keys, Basic256Sha256 or ECC_nistP384), the rest are operations of a peer that
// holds the keys and sends, floods, aborts, renumbers, replays, reorders,
// drops and corrupts chunks. Invariants: no panic; every error is typed
// (chunk: prefix and a Bad status, or an AbortError); no message exceeds
// the limits; and unless the mode is None and bytes were tampered with,
// every delivered message is a MSG or CLO whose request id was sent and
// whose body is a suffix of the body sent with it (only an abort can cut
// off the front; nothing can be mixed in or changed) — or, once the
// script has numbered a chunk above 4294966271, where the legacy wrap
// rule lets chunks go missing (finding 4), the message's own chunks in
// order.
//
// The seed corpus in testdata/fuzz/FuzzChunkReassembly holds one script per
// attack for every mode.
func FuzzChunkReassembly(f *testing.F) {
	f.Fuzz(func(t *testing.T, script []byte) {
		s := cases.RunScript(script)
		msgs, err := receive(s.Mode, fuzzChunkLimits, s.Stream)
		if cerr := checkChunkError(err); cerr != nil {
			t.Fatalf("%s: %v", s.Mode, cerr)
		}
		for _, m := range msgs {
			if len(m.Body) > int(fuzzChunkLimits.MaxMessageSize) || m.Chunks < 1 || m.Chunks > int(fuzzChunkLimits.MaxChunkCount) {
				t.Fatalf("%s: message of %d bytes in %d chunks beyond the limits", s.Mode, len(m.Body), m.Chunks)
			}
			if m.Type != chunk.TypeMessage && m.Type != chunk.TypeClose {
				t.Fatalf("%s: message of type %v", s.Mode, m.Type)
			}
			if s.Mode == "None" && s.Tampered {
				continue
			}
			sent, ok := s.Sent[m.RequestID]
			if !ok {
				t.Fatalf("%s: message with request id %d, which was never sent", s.Mode, m.RequestID)
			}
			if s.Wrapped {
				// Across the legacy wrap, chunks can be missing (finding 4):
				// the body must still be the message's own chunks, in order.
				if !inOrder(s.Pieces[m.RequestID], m.Body) {
					t.Fatalf("%s: request %d delivered %d bytes that are not its chunks in order", s.Mode, m.RequestID, len(m.Body))
				}
				continue
			}
			if !bytes.HasSuffix(sent, m.Body) {
				t.Fatalf("%s: request %d delivered %d bytes that are not a suffix of the %d sent", s.Mode, m.RequestID, len(m.Body), len(sent))
			}
		}
	})
}

// inOrder reports whether body is the concatenation of some of pieces, in
// their order, ending with the last one.
func inOrder(pieces [][]byte, body []byte) bool {
	if len(pieces) == 0 {
		return false
	}
	last := pieces[len(pieces)-1]
	if !bytes.HasSuffix(body, last) {
		return false
	}
	body = body[:len(body)-len(last)]
	for _, p := range pieces[:len(pieces)-1] {
		if len(p) > 0 && bytes.HasPrefix(body, p) {
			body = body[len(p):]
		}
	}
	return len(body) == 0
}

// TestTargets checks that FuzzDecodeAny's list holds the 25 built-ins in
// type-id order, every non-abstract standard structure once, and service
// messages, and that FuzzInput and SplitFuzzInput agree.
func TestTargets(t *testing.T) {
	for id := 1; id <= 25; id++ {
		if got, want := cases.Targets[id-1].Name, types.BuiltinType(id).String(); got != want {
			t.Errorf("Targets[%d] = %s, want built-in %s", id-1, got, want)
		}
	}
	seen := map[reflect.Type]bool{}
	for _, tg := range cases.Targets {
		seen[tg.Type] = true
	}
	n := 0
	for _, ti := range types.StandardTypes {
		if ti.Abstract {
			continue
		}
		n++
		if !seen[ti.Type] {
			t.Errorf("structure %s is not a target", ti.Name)
		}
	}
	if want := 25 + 2 + n + 1 + 1; len(cases.Targets) != want {
		t.Errorf("%d targets, want %d (25 built-ins, 2 extra mappings, %d structures, Tree, message)", len(cases.Targets), want, n)
	}
	for i, tg := range cases.Targets {
		got, noFast, data, ok := cases.SplitFuzzInput(cases.FuzzInput(tg.Name, true, []byte{7}))
		if !ok || got.Name != tg.Name || !noFast || !bytes.Equal(data, []byte{7}) {
			t.Errorf("target %d (%s) does not survive FuzzInput/SplitFuzzInput: %s %v %v", i, tg.Name, got.Name, noFast, data)
		}
	}
	t.Logf("%d targets", len(cases.Targets))
}
