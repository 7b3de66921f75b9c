package chunk

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/binary"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cloudflare/circl/dh/x448"
	"github.com/cloudflare/circl/sign/ed448"
)

// testSigner is a test key of any ECC policy with its self-signed DER
// certificate.
type testSigner struct {
	key  crypto.Signer
	cert []byte
}

var testSigners = map[string]*testSigner{}

// policyKey returns a key fitting the policy (ECDSA on its curve, Ed25519
// or Ed448) with a self-signed certificate, made once per name and kind.
func policyKey(tb testing.TB, name string, p *Policy) *testSigner {
	tb.Helper()
	if p.certCurve != nil {
		k := ecKey(tb, name, p)
		return &testSigner{k.key, k.cert}
	}
	testKeysMu.Lock()
	defer testKeysMu.Unlock()
	id := name + "/" + p.Name
	if k, ok := testSigners[id]; ok {
		return k
	}
	var k *testSigner
	switch p.sig {
	case sigEd25519:
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		must2(tb, err)
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(int64(len(testSigners) + 500)),
			Subject:      pkix.Name{CommonName: name},
			NotBefore:    time.Now().Add(-time.Hour),
			NotAfter:     time.Now().Add(time.Hour),
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, priv.Public(), priv)
		must2(tb, err)
		k = &testSigner{priv, der}
	case sigEd448:
		_, priv, err := ed448.GenerateKey(rand.Reader)
		must2(tb, err)
		k = &testSigner{priv, ed448Certificate(tb, name, priv)}
	default:
		tb.Fatalf("no test key for %s", p.Name)
	}
	testSigners[id] = k
	return k
}

// ed448Certificate builds a minimal self-signed Ed448 certificate by hand
// (RFC 5280 §4.1 without extensions, RFC 8410 for the key and signature
// algorithm), since crypto/x509 cannot create one.
func ed448Certificate(tb testing.TB, name string, priv ed448.PrivateKey) []byte {
	tb.Helper()
	alg := pkix.AlgorithmIdentifier{Algorithm: asn1.ObjectIdentifier{1, 3, 101, 113}}
	rdn, err := asn1.Marshal(pkix.Name{CommonName: name}.ToRDNSequence())
	must2(tb, err)
	tbs := struct {
		Version  int `asn1:"explicit,tag:0"`
		Serial   *big.Int
		SigAlg   pkix.AlgorithmIdentifier
		Issuer   asn1.RawValue
		Validity struct{ NotBefore, NotAfter time.Time }
		Subject  asn1.RawValue
		SPKI     struct {
			Alg pkix.AlgorithmIdentifier
			Key asn1.BitString
		}
	}{Version: 2, Serial: big.NewInt(448), SigAlg: alg, Issuer: asn1.RawValue{FullBytes: rdn}, Subject: asn1.RawValue{FullBytes: rdn}}
	tbs.Validity.NotBefore = time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	tbs.Validity.NotAfter = time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	pub := priv.Public().(ed448.PublicKey)
	tbs.SPKI.Alg, tbs.SPKI.Key = alg, asn1.BitString{Bytes: pub, BitLength: 8 * len(pub)}
	tbsDER, err := asn1.Marshal(tbs)
	must2(tb, err)
	sig := ed448.Sign(priv, tbsDER, "")
	der, err := asn1.Marshal(struct {
		TBS    asn1.RawValue
		SigAlg pkix.AlgorithmIdentifier
		Sig    asn1.BitString
	}{asn1.RawValue{FullBytes: tbsDER}, alg, asn1.BitString{Bytes: sig, BitLength: 8 * len(sig)}})
	must2(tb, err)
	return der
}

func edwardsPolicies() []*Policy { return []*Policy{PolicyECCCurve25519, PolicyECCCurve448} }

// xCurve is an RFC 7748 Montgomery curve for the test's own X25519 and
// X448, written out from RFC 7748 §5 with math/big (slow, not constant
// time) to check the package's key agreement independently.
type xCurve struct {
	p    *big.Int
	a24  int64
	bits int // scalar bits of the ladder
	size int // bytes of scalars and u-coordinates
}

var (
	curve25519 = xCurve{new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19)), 121665, 255, 32}
	curve448   = xCurve{new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 448), new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 224), big.NewInt(1))), 39081, 448, 56}
)

func leInt(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

func leBytes(x *big.Int, n int) []byte {
	b := x.FillBytes(make([]byte, n))
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// x computes X25519 or X448(k, u) (RFC 7748 §5): the scalar clamped, the
// u-coordinate's top bit masked for curve25519 and reduced.
func (c xCurve) x(k, u []byte) []byte {
	k = append([]byte(nil), k...)
	u = append([]byte(nil), u...)
	if c.size == 32 {
		k[0] &= 248
		k[31] &= 127
		k[31] |= 64
		u[31] &= 127
	} else {
		k[0] &= 252
		k[55] |= 128
	}
	p := c.p
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	ks := leInt(k)
	x1 := mod(leInt(u))
	x2, z2, x3, z3 := big.NewInt(1), big.NewInt(0), new(big.Int).Set(x1), big.NewInt(1)
	swap := uint(0)
	for t := c.bits - 1; t >= 0; t-- {
		kt := ks.Bit(t)
		swap ^= kt
		if swap == 1 {
			x2, x3 = x3, x2
			z2, z3 = z3, z2
		}
		swap = kt
		a := mod(new(big.Int).Add(x2, z2))
		aa := mod(new(big.Int).Mul(a, a))
		b := mod(new(big.Int).Sub(x2, z2))
		bb := mod(new(big.Int).Mul(b, b))
		e := mod(new(big.Int).Sub(aa, bb))
		cc := mod(new(big.Int).Add(x3, z3))
		d := mod(new(big.Int).Sub(x3, z3))
		da := mod(new(big.Int).Mul(d, a))
		cb := mod(new(big.Int).Mul(cc, b))
		s := mod(new(big.Int).Add(da, cb))
		x3 = mod(new(big.Int).Mul(s, s))
		df := mod(new(big.Int).Sub(da, cb))
		z3 = mod(new(big.Int).Mul(x1, mod(new(big.Int).Mul(df, df))))
		x2 = mod(new(big.Int).Mul(aa, bb))
		z2 = mod(new(big.Int).Mul(e, mod(new(big.Int).Add(aa, mod(new(big.Int).Mul(big.NewInt(c.a24), e))))))
	}
	if swap == 1 {
		x2, z2 = x3, z3
	}
	inv := new(big.Int).Exp(z2, new(big.Int).Sub(p, big.NewInt(2)), p)
	return leBytes(mod(new(big.Int).Mul(x2, inv)), c.size)
}

// base returns the base point's u-coordinate (9 and 5).
func (c xCurve) base() []byte {
	u := make([]byte, c.size)
	u[0] = 9
	if c.size == 56 {
		u[0] = 5
	}
	return u
}

// TestXCurveRFC7748 checks the test's own ladder against RFC 7748 §5.2's
// first test vector of each curve, so that it can be trusted below.
func TestXCurveRFC7748(t *testing.T) {
	for _, v := range []struct {
		c          xCurve
		k, u, want string
	}{
		{curve25519, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4", "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c", "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
		{curve448, "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3", "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086", "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f"},
	} {
		if got := hexOf(v.c.x(unhex(t, v.k), unhex(t, v.u))); got != v.want {
			t.Errorf("size %d: %s, want %s", v.c.size, got, v.want)
		}
	}
}

// The curve25519 and curve448 derivation vectors: private keys byte i =
// i + 1 (client) and i + 1 + size (server). The hex values were computed
// with an independent Python script (the `cryptography` package's X25519,
// X448 and HKDF-SHA256, the Part 6 §6.8.1 salts built by hand with L = 76)
// when they were written; TestEdwardsDerivationVectors recomputes them with
// the test's RFC 7748 ladder and RFC 5869 HKDF.
var edwardsVectors = []struct {
	policy                                           *Policy
	curve                                            xCurve
	clientNonce, serverNonce, secret, client, server string
}{
	{
		PolicyECCCurve25519, curve25519,
		"07a37cbc142093c8b755dc1b10e86cb426374ad16aa853ed0bdfc0b2b86d1c7c",
		"5869aff450549732cbaaed5e5df9b30a6da31cb0e5742bad5ad4a1a768f1a67b",
		"a84dc7c3c8f058b1b2dc4cd1e9b5dc0a7987f88b6a9564cde3391fc421159e77",
		"b754f7fbee921be17d61bc959cb11bb1a4843c84b5afd36cfc2171ab7b7eb56168ed4bdddaa8f36059b3eef70325bdc77a410ef060712428cb328b6d58fc6becb923980d819dfc346ab092b2",
		"b1b3732af9304250b49b9b10ee59e33b18ccfa8e2dbf51d82fd306edbefb6174624574c49bad790f2208305dba5ec427d5de9f6b2075d00b9299743d768676fef1c30e0c06b6e795865f2595",
	},
	{
		PolicyECCCurve448, curve448,
		"bda7365ba1bd9a66f2ef38db6ec5ac5fad5452e990d8b2f88f721fd53363237e775f65205d1d4667d473f0e1f4c57694d2d802e8dff06026",
		"973aba40ccfdb95b49fcb726f08d2a6d92873d8055eff00c78ff70f29a0731d7e8293af20f3ae627379d5ecefd5b69861cc2d8995649af9a",
		"d0aa214c5b42c6df518f590d66fb62c6c634ea0d7cdf21b1eb49a97001ad6b0c111a2c3e5486c7f7265c95f8ef52bc70e249e8973bc8d0c5",
		"606dc56d18e1144a121442f8d3a986cc7254c1bc6da614ab43207b1170aa5453932665d734e98ba274c0fc46de3e728cf09a375a24f1362ca016c92b72682f03962f4e59a0a25d15574037c7",
		"95aa98aaa47063f40f016da8ac9f1752afd06ce36d2529de69d24284f20eab9c6ab0d660171396dad56da62305900ac9a8ae2636755cf598a8aac422ed88ef4e623eee2691fd3a90985bcb2b",
	},
}

// testXEphemeral returns the EphemeralKey of curve25519 or curve448 with
// the given private key bytes.
func testXEphemeral(tb testing.TB, p *Policy, d []byte) *EphemeralKey {
	tb.Helper()
	if p.kex == kexX25519 {
		return testEphemeral(tb, p, d)
	}
	return newX448EphemeralKey(p, (*x448.Key)(d))
}

func TestEdwardsDerivationVectors(t *testing.T) {
	for _, v := range edwardsVectors {
		p, c := v.policy, v.curve
		t.Run(p.Name, func(t *testing.T) {
			dc, ds := make([]byte, c.size), make([]byte, c.size)
			for i := range dc {
				dc[i], ds[i] = byte(i+1), byte(i+1+c.size)
			}
			// The independent computation (Part 7: SigningKey 32,
			// EncryptingKey 32, IV 12 bytes; HKDF-SHA256).
			clientNonce, serverNonce := c.x(dc, c.base()), c.x(ds, c.base())
			secret := c.x(dc, serverNonce)
			if !bytes.Equal(secret, c.x(ds, clientNonce)) {
				t.Fatal("the test's X function is not symmetric")
			}
			kc, ks := testXEphemeral(t, p, dc), testXEphemeral(t, p, ds)
			checkDerivation(t, derivation{p, sha256.New, [3]int{32, 32, 12}, clientNonce, serverNonce, secret, kc, ks},
				[5]string{v.clientNonce, v.serverNonce, v.secret, v.client, v.server})
		})
	}
}

// lowOrder returns u-coordinates of points of small order (and their
// non-canonical encodings) that a peer could send to force a known shared
// secret: RFC 7748 §6 and Bernstein's list for curve25519; 0, 1 and p - 1
// (and p, p + 1) for curve448.
func lowOrder(c xCurve) map[string][]byte {
	p := c.p
	n := func(x *big.Int) []byte {
		return leBytes(new(big.Int).Mod(x, new(big.Int).Lsh(big.NewInt(1), uint(8*c.size))), c.size)
	}
	out := map[string][]byte{
		"0": n(big.NewInt(0)), "1": n(big.NewInt(1)), "p-1": n(new(big.Int).Sub(p, big.NewInt(1))),
		"p": n(p), "p+1": n(new(big.Int).Add(p, big.NewInt(1))),
	}
	if c.size == 32 {
		o8a, _ := new(big.Int).SetString("325606250916557431795983626356110631294008115727848805560023387167927233504", 10)
		o8b, _ := new(big.Int).SetString("39382357235489614581723060781553021112529911719440698176882885853963445705823", 10)
		out["order 8 (a)"], out["order 8 (b)"] = n(o8a), n(o8b)
		// The same with the top bit set, which X25519 ignores.
		top := new(big.Int).Lsh(big.NewInt(1), 255)
		for name, u := range map[string]*big.Int{"0": big.NewInt(0), "order 8 (a)": o8a, "order 8 (b)": o8b, "p-1": new(big.Int).Sub(p, big.NewInt(1))} {
			out[name+" + 2^255"] = n(new(big.Int).Add(u, top))
		}
	}
	return out
}

// TestEdwardsNonceChecks: a low-order peer key (which would make the
// shared secret all zeros, whatever our key), a nonce of the wrong length
// and our own key sent back are Bad_NonceInvalid; the test's ladder
// confirms each low-order point gives 0.
func TestEdwardsNonceChecks(t *testing.T) {
	for i, p := range edwardsPolicies() {
		c := []xCurve{curve25519, curve448}[i]
		t.Run(p.Name, func(t *testing.T) {
			k, err := p.NewEphemeralKey(nil)
			must(t, err)
			peer, err := p.NewEphemeralKey(nil)
			must(t, err)
			good := peer.Nonce()
			cases := map[string][]byte{
				"empty": nil, "short": good[:len(good)-1], "long": append(append([]byte(nil), good...), 0),
				"own key reflected": k.Nonce(), "nistP256 size": make([]byte, 64),
			}
			for name, u := range lowOrder(c) {
				if z := c.x(bytes.Repeat([]byte{0x5a}, c.size), u); !bytes.Equal(z, make([]byte, c.size)) {
					t.Fatalf("%s is not of low order: X(k, u) = %x", name, z)
				}
				cases["low order "+name] = u
			}
			for name, nonce := range cases {
				refuseNonce(t, k, name, nonce)
			}
			if _, _, err := k.ChannelKeys(k.Nonce(), good); err != nil {
				t.Errorf("a good nonce: %v", err)
			}
			if _, _, _, err := k.ChainedChannelKeys(make([]byte, c.size), k.Nonce(), good); !errors.Is(err, ErrConfig) {
				t.Errorf("chaining for %s (not channel-bound): %v", p.Name, err)
			}
		})
	}
}

// TestEdwardsOpenFraming checks a curve25519 and a curve448 OPN chunk
// against one built by hand (headers, no padding, the EdDSA signature
// after the body) and its signature with crypto/ed25519 and circl's ed448
// directly.
func TestEdwardsOpenFraming(t *testing.T) {
	for _, p := range edwardsPolicies() {
		t.Run(p.Name, func(t *testing.T) {
			ck, sk := policyKey(t, "client", p), policyKey(t, "server", p)
			body := []byte("an OpenSecureChannelRequest body")
			s, got := framedOpen(t, p, ck, sk, body)
			sigLen := map[*Policy]int{PolicyECCCurve25519: 64, PolicyECCCurve448: 114}[p]
			want := handOpen(p, ck.cert, sk.cert, 1, body, sigLen)
			if len(got) != len(want)+sigLen || !bytes.Equal(got[:len(want)], want) {
				t.Fatalf("OPN chunk differs from the hand-built one")
			}
			sig := got[len(want):]
			var ok bool
			switch k := ck.key.(type) {
			case ed25519.PrivateKey:
				ok = ed25519.Verify(k.Public().(ed25519.PublicKey), want, sig)
			case ed448.PrivateKey:
				ok = ed448.Verify(k.Public().(ed448.PublicKey), want, sig, "")
			}
			if !ok {
				t.Fatal("the OPN signature does not verify over the chunk")
			}
			if !bytes.Equal(s.LastOpenSignature(), sig) {
				t.Error("LastOpenSignature")
			}
			r, _ := NewReceiver(0, Limits{ChunkSize: 8192})
			must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}))
			m, done, err := r.Receive(got)
			if err != nil || !done || !bytes.Equal(m.Body, body) || m.Policy != p || !bytes.Equal(m.Signature, sig) {
				t.Fatalf("receive: %v %v %+v", err, done, m)
			}
		})
	}
}

// framedOpen returns a Sender of policy p from the key ck to sk (chunk
// size 8192) and the OPN chunk (request id 1) it framed for body.
func framedOpen(tb testing.TB, p *Policy, ck, sk *testSigner, body []byte) (*Sender, []byte) {
	tb.Helper()
	s, err := NewSender(0, 0, Limits{ChunkSize: 8192})
	must2(tb, err)
	must2(tb, s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
	opn, err := s.Append(nil, TypeOpen, 1, body)
	must2(tb, err)
	return s, opn
}

// refuseNonce checks that k refuses nonce as the peer's, from the
// client's side and (unless it is k's own key) from the server's, with
// ErrNonce (Bad_NonceInvalid).
func refuseNonce(t *testing.T, k *EphemeralKey, name string, nonce []byte) {
	t.Helper()
	if _, _, err := k.ChannelKeys(k.Nonce(), nonce); !errors.Is(err, ErrNonce) || StatusCode(err) != StatusBadNonceInvalid {
		t.Errorf("%s: %v", name, err)
	}
	if !bytes.Equal(nonce, k.Nonce()) {
		if _, _, err := k.ChannelKeys(nonce, k.Nonce()); !errors.Is(err, ErrNonce) {
			t.Errorf("%s as client nonce: %v", name, err)
		}
	}
}

// openFlipChecks frames an OPN chunk of policy p from the client key ck to
// the server key sk, checks that a Receiver of the server accepts it and
// refuses it with any one byte flipped, and returns the Sender, the chunk
// and a function making such Receivers.
func openFlipChecks(t *testing.T, p *Policy, ck, sk *testSigner) (*Sender, []byte, func() *Receiver) {
	t.Helper()
	s, opn := framedOpen(t, p, ck, sk, []byte("open request body"))
	receiver := func() *Receiver {
		r, _ := NewReceiver(0, Limits{ChunkSize: 8192})
		must(t, r.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: sk.key, Certificate: sk.cert, PeerCertificate: ck.cert}))
		return r
	}
	if _, _, err := receiver().Receive(append([]byte(nil), opn...)); err != nil {
		t.Fatal(err)
	}
	for i := range opn {
		c := append([]byte(nil), opn...)
		c[i] ^= 0x14
		if _, _, err := receiver().Receive(c); err == nil {
			t.Fatalf("byte %d flipped: accepted", i)
		}
	}
	return s, opn, receiver
}

// TestEdwardsOpenChecks: every byte of an OPN chunk flipped is refused; a
// signature one byte short (an Ed25519 signature of 63 bytes), an empty
// one, keys and certificates of another kind are refused with the right
// errors; Policy.Verify refuses signatures of the wrong length.
func TestEdwardsOpenChecks(t *testing.T) {
	for _, p := range edwardsPolicies() {
		t.Run(p.Name, func(t *testing.T) {
			ck, sk := policyKey(t, "client", p), policyKey(t, "server", p)
			s, opn, receiver := openFlipChecks(t, p, ck, sk)
			for cut := 1; cut <= 2; cut++ {
				short := append([]byte(nil), opn[:len(opn)-cut]...)
				binary.LittleEndian.PutUint32(short[4:], uint32(len(short)))
				if _, _, err := receiver().Receive(short); !errors.Is(err, ErrSecurityChecks) {
					t.Errorf("signature %d bytes short: %v", cut, err)
				}
			}
			sig, err := p.Sign(nil, ck.key, []byte("data"))
			must(t, err)
			pub := ck.key.Public()
			if err := p.Verify(pub, []byte("data"), sig); err != nil {
				t.Fatal(err)
			}
			for _, bad := range [][]byte{sig[:len(sig)-1], append(append([]byte(nil), sig...), 0), nil, make([]byte, len(sig))} {
				if p.Verify(pub, []byte("data"), bad) == nil {
					t.Errorf("a signature of %d bytes verifies", len(bad))
				}
			}
			if p.Verify(pub, []byte("datA"), sig) == nil {
				t.Error("a signature of other data verifies")
			}
			// Keys and certificates of another kind.
			other := policyKey(t, "client", PolicyECCCurve448)
			if p == PolicyECCCurve448 {
				other = policyKey(t, "client", PolicyECCCurve25519)
			}
			ec := policyKey(t, "client", PolicyECCNistP256)
			rk := rsaKey(t, "client", 2048)
			for name, cert := range map[string][]byte{"other EdDSA": other.cert, "ECDSA": ec.cert, "RSA": rk.cert} {
				if err := s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: cert}); !errors.Is(err, ErrCertificate) || StatusCode(err) != StatusBadCertificateInvalid {
					t.Errorf("%s peer certificate: %v", name, err)
				}
			}
			for name, key := range map[string]crypto.Signer{"other EdDSA": other.key, "ECDSA": ec.key, "RSA": rk.key} {
				if err := s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: key, Certificate: ck.cert, PeerCertificate: sk.cert}); !errors.Is(err, ErrCertificate) {
					t.Errorf("%s local key: %v", name, err)
				}
				if _, err := p.Sign(nil, key, []byte("data")); err == nil {
					t.Errorf("%s signs with a %s key", p.Name, name)
				}
				if p.Verify(key.Public(), []byte("data"), sig) == nil {
					t.Errorf("%s verifies with a %s key", p.Name, name)
				}
			}
			if _, err := PolicyECCNistP256.Sign(nil, ck.key, []byte("data")); err == nil {
				t.Error("ECC_nistP256 signs with an EdDSA key")
			}
			// A truncated EdDSA private key is refused, not a panic.
			var truncated crypto.Signer = ed25519.PrivateKey(make([]byte, 10))
			if p == PolicyECCCurve448 {
				truncated = ed448.PrivateKey(make([]byte, 10))
			}
			if err := s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: truncated, Certificate: ck.cert, PeerCertificate: sk.cert}); !errors.Is(err, ErrConfig) {
				t.Errorf("truncated private key: %v", err)
			}
			// The whole handshake refuses an OPN signed for the other
			// policy's curve: the receiver's key must fit.
			if p.SignatureAlgorithm() != "" {
				t.Errorf("SignatureAlgorithm = %q", p.SignatureAlgorithm())
			}
		})
	}
}

// TestEd448CertificateFromOpenSSL parses an Ed448 certificate made by
// OpenSSL (testdata/ed448_cert.der, see testdata/README.md): the key must be
// the one OpenSSL printed, and the certificate's own signature must verify
// with it.
func TestEd448CertificateFromOpenSSL(t *testing.T) {
	der, err := os.ReadFile(filepath.Join("testdata", "ed448_cert.der"))
	must(t, err)
	leaf, pub, err := parseCertificate(der)
	must(t, err)
	want := "b8a83ece0154ace7cdb683bcd13f24d79cb5e9c8899358ff74c8f46976916bcb624b1d5681564b625767976b2b5aaf227ec06939a979582f00"
	k, ok := pub.(ed448.PublicKey)
	if !ok || hexOf(k) != want || !bytes.Equal(leaf, der) {
		t.Fatalf("key %T %x", pub, pub)
	}
	c, err := x509.ParseCertificate(der)
	must(t, err)
	if !ed448.Verify(k, c.RawTBSCertificate, c.Signature, "") {
		t.Fatal("the certificate's signature does not verify with the parsed key")
	}
	if err := checkKey(PolicyECCCurve448, pub, "peer"); err != nil {
		t.Fatal(err)
	}
	if err := checkKey(PolicyECCCurve25519, pub, "peer"); !errors.Is(err, ErrCertificate) {
		t.Errorf("an Ed448 key for curve25519: %v", err)
	}
	// The SubjectPublicKeyInfo parser refuses everything else.
	spki := c.RawSubjectPublicKeyInfo
	edc := policyKey(t, "client", PolicyECCCurve25519)
	c25519, _ := x509.ParseCertificate(edc.cert)
	for name, b := range map[string][]byte{
		"empty": nil, "truncated": spki[:len(spki)-1], "trailing": append(append([]byte(nil), spki...), 0),
		"Ed25519": c25519.RawSubjectPublicKeyInfo,
		"short key": func() []byte {
			b := append([]byte(nil), spki...)
			b[1]--         // SEQUENCE length
			b[len(b)-59]-- // BIT STRING length
			return b[:len(b)-1]
		}(),
	} {
		if _, err := ParseEd448PublicKey(b); !errors.Is(err, ErrCertificate) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
