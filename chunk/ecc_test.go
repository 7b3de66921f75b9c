package chunk

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math"
	"math/big"
	"testing"
	"time"
)

// testECKey is an ECDSA key with a self-signed certificate.
type testECKey struct {
	key  *ecdsa.PrivateKey
	cert []byte
}

var testECKeys = map[string]*testECKey{}

func newTestECKey(tb testing.TB, name string, c elliptic.Curve) *testECKey {
	tb.Helper()
	key, err := ecdsa.GenerateKey(c, rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(int64(len(testECKeys) + 100)),
		Subject:      pkix.Name{CommonName: name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	return &testECKey{key, der}
}

// TestECCOpenExchange runs the whole ECC handshake with the package alone:
// OPN request and response carrying the ephemeral keys, both sides deriving
// the keys, then MSG chunks both ways in both modes.
func TestECCOpenExchange(t *testing.T) {
	for _, p := range eccPolicies() {
		for _, mode := range []SecurityMode{ModeSign, ModeSignAndEncrypt} {
			t.Run(p.Name+"/"+mode.String(), func(t *testing.T) {
				ck, sk := policyKey(t, "client", p), policyKey(t, "server", p)
				cs, _ := NewSender(0, 0, Limits{ChunkSize: 8192})
				cr, _ := NewReceiver(0, Limits{ChunkSize: 8192})
				ca := Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}
				must(t, cs.SetAsymmetric(ca))
				must(t, cr.SetAsymmetric(ca))
				sr, _ := NewReceiver(0, Limits{ChunkSize: 8192})
				must(t, sr.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}))

				ceph, err := p.NewEphemeralKey(nil)
				must(t, err)
				req, err := cs.Append(nil, TypeOpen, 1, ceph.Nonce())
				must(t, err)
				m, done, err := sr.Receive(req)
				if err != nil || !done || m.Policy != p {
					t.Fatalf("server receives OPN: %v", err)
				}
				clientNonce := append([]byte(nil), m.Body...)

				ss, _ := NewSender(9, 0, Limits{ChunkSize: 8192})
				must(t, ss.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: sk.key, Certificate: sk.cert, PeerCertificate: m.Security.SenderCertificate}))
				seph, err := p.NewEphemeralKey(nil)
				must(t, err)
				res, err := ss.Append(nil, TypeOpen, 1, seph.Nonce())
				must(t, err)
				m, done, err = cr.Receive(res)
				if err != nil || !done || m.ChannelID != 9 {
					t.Fatalf("client receives OPN response: %v", err)
				}
				serverNonce := append([]byte(nil), m.Body...)

				c1, s1, err := ceph.ChannelKeys(clientNonce, serverNonce)
				must(t, err)
				c2, s2, err := seph.ChannelKeys(clientNonce, serverNonce)
				must(t, err)
				if !bytes.Equal(joinKeys(c1), joinKeys(c2)) || !bytes.Equal(joinKeys(s1), joinKeys(s2)) || bytes.Equal(joinKeys(c1), joinKeys(s1)) {
					t.Fatal("the two sides derive different keys, or both directions the same")
				}
				cs.SetChannelID(9)
				cr.SetChannelID(9)
				sr.SetChannelID(9)
				must(t, cs.SetToken(1, p, mode, c1))
				must(t, sr.SetToken(1, p, mode, c2))
				must(t, ss.SetToken(1, p, mode, s2))
				must(t, cr.SetToken(1, p, mode, s1))
				body := bytes.Repeat([]byte("ecc"), 10000) // four chunks
				for _, dir := range []struct {
					s *Sender
					r *Receiver
				}{{cs, sr}, {ss, cr}} {
					stream, err := dir.s.Append(nil, TypeMessage, 2, body)
					must(t, err)
					msgs := receiveAll(t, dir.r, stream)
					if len(msgs) != 1 || !bytes.Equal(msgs[0].Body, body) || msgs[0].Chunks != 4 {
						t.Fatalf("MSG: %d messages", len(msgs))
					}
				}
			})
		}
	}
}

// TestECCNonceChecks: the peer's ephemeral key must be a point on the
// curve of the right length (Bad_NonceInvalid otherwise).
func TestECCNonceChecks(t *testing.T) {
	for _, p := range ecdsaPolicies() {
		t.Run(p.Name, func(t *testing.T) {
			k, err := p.NewEphemeralKey(nil)
			must(t, err)
			peer, err := p.NewEphemeralKey(nil)
			must(t, err)
			good := peer.Nonce()
			offCurve := append([]byte(nil), good...)
			offCurve[len(offCurve)-1] ^= 1 // y changed: not on the curve
			bigX := bytes.Repeat([]byte{0xff}, p.NonceLength)
			for name, nonce := range map[string][]byte{
				"empty": nil, "short": good[:len(good)-1], "long": append(append([]byte(nil), good...), 0),
				"not on the curve": offCurve, "zeros (infinity)": make([]byte, p.NonceLength),
				"coordinates above p": bigX, "own key reflected": k.Nonce(),
				"compressed form": append([]byte{2}, good[:p.NonceLength/2]...),
			} {
				refuseNonce(t, k, name, nonce)
			}
			if _, _, err := k.ChannelKeys(good, good); !errors.Is(err, ErrConfig) {
				t.Errorf("neither nonce ours: %v", err)
			}
			if _, _, err := k.ChannelKeys(k.Nonce(), good); err != nil {
				t.Errorf("a good nonce: %v", err)
			}
			if _, _, err := p.ChannelKeys(good, good); !errors.Is(err, ErrConfig) {
				t.Errorf("Policy.ChannelKeys with ECC: %v", err)
			}
		})
	}
	if _, err := PolicyBasic256Sha256.NewEphemeralKey(nil); !errors.Is(err, ErrConfig) {
		t.Errorf("an ephemeral key for RSA: %v", err)
	}
	if _, _, err := PolicyBasic256Sha256.DeriveECCKeys(nil, nil, nil); !errors.Is(err, ErrConfig) {
		t.Errorf("DeriveECCKeys for RSA: %v", err)
	}
	if k := PolicyECCNistP256.DeriveKeys([]byte{1}, []byte{2}); k.SigningKey != nil {
		t.Error("DeriveKeys (P_SHA256) for an ECC policy")
	}
}

// TestECCOpenChecks: every byte of an ECC OPN chunk is covered (a flip is
// refused), a truncated signature, the wrong curve or an RSA certificate
// are refused with the right errors.
func TestECCOpenChecks(t *testing.T) {
	for _, p := range ecdsaPolicies() {
		t.Run(p.Name, func(t *testing.T) {
			ck, sk := ecKey(t, "client", p), ecKey(t, "server", p)
			s, opn, receiver := openFlipChecks(t, p, &testSigner{ck.key, ck.cert}, &testSigner{sk.key, sk.cert})
			// The signature truncated by one byte, MessageSize adjusted.
			short := append([]byte(nil), opn[:len(opn)-1]...)
			short[4]--
			if _, _, err := receiver().Receive(short); !errors.Is(err, ErrSecurityChecks) {
				t.Errorf("truncated signature: %v", err)
			}
			// Only headers, shorter than any signature.
			hdr := append([]byte(nil), opn[:len(opn)-2*p.coordSize()-10]...)
			hdr[4] = byte(len(hdr))
			hdr[5] = byte(len(hdr) >> 8)
			if _, _, err := receiver().Receive(hdr); err == nil {
				t.Errorf("chunk shorter than its signature accepted")
			}
			// A certificate on another curve, an RSA certificate.
			other := elliptic.P384()
			if p.certCurve == other {
				other = elliptic.P256()
			}
			wrong := newTestECKey(t, "wrong curve", other)
			if err := s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: wrong.key, Certificate: wrong.cert, PeerCertificate: sk.cert}); !errors.Is(err, ErrCertificate) {
				t.Errorf("local key on the wrong curve: %v", err)
			}
			rk := rsaKey(t, "client", 2048)
			if err := s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: rk.cert}); !errors.Is(err, ErrCertificate) || StatusCode(err) != StatusBadCertificateInvalid {
				t.Errorf("RSA peer certificate: %v", err)
			}
			// An RSA OPN to a receiver whose key is ECDSA: refused.
			s2, _ := NewSender(0, 0, Limits{ChunkSize: 8192})
			must(t, s2.SetAsymmetric(Asymmetric{Policy: PolicyBasic256Sha256, PrivateKey: rk.key, Certificate: rk.cert, PeerCertificate: rsaKey(t, "server", 2048).cert}))
			r, _ := NewReceiver(0, Limits{ChunkSize: 8192})
			must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}))
			rsaOPN, err := s2.Append(nil, TypeOpen, 1, []byte("x"))
			must(t, err)
			if _, _, err := r.Receive(rsaOPN); err == nil {
				t.Errorf("an ECC receiver accepted an RSA OPN")
			}
			// Policy.Verify with a signature of the wrong length.
			sig, err := p.Sign(nil, ck.key, []byte("data"))
			must(t, err)
			if p.Verify(&ck.key.PublicKey, []byte("data"), sig) != nil {
				t.Error("Sign/Verify")
			}
			for _, bad := range [][]byte{sig[:len(sig)-1], append(sig, 0), nil, make([]byte, len(sig))} {
				if p.Verify(&ck.key.PublicKey, []byte("data"), bad) == nil {
					t.Errorf("a signature of %d bytes verifies", len(bad))
				}
			}
			if _, err := p.Sign(nil, rk.key, []byte("data")); err == nil {
				t.Error("an ECC policy signs with an RSA key")
			}
			if _, err := PolicyBasic256Sha256.Sign(nil, ck.key, []byte("data")); err == nil {
				t.Error("an RSA policy signs with an ECDSA key")
			}
		})
	}
}

// TestECCSequenceNumbers: the ECC policies use the non-legacy rule: +1,
// with only 4294967295 → 0 as the wrap; the RSA wrap to a small number is
// refused.
func TestECCSequenceNumbers(t *testing.T) {
	p := PolicyECCNistP256
	client, _ := testChannelKeys(t, p)
	for _, c := range []struct {
		first, second uint32
		ok            bool
	}{
		{math.MaxUint32, 0, true},
		{math.MaxUint32, 1, false},
		{math.MaxUint32 - 5, 3, false}, // the legacy wrap
		{7, 8, true},
		{7, 7, false},
		{7, 9, false},
	} {
		s, _ := NewSender(42, c.first, Limits{ChunkSize: 8192})
		r, _ := NewReceiver(42, Limits{ChunkSize: 8192})
		must(t, s.SetToken(5, p, ModeSign, client))
		must(t, r.SetToken(5, p, ModeSign, client))
		a, err := s.Append(nil, TypeMessage, 1, []byte("a"))
		must(t, err)
		if _, _, err := r.Receive(a); err != nil {
			t.Fatal(err)
		}
		s.seq = c.second
		b, err := s.Append(nil, TypeMessage, 2, []byte("b"))
		must(t, err)
		_, _, err = r.Receive(b)
		if (err == nil) != c.ok || (!c.ok && !errors.Is(err, ErrSequenceNumber)) {
			t.Errorf("%d then %d: %v", c.first, c.second, err)
		}
	}
}
