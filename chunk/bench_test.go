package chunk

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// BenchmarkW8Frame measures framing the W8 body (64 KiB) into 9 chunks of
// at most 8192 bytes, into a reused buffer, in the three modes of W8.
func BenchmarkW8Frame(b *testing.B) {
	for _, m := range w8Modes {
		b.Run(m.name, func(b *testing.B) {
			s := w8Sender(b, m)
			body := w8Body()
			buf, err := s.Append(nil, TypeMessage, w8Request, body)
			if err != nil {
				b.Fatal(err)
			}
			if !bytes.Equal(buf, w8Frame(b, m)) { // verify before timing
				b.Fatal("framing differs from the golden stream")
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.seq = w8FirstSeq
				buf, err = s.Append(buf[:0], TypeMessage, w8Request, body)
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkW8Reassemble measures reassembling the W8 chunks into the body,
// verifying sequence numbers and (signed, encrypted) signatures. Each
// iteration first copies the 9 chunks into a work buffer, as reading them
// from a connection would, because decryption works in place; the copy is
// part of the figure (see BenchmarkCopy64K for its cost alone).
func BenchmarkW8Reassemble(b *testing.B) {
	for _, m := range w8Modes {
		b.Run(m.name, func(b *testing.B) {
			stream := w8Frame(b, m)
			work := make([]byte, len(stream))
			r := w8Receiver(b, m)
			var msg Message
			run := func() {
				copy(work, stream)
				r.SetLastSequenceNumber(w8FirstSeq - 1)
				for off := 0; off < len(work); {
					size := int(binary.LittleEndian.Uint32(work[off+4:]))
					var err error
					msg, _, err = r.Receive(work[off : off+size])
					if err != nil {
						b.Fatal(err)
					}
					off += size
				}
			}
			run()
			if !bytes.Equal(msg.Body, w8Body()) { // verify before timing
				b.Fatal("reassembled body differs")
			}
			b.ReportAllocs()
			b.SetBytes(w8BodySize)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run()
			}
		})
	}
}

// BenchmarkCopy64K is the floor for plain framing and reassembly: copying
// 64 KiB once.
func BenchmarkCopy64K(b *testing.B) {
	src, dst := w8Body(), make([]byte, w8BodySize)
	b.ReportAllocs()
	b.SetBytes(w8BodySize)
	for i := 0; i < b.N; i++ {
		copy(dst, src)
	}
}

// TestFramingAllocs pins the allocation counts the benchmarks report:
// framing into a reused buffer and reassembling into the Receiver's buffer
// allocate nothing, in every W8 mode.
func TestFramingAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("allocation counts differ under coverage")
	}
	for _, m := range w8Modes {
		s := w8Sender(t, m)
		body := w8Body()
		buf, _ := s.Append(nil, TypeMessage, w8Request, body)
		if n := testing.AllocsPerRun(20, func() {
			buf, _ = s.Append(buf[:0], TypeMessage, w8Request, body)
		}); n != 0 {
			t.Errorf("%s framing: %v allocs/op", m.name, n)
		}
		stream := w8Frame(t, m)
		work := make([]byte, len(stream))
		r := w8Receiver(t, m)
		if n := testing.AllocsPerRun(20, func() {
			copy(work, stream)
			r.SetLastSequenceNumber(w8FirstSeq - 1)
			for off := 0; off < len(work); {
				size := int(binary.LittleEndian.Uint32(work[off+4:]))
				if _, _, err := r.Receive(work[off : off+size]); err != nil {
					t.Fatal(err)
				}
				off += size
			}
		}); n != 0 {
			t.Errorf("%s reassembly: %v allocs/op", m.name, n)
		}
	}
}

// BenchmarkOpen measures one OPN chunk (a 100-byte body) framed by the
// client and received by the server: RSA-2048 signature and encryption plus
// decryption and verification for Basic256Sha256, an ECDSA or EdDSA
// signature and its verification for the ECC policies.
func BenchmarkOpen(b *testing.B) {
	for _, p := range []*Policy{PolicyBasic256Sha256, PolicyECCNistP256, PolicyECCNistP384, PolicyECCCurve25519, PolicyECCCurve448} {
		b.Run(p.Name, func(b *testing.B) {
			var ca, sa Asymmetric
			if p.IsECC() {
				ck, sk := policyKey(b, "client", p), policyKey(b, "server", p)
				ca = Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}
				sa = Asymmetric{Policy: p, PrivateKey: sk.key, Certificate: sk.cert}
			} else {
				ck, sk := rsaKey(b, "client", 2048), rsaKey(b, "server", 2048)
				ca = Asymmetric{Policy: p, PrivateKey: ck.key, Certificate: ck.cert, PeerCertificate: sk.cert}
				sa = Asymmetric{Policy: p, PrivateKey: sk.key, Certificate: sk.cert}
			}
			s, _ := NewSender(0, 0, Limits{ChunkSize: 8192})
			must2(b, s.SetAsymmetric(ca))
			r, _ := NewReceiver(0, Limits{ChunkSize: 8192})
			must2(b, r.SetAsymmetric(sa))
			body := w8Body()[:100]
			var buf []byte
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var err error
				buf, err = s.Append(buf[:0], TypeOpen, 1, body)
				must2(b, err)
				r.ResetSequence()
				if _, _, err := r.Receive(buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkChannelKeys measures the key derivation of one side: P_SHA256
// from the nonces (Basic256Sha256), and for the ECC policies a new
// ephemeral key, the ECDH (X25519, X448) with the peer's and HKDF.
func BenchmarkChannelKeys(b *testing.B) {
	for _, p := range []*Policy{PolicyBasic256Sha256, PolicyECCNistP256, PolicyECCNistP384, PolicyECCCurve25519, PolicyECCCurve448} {
		b.Run(p.Name, func(b *testing.B) {
			b.ReportAllocs()
			if !p.IsECC() {
				cn, sn := make([]byte, 32), make([]byte, 32)
				for i := 0; i < b.N; i++ {
					if _, _, err := p.ChannelKeys(cn, sn); err != nil {
						b.Fatal(err)
					}
				}
				return
			}
			peer, err := p.NewEphemeralKey(nil)
			must2(b, err)
			for i := 0; i < b.N; i++ {
				k, err := p.NewEphemeralKey(nil)
				must2(b, err)
				if _, _, err := k.ChannelKeys(k.Nonce(), peer.Nonce()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
