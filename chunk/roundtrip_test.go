package chunk

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/binary"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	mrand "math/rand"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// testKey is an RSA key with a self-signed certificate, made once per name
// and size for the whole test binary.
type testKey struct {
	key  *rsa.PrivateKey
	cert []byte
}

var (
	testKeysMu sync.Mutex
	testKeys   = map[string]*testKey{}
)

// rsaKey returns the test key named name of the given size, read from
// testdata/rsa/NAME-BITS.pem (generating RSA keys took seconds of every
// test run, the 4096-bit ones most), with a new self-signed certificate.
func rsaKey(tb testing.TB, name string, bits int) *testKey {
	tb.Helper()
	testKeysMu.Lock()
	defer testKeysMu.Unlock()
	id := fmt.Sprintf("%s-%d", name, bits)
	if k, ok := testKeys[id]; ok {
		return k
	}
	data, err := os.ReadFile(filepath.Join("testdata", "rsa", id+".pem"))
	if err != nil {
		tb.Fatalf("no test key %s (testdata/README.md says how to make one): %v", id, err)
	}
	block, _ := pem.Decode(data)
	if block == nil {
		tb.Fatalf("testdata/rsa/%s.pem: no PEM block", id)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		tb.Fatal(err)
	}
	key, ok := parsed.(*rsa.PrivateKey)
	if !ok || key.N.BitLen() != bits {
		tb.Fatalf("testdata/rsa/%s.pem: not a %d-bit RSA key", id, bits)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(int64(len(testKeys) + 1)),
		Subject:      pkix.Name{CommonName: name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	k := &testKey{key: key, cert: der}
	testKeys[id] = k
	return k
}

func randomBody(r *mrand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

// symmetricPair returns a Sender and a Receiver for one direction of a
// channel with keys derived from random nonces.
func symmetricPair(tb testing.TB, p *Policy, mode SecurityMode, peer Limits) (*Sender, *Receiver) {
	tb.Helper()
	client, _ := testChannelKeys(tb, p)
	s, err := NewSender(42, 1, peer)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := NewReceiver(42, peer)
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.SetToken(5, p, mode, client); err != nil {
		tb.Fatal(err)
	}
	if err := r.SetToken(5, p, mode, client); err != nil {
		tb.Fatal(err)
	}
	if p.IsAEAD() {
		r.SetLastSequenceNumber(0) // as if the OPN had come before the first chunk, 1
	}
	return s, r
}

// policyModes lists every policy with each of its modes.
// testChannelKeys returns both directions' keys from random nonces (RSA)
// or two random ephemeral keys (ECC).
func testChannelKeys(tb testing.TB, p *Policy) (client, server Keys) {
	tb.Helper()
	var err error
	if p.IsECC() {
		ck, err1 := p.NewEphemeralKey(nil)
		sk, err2 := p.NewEphemeralKey(nil)
		if err1 != nil || err2 != nil {
			tb.Fatal(err1, err2)
		}
		client, server, err = ck.ChannelKeys(ck.Nonce(), sk.Nonce())
	} else {
		cn, sn := make([]byte, p.NonceLength), make([]byte, p.NonceLength)
		rand.Read(cn)
		rand.Read(sn)
		client, server, err = p.ChannelKeys(cn, sn)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return client, server
}

// rsaPolicies returns the RSA policies of the table.
func rsaPolicies() []*Policy {
	var out []*Policy
	for _, p := range Policies()[1:] {
		if !p.IsECC() {
			out = append(out, p)
		}
	}
	return out
}

// ecdsaPolicies returns the ECC policies that sign with ECDSA (nistP256,
// nistP384 and the nistP256 AEAD variants).
func ecdsaPolicies() []*Policy {
	var out []*Policy
	for _, p := range eccPolicies() {
		if p.certCurve != nil {
			out = append(out, p)
		}
	}
	return out
}

// eccPolicies returns the ECC policies of the table.
func eccPolicies() []*Policy {
	var out []*Policy
	for _, p := range Policies() {
		if p.IsECC() {
			out = append(out, p)
		}
	}
	return out
}

func policyModes() []struct {
	p    *Policy
	mode SecurityMode
} {
	out := []struct {
		p    *Policy
		mode SecurityMode
	}{{PolicyNone, ModeNone}}
	for _, p := range Policies()[1:] {
		out = append(out, struct {
			p    *Policy
			mode SecurityMode
		}{p, ModeSign}, struct {
			p    *Policy
			mode SecurityMode
		}{p, ModeSignAndEncrypt})
	}
	return out
}

// receiveAll feeds a stream of chunks to r and returns the messages.
func receiveAll(tb testing.TB, r *Receiver, stream []byte) []Message {
	tb.Helper()
	var msgs []Message
	for len(stream) > 0 {
		size := int(binary.LittleEndian.Uint32(stream[4:]))
		m, done, err := r.Receive(stream[:size])
		if err != nil {
			tb.Fatal(err)
		}
		if done {
			m.Body = append([]byte(nil), m.Body...)
			msgs = append(msgs, m)
		}
		stream = stream[size:]
	}
	return msgs
}

func TestRoundTripEveryPolicyAndMode(t *testing.T) {
	rnd := mrand.New(mrand.NewSource(1))
	for _, pm := range policyModes() {
		for _, chunkSize := range []uint32{8192, 8195, 65535} {
			s, r := symmetricPair(t, pm.p, pm.mode, Limits{ChunkSize: chunkSize})
			per := s.MaxBodySize(TypeMessage)
			sizes := []int{0, 1, 15, 16, 17, per - 1, per, per + 1, 2*per - 1, 3*per + 7, 70000}
			var stream []byte
			var bodies [][]byte
			for i, n := range sizes {
				body := randomBody(rnd, n)
				bodies = append(bodies, body)
				var err error
				stream, err = s.Append(stream, TypeMessage, uint32(100+i), body)
				if err != nil {
					t.Fatalf("%s/%s/%d: %v", pm.p.Name, pm.mode, n, err)
				}
			}
			closeBody := randomBody(rnd, 20)
			stream, err := s.Append(stream, TypeClose, 999, closeBody)
			if err != nil {
				t.Fatal(err)
			}
			// Every chunk respects the chunk size, and full ones use it all
			// (up to one block less when encrypting).
			for rest := stream; len(rest) > 0; {
				size := binary.LittleEndian.Uint32(rest[4:])
				if size > chunkSize {
					t.Fatalf("%s/%s: chunk of %d bytes > %d", pm.p.Name, pm.mode, size, chunkSize)
				}
				if rest[3] == 'C' && chunkSize-size >= 16 {
					t.Fatalf("%s/%s: intermediate chunk of %d bytes wastes room in %d", pm.p.Name, pm.mode, size, chunkSize)
				}
				rest = rest[size:]
			}
			msgs := receiveAll(t, r, stream)
			if len(msgs) != len(sizes)+1 {
				t.Fatalf("%s/%s: %d messages", pm.p.Name, pm.mode, len(msgs))
			}
			for i, m := range msgs[:len(sizes)] {
				if !bytes.Equal(m.Body, bodies[i]) || m.RequestID != uint32(100+i) || m.Type != TypeMessage || m.TokenID != 5 || m.ChannelID != 42 {
					t.Errorf("%s/%s: message %d differs (%d bytes)", pm.p.Name, pm.mode, i, len(m.Body))
				}
			}
			if last := msgs[len(sizes)]; last.Type != TypeClose || !bytes.Equal(last.Body, closeBody) {
				t.Errorf("%s/%s: CLO differs", pm.p.Name, pm.mode)
			}
		}
	}
}

// TestStreamRoundTrip frames with Write and reassembles with ReadMessage
// over a net.Pipe, as over a TCP connection.
func TestStreamRoundTrip(t *testing.T) {
	for _, pm := range policyModes() {
		s, r := symmetricPair(t, pm.p, pm.mode, Limits{ChunkSize: 8192, MaxMessageSize: 1 << 20, MaxChunkCount: 200})
		a, b := net.Pipe()
		bodies := [][]byte{w8Body(), {1, 2, 3}, nil, bytes.Repeat([]byte{7}, 100000)}
		go func() {
			defer a.Close()
			for i, body := range bodies {
				if err := s.Write(a, TypeMessage, uint32(i+1), body); err != nil {
					t.Error(err)
					return
				}
			}
		}()
		for i, body := range bodies {
			m, err := r.ReadMessage(b)
			if err != nil {
				t.Fatalf("%s/%s message %d: %v", pm.p.Name, pm.mode, i, err)
			}
			if !bytes.Equal(m.Body, body) || m.RequestID != uint32(i+1) {
				t.Fatalf("%s/%s message %d differs", pm.p.Name, pm.mode, i)
			}
		}
		if _, err := r.ReadMessage(b); err != io.EOF {
			t.Fatalf("after the last message: %v, want io.EOF", err)
		}
		b.Close()
	}
}

// TestSequenceWrap: the Sender wraps from math.MaxUint32 to 0 and the
// Receiver accepts it (legacy rule), across message boundaries.
func TestSequenceWrap(t *testing.T) {
	s, r := symmetricPair(t, PolicyBasic256Sha256, ModeSign, Limits{ChunkSize: 8192})
	s.seq = 0xFFFFFFFE
	stream, err := s.Append(nil, TypeMessage, 1, make([]byte, 3*s.MaxBodySize(TypeMessage)))
	if err != nil {
		t.Fatal(err)
	}
	stream, _ = s.Append(stream, TypeMessage, 2, []byte{1})
	var seqs []uint32
	for rest := stream; len(rest) > 0; rest = rest[binary.LittleEndian.Uint32(rest[4:]):] {
		seqs = append(seqs, binary.LittleEndian.Uint32(rest[16:]))
	}
	if want := []uint32{0xFFFFFFFE, 0xFFFFFFFF, 0, 1}; !equalU32(seqs, want) {
		t.Fatalf("sequence numbers %v, want %v", seqs, want)
	}
	if msgs := receiveAll(t, r, stream); len(msgs) != 2 {
		t.Fatalf("%d messages", len(msgs))
	}
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSenderConfigErrors(t *testing.T) {
	if _, err := NewSender(1, 1, Limits{ChunkSize: 8191}); !errors.Is(err, ErrConfig) {
		t.Errorf("small chunk size: %v", err)
	}
	s, _ := NewSender(1, 1, Limits{ChunkSize: 8192})
	if _, err := s.Append(nil, TypeMessage, 1, nil); !errors.Is(err, ErrConfig) {
		t.Errorf("no token: %v", err)
	}
	if _, err := s.Append(nil, TypeHello, 1, nil); !errors.Is(err, ErrMessageType) {
		t.Errorf("HEL: %v", err)
	}
	k := w8Keys()
	bad := []struct {
		p    *Policy
		mode SecurityMode
		k    Keys
	}{
		{PolicyNone, ModeSign, k},
		{PolicyBasic256Sha256, ModeNone, k},
		{PolicyBasic256Sha256, ModeInvalid, k},
		{PolicyBasic256Sha256, ModeSign, Keys{SigningKey: k.SigningKey[:31]}},
		{PolicyBasic256Sha256, ModeSignAndEncrypt, Keys{SigningKey: k.SigningKey, EncryptingKey: k.EncryptingKey[:16], IV: k.IV}},
		{PolicyAes128Sha256RsaOaep, ModeSignAndEncrypt, k},
		{nil, ModeNone, k},
	}
	for i, c := range bad {
		if err := s.SetToken(1, c.p, c.mode, c.k); !errors.Is(err, ErrConfig) {
			t.Errorf("case %d: %v", i, err)
		}
	}
	if err := s.SetAsymmetric(Asymmetric{Policy: PolicyBasic256Sha256}); !errors.Is(err, ErrConfig) {
		t.Errorf("asymmetric without key: %v", err)
	}
}

// TestStreamEnds: io.EOF only between messages; a stream that ends inside
// a chunk, or between two chunks of one message, is ErrTruncated and
// io.ErrUnexpectedEOF.
func TestStreamEnds(t *testing.T) {
	s, _ := symmetricPair(t, PolicyNone, ModeNone, Limits{ChunkSize: 8192})
	stream, err := s.Append(nil, TypeMessage, 1, make([]byte, 3*s.MaxBodySize(TypeMessage)))
	if err != nil {
		t.Fatal(err)
	}
	first := int(binary.LittleEndian.Uint32(stream[4:]))
	for _, c := range []struct {
		name string
		n    int // bytes of the stream given
		eof  bool
	}{
		{"empty", 0, true},
		{"inside the first chunk", first - 1, false},
		{"after the first chunk", first, false},
		{"inside the header of the second chunk", first + 3, false},
	} {
		_, r := symmetricPair(t, PolicyNone, ModeNone, Limits{ChunkSize: 8192})
		_, err := r.ReadMessage(bytes.NewReader(stream[:c.n]))
		if c.eof {
			if err != io.EOF {
				t.Errorf("%s: %v, want io.EOF", c.name, err)
			}
			continue
		}
		if !errors.Is(err, ErrTruncated) || !errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
			t.Errorf("%s: %v, want ErrTruncated and io.ErrUnexpectedEOF", c.name, err)
		}
	}
}
