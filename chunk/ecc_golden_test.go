package chunk

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/asn1"
	"encoding/binary"
	"hash"
	"math/big"
	"testing"
)

// The ECC key derivation vectors: ephemeral private scalars byte i = i + 1
// (client) and i + 1 + size (server), size the coordinate size. The hex
// values below were computed with an independent Python script (the
// `cryptography` package's ECDH and HKDF, Part 6 §6.8.1 salts built by
// hand) when they were written; TestECCDerivationVectors also recomputes
// them in Go without the package's code (affine curve arithmetic with
// math/big, HKDF from RFC 5869 with crypto/hmac).
var eccVectors = []struct {
	policy                                           *Policy
	clientNonce, serverNonce, secret, client, server string
}{
	{
		PolicyECCNistP256,
		"515c3d6eb9e396b904d3feca7f54fdcd0cc1e997bf375dca515ad0a6c3b4035f4536be3a50f318fbf9a5475902a221502bef0d57e08c53b2cc0a56f17d9f9354",
		"1f140146bfb1b251f84f4ddbe0d4cdcfd77afd984a9520e35794021f8312bb9eec995a08b1fa7704df3dcc0b50a9665263fb7711f95f9f8a449c5096e47c892b",
		"4fe243908f378aa1c2a69538822e6ed908c3225d8692575507c649901245150a",
		"157401311274f529440b52bfa97c427049e94c9011f83ed9cc5940d4653c2fc29a5fee2a188821a0e6e333f76fde481fa4ff9999a31cd5e383e5c3957cce6eab",
		"cec74db6fdc4b60d51d5a7f16ffef1a6bd87b297527f839366c272dcc0b8788cd5b5c2cb862b52a5ff276c23517abfaf699450c5ee66a90fe4175f51d16b027e",
	},
	{
		PolicyECCNistP384,
		"c76f2283dda95cd49b0ed9e733d2904474e37216f124e13d2c9ab4cf01021c49ad9cabb3d0b97499aef2f0ab313fa02826bc1f83451b5c8962a75caff73588d4400a6296436154fb343c393e91048a6c7bcbadc83cd8a5f26feae883156f92a1",
		"db89855d1980b2aacdec0752249bea9e0630c16b69c095f6c752b2547b520d8109511d908881491780594f03cfee8a0a8ca0eb1e634971e4c6fc551ca684edc32994c9068fc83964eb7ada3bbb9b1f2469d57da6460ba7462d4d3b9e9a4fe421",
		"9fafc5903b2f873ed24fffa1c5d44d75bf047179b13b3b3ea3681cfb329e80477e17aaa98ab10bff8265a0a6e9da74aa",
		"98caeadaebdb59a527fd305b1d2102d74b3d729780823626977d945ec1221a9793dfac6c6406b30640743c289a1b9f46da3e8c4869ec62449292b68c3e7e65fe295edaaa588711fca0da8d65f762e18ed359c1c1aaf825827afaa21fb3e341ab",
		"3ea873ff23facaa2d32ff9976d6b2ad42dc9cddc73725aeb715d118a4c288992dda499a910357202b7cb7c9784bc8bf2363990b160283d8530c756b7ae562bf66b1bdd7ef62f4738019b09198ba1f5c4b53e0028fcaf76e0930d01b67d56c2b1",
	},
	{
		// The same ephemeral keys as ECC_nistP256; L = 0 + 16 + 12 = 28
		// (no signing key, a 12-byte IV).
		PolicyECCNistP256AesGcm,
		"515c3d6eb9e396b904d3feca7f54fdcd0cc1e997bf375dca515ad0a6c3b4035f4536be3a50f318fbf9a5475902a221502bef0d57e08c53b2cc0a56f17d9f9354",
		"1f140146bfb1b251f84f4ddbe0d4cdcfd77afd984a9520e35794021f8312bb9eec995a08b1fa7704df3dcc0b50a9665263fb7711f95f9f8a449c5096e47c892b",
		"4fe243908f378aa1c2a69538822e6ed908c3225d8692575507c649901245150a",
		"a83998406bb8a6ea9607384fee4e873430f34629f8523e3980605a33",
		"1f50292ceb7c3457ec091836ab7f4af706debb833415bafd304d1e65",
	},
	{
		// The same ephemeral keys again; L = 0 + 32 + 12 = 44.
		PolicyECCNistP256ChaChaPoly,
		"515c3d6eb9e396b904d3feca7f54fdcd0cc1e997bf375dca515ad0a6c3b4035f4536be3a50f318fbf9a5475902a221502bef0d57e08c53b2cc0a56f17d9f9354",
		"1f140146bfb1b251f84f4ddbe0d4cdcfd77afd984a9520e35794021f8312bb9eec995a08b1fa7704df3dcc0b50a9665263fb7711f95f9f8a449c5096e47c892b",
		"4fe243908f378aa1c2a69538822e6ed908c3225d8692575507c649901245150a",
		"1857aa8193d2918186ce13770aa56ff2c934eeff8b6573583384d1b901d57f1a1ffb919c27b409a890c72985",
		"6d89e49fa60e99fc1ccfe12f28cd2898c0528990f71d5fcec41912b1fd5ff3537bd574e4744c1612271d2944",
	},
}

// affine is a point of a short Weierstrass curve y² = x³ - 3x + b over the
// prime field p, in affine coordinates; nil is the point at infinity. It is
// the test's own arithmetic, slow and not constant-time, to check the
// package's ECDH (crypto/ecdh) independently.
type affine struct{ x, y *big.Int }

func ecAdd(c *elliptic.CurveParams, a, b *affine) *affine {
	p := c.P
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	var l *big.Int
	if a.x.Cmp(b.x) == 0 {
		if new(big.Int).Add(a.y, b.y).Mod(new(big.Int).Add(a.y, b.y), p).Sign() == 0 {
			return nil
		}
		// l = (3x² - 3) / 2y
		num := new(big.Int).Mul(a.x, a.x)
		num.Mul(num, big.NewInt(3)).Sub(num, big.NewInt(3))
		den := new(big.Int).Lsh(a.y, 1)
		l = num.Mul(num, den.ModInverse(den.Mod(den, p), p))
	} else {
		num := new(big.Int).Sub(b.y, a.y)
		den := new(big.Int).Sub(b.x, a.x)
		l = num.Mul(num, den.ModInverse(den.Mod(den, p), p))
	}
	l.Mod(l, p)
	x := new(big.Int).Mul(l, l)
	x.Sub(x, a.x).Sub(x, b.x).Mod(x, p)
	y := new(big.Int).Sub(a.x, x)
	y.Mul(y, l).Sub(y, a.y).Mod(y, p)
	return &affine{x, y}
}

func ecMul(c *elliptic.CurveParams, k *big.Int, pt *affine) *affine {
	var r *affine
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = ecAdd(c, r, r)
		if k.Bit(i) == 1 {
			r = ecAdd(c, r, pt)
		}
	}
	return r
}

// hkdfRFC5869 is HKDF written out from RFC 5869 §2.2-2.3.
func hkdfRFC5869(h func() hash.Hash, salt, ikm, info []byte, n int) []byte {
	ext := hmac.New(h, salt)
	ext.Write(ikm)
	prk := ext.Sum(nil)
	var out, t []byte
	for i := byte(1); len(out) < n; i++ {
		m := hmac.New(h, prk)
		m.Write(t)
		m.Write(info)
		m.Write([]byte{i})
		t = m.Sum(nil)
		out = append(out, t...)
	}
	return out[:n]
}

func fixed(n int, x *big.Int) []byte { return x.FillBytes(make([]byte, n)) }

func TestECCDerivationVectors(t *testing.T) {
	for _, v := range eccVectors {
		p := v.policy
		t.Run(p.Name, func(t *testing.T) {
			var c *elliptic.CurveParams
			var h func() hash.Hash
			var lengths [3]int // signing key, encrypting key, IV (Part 7 policy tables)
			switch p {
			case PolicyECCNistP256:
				c, h, lengths = elliptic.P256().Params(), sha256.New, [3]int{32, 16, 16}
			case PolicyECCNistP384:
				c, h, lengths = elliptic.P384().Params(), sha512.New384, [3]int{48, 32, 16}
			case PolicyECCNistP256AesGcm:
				c, h, lengths = elliptic.P256().Params(), sha256.New, [3]int{0, 16, 12}
			case PolicyECCNistP256ChaChaPoly:
				c, h, lengths = elliptic.P256().Params(), sha256.New, [3]int{0, 32, 12}
			}
			size := (c.BitSize + 7) / 8
			scalar := func(first int) []byte {
				b := make([]byte, size)
				for i := range b {
					b[i] = byte(first + i)
				}
				return b
			}
			dc, ds := scalar(1), scalar(1+size)

			// The independent computation.
			g := &affine{c.Gx, c.Gy}
			pc := ecMul(c, new(big.Int).SetBytes(dc), g)
			ps := ecMul(c, new(big.Int).SetBytes(ds), g)
			clientNonce := append(fixed(size, pc.x), fixed(size, pc.y)...)
			serverNonce := append(fixed(size, ps.x), fixed(size, ps.y)...)
			z := ecMul(c, new(big.Int).SetBytes(dc), ps)
			secret := fixed(size, z.x)
			if z2 := ecMul(c, new(big.Int).SetBytes(ds), pc); z2.x.Cmp(z.x) != 0 {
				t.Fatal("the test's ECDH is not symmetric")
			}
			kc, ks := testEphemeral(t, p, dc), testEphemeral(t, p, ds)
			checkDerivation(t, derivation{p, h, lengths, clientNonce, serverNonce, secret, kc, ks},
				[5]string{v.clientNonce, v.serverNonce, v.secret, v.client, v.server})
		})
	}
}

// derivation is one ECC key derivation as a test computed it on its own:
// the nonces and shared secret from its own curve arithmetic, with the
// policy's hash and key lengths (signing key, encrypting key, IV) from
// Part 7; kc and ks are the package's ephemeral keys with the same
// private keys.
type derivation struct {
	p                                *Policy
	h                                func() hash.Hash
	lengths                          [3]int
	clientNonce, serverNonce, secret []byte
	kc, ks                           *EphemeralKey
}

// checkDerivation derives the keys with HKDF written from RFC 5869 and the
// Part 6 §6.8.1 salts built by hand, compares nonces, secret and keys with
// the pinned vector (client nonce, server nonce, secret, client keys,
// server keys, from an independent Python computation), and then checks
// the package: its nonces, and ChannelKeys from both sides.
func checkDerivation(t *testing.T, d derivation, vector [5]string) {
	t.Helper()
	L := d.lengths[0] + d.lengths[1] + d.lengths[2]
	salt := func(label string, a, b []byte) []byte {
		s := binary.LittleEndian.AppendUint16(nil, uint16(L))
		return append(append(append(s, label...), a...), b...)
	}
	cs := salt("opcua-client", d.clientNonce, d.serverNonce)
	ss := salt("opcua-server", d.serverNonce, d.clientNonce)
	wantClient := hkdfRFC5869(d.h, cs, d.secret, cs, L)
	wantServer := hkdfRFC5869(d.h, ss, d.secret, ss, L)
	for i, got := range [][]byte{d.clientNonce, d.serverNonce, d.secret, wantClient, wantServer} {
		if hexOf(got) != vector[i] {
			t.Errorf("%s: the Go recomputation %x differs from the Python vector %s",
				[]string{"clientNonce", "serverNonce", "secret", "client", "server"}[i], got, vector[i])
		}
	}
	if !bytes.Equal(d.kc.Nonce(), d.clientNonce) || !bytes.Equal(d.ks.Nonce(), d.serverNonce) || len(d.kc.Nonce()) != d.p.NonceLength {
		t.Fatalf("nonces differ: %x %x", d.kc.Nonce(), d.ks.Nonce())
	}
	for side, k := range map[string]*EphemeralKey{"client": d.kc, "server": d.ks} {
		client, server, err := k.ChannelKeys(d.clientNonce, d.serverNonce)
		if err != nil {
			t.Fatal(side, err)
		}
		if got := joinKeys(client); !bytes.Equal(got, wantClient) {
			t.Errorf("%s side: client keys %x, want %x", side, got, wantClient)
		}
		if got := joinKeys(server); !bytes.Equal(got, wantServer) {
			t.Errorf("%s side: server keys %x, want %x", side, got, wantServer)
		}
		if len(client.SigningKey) != d.lengths[0] || len(client.EncryptingKey) != d.lengths[1] || len(client.IV) != d.lengths[2] {
			t.Errorf("%s side: key lengths %d %d %d", side, len(client.SigningKey), len(client.EncryptingKey), len(client.IV))
		}
	}
}

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, x := range b {
		out = append(out, digits[x>>4], digits[x&15])
	}
	return string(out)
}

func joinKeys(k Keys) []byte {
	return append(append(append([]byte(nil), k.SigningKey...), k.EncryptingKey...), k.IV...)
}

// testEphemeral returns the EphemeralKey with the given private scalar.
func testEphemeral(tb testing.TB, p *Policy, d []byte) *EphemeralKey {
	tb.Helper()
	priv, err := p.curve.NewPrivateKey(d)
	if err != nil {
		tb.Fatal(err)
	}
	return newEphemeralKey(p, priv)
}

// TestECCOpenFraming checks an ECC OPN chunk against one built by hand
// (Part 6 §6.7.2: message header, asymmetric security header, sequence
// header, body, and a signature without padding since nothing is
// encrypted), and its signature with crypto/ecdsa after converting r || s
// to ASN.1 by hand.
func TestECCOpenFraming(t *testing.T) {
	for _, p := range ecdsaPolicies() {
		t.Run(p.Name, func(t *testing.T) {
			ck, sk := ecKey(t, "client", p), ecKey(t, "server", p)
			s, err := NewSender(0, 0, Limits{ChunkSize: 8192})
			must(t, err)
			must(t, s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
			body := []byte("an OpenSecureChannelRequest body")
			got, err := s.Append(nil, TypeOpen, 3, body)
			must(t, err)

			n := (p.certCurve.Params().BitSize + 7) / 8
			want := handOpen(p, ck.cert, sk.cert, 3, body, 2*n)
			if len(got) != len(want)+2*n || !bytes.Equal(got[:len(want)], want) {
				t.Fatalf("OPN chunk differs from the hand-built one:\n got % x\nwant % x", got[:min(len(got), len(want))], want)
			}
			var digest []byte
			if p.certCurve == elliptic.P256() {
				d := sha256.Sum256(want)
				digest = d[:]
			} else {
				d := sha512.Sum384(want)
				digest = d[:]
			}
			sig := got[len(want):]
			der, err := asn1.Marshal(struct{ R, S *big.Int }{new(big.Int).SetBytes(sig[:n]), new(big.Int).SetBytes(sig[n:])})
			must(t, err)
			if !ecdsa.VerifyASN1(&ck.key.PublicKey, digest, der) {
				t.Fatal("the OPN signature does not verify as r || s")
			}

			r, err := NewReceiver(0, Limits{ChunkSize: 8192})
			must(t, err)
			must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}))
			m, done, err := r.Receive(got)
			if err != nil || !done || !bytes.Equal(m.Body, body) || m.Policy != p || m.SequenceNumber != 0 {
				t.Fatalf("receive: %v %v %+v", err, done, m)
			}
		})
	}
}

// handOpen builds an OPN chunk of an ECC policy by hand up to its
// signature (Part 6 §6.7.2: message header with MessageSize counting a
// signature of sigLen bytes, asymmetric security header with the sender's
// certificate and the SHA-1 thumbprint of the receiver's, sequence header
// with sequence number 0, the non-legacy start, and requestID, the body; no
// padding since nothing is encrypted).
func handOpen(p *Policy, senderCert, receiverCert []byte, requestID uint32, body []byte, sigLen int) []byte {
	want := []byte{'O', 'P', 'N', 'F', 0, 0, 0, 0, 0, 0, 0, 0}
	str := func(b []byte) {
		want = binary.LittleEndian.AppendUint32(want, uint32(len(b)))
		want = append(want, b...)
	}
	str([]byte(p.URI))
	str(senderCert)
	thumb := sha1.Sum(receiverCert)
	str(thumb[:])
	want = binary.LittleEndian.AppendUint32(want, 0)
	want = binary.LittleEndian.AppendUint32(want, requestID)
	want = append(want, body...)
	binary.LittleEndian.PutUint32(want[4:], uint32(len(want)+sigLen))
	return want
}

// ecKey returns an ECDSA test key on the policy's curve with a self-signed
// certificate, made once per name and curve.
func ecKey(tb testing.TB, name string, p *Policy) *testECKey {
	tb.Helper()
	testKeysMu.Lock()
	defer testKeysMu.Unlock()
	id := name + "/" + p.certCurve.Params().Name
	if k, ok := testECKeys[id]; ok {
		return k
	}
	k := newTestECKey(tb, name, p.certCurve)
	testECKeys[id] = k
	return k
}
