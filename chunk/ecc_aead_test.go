package chunk

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/sha256"
	"encoding/asn1"
	"errors"
	"math/big"
	"testing"
)

// TestChainedChannelKeys: on renewal the HKDF input of ECC_nistP256_AesGcm
// is the previous input XOR the new shared secret (Part 6 1.05.07 §6.8.1),
// recomputed here with the test's own ECDH and HKDF.
func TestChainedChannelKeys(t *testing.T) {
	p := PolicyECCNistP256AesGcm
	c := PolicyECCNistP256.certCurve.Params()
	scalar := func(first int) []byte {
		b := make([]byte, 32)
		for i := range b {
			b[i] = byte(first + i)
		}
		return b
	}
	// The first token and a renewal with new ephemeral keys.
	var ikm []byte
	for round, sc := range [][2]int{{1, 33}, {65, 97}} {
		kc, ks := testEphemeral(t, p, scalar(sc[0])), testEphemeral(t, p, scalar(sc[1]))
		client, server, next, err := kc.ChainedChannelKeys(ikm, kc.Nonce(), ks.Nonce())
		must(t, err)
		client2, server2, next2, err := ks.ChainedChannelKeys(ikm, kc.Nonce(), ks.Nonce())
		must(t, err)
		if !bytes.Equal(joinKeys(client), joinKeys(client2)) || !bytes.Equal(joinKeys(server), joinKeys(server2)) || !bytes.Equal(next, next2) {
			t.Fatalf("round %d: the two sides differ", round)
		}
		// Independently: Z from the test's curve arithmetic, XOR, HKDF.
		pub := ecMul(c, new(big.Int).SetBytes(scalar(sc[1])), &affine{c.Gx, c.Gy})
		z := fixed(32, ecMul(c, new(big.Int).SetBytes(scalar(sc[0])), pub).x)
		want := append([]byte(nil), z...)
		for i := range ikm {
			want[i] ^= ikm[i]
		}
		if !bytes.Equal(next, want) {
			t.Fatalf("round %d: ikm %x, want %x", round, next, want)
		}
		salt := append([]byte{28, 0}, "opcua-client"...)
		salt = append(append(salt, kc.Nonce()...), ks.Nonce()...)
		if got, w := joinKeys(client), hkdfRFC5869(sha256.New, salt, want, salt, 28); !bytes.Equal(got, w) {
			t.Fatalf("round %d: client keys %x, want %x", round, got, w)
		}
		if round == 1 {
			first, _, err := kc.ChannelKeys(kc.Nonce(), ks.Nonce()) // without chaining
			must(t, err)
			if bytes.Equal(joinKeys(first), joinKeys(client)) {
				t.Fatal("the chained keys equal the unchained ones")
			}
		}
		ikm = next
	}
	k, _ := p.NewEphemeralKey(nil)
	peer, _ := p.NewEphemeralKey(nil)
	if _, _, _, err := k.ChainedChannelKeys(make([]byte, 31), k.Nonce(), peer.Nonce()); !errors.Is(err, ErrConfig) {
		t.Errorf("a 31-byte ikm: %v", err)
	}
	k2, _ := PolicyECCNistP256.NewEphemeralKey(nil)
	peer2, _ := PolicyECCNistP256.NewEphemeralKey(nil)
	if _, _, _, err := k2.ChainedChannelKeys(make([]byte, 32), k2.Nonce(), peer2.Nonce()); !errors.Is(err, ErrConfig) {
		t.Errorf("chaining for ECC_nistP256: %v", err)
	}
}

// TestChannelBoundOpen: the first OPN response of ECC_nistP256_AesGcm is
// signed over response ‖ request signature (checked by hand with
// crypto/ecdsa); a Receiver that is not told the request's signature, or
// told another one, refuses it; the binding applies to one chunk.
func TestChannelBoundOpen(t *testing.T) {
	p := PolicyECCNistP256AesGcm
	ck, sk := ecKey(t, "client", p), ecKey(t, "server", p)
	cs, _ := NewSender(0, 0, Limits{ChunkSize: 8192})
	must(t, cs.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
	sr, _ := NewReceiver(0, Limits{ChunkSize: 8192})
	must(t, sr.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}))
	req, err := cs.Append(nil, TypeOpen, 1, []byte("request"))
	must(t, err)
	reqSig := append([]byte(nil), cs.LastOpenSignature()...)
	if !bytes.Equal(reqSig, req[len(req)-64:]) {
		t.Fatal("LastOpenSignature is not the chunk's signature")
	}
	m, _, err := sr.Receive(req)
	must(t, err)
	if !bytes.Equal(m.Signature, reqSig) {
		t.Fatal("Message.Signature is not the request's signature")
	}

	ss, _ := NewSender(5, 0, Limits{ChunkSize: 8192})
	must(t, ss.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: sk.key, Certificate: sk.cert, PeerCertificate: ck.cert}))
	ss.BindOpen(m.Signature)
	res, err := ss.Append(nil, TypeOpen, 1, []byte("response"))
	must(t, err)
	thumbprint := append([]byte(nil), ss.LastOpenSignature()...)
	// By hand: ECDSA-SHA256 over response ‖ request signature.
	d := sha256.Sum256(append(append([]byte(nil), res[:len(res)-64]...), reqSig...))
	sig := res[len(res)-64:]
	der, _ := asn1.Marshal(struct{ R, S *big.Int }{new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])})
	if !ecdsa.VerifyASN1(&sk.key.PublicKey, d[:], der) {
		t.Fatal("the response is not signed over response ‖ request signature")
	}
	receiver := func() *Receiver {
		r, _ := NewReceiver(0, Limits{ChunkSize: 8192})
		must(t, r.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
		return r
	}
	if _, _, err := receiver().Receive(append([]byte(nil), res...)); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("a bound response without BindOpen: %v", err)
	}
	r := receiver()
	r.BindOpen(make([]byte, 64))
	if _, _, err := r.Receive(append([]byte(nil), res...)); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("bound to another signature: %v", err)
	}
	r = receiver()
	r.BindOpen(reqSig)
	m, done, err := r.Receive(append([]byte(nil), res...))
	if err != nil || !done || !bytes.Equal(m.Signature, thumbprint) {
		t.Fatalf("bound response: %v", err)
	}
	// A renewal is not bound: the next OPN of the same Sender verifies
	// without BindOpen.
	renew, err := ss.Append(nil, TypeOpen, 2, []byte("renewal"))
	must(t, err)
	if _, _, err := r.Receive(renew); err != nil {
		t.Errorf("renewal: %v", err)
	}
}

// TestHashCertificate: the channel-bound signatures hash the leaf with
// SHA-256 for nistP256; other policies have none.
func TestHashCertificate(t *testing.T) {
	k := ecKey(t, "client", PolicyECCNistP256AesGcm)
	h, err := PolicyECCNistP256AesGcm.HashCertificate(append(append([]byte(nil), k.cert...), k.cert...)) // a chain of two
	must(t, err)
	if want := sha256.Sum256(k.cert); !bytes.Equal(h, want[:]) {
		t.Errorf("hash %x, want SHA-256 of the leaf %x", h, want)
	}
	if _, err := PolicyECCNistP256.HashCertificate(k.cert); !errors.Is(err, ErrConfig) {
		t.Errorf("ECC_nistP256: %v", err)
	}
	if _, err := PolicyECCNistP256AesGcm.HashCertificate([]byte{1, 2, 3}); !errors.Is(err, ErrCertificate) {
		t.Errorf("not DER: %v", err)
	}
	if h2, err := PolicyECCNistP256ChaChaPoly.HashCertificate(k.cert); err != nil || !bytes.Equal(h2, h) {
		t.Errorf("ECC_nistP256_ChaChaPoly: %x %v", h2, err)
	}
	if _, err := PolicyECCCurve25519.HashCertificate(k.cert); !errors.Is(err, ErrConfig) {
		t.Errorf("ECC_curve25519 (not channel-bound): %v", err)
	}
}

// TestCurve25519SignKey: in Sign mode ECC_curve25519 keys ChaCha20-Poly1305
// with the signing key and SignAndEncrypt with the encrypting key, so a
// token needs the key of its mode (and only that one) and chunks of one
// mode do not verify in the other.
func TestCurve25519SignKey(t *testing.T) {
	p := PolicyECCCurve25519
	keys, _ := testChannelKeys(t, p)
	s, _ := NewSender(42, 10, Limits{ChunkSize: 8192})
	must(t, s.SetToken(3, p, ModeSign, Keys{SigningKey: keys.SigningKey, IV: keys.IV}))
	if err := s.SetToken(3, p, ModeSign, Keys{EncryptingKey: keys.EncryptingKey, IV: keys.IV}); !errors.Is(err, ErrConfig) {
		t.Errorf("Sign without a signing key: %v", err)
	}
	if err := s.SetToken(3, p, ModeSignAndEncrypt, Keys{SigningKey: keys.SigningKey, IV: keys.IV}); !errors.Is(err, ErrConfig) {
		t.Errorf("SignAndEncrypt without an encrypting key: %v", err)
	}
	if err := s.SetToken(3, p, ModeSign, Keys{SigningKey: keys.SigningKey, IV: keys.IV[:11]}); !errors.Is(err, ErrConfig) {
		t.Errorf("an 11-byte IV: %v", err)
	}
	c, err := s.Append(nil, TypeMessage, 1, []byte("signed"))
	must(t, err)
	// A receiver keyed as if the encrypting key signed: the tag fails.
	swapped := Keys{SigningKey: keys.EncryptingKey, EncryptingKey: keys.SigningKey, IV: keys.IV}
	r, _ := NewReceiver(42, Limits{ChunkSize: 8192})
	must(t, r.SetToken(3, p, ModeSign, swapped))
	r.SetLastSequenceNumber(9)
	if _, _, err := r.Receive(append([]byte(nil), c...)); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("verified with the encrypting key: %v", err)
	}
	r, _ = NewReceiver(42, Limits{ChunkSize: 8192})
	must(t, r.SetToken(3, p, ModeSign, keys))
	r.SetLastSequenceNumber(9)
	if m, _, err := r.Receive(c); err != nil || string(m.Body) != "signed" {
		t.Errorf("the right keys: %v", err)
	}
}

// TestAEADChecks, for every AEAD policy (AES-GCM and ChaCha20-Poly1305): a
// skipped sequence number changes the nonce and fails the tag; a cut tag, a
// chunk shorter than its tag and a Receiver without a previous sequence
// number are refused; the TokenId is part of the nonce.
func TestAEADChecks(t *testing.T) {
	for _, pm := range policyModes() {
		p, mode := pm.p, pm.mode
		if !p.IsAEAD() {
			continue
		}
		t.Run(p.Name+"/"+mode.String(), func(t *testing.T) {
			keys, _ := testChannelKeys(t, p)
			pair := func() (*Sender, *Receiver) {
				s, _ := NewSender(42, 10, Limits{ChunkSize: 8192})
				r, _ := NewReceiver(42, Limits{ChunkSize: 8192})
				must(t, s.SetToken(3, p, mode, keys))
				must(t, r.SetToken(3, p, mode, keys))
				r.SetLastSequenceNumber(9)
				return s, r
			}
			s, r := pair()
			a, err := s.Append(nil, TypeMessage, 1, []byte("first"))
			must(t, err)
			if _, done, err := r.Receive(a); err != nil || !done {
				t.Fatal(err)
			}
			s.seq++ // skip 11
			b, err := s.Append(nil, TypeMessage, 2, []byte("second"))
			must(t, err)
			if _, _, err := r.Receive(b); !errors.Is(err, ErrSecurityChecks) {
				t.Errorf("skipped sequence number: %v", err)
			}

			s, r = pair()
			c, err := s.Append(nil, TypeMessage, 1, []byte("a body"))
			must(t, err)
			cut := append([]byte(nil), c[:len(c)-1]...)
			cut[4]--
			if _, _, err := r.Receive(cut); !errors.Is(err, ErrSecurityChecks) {
				t.Errorf("tag cut by one byte: %v", err)
			}
			short := append([]byte(nil), c[:16+8+15]...)
			short[4], short[5] = byte(len(short)), 0
			if _, _, err := r.Receive(short); !errors.Is(err, ErrSecurityChecks) {
				t.Errorf("shorter than its tag: %v", err)
			}
			r2, _ := NewReceiver(42, Limits{ChunkSize: 8192})
			must(t, r2.SetToken(3, p, mode, keys))
			if _, _, err := r2.Receive(append([]byte(nil), c...)); !errors.Is(err, ErrSequenceNumber) {
				t.Errorf("no previous sequence number: %v", err)
			}
			// The same keys under TokenId 4: the nonce differs.
			s4, _ := NewSender(42, 10, Limits{ChunkSize: 8192})
			must(t, s4.SetToken(4, p, mode, keys))
			d, err := s4.Append(nil, TypeMessage, 1, []byte("a body"))
			must(t, err)
			binary := append([]byte(nil), d...)
			binary[12] = 3 // relabel as token 3
			_, r = pair()
			if _, _, err := r.Receive(binary); !errors.Is(err, ErrSecurityChecks) {
				t.Errorf("token 4's chunk relabelled as token 3: %v", err)
			}
			if n := len(c) - (16 + 8 + len("a body")); n != 16 {
				t.Errorf("%d bytes after the body, want the 16-byte tag", n)
			}
		})
	}
}
