package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/uabin"
)

func readSample(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSamplesUpToDate checks that testdata holds what the generator makes
// (regenerate with: go run ./examples/inspect -gen examples/inspect/testdata).
func TestSamplesUpToDate(t *testing.T) {
	dir := t.TempDir()
	if err := writeSamples(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"stream.bin", "readrequest.bin"} {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(readSample(t, name), want) {
			t.Errorf("testdata/%s is stale; run go run ./examples/inspect -gen examples/inspect/testdata", name)
		}
	}
}

// TestStreamText checks the text form of the sample stream: every message
// type, the reassembly, the abort, the raw unknown message.
func TestStreamText(t *testing.T) {
	var out bytes.Buffer
	err := run(&out, readSample(t, "stream.bin"), settings{})
	// #7 has a type id that is not registered.
	if err == nil || err.Error() != "1 of 10 messages could not be decoded (#7)" {
		t.Errorf("run: %v", err)
	}
	got := out.String()
	for _, want := range []string{
		"18121 bytes, read as a UA TCP / Secure Conversation stream: 10 messages",
		"#1 HEL at offset 0, 62 bytes",
		`  EndpointURL: "opc.tcp://localhost:4840/uabin"`,
		"#2 ACK at offset 62, 28 bytes\n  ProtocolVersion: 0\n  ReceiveBufferSize: 8192",
		"#3 OPN at offset 90, 132 bytes\n  ChannelId=0 SequenceNumber=1 RequestId=1\n  SecurityPolicyUri: \"http://opcfoundation.org/UA/SecurityPolicy#None\"",
		"  OpenSecureChannelRequest (i=446):",
		"    SecurityToken:\n      ChannelID: 7\n      TokenID: 1",
		"#5 MSG at offset 357, 238 bytes\n  ChannelId=7 TokenId=1 SequenceNumber=2 RequestId=2\n  ReadRequest (i=631):",
		"        NodeID: ns=2;s=Demo.Static.Scalar.Double.2\n        AttributeID: 13\n        IndexRange: \"\"\n        DataEncoding: null",
		"#6 MSG at offset 595, 9141 bytes in 2 chunks at [595 8787]",
		"        Value: {Type: Double, Value: 3.14}",
		"        Value: {Type: String, Value: \"running\"}\n        Status: Uncertain",
		"        Value: {Type: ByteString, Value: 9000 bytes [00 01 02 03",
		"#7 MSG at offset 9736, 36 bytes",
		"  error: uabin: decoding at offset 0: unknown type: no type is registered for the message type id ns=2;i=9001 (input offset 9760)",
		"    0000  01 02 29 23 de ad be ef 05 00 00 00",
		"#8 MSG (aborted) at offset 9772, 8247 bytes in 2 chunks at [9772 17964]\n  ChannelId=7 TokenId=1 SequenceNumber=5 RequestId=4\n  Error: BadTimeout\n  Reason: \"the operation timed out\"",
		"#9 CLO at offset 18019, 57 bytes",
		"  CloseSecureChannelRequest (i=452):",
		"#10 ERR at offset 18076, 45 bytes\n  Error: BadSecureChannelClosed\n  Reason: \"the secure channel was closed\"",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}

// TestJSON checks that -json gives valid JSON with the decoded values.
func TestJSON(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out, readSample(t, "stream.bin"), settings{json: true}); !undecoded(err) {
		t.Fatal(err)
	}
	var msgs []map[string]any
	if err := json.Unmarshal(out.Bytes(), &msgs); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, out.String())
	}
	var kinds, services []string
	for _, m := range msgs {
		kinds = append(kinds, m["kind"].(string))
		s, _ := m["service"].(string)
		services = append(services, s)
	}
	if got, want := strings.Join(kinds, " "), "HEL ACK OPN OPN MSG MSG MSG MSG (aborted) CLO ERR"; got != want {
		t.Errorf("kinds %q, want %q", got, want)
	}
	if got, want := strings.Join(services, ","), ",,OpenSecureChannelRequest,OpenSecureChannelResponse,ReadRequest,ReadResponse,,,CloseSecureChannelRequest,"; got != want {
		t.Errorf("services %q, want %q", got, want)
	}
	resp := msgs[5]["body"].(map[string]any)
	// The body is OPC UA JSON: a DataValue holding a ByteString is
	// {"UaType":15,"Value":"<base64>"}.
	big := resp["Results"].([]any)[2].(map[string]any)["Value"].(string)
	if len(big) != 12000 || !strings.HasPrefix(big, "AAECAw") {
		t.Errorf("the ByteString in JSON is %d base64 digits starting %.8q", len(big), big)
	}
	if raw, size := msgs[6]["raw"], msgs[6]["rawSize"]; raw != "01022923deadbeef05000000" || size != 12.0 {
		t.Errorf("raw of the unknown message = %v (rawSize %v)", raw, size)
	}

	out.Reset()
	if err := run(&out, readSample(t, "readrequest.bin"), settings{json: true}); err != nil {
		t.Fatal(err)
	}
	var bare []struct {
		Kind    string
		Size    int
		TypeID  string
		Service string
		Body    struct {
			NodesToRead []struct {
				NodeID string `json:"NodeId"`
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &bare); err != nil {
		t.Fatal(err)
	}
	if len(bare) != 1 || bare[0].Kind != "service message" || bare[0].Size != 118 || bare[0].TypeID != "i=631" ||
		bare[0].Service != "ReadRequest" || len(bare[0].Body.NodesToRead) != 1 ||
		bare[0].Body.NodesToRead[0].NodeID != "ns=2;s=Demo.Static.Scalar.Double.0" {
		t.Errorf("bare message JSON: %+v\n%s", bare, out.String())
	}
}

// TestBadInput checks that broken input is reported with offsets and the
// parsing goes on where it can.
func TestBadInput(t *testing.T) {
	stream := readSample(t, "stream.bin")
	bare := readSample(t, "readrequest.bin")
	junk := []byte("XYZF\x10\x00\x00\x00abcdefgh") // unknown type, plausible size
	cases := []struct {
		name string
		in   []byte
		want []string
	}{
		{"unknown message type skipped", append(append(bytes.Clone(stream[:62]), junk...), stream[62:90]...),
			[]string{"3 messages", "#2 unparsed at offset 62, 16 bytes", "invalid message type", "#3 ACK at offset 78"}},
		{"truncated chunk", stream[:400],
			[]string{"#5 unparsed at offset 357, 43 bytes", "truncated input", "raw (43 bytes)"}},
		{"stream ends inside a message", stream[:595+8192],
			[]string{"the stream ended before the final chunk of this message"}},
		{"truncated bare message", bare[:100],
			[]string{"read as bare service messages: 1 message\n", "#1 service message at offset 0, 100 bytes", "NodesToRead[0].NodeID at offset 73: truncated input", "(input offset 73)", "raw (100 bytes)"}},
		{"two bare messages and junk", append(append(bytes.Clone(bare), bare...), 0x07),
			[]string{"3 messages", "#2 service message at offset 118, 118 bytes", "#3 service message at offset 236", "input offset 236"}},
		{"bare message with a bad NodeId form", append([]byte{0x01, 0x00, 0x77, 0x02, 0x3f}, bare[5:]...),
			[]string{"invalid value", "(input offset 4)", "ReadRequest.RequestHeader"}},
		{"empty input", nil, []string{"0 bytes, read as bare service messages: 0 messages"}},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := run(&out, c.in, settings{})
		if c.in == nil && err != nil || c.in != nil && !undecoded(err) {
			t.Errorf("%s: %v", c.name, err)
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: output lacks %q\n%s", c.name, w, out.String())
			}
		}
	}
}

// TestNoPanicOnDamage runs inspect on truncated and bit-flipped copies of
// the samples: it must print something and never panic.
func TestNoPanicOnDamage(t *testing.T) {
	stream := readSample(t, "stream.bin")
	bare := readSample(t, "readrequest.bin")
	var inputs [][]byte
	for n := 0; n < len(bare); n++ {
		inputs = append(inputs, bare[:n])
		for bit := 0; bit < 8; bit++ {
			b := bytes.Clone(bare)
			b[n] ^= 1 << bit
			inputs = append(inputs, b)
		}
	}
	for n := 0; n < 700; n++ { // the headers of the first messages
		inputs = append(inputs, stream[:n])
		b := bytes.Clone(stream[:700])
		b[n] ^= 0x80
		inputs = append(inputs, b)
	}
	for _, in := range inputs {
		for _, asJSON := range []bool{false, true} {
			if err := run(&bytes.Buffer{}, in, settings{json: asJSON}); err != nil && !undecoded(err) {
				t.Fatalf("run(% x): %v", in, err)
			}
		}
	}
}

// FuzzInspect: no input makes inspect fail or panic, and the JSON is valid.
func FuzzInspect(f *testing.F) {
	f.Add(readSample(f, "readrequest.bin"))
	f.Add(readSample(f, "stream.bin")[:700])
	f.Fuzz(func(t *testing.T, in []byte) {
		if err := run(&bytes.Buffer{}, in, settings{}); err != nil && !undecoded(err) {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := run(&out, in, settings{json: true}); err != nil && !undecoded(err) {
			t.Fatal(err)
		}
		if !json.Valid(out.Bytes()) {
			t.Fatalf("invalid JSON for % x", in)
		}
	})
}

// TestDecodeUsesLimits checks that the decoder limits apply: a message with
// an array above MaxArrayLength is an error, not a huge allocation.
func TestDecodeUsesLimits(t *testing.T) {
	bare := readSample(t, "readrequest.bin")
	msgs := inspect(bare, uabin.Options{Limits: uabin.Limits{MaxArrayLength: 0x7fffffff}})
	if len(msgs) != 1 || msgs[0].Error != "" {
		t.Fatalf("inspect: %+v", msgs)
	}
	b := bytes.Clone(bare)
	copy(b[70:74], []byte{0xff, 0xff, 0xff, 0x7f}) // NodesToRead length 2^31-1 with 48 bytes left
	msgs = inspect(b, uabin.Options{})
	if len(msgs) != 1 || !strings.Contains(msgs[0].Error, "input offset") {
		t.Fatalf("a huge array length: %+v", msgs)
	}
}

// TestParseHex checks the -hex input forms.
func TestParseHex(t *testing.T) {
	bare := readSample(t, "readrequest.bin")
	var spaced, colons, prefixed strings.Builder
	for i, c := range bare {
		fmt.Fprintf(&spaced, "%02x ", c)
		if i%16 == 15 {
			spaced.WriteString("\n")
		}
		fmt.Fprintf(&colons, "%02X:", c)
		fmt.Fprintf(&prefixed, "0x%02x, ", c)
	}
	for _, text := range []string{spaced.String(), colons.String(), hex.EncodeToString(bare), strings.ReplaceAll(prefixed.String(), ",", "")} {
		got, err := parseHex([]byte(text))
		if err != nil || !bytes.Equal(got, bare) {
			t.Errorf("parseHex(%.40q...) = % x, %v", text, got, err)
		}
	}
	for _, bad := range []string{"0", "zz", "01 0"} {
		if _, err := parseHex([]byte(bad)); err == nil {
			t.Errorf("parseHex(%q) accepted", bad)
		}
	}
}

// TestSecuredChunks checks that chunks inspect cannot decrypt are shown raw
// with the reason: an OPN with Basic256Sha256 and signed and encrypted MSG
// chunks.
func TestSecuredChunks(t *testing.T) {
	// An OPN chunk: header, asymmetric header naming Basic256Sha256, then
	// 64 bytes standing for the RSA ciphertext.
	sec := chunk.AsymmetricHeader{
		SecurityPolicyURI:             chunk.PolicyBasic256Sha256.URI,
		SenderCertificate:             []byte{0x30, 0x82, 0x01, 0x00},
		ReceiverCertificateThumbprint: bytes.Repeat([]byte{0xab}, 20),
	}
	opn, err := sec.Append(nil)
	if err != nil {
		t.Fatal(err)
	}
	opn = append(opn, bytes.Repeat([]byte{0x5a}, 64)...)
	h := chunk.Header{Type: chunk.TypeOpen, Chunk: chunk.ChunkFinal, Size: uint32(chunk.SecureHeaderSize + len(opn)), ChannelID: 0}
	in := append(h.Append(nil), opn...)

	// Signed and encrypted MSG chunks of a ReadRequest.
	p := chunk.PolicyBasic256Sha256
	keys := p.DeriveKeys(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32))
	body, err := uabin.MarshalMessage(readRequest(2))
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []chunk.SecurityMode{chunk.ModeSign, chunk.ModeSignAndEncrypt} {
		s, err := chunk.NewSender(7, 1, chunk.Limits{ChunkSize: 8192})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetToken(1, p, mode, keys); err != nil {
			t.Fatal(err)
		}
		if in, err = s.Append(in, chunk.TypeMessage, 2, body); err != nil {
			t.Fatal(err)
		}
	}

	var out bytes.Buffer
	if err := run(&out, in, settings{}); !undecoded(err) {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"3 messages",
		"#1 OPN at offset 0",
		`SecurityPolicyUri: "http://opcfoundation.org/UA/SecurityPolicy#Basic256Sha256"`,
		"ReceiverCertificateThumbprint: 20 bytes [ab ab",
		"only SecurityPolicy None can be shown decoded",
		"raw (64 bytes)",
		"#2 MSG at offset",
		"32 bytes left over after the", // the HMAC-SHA256 signature
		"which inspect does not remove",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}

// undecoded reports whether err is run's report of messages that could
// not be decoded.
func undecoded(err error) bool {
	var u *undecodedError
	return errors.As(err, &u)
}

// TestSingular checks "1 message" and "1 byte".
func TestSingular(t *testing.T) {
	bare := readSample(t, "readrequest.bin")
	var out bytes.Buffer
	if err := run(&out, bare, settings{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "118 bytes, read as bare service messages: 1 message\n") {
		t.Errorf("got %q", out.String()[:60])
	}
	out.Reset()
	err := run(&out, []byte{7}, settings{})
	if err == nil || err.Error() != "1 of 1 message could not be decoded (#1)" {
		t.Errorf("run: %v", err)
	}
	for _, want := range []string{"1 byte, read as bare service messages: 1 message\n", "at offset 0, 1 byte\n", "raw (1 byte):"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if got := scalarText(byteString{1}, false); got != "1 byte [01]" {
		t.Errorf("scalarText = %q", got)
	}
}

// TestAll checks the cap of raw dumps and ByteStrings, and -all.
func TestAll(t *testing.T) {
	junk := bytes.Repeat([]byte{0xee}, 1000) // not a service message
	var out bytes.Buffer
	if err := run(&out, junk, settings{}); !undecoded(err) {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "raw (1000 bytes):") || !strings.Contains(got, "    00f0  ee") || strings.Contains(got, "    0100  ee") ||
		!strings.Contains(got, "    ... 744 more bytes (-all shows them)\n") {
		t.Errorf("capped dump:\n%s", got)
	}
	out.Reset()
	if err := run(&out, junk, settings{all: true}); !undecoded(err) {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "    03e0  ee ee ee ee ee ee ee ee\n") || strings.Contains(got, "more bytes") {
		t.Errorf("full dump:\n%s", got)
	}
	for _, all := range []bool{false, true} {
		out.Reset()
		if err := run(&out, junk, settings{json: true, all: all}); !undecoded(err) {
			t.Fatal(err)
		}
		var msgs []struct {
			Raw     string
			RawSize int
		}
		if err := json.Unmarshal(out.Bytes(), &msgs); err != nil {
			t.Fatal(err)
		}
		want := 256
		if all {
			want = 1000
		}
		if len(msgs) != 1 || len(msgs[0].Raw) != 2*want || msgs[0].RawSize != 1000 {
			t.Errorf("all=%v: %d messages, raw of %d hex digits, rawSize %d", all, len(msgs), len(msgs[0].Raw), msgs[0].RawSize)
		}
	}
	big := make(byteString, 40)
	if got := scalarText(big, false); !strings.HasSuffix(got, " 00 ...]") || !strings.HasPrefix(got, "40 bytes [00") {
		t.Errorf("capped ByteString: %q", got)
	}
	if got := scalarText(big, true); strings.Contains(got, "...") || len(got) != len("40 bytes []")+40*3-1 {
		t.Errorf("full ByteString: %q", got)
	}
}
