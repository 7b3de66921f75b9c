package chunk

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"
)

// openEndpoints builds the client and server sides of an OPN exchange.
type openSide struct {
	s *Sender
	r *Receiver
	k *testKey
}

func newOpenSide(t *testing.T, k *testKey, p *Policy, peerCert []byte, channelID uint32) openSide {
	t.Helper()
	s, err := NewSender(channelID, 1, Limits{ChunkSize: 65535})
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReceiver(channelID, Limits{ChunkSize: 65535, MaxMessageSize: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	a := Asymmetric{Policy: p, PrivateKey: k.key, Certificate: k.cert, PeerCertificate: peerCert}
	if err := s.SetAsymmetric(a); err != nil {
		t.Fatal(err)
	}
	if err := r.SetAsymmetric(a); err != nil {
		t.Fatal(err)
	}
	return openSide{s, r, k}
}

// TestOpenExchange runs an OPN request/response with RSA keys of 2048 and
// 4096 bits (4096 needs the ExtraPaddingSize byte) for every policy, derives
// the symmetric keys from the nonces carried in the bodies, and exchanges
// MSG chunks both ways.
func TestOpenExchange(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 4096-bit RSA keys")
	}
	type pair struct{ client, server int }
	for _, p := range rsaPolicies() {
		pairs := []pair{{2048, 2048}, {2048, 4096}, {4096, 2048}}
		if p.MaxKeyBits < 4096 {
			pairs = []pair{{2048, 2048}}
		}
		for _, bits := range pairs {
			t.Run(fmt.Sprintf("%s/%d-%d", p.Name, bits.client, bits.server), func(t *testing.T) {
				ck, sk := rsaKey(t, "client", bits.client), rsaKey(t, "server", bits.server)
				client := newOpenSide(t, ck, p, sk.cert, 0)
				// The server's Receiver accepts any policy and learns the
				// client's certificate from the request.
				sr, _ := NewReceiver(0, Limits{ChunkSize: 65535})
				if err := sr.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert}); err != nil {
					t.Fatal(err)
				}

				clientNonce := make([]byte, p.NonceLength)
				rand.Read(clientNonce)
				reqBody := append([]byte("OpenSecureChannelRequest:"), clientNonce...)
				req, err := client.s.Append(nil, TypeOpen, 1, reqBody)
				if err != nil {
					t.Fatal(err)
				}
				m, done, err := sr.Receive(append([]byte(nil), req...))
				if err != nil || !done {
					t.Fatalf("server receives OPN: %v", err)
				}
				if m.Type != TypeOpen || m.Policy != p || !bytes.Equal(m.Body, reqBody) || m.RequestID != 1 ||
					!bytes.Equal(m.Security.SenderCertificate, ck.cert) {
					t.Fatalf("OPN request differs: %+v", m)
				}
				thumb := sha1.Sum(sk.cert)
				if !bytes.Equal(m.Security.ReceiverCertificateThumbprint, thumb[:]) {
					t.Fatal("thumbprint differs")
				}

				// The server answers with the channel id it assigns.
				ss, _ := NewSender(77, 500, Limits{ChunkSize: 65535})
				if err := ss.SetAsymmetric(Asymmetric{Policy: m.Policy, PrivateKey: sk.key, Certificate: sk.cert,
					PeerCertificate: append([]byte(nil), m.Security.SenderCertificate...)}); err != nil {
					t.Fatal(err)
				}
				serverNonce := make([]byte, p.NonceLength)
				rand.Read(serverNonce)
				resBody := append([]byte("OpenSecureChannelResponse:"), serverNonce...)
				res, err := ss.Append(nil, TypeOpen, 1, resBody)
				if err != nil {
					t.Fatal(err)
				}
				checkOpenLayout(t, res, p, sk, ck, resBody)
				m, done, err = client.r.Receive(res)
				if err != nil || !done || !bytes.Equal(m.Body, resBody) || m.ChannelID != 77 {
					t.Fatalf("client receives OPN response: %v %+v", err, m)
				}

				// Both sides derive the keys and exchange messages.
				cKeys, sKeys, err := p.ChannelKeys(clientNonce, serverNonce)
				if err != nil {
					t.Fatal(err)
				}
				for _, mode := range []SecurityMode{ModeSign, ModeSignAndEncrypt} {
					client.s.SetChannelID(77)
					client.r.SetChannelID(77)
					sr.SetChannelID(77)
					must(t, client.s.SetToken(1, p, mode, cKeys))
					must(t, sr.SetToken(1, p, mode, cKeys))
					must(t, ss.SetToken(1, p, mode, sKeys))
					must(t, client.r.SetToken(1, p, mode, sKeys))
					body := w8Body()
					out, err := client.s.Append(nil, TypeMessage, 2, body)
					must(t, err)
					if msgs := receiveAll(t, sr, out); len(msgs) != 1 || !bytes.Equal(msgs[0].Body, body) {
						t.Fatal("request differs")
					}
					out, err = ss.Append(nil, TypeMessage, 2, body[:1000])
					must(t, err)
					if msgs := receiveAll(t, client.r, out); len(msgs) != 1 || !bytes.Equal(msgs[0].Body, body[:1000]) {
						t.Fatal("response differs")
					}
				}
			})
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// checkOpenLayout decrypts an OPN chunk with crypto/rsa directly and checks
// the Part 6 layout: headers, sequence header, body, padding with the
// ExtraPaddingSize byte for receiver keys above 2048 bits, and the signature.
func checkOpenLayout(t *testing.T, chunk []byte, p *Policy, sender, receiver *testKey, body []byte) {
	t.Helper()
	ah, n, err := ParseAsymmetricHeader(chunk[12:])
	if err != nil {
		t.Fatal(err)
	}
	hs := 12 + n
	if ah.SecurityPolicyURI != p.URI || !bytes.Equal(ah.SenderCertificate, sender.cert) {
		t.Fatal("asymmetric header differs")
	}
	if int(binary.LittleEndian.Uint32(chunk[4:])) != len(chunk) {
		t.Fatal("message size is not the encrypted size")
	}
	k := receiver.key.Size()
	if (len(chunk)-hs)%k != 0 {
		t.Fatalf("ciphertext of %d bytes, RSA block %d", len(chunk)-hs, k)
	}
	plain := append([]byte(nil), chunk[:hs]...)
	for c := chunk[hs:]; len(c) > 0; c = c[k:] {
		var m []byte
		switch p.enc {
		case encOAEPSHA1:
			m, err = rsa.DecryptOAEP(sha1.New(), nil, receiver.key, c[:k], nil)
		case encOAEPSHA256:
			m, err = rsa.DecryptOAEP(sha256.New(), nil, receiver.key, c[:k], nil)
		default:
			m, err = rsa.DecryptPKCS1v15(nil, receiver.key, c[:k])
		}
		if err != nil {
			t.Fatal(err)
		}
		plain = append(plain, m...)
	}
	sig := sender.key.Size()
	signed, signature := plain[:len(plain)-sig], plain[len(plain)-sig:]
	var h crypto.Hash = crypto.SHA256
	if p.sig == sigPKCS1v15SHA1 {
		h = crypto.SHA1
	}
	hh := h.New()
	hh.Write(signed)
	if p.sig == sigPSSSHA256 {
		err = rsa.VerifyPSS(&sender.key.PublicKey, h, hh.Sum(nil), signature, &rsa.PSSOptions{SaltLength: 32})
	} else {
		err = rsa.VerifyPKCS1v15(&sender.key.PublicKey, h, hh.Sum(nil), signature)
	}
	if err != nil {
		t.Fatalf("signature: %v", err)
	}
	rest := signed[hs+8:]
	if !bytes.Equal(rest[:len(body)], body) {
		t.Fatal("body differs")
	}
	padding := rest[len(body):]
	extra := k > 256
	pad := int(padding[0])
	if extra {
		pad |= int(padding[len(padding)-1]) << 8
		padding = padding[:len(padding)-1]
	}
	if len(padding) != pad+1 || !bytes.Equal(padding, bytes.Repeat([]byte{byte(pad)}, pad+1)) {
		t.Fatalf("padding % x, size %d", padding, pad)
	}
	if (len(signed)-hs+sig)%(k-p.enc.overhead()) != 0 {
		t.Fatal("plaintext is not a whole number of RSA blocks")
	}
}

func TestOpenNone(t *testing.T) {
	s, _ := NewSender(0, 1, Limits{ChunkSize: 8192})
	must(t, s.SetAsymmetric(Asymmetric{Policy: PolicyNone}))
	out, err := s.Append(nil, TypeOpen, 3, []byte{1, 2, 3})
	must(t, err)
	want := []byte{'O', 'P', 'N', 'F', 82, 0, 0, 0, 0, 0, 0, 0, 47, 0, 0, 0}
	want = append(want, PolicyNone.URI...)
	want = append(want, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0, 3, 0, 0, 0, 1, 2, 3)
	if !bytes.Equal(out, want) {
		t.Fatalf("OPN None\n got % x\nwant % x", out, want)
	}
	r, _ := NewReceiver(0, Limits{ChunkSize: 8192})
	must(t, r.SetAsymmetric(Asymmetric{}))
	m, done, err := r.Receive(out)
	if err != nil || !done || m.Policy != PolicyNone || !bytes.Equal(m.Body, []byte{1, 2, 3}) {
		t.Fatalf("%+v %v", m, err)
	}
	// A receiver bound to Basic256Sha256 rejects a None OPN.
	r2, _ := NewReceiver(0, Limits{ChunkSize: 8192})
	must(t, r2.SetAsymmetric(Asymmetric{Policy: PolicyBasic256Sha256, PrivateKey: rsaKey(t, "server", 2048).key}))
	if _, _, err := r2.Receive(out); !errors.Is(err, ErrPolicy) || StatusCode(err) != StatusBadSecurityPolicyRejected {
		t.Errorf("policy mismatch: %v", err)
	}
	// An OPN body that does not fit one chunk.
	if _, err := s.Append(nil, TypeOpen, 4, make([]byte, 9000)); !errors.Is(err, ErrMessageTooLarge) {
		t.Errorf("large OPN: %v", err)
	}
}

// TestOpenTamper flips bytes of a signed and encrypted OPN chunk; every
// change is detected.
func TestOpenTamper(t *testing.T) {
	ck, sk := rsaKey(t, "client", 2048), rsaKey(t, "server", 2048)
	s, _ := NewSender(0, 1, Limits{ChunkSize: 65535})
	must(t, s.SetAsymmetric(Asymmetric{Policy: PolicyBasic256Sha256, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
	orig, err := s.Append(nil, TypeOpen, 1, make([]byte, 500))
	must(t, err)
	for i := 0; i < len(orig); i += 7 {
		c := append([]byte(nil), orig...)
		c[i] ^= 0x10
		r, _ := NewReceiver(0, Limits{ChunkSize: 65535})
		must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert, PeerCertificate: ck.cert}))
		if _, _, err := r.Receive(c); err == nil {
			t.Fatalf("flipped byte %d of %d not detected", i, len(orig))
		}
	}
	// The wrong receiver key: the thumbprint does not match.
	other := rsaKey(t, "other", 2048)
	r, _ := NewReceiver(0, Limits{ChunkSize: 65535})
	must(t, r.SetAsymmetric(Asymmetric{PrivateKey: other.key, Certificate: other.cert}))
	if _, _, err := r.Receive(append([]byte(nil), orig...)); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("wrong receiver: %v", err)
	}
	// The expected peer certificate differs from the sender's.
	r, _ = NewReceiver(0, Limits{ChunkSize: 65535})
	must(t, r.SetAsymmetric(Asymmetric{PrivateKey: sk.key, Certificate: sk.cert, PeerCertificate: other.cert}))
	if _, _, err := r.Receive(append([]byte(nil), orig...)); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("unexpected sender: %v", err)
	}
}

// TestOpenExtraPadding sends OPN chunks to a 4096-bit receiver with bodies
// chosen so that the padding is above 255 bytes and ExtraPaddingSize is not
// zero, and to a 2048-bit one where the byte must be absent.
func TestOpenExtraPadding(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 4096-bit RSA keys")
	}
	for _, bits := range []int{2048, 4096} {
		ck, sk := rsaKey(t, "client", 2048), rsaKey(t, "server", bits)
		p := PolicyAes256Sha256RsaPss
		pb := sk.key.Size() - p.enc.overhead() // plaintext per RSA block
		s, _ := NewSender(0, 1, Limits{ChunkSize: 65535})
		must(t, s.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}))
		r, _ := NewReceiver(0, Limits{ChunkSize: 65535})
		must(t, r.SetAsymmetric(Asymmetric{Policy: p, PrivateKey: sk.key, Certificate: sk.cert}))
		extra := 0
		if bits > 2048 {
			extra = 1
		}
		sawHigh := false
		for _, n := range []int{0, 1, pb - 300, pb - 8 - 1 - extra - 256, pb - 8 - 1 - extra - 256 + 1} {
			if n < 0 {
				continue
			}
			body := bytes.Repeat([]byte{0xab}, n)
			out, err := s.Append(nil, TypeOpen, uint32(n), body)
			must(t, err)
			checkOpenLayout(t, out, p, ck, sk, body)
			pad := (pb - (8+n+1+extra+256)%pb) % pb
			sawHigh = sawHigh || pad > 255
			m, done, err := r.Receive(out)
			if err != nil || !done || !bytes.Equal(m.Body, body) {
				t.Fatalf("%d bits, body %d: %v", bits, n, err)
			}
		}
		if bits > 2048 && !sawHigh {
			t.Fatal("no case with a padding above 255 bytes")
		}
	}
}
