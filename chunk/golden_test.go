package chunk

import (
	"bufio"
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/chacha20poly1305"
)

var update = flag.Bool("update", false, "rewrite testdata/w8.sha256 from the framed W8 streams")

// The W8 workload of bench-workloads.md.
const (
	w8Channel   = 7
	w8Token     = 1
	w8Request   = 99
	w8FirstSeq  = 1000
	w8ChunkSize = 8192
	w8BodySize  = 64 * 1024
)

func w8Body() []byte {
	b := make([]byte, w8BodySize)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

// w8Keys: signing key byte i = i, AES-256 key byte i = 255 - i, IV byte i = i.
func w8Keys() Keys {
	k := Keys{SigningKey: make([]byte, 32), EncryptingKey: make([]byte, 32), IV: make([]byte, 16)}
	for i := range k.SigningKey {
		k.SigningKey[i] = byte(i)
		k.EncryptingKey[i] = byte(255 - i)
	}
	for i := range k.IV {
		k.IV[i] = byte(i)
	}
	return k
}

// w8KeysOf returns the W8 keys for the given lengths, built like w8Keys.
func w8KeysOf(signing, encrypting int) Keys {
	k := Keys{SigningKey: make([]byte, signing), EncryptingKey: make([]byte, encrypting), IV: make([]byte, 16)}
	for i := range k.SigningKey {
		k.SigningKey[i] = byte(i)
	}
	for i := range k.EncryptingKey {
		k.EncryptingKey[i] = byte(255 - i)
	}
	for i := range k.IV {
		k.IV[i] = byte(i)
	}
	return k
}

type w8Mode struct {
	name    string
	policy  *Policy
	mode    SecurityMode
	perFull int // body bytes per full chunk (Part 6 §6.7.2.5, encoding-rules §16)
	// The test's own numbers of the policy (Part 7 policy tables), used to
	// rebuild the chunks by hand: HMAC, its key length, AES key length.
	// newHash is nil for the AEAD modes (a 16-byte tag, a 12-byte IV).
	newHash        func() hash.Hash
	sigKey, encKey int
	// aead is "gcm" (AES-GCM) or "chacha" (ChaCha20-Poly1305) for the AEAD
	// modes; signKeyInSign: Sign mode keys the AEAD with the signing key
	// (curve25519, curve448), not the encrypting key.
	aead          string
	signKeyInSign bool
}

// keys returns the mode's W8 keys.
func (m w8Mode) keys() Keys {
	k := w8KeysOf(m.sigKey, m.encKey)
	if m.newHash == nil {
		k.IV = k.IV[:12]
	}
	return k
}

// sigLen returns the HMAC or tag size, 0 without signing.
func (m w8Mode) sigLen() int {
	switch {
	case m.mode == ModeNone:
		return 0
	case m.newHash == nil:
		return 16
	}
	return m.newHash().Size()
}

// w8Modes are the three W8 modes of bench-workloads.md, then the same
// workload over ECC_nistP256 (HMAC-SHA256, AES-128-CBC), encrypted
// ECC_nistP384 (HMAC-SHA384, AES-256-CBC), ECC_nistP256_AesGcm
// (AES-128-GCM, key byte i = 255 - i, IV byte i = i for 12 bytes),
// ECC_nistP256_ChaChaPoly (ChaCha20-Poly1305, the 32-byte key byte i =
// 255 - i) and ECC_curve25519 (ChaCha20-Poly1305 keyed in Sign mode with
// the signing key, byte i = i, in SignAndEncrypt with the encrypting key,
// byte i = 255 - i). ECC_curve448's symmetric layer is curve25519's, so its
// W8 streams are the c25519 ones.
var w8Modes = []w8Mode{
	{"plain", PolicyNone, ModeNone, 8168, sha256.New, 0, 0, "", false},
	{"signed", PolicyBasic256Sha256, ModeSign, 8136, sha256.New, 32, 32, "", false},
	{"encrypted", PolicyBasic256Sha256, ModeSignAndEncrypt, 8135, sha256.New, 32, 32, "", false},
	{"ecc256-signed", PolicyECCNistP256, ModeSign, 8136, sha256.New, 32, 16, "", false},
	{"ecc256-encrypted", PolicyECCNistP256, ModeSignAndEncrypt, 8135, sha256.New, 32, 16, "", false},
	{"ecc384-encrypted", PolicyECCNistP384, ModeSignAndEncrypt, 8119, sha512.New384, 48, 32, "", false},
	{"gcm-signed", PolicyECCNistP256AesGcm, ModeSign, 8152, nil, 0, 16, "gcm", false},
	{"gcm-encrypted", PolicyECCNistP256AesGcm, ModeSignAndEncrypt, 8152, nil, 0, 16, "gcm", false},
	{"chacha-signed", PolicyECCNistP256ChaChaPoly, ModeSign, 8152, nil, 0, 32, "chacha", false},
	{"chacha-encrypted", PolicyECCNistP256ChaChaPoly, ModeSignAndEncrypt, 8152, nil, 0, 32, "chacha", false},
	{"c25519-signed", PolicyECCCurve25519, ModeSign, 8152, nil, 32, 32, "chacha", true},
	{"c25519-encrypted", PolicyECCCurve25519, ModeSignAndEncrypt, 8152, nil, 32, 32, "chacha", true},
}

func w8Sender(tb testing.TB, m w8Mode) *Sender {
	tb.Helper()
	s, err := NewSender(w8Channel, w8FirstSeq, Limits{ChunkSize: w8ChunkSize})
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.SetToken(w8Token, m.policy, m.mode, m.keys()); err != nil {
		tb.Fatal(err)
	}
	return s
}

func w8Receiver(tb testing.TB, m w8Mode) *Receiver {
	tb.Helper()
	r, err := NewReceiver(w8Channel, Limits{ChunkSize: w8ChunkSize, MaxMessageSize: w8BodySize, MaxChunkCount: 16})
	if err != nil {
		tb.Fatal(err)
	}
	if err := r.SetToken(w8Token, m.policy, m.mode, m.keys()); err != nil {
		tb.Fatal(err)
	}
	r.SetLastSequenceNumber(w8FirstSeq - 1) // as if a chunk 999 had come
	return r
}

func w8Frame(tb testing.TB, m w8Mode) []byte {
	tb.Helper()
	out, err := w8Sender(tb, m).Append(nil, TypeMessage, w8Request, w8Body())
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// checkW8Stream verifies a framed W8 stream chunk by chunk without the
// package's code: headers and offsets by hand, the HMAC with crypto/hmac, the
// decryption with crypto/cipher, and the padding as Part 6 lays it out.
func checkW8Stream(t *testing.T, m w8Mode, stream []byte) {
	t.Helper()
	if m.newHash == nil {
		checkW8AEADStream(t, m, stream)
		return
	}
	body := w8Body()
	k := m.keys()
	nChunks := (w8BodySize + m.perFull - 1) / m.perFull
	for i := 0; i < nChunks; i++ {
		part := body[i*m.perFull : min(w8BodySize, (i+1)*m.perFull)]
		final := i == nChunks-1
		// The plaintext chunk as Part 6 §6.7.2 prescribes it.
		var pad int
		sigLen := m.sigLen()
		encrypted := m.mode == ModeSignAndEncrypt
		if encrypted {
			pad = (16 - (8+len(part)+1+sigLen)%16) % 16
		}
		size := 16 + 8 + len(part) + sigLen
		if encrypted {
			size += 1 + pad
		}
		if !final && size != w8ChunkSize {
			t.Fatalf("%s chunk %d: size %d, a full chunk is %d", m.name, i, size, w8ChunkSize)
		}
		var want []byte
		want = append(want, 'M', 'S', 'G', 'C')
		if final {
			want[3] = 'F'
		}
		want = binary.LittleEndian.AppendUint32(want, uint32(size))
		want = binary.LittleEndian.AppendUint32(want, w8Channel)
		want = binary.LittleEndian.AppendUint32(want, w8Token)
		want = binary.LittleEndian.AppendUint32(want, uint32(w8FirstSeq+i))
		want = binary.LittleEndian.AppendUint32(want, w8Request)
		want = append(want, part...)
		if encrypted {
			want = append(want, bytes.Repeat([]byte{byte(pad)}, pad+1)...)
		}
		if len(stream) < size {
			t.Fatalf("%s: stream ends in chunk %d", m.name, i)
		}
		got := append([]byte(nil), stream[:size]...)
		stream = stream[size:]
		if encrypted {
			block, _ := aes.NewCipher(k.EncryptingKey)
			cipher.NewCBCDecrypter(block, k.IV).CryptBlocks(got[16:], got[16:])
		}
		if !bytes.Equal(got[:size-sigLen], want) {
			t.Fatalf("%s chunk %d: plaintext differs from the hand-built chunk", m.name, i)
		}
		if sigLen > 0 {
			mac := hmac.New(m.newHash, k.SigningKey)
			mac.Write(want)
			if !hmac.Equal(mac.Sum(nil), got[size-sigLen:]) {
				t.Fatalf("%s chunk %d: HMAC differs", m.name, i)
			}
		}
	}
	if len(stream) != 0 {
		t.Fatalf("%s: %d bytes after the last chunk", m.name, len(stream))
	}
}

// checkW8AEADStream verifies an AEAD (AES-GCM or ChaCha20-Poly1305) W8
// stream chunk by chunk without the package's code (Part 6 §6.7.2.5.2): no
// padding, MessageSize counting the 16-byte tag; the nonce is the IV with
// TokenId (bytes 0-3) and the previous chunk's sequence number (bytes 4-7)
// XORed in, little-endian; in Sign mode the tag is the AEAD's over the
// whole chunk as additional data, in SignAndEncrypt the 16 header bytes
// are the additional data and the rest is encrypted.
func checkW8AEADStream(t *testing.T, m w8Mode, stream []byte) {
	t.Helper()
	body := w8Body()
	k := m.keys()
	key := k.EncryptingKey
	if m.signKeyInSign && m.mode == ModeSign {
		key = k.SigningKey
	}
	var gcm cipher.AEAD
	var err error
	if m.aead == "chacha" {
		gcm, err = chacha20poly1305.New(key)
	} else {
		var block cipher.Block
		block, err = aes.NewCipher(key)
		must(t, err)
		gcm, err = cipher.NewGCM(block)
	}
	must(t, err)
	nChunks := (w8BodySize + m.perFull - 1) / m.perFull
	for i := 0; i < nChunks; i++ {
		part := body[i*m.perFull : min(w8BodySize, (i+1)*m.perFull)]
		final := i == nChunks-1
		size := 16 + 8 + len(part) + 16
		if !final && size != w8ChunkSize {
			t.Fatalf("%s chunk %d: size %d, a full chunk is %d", m.name, i, size, w8ChunkSize)
		}
		want := []byte{'M', 'S', 'G', 'C'}
		if final {
			want[3] = 'F'
		}
		want = binary.LittleEndian.AppendUint32(want, uint32(size))
		want = binary.LittleEndian.AppendUint32(want, w8Channel)
		want = binary.LittleEndian.AppendUint32(want, w8Token)
		want = binary.LittleEndian.AppendUint32(want, uint32(w8FirstSeq+i))
		want = binary.LittleEndian.AppendUint32(want, w8Request)
		want = append(want, part...)
		nonce := append([]byte(nil), k.IV...)
		var mask [8]byte
		binary.LittleEndian.PutUint32(mask[0:], w8Token)
		binary.LittleEndian.PutUint32(mask[4:], uint32(w8FirstSeq+i-1))
		for j := range mask {
			nonce[j] ^= mask[j]
		}
		if m.mode == ModeSignAndEncrypt {
			want = gcm.Seal(want[:16:16], nonce, want[16:], want[:16])
		} else {
			want = gcm.Seal(want, nonce, nil, want)
		}
		if len(stream) < size || !bytes.Equal(stream[:size], want) {
			t.Fatalf("%s chunk %d differs from the hand-built chunk", m.name, i)
		}
		stream = stream[size:]
	}
	if len(stream) != 0 {
		t.Fatalf("%s: %d bytes after the last chunk", m.name, len(stream))
	}
}

func readGoldenHashes(t *testing.T) map[string]string {
	f, err := os.Open(filepath.Join("testdata", "w8.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			t.Fatalf("bad line in w8.sha256: %q", line)
		}
		h[f[1]] = f[0]
	}
	return h
}

func TestW8Golden(t *testing.T) {
	streams := map[string][]byte{}
	for _, m := range w8Modes {
		streams[m.name] = w8Frame(t, m)
	}
	if *update {
		var sb strings.Builder
		sb.WriteString("# SHA-256 of the W8 chunk streams (bench-workloads.md W8), checked by TestW8Golden.\n")
		for _, m := range w8Modes {
			fmt.Fprintf(&sb, "%x %s\n", sha256.Sum256(streams[m.name]), m.name)
		}
		if err := os.WriteFile(filepath.Join("testdata", "w8.sha256"), []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden := readGoldenHashes(t)
	for _, m := range w8Modes {
		t.Run(m.name, func(t *testing.T) {
			stream := streams[m.name]
			checkW8Stream(t, m, stream)
			sum := sha256.Sum256(stream)
			if got := hex.EncodeToString(sum[:]); got != golden[m.name] {
				t.Errorf("SHA-256 %s, testdata/w8.sha256 says %s", got, golden[m.name])
			}
			// Reassemble.
			r := w8Receiver(t, m)
			var msg Message
			for off, n := 0, 0; off < len(stream); n++ {
				size := int(binary.LittleEndian.Uint32(stream[off+4:]))
				var done bool
				var err error
				msg, done, err = r.Receive(stream[off : off+size])
				if err != nil {
					t.Fatalf("chunk %d: %v", n, err)
				}
				off += size
				if done != (off == len(stream)) {
					t.Fatalf("chunk %d: done = %v", n, done)
				}
			}
			if !bytes.Equal(msg.Body, w8Body()) || msg.RequestID != w8Request || msg.ChannelID != w8Channel ||
				msg.TokenID != w8Token || msg.Type != TypeMessage || msg.SequenceNumber != w8FirstSeq+8 || msg.Chunks != 9 {
				t.Errorf("reassembled message differs: %+v (body %d bytes)", msg, len(msg.Body))
			}
		})
	}
}

// TestW8BodySizes pins the body bytes per full chunk of encoding-rules §16.
func TestW8BodySizes(t *testing.T) {
	for _, m := range w8Modes {
		if got := w8Sender(t, m).MaxBodySize(TypeMessage); got != m.perFull {
			t.Errorf("%s: MaxBodySize = %d, want %d", m.name, got, m.perFull)
		}
	}
}
