package chunk

import (
	"bytes"
	"crypto/elliptic"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fuzzSeeds returns named seed streams for the reassembler in mode m: valid
// multi-chunk and single-chunk messages, an abort, and broken streams.
func fuzzSeeds(tb testing.TB, m w8Mode) map[string][]byte {
	s := w8Sender(tb, m)
	body := w8Body()
	seeds := map[string][]byte{}
	two, err := s.Append(nil, TypeMessage, w8Request, body[:m.perFull+50])
	must2(tb, err)
	seeds["two-chunks"] = two
	one, err := s.Append(nil, TypeMessage, w8Request+1, body[:40])
	must2(tb, err)
	one, err = s.Append(one, TypeClose, w8Request+2, nil)
	must2(tb, err)
	seeds["msg-then-clo"] = one
	ab := craft(s, ChunkIntermediate, s.seq, 5, body[:100])
	s.seq++
	ab, err = s.AppendAbort(ab, 5, StatusBadRequestTooLarge, "abort")
	must2(tb, err)
	seeds["abort"] = ab
	seeds["truncated"] = two[:len(two)-5]
	seeds["oversized-size"] = []byte{'M', 'S', 'G', 'C', 0xff, 0xff, 0xff, 0x7f, 7, 0, 0, 0, 1, 0, 0, 0}
	errMsg, _ := (&ErrorMessage{Code: StatusBadTCPServerTooBusy, Reason: "busy"}).Append(nil)
	seeds["tcp-error"] = errMsg
	return seeds
}

func must2(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}

// fuzzReceive feeds data to a Receiver in mode m as a stream and checks that
// it never panics, never returns a body above MaxMessageSize, and reports
// every failure as a typed error with the chunk: prefix and a Bad status.
func fuzzReceive(f *testing.F, m w8Mode) {
	for _, seed := range fuzzSeeds(f, m) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReceiver(w8Channel, Limits{ChunkSize: w8ChunkSize, MaxMessageSize: 20000, MaxChunkCount: 4})
		if err != nil {
			t.Fatal(err)
		}
		must(t, r.SetToken(w8Token, m.policy, m.mode, m.keys()))
		if m.policy.IsAEAD() {
			r.SetLastSequenceNumber(w8FirstSeq - 1) // the nonce of the first chunk needs it
		}
		rd := bytes.NewReader(data)
		for i := 0; i < 64; i++ {
			msg, err := r.ReadMessage(rd)
			if err == io.EOF {
				return
			}
			if err != nil {
				// An abort chunk and a UA TCP Error message carry the peer's
				// own status code, which need not be Bad; every other
				// failure is ours and Bad.
				var abort *AbortError
				var peer *ErrorMessage
				fromPeer := errors.As(err, &abort) || errors.As(err, &peer)
				if !strings.HasPrefix(err.Error(), "chunk: ") || !fromPeer && StatusCode(err)&0x80000000 == 0 {
					t.Fatalf("error %q (status 0x%08X)", err, StatusCode(err))
				}
				if cap(r.body) > 20000 {
					t.Fatalf("buffer of %d bytes", cap(r.body))
				}
				return
			}
			if len(msg.Body) > 20000 || msg.Chunks > 4 || (msg.Type != TypeMessage && msg.Type != TypeClose) {
				t.Fatalf("message %+v", msg)
			}
		}
	})
}

func FuzzReceivePlain(f *testing.F)     { fuzzReceive(f, w8Modes[0]) }
func FuzzReceiveSigned(f *testing.F)    { fuzzReceive(f, w8Modes[1]) }
func FuzzReceiveEncrypted(f *testing.F) { fuzzReceive(f, w8Modes[2]) }

// FuzzReceiveECC384 is the reassembler with ECC_nistP384 SignAndEncrypt
// (HMAC-SHA384, 48-byte signatures, AES-256-CBC); its seeds are made in
// code.
func FuzzReceiveECC384(f *testing.F) { fuzzReceive(f, w8Modes[5]) }

// FuzzReceiveGCM is the reassembler with ECC_nistP256_AesGcm
// SignAndEncrypt (AES-128-GCM, 16-byte tags, no padding); seeds made in
// code.
func FuzzReceiveGCM(f *testing.F) { fuzzReceive(f, w8Modes[7]) }

// tcpSeeds returns one valid message of each UA TCP type.
func tcpSeeds() map[string][]byte {
	hel, _ := (&Hello{ReceiveBufferSize: 8192, SendBufferSize: 65535, EndpointURL: "opc.tcp://h:4840"}).Append(nil)
	ack, _ := (&Acknowledge{ReceiveBufferSize: 8192, SendBufferSize: 8192, MaxChunkCount: 5}).Append(nil)
	errm, _ := (&ErrorMessage{Code: 1, Reason: "r"}).Append(nil)
	rhe, _ := (&ReverseHello{ServerURI: "urn:x", EndpointURL: "opc.tcp://x"}).Append(nil)
	return map[string][]byte{"hello": hel, "acknowledge": ack, "error": errm, "reverse-hello": rhe}
}

// FuzzParseTCP parses UA TCP messages: what parses re-encodes and parses to
// the same value.
func FuzzParseTCP(f *testing.F) {
	for _, s := range tcpSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if h, err := ParseHello(data); err == nil {
			b, err := h.Append(nil)
			if err != nil {
				t.Fatal(err)
			}
			if h2, err := ParseHello(b); err != nil || h2 != h {
				t.Fatalf("Hello %+v -> %+v, %v", h, h2, err)
			}
		}
		if a, err := ParseAcknowledge(data); err == nil {
			b, _ := a.Append(nil)
			if !bytes.Equal(b, data) {
				t.Fatalf("Acknowledge does not re-encode to its bytes")
			}
		}
		if e, err := ParseErrorMessage(data); err == nil {
			b, err := e.Append(nil)
			if e2, err2 := ParseErrorMessage(b); err != nil || err2 != nil || e2 != e {
				t.Fatalf("Error %+v -> %+v", e, e2)
			}
		}
		if r, err := ParseReverseHello(data); err == nil {
			b, err := r.Append(nil)
			if r2, err2 := ParseReverseHello(b); err != nil || err2 != nil || r2 != r {
				t.Fatalf("ReverseHello %+v -> %+v", r, r2)
			}
		}
		if _, _, err := ParseAsymmetricHeader(data); err != nil && !strings.HasPrefix(err.Error(), "chunk: ") {
			t.Fatal(err)
		}
	})
}

// TestFuzzSeedCorpus checks that testdata/fuzz holds the seeds fuzzSeeds
// makes (rewritten with -update), so the committed corpus stays valid.
func TestFuzzSeedCorpus(t *testing.T) {
	corpora := []struct {
		target string
		seeds  map[string][]byte
	}{
		{"FuzzReceivePlain", fuzzSeeds(t, w8Modes[0])},
		{"FuzzReceiveSigned", fuzzSeeds(t, w8Modes[1])},
		{"FuzzReceiveEncrypted", fuzzSeeds(t, w8Modes[2])},
		{"FuzzReceiveSealed", sealedSeeds(t)},
		{"FuzzParseTCP", tcpSeeds()},
		{"FuzzReceiveOpen", openSeeds(t)},
	}
	for _, c := range corpora {
		dir := filepath.Join("testdata", "fuzz", c.target)
		for name, seed := range c.seeds {
			file := filepath.Join(dir, name)
			want := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(string(seed)))
			if *update {
				must(t, os.MkdirAll(dir, 0o755))
				must(t, os.WriteFile(file, []byte(want), 0o644))
				continue
			}
			got, err := os.ReadFile(file)
			if err != nil || string(got) != want {
				t.Errorf("%s is missing or stale (go test ./chunk -run TestFuzzSeedCorpus -update): %v", file, err)
			}
		}
	}
}

// sealedSeeds returns the seeds of FuzzReceiveEncrypted decrypted back to
// plaintext chunks without their signatures.
func sealedSeeds(tb testing.TB) map[string][]byte {
	enc := w8Modes[2]
	seeds := map[string][]byte{}
	for name, seed := range fuzzSeeds(tb, enc) {
		var plain []byte
		tok, _ := newSymmetric(w8Token, enc.policy, enc.mode, w8Keys(), true)
		for rest := seed; len(rest) >= 16; {
			size := int(binary.LittleEndian.Uint32(rest[4:]))
			if size > len(rest) || size < 16+48 || (size-16)%16 != 0 {
				break
			}
			c := append([]byte(nil), rest[:size]...)
			tok.cryptBlocks(c[16:])
			c = c[:size-32]
			binary.LittleEndian.PutUint32(c[4:], uint32(len(c)))
			plain = append(plain, c...)
			rest = rest[size:]
		}
		seeds[name] = plain
	}
	return seeds
}

// FuzzReceiveSealed reaches the checks behind the signature: data is a
// series of plaintext chunks (header, token, sequence header, body, padding;
// each chunk's length taken from its size field), which the harness signs
// and encrypts with the W8 keys before the Receiver sees them, so padding,
// sequence, request id, abort and limit handling get fuzzed with valid
// signatures.
func FuzzReceiveSealed(f *testing.F) {
	enc := w8Modes[2]
	for _, seed := range sealedSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tok, _ := newSymmetric(w8Token, enc.policy, enc.mode, w8Keys(), false)
		var stream []byte
		for len(data) >= 16 && len(stream) < 1<<17 {
			size := int(binary.LittleEndian.Uint32(data[4:]))
			if size < 16 || size > len(data) {
				size = len(data)
			}
			c := append([]byte(nil), data[:size]...)
			data = data[size:]
			// Round the encrypted part down to whole blocks once the
			// signature is added.
			c = c[:16+(len(c)-16+32)/16*16-32]
			if len(c) < 16 {
				continue
			}
			binary.LittleEndian.PutUint32(c[4:], uint32(len(c)+32))
			tok.mac.Reset()
			tok.mac.Write(c)
			c = tok.mac.Sum(c)
			tok.cryptBlocks(c[16:])
			stream = append(stream, c...)
		}
		r, err := NewReceiver(w8Channel, Limits{ChunkSize: w8ChunkSize, MaxMessageSize: 20000, MaxChunkCount: 4})
		must(t, err)
		must(t, r.SetToken(w8Token, enc.policy, enc.mode, w8Keys()))
		rd := bytes.NewReader(stream)
		for i := 0; i < 64; i++ {
			msg, err := r.ReadMessage(rd)
			if err == io.EOF {
				return
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), "chunk: ") || StatusCode(err)&0x80000000 == 0 && !errors.Is(err, ErrAborted) {
					t.Fatalf("error %q (status 0x%08X)", err, StatusCode(err))
				}
				if !errors.Is(err, ErrAborted) {
					return
				}
				continue
			}
			if len(msg.Body) > 20000 || msg.Chunks > 4 {
				t.Fatalf("message %+v", msg)
			}
		}
	})
}

// openSeeds returns OPN chunks with policy None (deterministic, kept in
// testdata/fuzz/FuzzReceiveOpen).
func openSeeds(tb testing.TB) map[string][]byte {
	s, err := NewSender(0, 1, Limits{ChunkSize: w8ChunkSize})
	must2(tb, err)
	must2(tb, s.SetAsymmetric(Asymmetric{Policy: PolicyNone}))
	one, err := s.Append(nil, TypeOpen, 1, w8Body()[:100])
	must2(tb, err)
	empty, err := s.Append(nil, TypeOpen, 2, nil)
	must2(tb, err)
	return map[string][]byte{"none": one, "none-empty": empty}
}

// FuzzReceiveOpen feeds OPN chunks to a Receiver that accepts any policy
// with a 2048-bit RSA key: the asymmetric header parser, the certificate
// handling, the RSA decryption and the padding checks must reject bad input
// with typed errors and never panic.
func FuzzReceiveOpen(f *testing.F) {
	ck, sk := rsaKey(f, "client", 2048), rsaKey(f, "server", 2048)
	for _, seed := range openSeeds(f) {
		f.Add(seed)
	}
	for _, p := range []*Policy{PolicyBasic256Sha256, PolicyAes256Sha256RsaPss, PolicyBasic128Rsa15} {
		s, _ := NewSender(0, 1, Limits{ChunkSize: w8ChunkSize})
		must2(f, s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
		c, err := s.Append(nil, TypeOpen, 1, w8Body()[:64])
		must2(f, err)
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _ := NewReceiver(0, Limits{ChunkSize: w8ChunkSize, MaxMessageSize: 4096})
		must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}))
		m, done, err := r.Receive(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chunk: ") || StatusCode(err)&0x80000000 == 0 {
				t.Fatalf("error %q (status 0x%08X)", err, StatusCode(err))
			}
			return
		}
		if done && (m.Type != TypeOpen && m.Type != TypeMessage && m.Type != TypeClose || len(m.Body) > 4096) {
			t.Fatalf("message %+v", m)
		}
	})
}

// FuzzReceiveOpenECC feeds OPN chunks to a Receiver that accepts any policy
// with a nistP256 ECDSA key: the asymmetric header parser, the certificate
// and curve checks and the ECDSA verification must reject bad input with
// typed errors and never panic. The seeds (valid ECC_nistP256 and
// ECC_nistP384 chunks, which carry random signatures) are made in code.
func FuzzReceiveOpenECC(f *testing.F) {
	p := PolicyECCNistP256
	ck, sk := ecKey(f, "client", p), ecKey(f, "server", p)
	for _, seed := range openSeeds(f) {
		f.Add(seed)
	}
	s, _ := NewSender(0, 0, Limits{ChunkSize: w8ChunkSize})
	must2(f, s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
	eph, err := p.NewEphemeralKey(nil)
	must2(f, err)
	c, err := s.Append(nil, TypeOpen, 1, eph.Nonce())
	must2(f, err)
	f.Add(c)
	f.Add(c[:len(c)-1])
	q := PolicyECCNistP384
	ck3, sk3 := ecKey(f, "client", q), ecKey(f, "server", q)
	s3, _ := NewSender(0, 0, Limits{ChunkSize: w8ChunkSize})
	must2(f, s3.SetAsymmetric(Asymmetric{Policy: q, PrivateKey: ck3.key, Certificate: ck3.cert, PeerCertificate: sk3.cert}))
	c3, err := s3.Append(nil, TypeOpen, 1, nil)
	must2(f, err)
	f.Add(c3)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _ := NewReceiver(0, Limits{ChunkSize: w8ChunkSize, MaxMessageSize: 4096})
		must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}))
		m, done, err := r.Receive(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chunk: ") || StatusCode(err)&0x80000000 == 0 {
				t.Fatalf("error %q (status 0x%08X)", err, StatusCode(err))
			}
			return
		}
		if done && (m.Type != TypeOpen || len(m.Body) > 4096 || m.Policy != p && !m.Policy.IsNone()) {
			t.Fatalf("message %+v", m)
		}
	})
}

// FuzzEphemeralNonce hands any bytes as the peer's nonce to
// EphemeralKey.ChannelKeys: it fails with ErrNonce unless the bytes are
// NonceLength bytes holding a point of the curve (checked by the test's own
// curve equation), and never panics.
func FuzzEphemeralNonce(f *testing.F) {
	for _, p := range []*Policy{PolicyECCNistP256, PolicyECCNistP384} {
		k, err := p.NewEphemeralKey(nil)
		must2(f, err)
		f.Add(p == PolicyECCNistP384, k.Nonce())
		f.Add(p == PolicyECCNistP384, k.Nonce()[1:])
		f.Add(p == PolicyECCNistP384, make([]byte, p.NonceLength))
	}
	keys := map[bool]*EphemeralKey{}
	for _, p := range []*Policy{PolicyECCNistP256, PolicyECCNistP384} {
		k, err := p.NewEphemeralKey(nil)
		must2(f, err)
		keys[p == PolicyECCNistP384] = k
	}
	f.Fuzz(func(t *testing.T, p384 bool, nonce []byte) {
		k := keys[p384]
		p := k.policy
		client, _, err := k.ChannelKeys(k.Nonce(), nonce)
		onCurve := len(nonce) == p.NonceLength && isOnCurve(p.certCurve.Params(), nonce) && !bytes.Equal(nonce, k.Nonce())
		switch {
		case err == nil && !onCurve:
			t.Fatalf("nonce %x accepted", nonce)
		case err != nil && onCurve:
			t.Fatalf("a point of the curve refused: %v", err)
		case err != nil && !errors.Is(err, ErrNonce):
			t.Fatalf("error %v, want ErrNonce", err)
		case err == nil && len(client.SigningKey) != p.SigningKeyLength:
			t.Fatalf("keys %+v", client)
		}
	})
}

// isOnCurve checks y² = x³ - 3x + b (mod p) for the nonce X | Y, with
// 0 <= X, Y < p.
func isOnCurve(c *elliptic.CurveParams, nonce []byte) bool {
	n := len(nonce) / 2
	x, y := new(big.Int).SetBytes(nonce[:n]), new(big.Int).SetBytes(nonce[n:])
	if x.Cmp(c.P) >= 0 || y.Cmp(c.P) >= 0 {
		return false
	}
	l := new(big.Int).Mul(y, y)
	l.Mod(l, c.P)
	r := new(big.Int).Mul(x, x)
	r.Mul(r, x)
	r.Sub(r, new(big.Int).Mul(x, big.NewInt(3)))
	r.Add(r, c.B)
	r.Mod(r, c.P)
	return l.Cmp(r) == 0
}

// FuzzReceiveChaCha is the reassembler with ECC_nistP256_ChaChaPoly
// SignAndEncrypt (ChaCha20-Poly1305, 16-byte tags, no padding); seeds made
// in code.
func FuzzReceiveChaCha(f *testing.F) { fuzzReceive(f, w8Modes[9]) }

// FuzzReceiveCurve25519 is the reassembler with ECC_curve25519 Sign
// (ChaCha20-Poly1305 keyed with the signing key, the whole chunk as
// additional data); seeds made in code.
func FuzzReceiveCurve25519(f *testing.F) { fuzzReceive(f, w8Modes[10]) }

// FuzzReceiveOpenEdDSA feeds OPN chunks to Receivers that accept any
// policy with an Ed25519 or an Ed448 key (the first byte picks one): the
// header parser, the certificate parsing (Ed448 by hand), the key checks
// and the EdDSA verification must reject bad input with typed errors and
// never panic. Seeds: valid ECC_curve25519 and ECC_curve448 chunks made in
// code, and cut ones.
func FuzzReceiveOpenEdDSA(f *testing.F) {
	type side struct{ client, server *testSigner }
	sides := map[bool]side{}
	for _, p := range edwardsPolicies() {
		ck, sk := policyKey(f, "client", p), policyKey(f, "server", p)
		sides[p == PolicyECCCurve448] = side{ck, sk}
		eph, err := p.NewEphemeralKey(nil)
		must2(f, err)
		_, c := framedOpen(f, p, ck, sk, eph.Nonce())
		f.Add(p == PolicyECCCurve448, c)
		f.Add(p == PolicyECCCurve448, c[:len(c)-1])
		f.Add(p != PolicyECCCurve448, c)
	}
	f.Fuzz(func(t *testing.T, ed448 bool, data []byte) {
		sd := sides[ed448]
		r, _ := NewReceiver(0, Limits{ChunkSize: w8ChunkSize, MaxMessageSize: 4096})
		must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sd.server.key, Certificate: sd.server.cert}))
		m, done, err := r.Receive(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chunk: ") || StatusCode(err)&0x80000000 == 0 {
				t.Fatalf("error %q (status 0x%08X)", err, StatusCode(err))
			}
			return
		}
		want := PolicyECCCurve25519
		if ed448 {
			want = PolicyECCCurve448
		}
		if done && (m.Type != TypeOpen || len(m.Body) > 4096 || m.Policy != want && !m.Policy.IsNone()) {
			t.Fatalf("message %+v", m)
		}
	})
}

// FuzzEphemeralNonceX hands any bytes as the peer's nonce to an X25519 or
// X448 EphemeralKey (the first byte picks one): it must fail with ErrNonce
// exactly when the bytes are not NonceLength long, are our own key, or are
// a low-order point (the shared secret, computed with the test's own RFC
// 7748 ladder, is all zeros); an accepted nonce gives the ladder's secret.
func FuzzEphemeralNonceX(f *testing.F) {
	keys := map[bool]*EphemeralKey{}
	for i, p := range edwardsPolicies() {
		d := make([]byte, p.NonceLength)
		for j := range d {
			d[j] = byte(3*j + 7)
		}
		keys[i == 1] = testXEphemeral(f, p, d)
		peer, err := p.NewEphemeralKey(nil)
		must2(f, err)
		f.Add(i == 1, peer.Nonce())
		f.Add(i == 1, peer.Nonce()[1:])
		f.Add(i == 1, make([]byte, p.NonceLength))
		f.Add(i == 1, keys[i == 1].Nonce())
	}
	f.Fuzz(func(t *testing.T, x448 bool, nonce []byte) {
		k := keys[x448]
		p := k.policy
		c := curve25519
		if x448 {
			c = curve448
		}
		d := make([]byte, p.NonceLength)
		for j := range d {
			d[j] = byte(3*j + 7)
		}
		_, _, next, err := k.ChainedChannelKeys(nil, k.Nonce(), nonce)
		var secret []byte
		ok := len(nonce) == p.NonceLength && !bytes.Equal(nonce, k.Nonce())
		if ok {
			secret = c.x(d, nonce)
			ok = !bytes.Equal(secret, make([]byte, c.size))
		}
		checkVerdict(t, nonce, ok, err, ErrNonce)
		if err == nil && !bytes.Equal(next, secret) {
			t.Fatalf("shared secret %x, the ladder says %x", next, secret)
		}
	})
}

// checkVerdict fails t when err disagrees with the test's own verdict ok
// on the input in, or does not wrap kind.
func checkVerdict(t *testing.T, in []byte, ok bool, err, kind error) {
	t.Helper()
	switch {
	case err == nil && !ok:
		t.Fatalf("%x accepted", in)
	case err != nil && ok:
		t.Fatalf("%x refused: %v", in, err)
	case err != nil && !errors.Is(err, kind):
		t.Fatalf("error %v, want %v", err, kind)
	}
}

// FuzzParseEd448PublicKey: ParseEd448PublicKey accepts exactly the DER
// SubjectPublicKeyInfo of RFC 8410 (the 12-byte prefix of id-Ed448 and a
// 57-byte BIT STRING, then the key) and returns its last 57 bytes.
func FuzzParseEd448PublicKey(f *testing.F) {
	prefix := []byte{0x30, 0x43, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x71, 0x03, 0x3a, 0x00}
	key := make([]byte, 57)
	f.Add(append(append([]byte(nil), prefix...), key...))
	f.Add(prefix)
	f.Add([]byte{0x30, 0x00})
	f.Fuzz(func(t *testing.T, spki []byte) {
		k, err := ParseEd448PublicKey(spki)
		want := len(spki) == len(prefix)+57 && bytes.Equal(spki[:len(prefix)], prefix)
		checkVerdict(t, spki, want, err, ErrCertificate)
		if err == nil && !bytes.Equal(k, spki[len(prefix):]) {
			t.Fatalf("key %x", k)
		}
	})
}
