package message

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyCases runs every stage of every case, implementation and policy
// once and checks it (Pipeline.Verify), and that the three implementations
// write the same body and the same chunks (VerifyCase).
func TestVerifyCases(t *testing.T) {
	for _, c := range Cases() {
		for _, p := range Policies {
			if _, err := VerifyCase(c, p); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestGoldenReadRequest1 compares the body of ReadRequest N = 1 with the
// 118 bytes written by hand from Part 6 in uabin/testdata.
func TestGoldenReadRequest1(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "..", "..", "uabin", "testdata", "w4-readrequest-1.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 118 {
		t.Fatalf("golden file has %d bytes, want 118", len(want))
	}
	for _, impl := range Impls {
		pl, err := New(ReadRequest(1), impl, None)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameBytes("body", want, pl.Body()); err != nil {
			t.Errorf("%s: %v", impl, err)
		}
	}
}

// pSHA256 is P_SHA256 of RFC 5246 §5, written out here so that the expected
// keys come from neither library.
func pSHA256(secret, seed []byte, n int) []byte {
	mac := func(parts ...[]byte) []byte {
		h := hmac.New(sha256.New, secret)
		for _, p := range parts {
			h.Write(p)
		}
		return h.Sum(nil)
	}
	var out []byte
	a := seed
	for len(out) < n {
		a = mac(a)
		out = append(out, mac(a, seed)...)
	}
	return out[:n]
}

// expectedStream frames body by hand (Part 6 §6.7.2): one final MSG chunk
// with the channel parameters, and under Sign the HMAC-SHA256 of the chunk
// with the sender's signing key, derived from the nonces as Part 6 §6.7.5
// says (client keys: secret ServerNonce, seed ClientNonce; server keys the
// other way round; the signing key is the first 32 bytes).
func expectedStream(c *Case, p Policy, body []byte, seq uint32) []byte {
	size := 12 + 4 + 8 + len(body)
	if p == Sign {
		size += 32
	}
	b := []byte("MSGF")
	b = binary.LittleEndian.AppendUint32(b, uint32(size))
	b = binary.LittleEndian.AppendUint32(b, ChannelID)
	b = binary.LittleEndian.AppendUint32(b, TokenID)
	b = binary.LittleEndian.AppendUint32(b, seq)
	b = binary.LittleEndian.AppendUint32(b, RequestID)
	b = append(b, body...)
	if p == Sign {
		secret, seed := serverNonce(), clientNonce()
		if c.Response {
			secret, seed = seed, secret
		}
		h := hmac.New(sha256.New, pSHA256(secret, seed, 32))
		h.Write(b)
		b = h.Sum(b)
	}
	return b
}

// TestStreamBytes checks the chunks of every implementation against a chunk
// built by hand, and that every message fits one chunk.
func TestStreamBytes(t *testing.T) {
	for _, c := range Cases() {
		for _, p := range Policies {
			for _, impl := range Impls {
				pl, err := New(c, impl, p)
				if err != nil {
					t.Fatal(err)
				}
				want := expectedStream(c, p, pl.Body(), FirstSequence)
				if err := sameBytes("chunks", want, pl.Stream()); err != nil {
					t.Errorf("%s %s %s: %v", c.Name, p, impl, err)
				}
				if len(want) > ChunkSize {
					t.Errorf("%s: %d bytes, more than one chunk", c.Name, len(want))
				}
			}
		}
	}
}

// TestMultiChunk runs a ReadRequest that needs several chunks (500 nodes,
// about 25 KB) through every stage of every implementation. The bodies are
// the same; the chunk boundaries are not: gopcua's channelInstance keeps one
// byte per chunk free for a padding size byte even when nothing is
// encrypted (8167 body bytes per 8192-byte chunk under None, where uabin
// fills the chunk with 8168), so each pipeline is checked against its own
// stream.
func TestMultiChunk(t *testing.T) {
	c := ReadRequest(500)
	for _, p := range Policies {
		var body []byte
		for _, impl := range Impls {
			pl, err := New(c, impl, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := pl.Verify(); err != nil {
				t.Error(err)
			}
			if n := len(pl.Stream()); n < 2*ChunkSize {
				t.Fatalf("%s: stream of %d bytes, want at least 3 chunks", impl, n)
			}
			if body == nil {
				body = pl.Body()
			} else if err := sameBytes("body", body, pl.Body()); err != nil {
				t.Errorf("%s %s: %v", p, impl, err)
			}
		}
	}
}

// TestSequenceNumbersGoOn checks that timed loops number their chunks on, as
// on a real channel, and that reassembly accepts the same stream again.
func TestSequenceNumbersGoOn(t *testing.T) {
	for _, impl := range Impls {
		pl, err := New(ReadRequest(1), impl, Sign)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3; i++ {
			if err := pl.Run(EncodeFrame); err != nil {
				t.Fatal(err)
			}
			want := expectedStream(pl.Case, Sign, pl.Body(), FirstSequence+uint32(i))
			if err := sameBytes("chunks", want, pl.framed()); err != nil {
				t.Errorf("%s, message %d: %v", impl, i, err)
			}
			if err := pl.Run(ReassembleDecode); err != nil {
				t.Errorf("%s, message %d: %v", impl, i, err)
			}
		}
	}
}

// TestReassemblyLeavesStream checks that no stage changes the reference
// body or stream (uabin's Receiver decrypts in place when encrypting).
func TestReassemblyLeavesStream(t *testing.T) {
	for _, impl := range Impls {
		pl, err := New(ReadResponse(100), impl, Sign)
		if err != nil {
			t.Fatal(err)
		}
		body, stream := bytes.Clone(pl.Body()), bytes.Clone(pl.Stream())
		for _, s := range Stages {
			if err := pl.Run(s); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(body, pl.Body()) || !bytes.Equal(stream, pl.Stream()) {
			t.Errorf("%s: a stage changed the reference body or stream", impl)
		}
	}
}

// TestTamperedChunk checks that both libraries refuse a signed chunk with
// one byte changed in the body, and that a broken or truncated stream is an
// error, not a panic, in both.
func TestTamperedChunk(t *testing.T) {
	for _, impl := range Impls {
		pl, err := New(ReadRequest(1), impl, Sign)
		if err != nil {
			t.Fatal(err)
		}
		good := pl.stream
		bad := bytes.Clone(good)
		bad[40] ^= 0x01
		pl.stream = bad
		if err := pl.Run(Reassemble); err == nil {
			t.Errorf("%s: a changed body byte was accepted", impl)
		}
		for _, n := range []int{0, 5, 20, len(good) - 1} {
			pl.stream = good[:n]
			if err := pl.Run(ReassembleDecode); err == nil {
				t.Errorf("%s: a stream cut to %d bytes was accepted", impl, n)
			}
		}
		pl.stream = good
		if err := pl.Run(ReassembleDecode); err != nil {
			t.Errorf("%s: the intact stream after the broken ones: %v", impl, err)
		}
	}
}

// TestDecodeWrongType checks that a body of another service is refused by
// the type id check of every implementation.
func TestDecodeWrongType(t *testing.T) {
	resp, err := New(ReadResponse(1), UabinFast, None)
	if err != nil {
		t.Fatal(err)
	}
	for _, impl := range Impls {
		pl, err := New(ReadRequest(1), impl, None)
		if err != nil {
			t.Fatal(err)
		}
		pl.body = resp.Body()
		if err := pl.Run(Decode); err == nil || !strings.Contains(err.Error(), "type id") {
			t.Errorf("%s: a ReadResponse decoded as a ReadRequest: %v", impl, err)
		}
	}
}

// TestZeroAllocs pins what the benchmark promises of uabin: with reused
// buffers it encodes and frames a message without allocating, in both modes
// and both policies, and reassembles it without allocating.
func TestZeroAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	for _, c := range Cases() {
		for _, p := range Policies {
			for _, impl := range []Impl{UabinFast, UabinPlans} {
				pl, err := New(c, impl, p)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range []Stage{Encode, Frame, EncodeFrame, Reassemble} {
					run := pl.Func(s)
					if n := testing.AllocsPerRun(50, func() { _ = run() }); n != 0 {
						t.Errorf("%s %s %s %s: %v allocations, want 0", c.Name, p, impl, s, n)
					}
				}
			}
		}
	}
}

func TestNewCase(t *testing.T) {
	for _, tc := range []struct {
		workload string
		n        int
		name     string
	}{{"W4", 50, "ReadRequest50"}, {"W5", 10, "ReadResponse10"}, {"W4", 0, "ReadRequest0"}} {
		c, err := NewCase(tc.workload, tc.n)
		if err != nil || c.Name != tc.name || c.N != tc.n || c.Workload != tc.workload {
			t.Errorf("NewCase(%q, %d) = %+v, %v; want %s", tc.workload, tc.n, c, err, tc.name)
			continue
		}
		if _, err := VerifyCase(c, Sign); err != nil {
			t.Error(err)
		}
	}
	for _, tc := range []struct {
		workload string
		n        int
	}{{"W6", 1}, {"", 1}, {"W4", -1}, {"W5", 1_000_001}} {
		if c, err := NewCase(tc.workload, tc.n); err == nil || !strings.HasPrefix(err.Error(), "message: ") {
			t.Errorf("NewCase(%q, %d) = %v, %v; want a message: error", tc.workload, tc.n, c, err)
		}
	}
}

func TestBadArguments(t *testing.T) {
	c := ReadRequest(1)
	if _, err := New(c, Impl(7), None); err == nil {
		t.Error("New with an unknown implementation succeeded")
	}
	if _, err := New(c, UabinFast, Policy(-1)); err == nil {
		t.Error("New with an unknown policy succeeded")
	}
	pl, err := New(c, UabinFast, None)
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Run(Stage(numStages)); err == nil {
		t.Error("Run of an unknown stage succeeded")
	}
	if err := pl.Func(Stage(-1))(); err == nil {
		t.Error("Func of an unknown stage succeeded")
	}
}

func TestNames(t *testing.T) {
	var got []string
	for _, i := range Impls {
		got = append(got, i.String())
	}
	for _, p := range Policies {
		got = append(got, p.String())
	}
	for _, s := range Stages {
		got = append(got, s.String())
	}
	got = append(got, Impl(9).String(), Policy(9).String(), Stage(9).String())
	want := "uabin-fast uabin-plans gopcua None Sign encode frame encode+frame reassemble decode reassemble+decode Impl(9) Policy(9) Stage(9)"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("names:\n got %s\nwant %s", s, want)
	}
	for _, s := range Stages {
		if s.BodyOnly() != (s == Encode || s == Decode) || s.FramingOnly() != (s == Frame || s == Reassemble) {
			t.Errorf("%s: BodyOnly %v FramingOnly %v", s, s.BodyOnly(), s.FramingOnly())
		}
	}
}
