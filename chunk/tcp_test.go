package chunk

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestHelloBytes(t *testing.T) {
	h := Hello{ProtocolVersion: 0, ReceiveBufferSize: 65536, SendBufferSize: 8192, MaxMessageSize: 2097152, MaxChunkCount: 64, EndpointURL: "opc.tcp://h:4840"}
	got, err := h.Append([]byte{0xAA}) // appends after existing bytes
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{
		0xAA,
		'H', 'E', 'L', 'F', 48, 0, 0, 0, // type, final, size 8+20+4+16
		0, 0, 0, 0, // ProtocolVersion
		0x00, 0x00, 0x01, 0x00, // ReceiveBufferSize 65536
		0x00, 0x20, 0x00, 0x00, // SendBufferSize 8192
		0x00, 0x00, 0x20, 0x00, // MaxMessageSize 2 MiB
		64, 0, 0, 0, // MaxChunkCount
		16, 0, 0, 0, // EndpointUrl length
	}
	want = append(want, "opc.tcp://h:4840"...)
	if !bytes.Equal(got, want) {
		t.Fatalf("Hello\n got % x\nwant % x", got, want)
	}
	back, err := ParseHello(got[1:])
	if err != nil || back != h {
		t.Fatalf("ParseHello = %+v, %v", back, err)
	}
}

func TestAcknowledgeBytes(t *testing.T) {
	a := Acknowledge{ReceiveBufferSize: 8192, SendBufferSize: 65535, MaxMessageSize: 0, MaxChunkCount: 0}
	got, err := a.Append(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{'A', 'C', 'K', 'F', 28, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x20, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	if !bytes.Equal(got, want) {
		t.Fatalf("Acknowledge\n got % x\nwant % x", got, want)
	}
	if back, err := ParseAcknowledge(got); err != nil || back != a {
		t.Fatalf("ParseAcknowledge = %+v, %v", back, err)
	}
}

func TestErrorAndReverseHelloBytes(t *testing.T) {
	e := ErrorMessage{Code: StatusBadTCPMessageTooLarge, Reason: "too big"}
	got, err := e.Append(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]byte{'E', 'R', 'R', 'F', 23, 0, 0, 0, 0x00, 0x00, 0x80, 0x80, 7, 0, 0, 0}, "too big"...)
	if !bytes.Equal(got, want) {
		t.Fatalf("Error\n got % x\nwant % x", got, want)
	}
	if back, err := ParseErrorMessage(got); err != nil || back != e {
		t.Fatalf("ParseErrorMessage = %+v, %v", back, err)
	}
	// An empty reason is a null String.
	got, _ = (&ErrorMessage{Code: 1}).Append(nil)
	if want := []byte{'E', 'R', 'R', 'F', 16, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}; !bytes.Equal(got, want) {
		t.Fatalf("Error with null reason % x", got)
	}

	r := ReverseHello{ServerURI: "urn:s", EndpointURL: "opc.tcp://s"}
	got, err = r.Append(nil)
	if err != nil {
		t.Fatal(err)
	}
	want = append([]byte{'R', 'H', 'E', 'F', 32, 0, 0, 0, 5, 0, 0, 0}, "urn:s"...)
	want = append(append(want, 11, 0, 0, 0), "opc.tcp://s"...)
	if !bytes.Equal(got, want) {
		t.Fatalf("ReverseHello\n got % x\nwant % x", got, want)
	}
	if back, err := ParseReverseHello(got); err != nil || back != r {
		t.Fatalf("ParseReverseHello = %+v, %v", back, err)
	}
}

func TestTCPValidation(t *testing.T) {
	long := strings.Repeat("x", MaxURLLength+1)
	cases := []struct {
		name string
		err  error
		kind error
	}{
		{"hello url too long", appendErr((&Hello{ReceiveBufferSize: 8192, SendBufferSize: 8192, EndpointURL: long}).Append(nil)), ErrEndpointURL},
		{"hello small receive buffer", appendErr((&Hello{ReceiveBufferSize: 8191, SendBufferSize: 8192}).Append(nil)), ErrMalformed},
		{"ack small send buffer", appendErr((&Acknowledge{ReceiveBufferSize: 8192, SendBufferSize: 100}).Append(nil)), ErrMalformed},
		{"error reason too long", appendErr((&ErrorMessage{Reason: long}).Append(nil)), ErrMalformed},
		{"rhe uri too long", appendErr((&ReverseHello{ServerURI: long}).Append(nil)), ErrEndpointURL},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.kind) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.kind)
		}
	}

	valid, _ := (&Hello{ReceiveBufferSize: 8192, SendBufferSize: 8192, EndpointURL: "opc.tcp://h"}).Append(nil)
	mutate := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), valid...)) }
	parse := []struct {
		name string
		msg  []byte
		kind error
	}{
		{"empty", nil, ErrTruncated},
		{"unknown type", mutate(func(b []byte) []byte { b[0] = 'X'; return b }), ErrMessageType},
		{"intermediate HEL", mutate(func(b []byte) []byte { b[3] = 'C'; return b }), ErrMessageType},
		{"bad chunk type", mutate(func(b []byte) []byte { b[3] = 'Z'; return b }), ErrMessageType},
		{"size mismatch", mutate(func(b []byte) []byte { b[4]++; return b }), ErrMalformed},
		{"trailing byte", mutate(func(b []byte) []byte { b = append(b, 0); b[4]++; return b }), ErrMalformed},
		{"truncated", mutate(func(b []byte) []byte { b = b[:len(b)-1]; b[4]--; return b }), ErrTruncated},
		{"url length -2", mutate(func(b []byte) []byte { copy(b[28:], []byte{0xfe, 0xff, 0xff, 0xff}); return b }), ErrMalformed},
		{"url length 4097", mutate(func(b []byte) []byte { copy(b[28:], []byte{0x01, 0x10, 0, 0}); return b }), ErrEndpointURL},
		{"url length huge", mutate(func(b []byte) []byte { copy(b[28:], []byte{0xff, 0xff, 0xff, 0x7f}); return b }), ErrEndpointURL},
		{"buffer 8191", mutate(func(b []byte) []byte { copy(b[12:], []byte{0xff, 0x1f, 0, 0}); return b }), ErrMalformed},
		{"ACK given to ParseHello", func() []byte {
			b, _ := (&Acknowledge{ReceiveBufferSize: 8192, SendBufferSize: 8192}).Append(nil)
			return b
		}(), ErrMessageType},
	}
	for _, c := range parse {
		_, err := ParseHello(c.msg)
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", c.name, err, c.kind)
		}
		if !strings.HasPrefix(err.Error(), "chunk: ") {
			t.Errorf("%s: message %q lacks the chunk: prefix", c.name, err)
		}
	}
	if StatusCode(ErrEndpointURL) != StatusBadTCPEndpointURLInvalid {
		t.Error("ErrEndpointURL status")
	}
}

func appendErr(_ []byte, err error) error { return err }

func TestNegotiate(t *testing.T) {
	h := Hello{ProtocolVersion: 0, ReceiveBufferSize: 16384, SendBufferSize: 8192, MaxMessageSize: 1 << 20, MaxChunkCount: 8}
	a := Negotiate(&h, Acknowledge{ProtocolVersion: 0, ReceiveBufferSize: 65535, SendBufferSize: 65535, MaxMessageSize: 1 << 22, MaxChunkCount: 100})
	if a.ReceiveBufferSize != 8192 || a.SendBufferSize != 16384 {
		t.Errorf("Negotiate = %+v", a)
	}
	if l := ClientLimits(&a); l != (Limits{ChunkSize: 8192, MaxMessageSize: 1 << 22, MaxChunkCount: 100}) {
		t.Errorf("ClientLimits = %+v", l)
	}
	if l := ServerLimits(&h, &a); l != (Limits{ChunkSize: 16384, MaxMessageSize: 1 << 20, MaxChunkCount: 8}) {
		t.Errorf("ServerLimits = %+v", l)
	}
}

func TestHeaderBytes(t *testing.T) {
	h := Header{Type: TypeMessage, Chunk: ChunkIntermediate, Size: 8192, ChannelID: 7}
	got := h.Append(nil)
	want := []byte{'M', 'S', 'G', 'C', 0x00, 0x20, 0x00, 0x00, 7, 0, 0, 0}
	if !bytes.Equal(got, want) {
		t.Fatalf("% x", got)
	}
	back, err := ParseHeader(got)
	if err != nil || back != h {
		t.Fatalf("ParseHeader = %+v, %v", back, err)
	}
	for _, ty := range []MessageType{TypeHello, TypeAcknowledge, TypeError, TypeReverseHello, TypeOpen, TypeMessage, TypeClose} {
		b := Header{Type: ty, Chunk: ChunkFinal, Size: 100, ChannelID: 1}.Append(nil)
		if string(b[:3]) != ty.String() || len(b) != ty.HeaderSize() {
			t.Errorf("%s: % x", ty, b)
		}
		if back, err := ParseHeader(b); err != nil || back.Type != ty {
			t.Errorf("%s: %+v %v", ty, back, err)
		}
	}
	if _, err := ParseHeader([]byte("MSGF\x10\x00\x00\x00\x07\x00")); !errors.Is(err, ErrTruncated) {
		t.Errorf("short secure header: %v", err)
	}
	if _, err := ParseHeader([]byte("OPNA\x10\x00\x00\x00\x07\x00\x00\x00")); !errors.Is(err, ErrMessageType) {
		t.Errorf("abort OPN: %v", err)
	}
	if _, err := ParseHeader([]byte("MSGF\x0b\x00\x00\x00\x07\x00\x00\x00")); !errors.Is(err, ErrTruncated) {
		t.Errorf("size below header: %v", err)
	}

	sh := SequenceHeader{SequenceNumber: 0x01020304, RequestID: 99}
	if got := sh.Append(nil); !bytes.Equal(got, []byte{4, 3, 2, 1, 99, 0, 0, 0}) {
		t.Errorf("sequence header % x", got)
	}
	if back, err := ParseSequenceHeader(sh.Append(nil)); err != nil || back != sh {
		t.Errorf("ParseSequenceHeader = %+v, %v", back, err)
	}

	ah := AsymmetricHeader{SecurityPolicyURI: PolicyNone.URI}
	got, err = ah.Append(nil)
	if err != nil {
		t.Fatal(err)
	}
	want = append([]byte{47, 0, 0, 0}, PolicyNone.URI...)
	want = append(want, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)
	if !bytes.Equal(got, want) || ah.Size() != len(want) {
		t.Fatalf("asymmetric header % x", got)
	}
	back2, n, err := ParseAsymmetricHeader(got)
	if err != nil || n != len(got) || back2.SecurityPolicyURI != ah.SecurityPolicyURI || back2.SenderCertificate != nil || back2.ReceiverCertificateThumbprint != nil {
		t.Fatalf("ParseAsymmetricHeader = %+v, %d, %v", back2, n, err)
	}
}

func TestErrorText(t *testing.T) {
	err := errorf(ErrSecurityChecks, TypeMessage, 8160, "signature mismatch")
	if got := err.Error(); got != "chunk: MSG at offset 8160: security checks failed: signature mismatch" {
		t.Errorf("%q", got)
	}
	if got := errorf(ErrConfig, 0, -1, "no token").Error(); got != "chunk: invalid configuration: no token" {
		t.Errorf("%q", got)
	}
	var e *Error
	if !errors.As(err, &e) || e.Offset != 8160 || !errors.Is(err, ErrSecurityChecks) || errors.Is(err, ErrMalformed) {
		t.Error("errors.As / errors.Is")
	}
	if (&Error{}).Error() != "chunk: at offset 0: error" || (&Error{}).Status() != StatusBadTCPInternalError {
		t.Errorf("zero Error: %q", (&Error{}).Error())
	}
	if StatusCode(nil) != StatusGood || StatusCode(io.EOF) != StatusBadTCPInternalError {
		t.Error("StatusCode of nil or a foreign error")
	}
}
