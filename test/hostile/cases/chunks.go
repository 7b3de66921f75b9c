package cases

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"fmt"
	"hash"
	"math/big"
	"strings"

	"github.com/uabin/uabin/chunk"
)

// The secure channel of every chunk case and of FuzzChunkReassembly: the
// W8 workload's channel, token and keys (Basic256Sha256; signing key byte
// i = i, encrypting key byte i = 255-i, IV byte i = i; for the ECC384 modes
// ECC_nistP384 with a 48-byte signing key built the same way).
const (
	ChannelID = 7
	TokenID   = 1
)

// ChunkModes are the security modes of the chunk targets, in the order
// FuzzChunkReassembly picks them with its first byte: None and
// Basic256Sha256 Sign and SignAndEncrypt, then ECC_nistP384 (HMAC-SHA384,
// AES-256-CBC, the non-legacy sequence numbers) in both modes.
var ChunkModes = []string{"None", "Sign", "SignAndEncrypt", "ECC384-Sign", "ECC384-SignAndEncrypt"}

// GCMModes are the chunk modes of ECC_nistP256_AesGcm (AES-128-GCM, key
// byte i = 255-i, IV byte i = i for 12 bytes). They are not among
// ChunkModes: their chunks' nonces depend on the previous sequence number,
// so their cases (gcmCases) all start at GCMFirstSeq and the Receiver is
// told that GCMFirstSeq-1 came before.
var GCMModes = []string{"GCM-Sign", "GCM-SignAndEncrypt"}

// GCMFirstSeq is the sequence number of the first chunk of every GCM case.
const GCMFirstSeq = 1000

// isECC, isGCM, signs and encrypts classify a chunk mode.
func isECC(mode string) bool    { return strings.HasPrefix(mode, "ECC384-") }
func isGCM(mode string) bool    { return strings.HasPrefix(mode, "GCM-") }
func signs(mode string) bool    { return mode != "None" }
func encrypts(mode string) bool { return strings.HasSuffix(mode, "SignAndEncrypt") }

// macOf returns the HMAC hash of a chunk mode and its key length.
func macOf(mode string) (func() hash.Hash, int) {
	if isECC(mode) {
		return sha512.New384, 48
	}
	return sha256.New, 32
}

// ChunkModeKeys returns the keys the peer sends with in mode.
func ChunkModeKeys(mode string) chunk.Keys {
	k := ChunkKeys()
	if isGCM(mode) {
		return chunk.Keys{EncryptingKey: k.EncryptingKey[:16], IV: k.IV[:12]}
	}
	if isECC(mode) {
		k.SigningKey = make([]byte, 48)
		for i := range k.SigningKey {
			k.SigningKey[i] = byte(i)
		}
	}
	return k
}

// ChunkKeys returns the W8 keys the peer sends with.
func ChunkKeys() chunk.Keys {
	k := chunk.Keys{SigningKey: make([]byte, 32), EncryptingKey: make([]byte, 32), IV: make([]byte, 16)}
	for i := range k.SigningKey {
		k.SigningKey[i] = byte(i)
		k.EncryptingKey[i] = byte(255 - i)
	}
	for i := range k.IV {
		k.IV[i] = byte(i)
	}
	return k
}

// ChunkSecurity returns the policy and mode of the chunk target mode (one
// of ChunkModes).
func ChunkSecurity(mode string) (*chunk.Policy, chunk.SecurityMode) {
	switch mode {
	case "Sign":
		return chunk.PolicyBasic256Sha256, chunk.ModeSign
	case "SignAndEncrypt":
		return chunk.PolicyBasic256Sha256, chunk.ModeSignAndEncrypt
	case "ECC384-Sign":
		return chunk.PolicyECCNistP384, chunk.ModeSign
	case "ECC384-SignAndEncrypt":
		return chunk.PolicyECCNistP384, chunk.ModeSignAndEncrypt
	case "GCM-Sign":
		return chunk.PolicyECCNistP256AesGcm, chunk.ModeSign
	case "GCM-SignAndEncrypt":
		return chunk.PolicyECCNistP256AesGcm, chunk.ModeSignAndEncrypt
	}
	return chunk.PolicyNone, chunk.ModeNone
}

// ChunkLimits returns the Receiver limits of a chunk case: the case's
// chunksize, maxmessage and maxchunks entries, with 8192, 65536 and 0 (no
// limit) where an entry is missing.
func ChunkLimits(l map[string]int) chunk.Limits {
	out := chunk.Limits{ChunkSize: 8192, MaxMessageSize: 65536}
	if v, ok := l["chunksize"]; ok {
		out.ChunkSize = uint32(v)
	}
	if v, ok := l["maxmessage"]; ok {
		out.MaxMessageSize = uint32(v)
	}
	if v, ok := l["maxchunks"]; ok {
		out.MaxChunkCount = uint32(v)
	}
	return out
}

// MaxChunkBody returns how many body bytes fit in one chunk of chunkSize
// bytes in mode (the Sender's rule: Part 6 §6.7.2.5).
func MaxChunkBody(mode string, chunkSize int) int {
	const hs = 16 // message header, channel id, token id
	if !signs(mode) {
		return chunkSize - hs - 8
	}
	h, _ := macOf(mode)
	if encrypts(mode) {
		return (chunkSize-hs)/16*16 - 8 - 1 - h().Size()
	}
	return chunkSize - hs - 8 - h().Size()
}

// Chunk describes one symmetric chunk to build with Seal, including the
// ways a hostile peer (holding the keys, or not) bends it.
type Chunk struct {
	Mode      string // one of ChunkModes
	Type      string // "MSG" or "CLO"
	Final     byte   // 'F', 'C' or 'A'
	Channel   uint32
	Token     uint32
	Seq, Req  uint32
	Body      []byte
	PadSize   int  // SignAndEncrypt: the PaddingSize byte to write; -1 = the right one
	PadFill   int  // SignAndEncrypt: the value of the padding bytes; -1 = PadSize
	ExtraPad  int  // SignAndEncrypt: padding bytes added beyond the right count
	BadSig    bool // flip a bit of the signature after signing
	CutSig    int  // drop this many bytes from the end after sealing
	SizeField int  // the MessageSize to write; 0 = the real size
	WrongKey  bool // sign with a key that is not the channel's
}

// Seal builds c: header, security token, sequence header, body, padding
// and signature, signed with HMAC-SHA256 (HMAC-SHA384 for ECC384) and
// encrypted with AES-256-CBC (both from the standard library,
// independently of package chunk) as Part 6 §6.7.2 describes.
func Seal(c Chunk) []byte {
	if isGCM(c.Mode) {
		return sealGCM(c)
	}
	k := ChunkModeKeys(c.Mode)
	newHash, keyLen := macOf(c.Mode)
	b := []byte(c.Type)
	b = append(b, c.Final)
	b = binary.LittleEndian.AppendUint32(b, 0) // size, patched below
	b = binary.LittleEndian.AppendUint32(b, c.Channel)
	b = binary.LittleEndian.AppendUint32(b, c.Token)
	b = binary.LittleEndian.AppendUint32(b, c.Seq)
	b = binary.LittleEndian.AppendUint32(b, c.Req)
	b = append(b, c.Body...)
	sigLen := 0
	if signs(c.Mode) {
		sigLen = newHash().Size()
	}
	if encrypts(c.Mode) {
		pad := (16 - (len(b)-16+1+sigLen)%16) % 16
		pad += c.ExtraPad
		size := pad
		if c.PadSize >= 0 {
			size = c.PadSize
		}
		fill := size
		if c.PadFill >= 0 {
			fill = c.PadFill
		}
		for i := 0; i < pad; i++ {
			b = append(b, byte(fill))
		}
		b = append(b, byte(size))
	}
	total := len(b) + sigLen
	size := total - c.CutSig
	if c.SizeField != 0 {
		size = c.SizeField
	}
	binary.LittleEndian.PutUint32(b[4:], uint32(size))
	if sigLen > 0 {
		key := k.SigningKey
		if c.WrongKey {
			key = make([]byte, keyLen)
		}
		m := hmac.New(newHash, key)
		m.Write(b)
		b = m.Sum(b)
		if c.BadSig {
			b[len(b)-1] ^= 1
		}
	}
	if encrypts(c.Mode) {
		blk, err := aes.NewCipher(k.EncryptingKey)
		if err != nil {
			panic(err) // a 32-byte key never fails
		}
		enc := b[16:]
		enc = enc[:len(enc)/16*16]
		cipher.NewCBCEncrypter(blk, k.IV).CryptBlocks(enc, enc)
	}
	return b[:len(b)-c.CutSig]
}

// sealGCM builds an AES-128-GCM chunk (Part 6 §6.7.2.5.2): no padding, the
// 16-byte tag after the chunk, the nonce the IV with the TokenId and the
// previous sequence number (c.Seq - 1) XORed into its first 8 bytes; Sign:
// the tag over the whole chunk as additional data; SignAndEncrypt: the 16
// header bytes as additional data, the rest encrypted.
func sealGCM(c Chunk) []byte {
	k := ChunkModeKeys(c.Mode)
	b := []byte(c.Type)
	b = append(b, c.Final)
	b = binary.LittleEndian.AppendUint32(b, 0)
	b = binary.LittleEndian.AppendUint32(b, c.Channel)
	b = binary.LittleEndian.AppendUint32(b, c.Token)
	b = binary.LittleEndian.AppendUint32(b, c.Seq)
	b = binary.LittleEndian.AppendUint32(b, c.Req)
	b = append(b, c.Body...)
	size := len(b) + 16 - c.CutSig
	if c.SizeField != 0 {
		size = c.SizeField
	}
	binary.LittleEndian.PutUint32(b[4:], uint32(size))
	key := k.EncryptingKey
	if c.WrongKey {
		key = make([]byte, 16)
	}
	blk, err := aes.NewCipher(key)
	if err != nil {
		panic(err) // a 16-byte key never fails
	}
	g, err := cipher.NewGCM(blk)
	if err != nil {
		panic(err)
	}
	nonce := append([]byte(nil), k.IV...)
	var mask [8]byte
	binary.LittleEndian.PutUint32(mask[0:], c.Token)
	binary.LittleEndian.PutUint32(mask[4:], c.Seq-1)
	for i := range mask {
		nonce[i] ^= mask[i]
	}
	if encrypts(c.Mode) {
		b = g.Seal(b[:16:16], nonce, b[16:], b[:16])
	} else {
		b = g.Seal(b, nonce, nil, b)
	}
	if c.BadSig {
		b[len(b)-1] ^= 1
	}
	return b[:len(b)-c.CutSig]
}

// gcmCases returns the chunk cases of the AES-GCM modes.
func gcmCases() []*Case {
	var out []*Case
	for _, mode := range GCMModes {
		m := func(final byte, seq, req uint32, body []byte) Chunk { return msg(mode, final, seq, req, body) }
		add := func(class, name, doc string, limits map[string]int, want string, msgs int, in []byte) {
			out = append(out, &Case{Name: "chunk-" + mode + "-" + name, Class: class, Doc: doc,
				Target: "chunk/" + mode, Limits: limits, Want: want, Messages: msgs, Input: in})
		}
		const s0 = GCMFirstSeq
		full := 8192 - 16 - 8 - 16
		clo := m('F', s0+4, 12, nil)
		clo.Type = "CLO"
		add("control", "valid-stream", "a 3-chunk MSG of full chunks, a 1-chunk MSG and a CLO: 3 messages, then EOF",
			nil, "ok", 3, cat(m('C', s0, 10, pattern(full)), m('C', s0+1, 10, pattern(full)), m('F', s0+2, 10, pattern(100)),
				m('F', s0+3, 11, pattern(40)), clo))
		bad := m('F', s0, 1, pattern(100))
		bad.BadSig = true
		add("chunk-signature", "flipped-tag", "the last bit of the GCM tag flipped", nil, "ErrSecurityChecks", 0, Seal(bad))
		wk := m('F', s0, 1, pattern(100))
		wk.WrongKey = true
		add("chunk-signature", "wrong-key", "sealed with an all-zero key", nil, "ErrSecurityChecks", 0, Seal(wk))
		cut := m('F', s0, 1, pattern(100))
		cut.CutSig = 1
		add("chunk-signature", "truncated-tag", "the tag cut by one byte (MessageSize says so)", nil, "ErrSecurityChecks", 0, Seal(cut))
		cut8 := m('F', s0, 1, pattern(100))
		cut8.CutSig = 8
		add("chunk-signature", "half-tag", "an 8-byte tag (MessageSize says so)", nil, "ErrSecurityChecks", 0, Seal(cut8))
		tiny := m('F', s0, 1, nil)
		tiny.CutSig = 20
		add("chunk-signature", "shorter-than-tag", "a chunk shorter than its headers plus tag", nil, "ErrSecurityChecks", 0, Seal(tiny))
		tb := Seal(m('F', s0, 1, pattern(64)))
		tb[40] ^= 0xff
		add("chunk-signature", "tampered-body", "one body byte changed (SignAndEncrypt: of the ciphertext)", nil, "ErrSecurityChecks", 0, tb)
		th := Seal(m('F', s0, 1, pattern(64)))
		th[3] = 'C'
		add("chunk-signature", "tampered-header", "the chunk type changed from F to C: the header is authenticated too", nil, "ErrSecurityChecks", 0, th)
		add("chunk-sequence", "skipped-number", "chunks 1000 and 1002: the second chunk's nonce (previous number 1001) is not the receiver's (1000), so its tag fails",
			nil, "ErrSecurityChecks", 1, cat(m('F', s0, 1, pattern(10)), m('F', s0+2, 2, pattern(10))))
		add("chunk-sequence", "replay", "the same chunk twice: the replay's nonce is the first one's, the receiver expects the next",
			nil, "ErrSecurityChecks", 1, cat(m('F', s0, 1, pattern(10)), m('F', s0, 1, pattern(10))))
		other := m('F', s0, 1, pattern(64))
		other.Token = 2
		relabel := Seal(other)
		binary.LittleEndian.PutUint32(relabel[12:], TokenID)
		add("chunk-signature", "token-relabelled", "a chunk sealed under token 2 with the same keys, relabelled as token 1: the TokenId is in the nonce",
			nil, "ErrSecurityChecks", 0, relabel)
		om := "GCM-Sign"
		if mode == om {
			om = "GCM-SignAndEncrypt"
		}
		add("chunk-signature", "mode-mismatch", "a chunk sealed for "+om+" on a "+mode+" channel", nil, "ErrSecurityChecks", 0, Seal(msg(om, 'F', s0, 1, pattern(64))))
		cbc := "Sign"
		if encrypts(mode) {
			cbc = "SignAndEncrypt"
		}
		add("chunk-signature", "cbc-chunk", "a Basic256Sha256 "+cbc+" chunk (HMAC, CBC padding) on the AES-GCM channel", nil, "ErrSecurityChecks", 0, Seal(msg(cbc, 'F', s0, 1, pattern(64))))
		var flood []Chunk
		for i := 0; i < 40; i++ {
			flood = append(flood, m('C', uint32(s0+i), 20, pattern(200)))
		}
		add("chunk-flood", "flood-max-chunks", "40 intermediate chunks of one request, MaxChunkCount 16: the 17th is refused",
			map[string]int{"maxchunks": 16}, "ErrTooManyChunks", 0, cat(flood...))
		huge := Seal(m('F', s0, 1, pattern(10)))
		binary.LittleEndian.PutUint32(huge[4:], 0x7fffffff)
		add("chunk-size", "size-2gib", "a MessageSize of 2 GiB with 32 bytes behind it", nil, "ErrChunkTooLarge", 0, huge[:32])
	}
	return out
}

// msg returns a well-formed chunk of the channel in mode.
func msg(mode string, final byte, seq, req uint32, body []byte) Chunk {
	return Chunk{Mode: mode, Type: "MSG", Final: final, Channel: ChannelID, Token: TokenID,
		Seq: seq, Req: req, Body: body, PadSize: -1, PadFill: -1}
}

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

func cat(chunks ...Chunk) []byte {
	var b []byte
	for _, c := range chunks {
		b = append(b, Seal(c)...)
	}
	return b
}

// abortBody is the body of an abort chunk: a StatusCode and a String.
func abortBody(code uint32, reason string) []byte {
	b := binary.LittleEndian.AppendUint32(nil, code)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(reason)))
	return append(b, reason...)
}

// chunkCases returns the chunk-reassembly cases for every security mode.
func chunkCases() []*Case {
	var out []*Case
	for _, mode := range ChunkModes {
		m := func(final byte, seq, req uint32, body []byte) Chunk { return msg(mode, final, seq, req, body) }
		add := func(class, name, doc string, limits map[string]int, want string, msgs int, in []byte) {
			out = append(out, &Case{Name: "chunk-" + mode + "-" + name, Class: class, Doc: doc,
				Target: "chunk/" + mode, Limits: limits, Want: want, Messages: msgs, Input: in})
		}
		full := MaxChunkBody(mode, 8192)
		// Positive control: a three-chunk message of full chunks, a
		// one-chunk message and a CLO are delivered.
		clo := m('F', 1004, 12, nil)
		clo.Type = "CLO"
		add("control", "valid-stream", "a 3-chunk MSG, a 1-chunk MSG and a CLO, all well formed: 3 messages, then EOF",
			nil, "ok", 3, cat(m('C', 1000, 10, pattern(full)), m('C', 1001, 10, pattern(full)), m('F', 1002, 10, pattern(100)),
				m('F', 1003, 11, pattern(40)), clo))

		// Floods that never send the final chunk.
		var flood []Chunk
		for i := 0; i < 40; i++ {
			flood = append(flood, m('C', uint32(2000+i), 20, pattern(200)))
		}
		add("chunk-flood", "flood-max-chunks", "40 intermediate chunks of one request, MaxChunkCount 16: the 17th is refused",
			map[string]int{"maxchunks": 16}, "ErrTooManyChunks", 0, cat(flood...))
		add("chunk-flood", "flood-max-message", "40 intermediate chunks of 200 body bytes, MaxMessageSize 4000: the 21st is refused",
			map[string]int{"maxmessage": 4000}, "ErrMessageTooLarge", 0, cat(flood...))
		add("chunk-flood", "flood-unlimited-eof", "40 intermediate chunks and no limits: the stream ends inside a message (ErrTruncated, io.ErrUnexpectedEOF), memory bounded by the input",
			map[string]int{"maxmessage": 0}, "ErrTruncated", 0, cat(flood...))
		add("chunk-flood", "flood-one-request-per-chunk", "an intermediate chunk of request 30 followed by one of request 31: interleaving is refused",
			nil, "ErrRequestID", 0, cat(m('C', 1, 30, pattern(10)), m('C', 2, 31, pattern(10))))

		// Sequence-number abuse.
		add("chunk-sequence", "replay", "the same final chunk twice (a replay): the second has a repeated sequence number",
			nil, "ErrSequenceNumber", 1, cat(m('F', 500, 1, pattern(10)), m('F', 500, 1, pattern(10))))
		add("chunk-sequence", "gap", "sequence numbers 500 then 502",
			nil, "ErrSequenceNumber", 1, cat(m('F', 500, 1, pattern(10)), m('F', 502, 2, pattern(10))))
		add("chunk-sequence", "backwards", "sequence numbers 500 then 499",
			nil, "ErrSequenceNumber", 1, cat(m('F', 500, 1, pattern(10)), m('F', 499, 2, pattern(10))))
		add("chunk-sequence", "gap-inside-message", "an intermediate chunk 600 then the final chunk 602 of the same request",
			nil, "ErrSequenceNumber", 0, cat(m('C', 600, 1, pattern(10)), m('F', 602, 1, pattern(10))))
		add("chunk-sequence", "early-wrap", "4294966271 then 3: a wrap is only allowed after 4294966271 (UInt32 max - 1024)",
			nil, "ErrSequenceNumber", 1, cat(m('F', 4294966271, 1, pattern(10)), m('F', 3, 2, pattern(10))))
		add("chunk-sequence", "wrap-too-high", "4294967000 then 1024: a wrap must go below 1024",
			nil, "ErrSequenceNumber", 1, cat(m('F', 4294967000, 1, pattern(10)), m('F', 1024, 2, pattern(10))))
		if isECC(mode) {
			// The ECC policies use the non-legacy rule (Part 6 §6.7.2.4):
			// exactly +1, 4294967295 → 0 the only wrap, so finding 4 does
			// not arise.
			add("chunk-sequence", "legacy-wrap", "4294967000 then 3: the legacy wrap is refused under the non-legacy rule of the ECC policies",
				nil, "ErrSequenceNumber", 1, cat(m('F', 4294967000, 1, pattern(10)), m('F', 3, 2, pattern(10))))
			add("chunk-sequence", "drop-at-wrap", "chunks 4294967295 (C), 0 (C, dropped by the network) and 1 (F): refused, the non-legacy rule wants 0 after 4294967295 (finding 4 does not apply)",
				nil, "ErrSequenceNumber", 0, cat(m('C', 4294967295, 1, pattern(100)), m('F', 1, 1, pattern(10))))
		} else {
			add("control", "wrap", "4294967000 then 3: the legacy wrap below 1024 is accepted; 2 messages",
				nil, "ok", 2, cat(m('F', 4294967000, 1, pattern(10)), m('F', 3, 2, pattern(10))))
			add("chunk-sequence", "drop-at-wrap", "chunks 4294967295 (C), 0 (C, dropped by the network) and 1 (F): the legacy wrap rule accepts 1 after 4294967295, so a message with a hole is delivered (finding 4)",
				nil, "ok", 1, cat(m('C', 4294967295, 1, pattern(100)), m('F', 1, 1, pattern(10))))
		}
		add("control", "wrap-at-max", "4294967295 then 0: 2 messages",
			nil, "ok", 2, cat(m('F', 4294967295, 1, pattern(10)), m('F', 0, 2, pattern(10))))

		// Chunk size field tricks.
		huge := Seal(m('F', 1, 1, pattern(10)))
		binary.LittleEndian.PutUint32(huge[4:], 0x7fffffff)
		add("chunk-size", "size-2gib", "a chunk header whose MessageSize is 2 GiB with 32 bytes behind it: refused before reading or allocating",
			nil, "ErrChunkTooLarge", 0, huge[:32])
		over := Seal(m('F', 1, 1, pattern(10)))
		binary.LittleEndian.PutUint32(over[4:], 8193)
		add("chunk-size", "size-above-chunk-size", "MessageSize 8193 with ChunkSize 8192",
			nil, "ErrChunkTooLarge", 0, over)
		short := Seal(m('F', 1, 1, pattern(10)))
		binary.LittleEndian.PutUint32(short[4:], 4)
		add("chunk-size", "size-below-header", "MessageSize 4, smaller than the 8-byte header",
			nil, "ErrTruncated", 0, short)
		trunc := Seal(m('F', 1, 1, pattern(100)))
		add("chunk-size", "stream-ends-inside-chunk", "the stream ends 10 bytes before the end of the chunk",
			nil, "ErrTruncated", 0, trunc[:len(trunc)-10])
		add("chunk-size", "header-only", "a 16-byte chunk: header, channel and token, no sequence header",
			nil, map[bool]string{false: "ErrTruncated", true: "ErrSecurityChecks"}[signs(mode)], 0,
			func() []byte {
				b := Seal(m('F', 1, 1, nil))[:16]
				binary.LittleEndian.PutUint32(b[4:], 16)
				return b
			}())

		// Message and chunk types.
		cc := m('C', 1, 1, pattern(10))
		cc.Type = "CLO"
		add("chunk-size", "clo-intermediate", "an intermediate (C) CLO chunk: only MSG may be split", nil, "ErrMessageType", 0, Seal(cc))
		xt := m('X', 1, 1, pattern(10))
		add("chunk-size", "unknown-chunk-type", "chunk type X", nil, "ErrMessageType", 0, Seal(xt))
		add("chunk-size", "hello-on-channel", "a UA TCP Hello where secure chunks are expected", nil, "ErrMessageType", 0,
			join([]byte("HELF"), le32(32), le32(0), le32(8192), le32(8192), le32(0), le32(0), le32(-1)))
		add("chunk-size", "unknown-message-type", "message type XYZ", nil, "ErrMessageType", 0,
			join([]byte("XYZF"), le32(16), le32(ChannelID), le32(TokenID)))
		add("control", "error-message", "a UA TCP Error message (Bad_TcpServerTooBusy) ends the stream with an *ErrorMessage", nil, "ErrorMessage", 0,
			join([]byte("ERRF"), le32(20), le32(0x807D0000), le32(4), []byte("busy")))

		// Channel and token.
		wc := m('F', 1, 1, pattern(10))
		wc.Channel = 8
		add("chunk-signature", "wrong-channel", "a chunk of channel 8 on channel 7", nil, "ErrChannelID", 0, Seal(wc))
		wt := m('F', 1, 1, pattern(10))
		wt.Token = 2
		add("chunk-signature", "unknown-token", "a chunk with token 2 when only token 1 is set", nil, "ErrTokenID", 0, Seal(wt))

		// Abort.
		add("control", "abort-then-message", "an intermediate chunk, an abort of its request, then a whole message: AbortError first",
			nil, "AbortError", 0, cat(m('C', 1, 5, pattern(50)), m('A', 2, 5, abortBody(0x80B80000, "too large")), m('F', 3, 6, pattern(5))))

		if !signs(mode) {
			continue
		}
		// Signature tricks (Sign and SignAndEncrypt); the signature is the
		// HMAC tag, 32 bytes (SHA-256) or 48 (SHA-384, ECC384).
		bad := m('F', 1, 1, pattern(100))
		bad.BadSig = true
		add("chunk-signature", "flipped-signature", "the last bit of the HMAC flipped", nil, "ErrSecurityChecks", 0, Seal(bad))
		wk := m('F', 1, 1, pattern(100))
		wk.WrongKey = true
		add("chunk-signature", "wrong-key", "signed with an all-zero key", nil, "ErrSecurityChecks", 0, Seal(wk))
		cut := m('F', 1, 1, pattern(100))
		cut.CutSig = 16
		add("chunk-signature", "short-signature", "the chunk ends 16 bytes into its signature (MessageSize says so)",
			nil, "ErrSecurityChecks", 0, Seal(cut))
		tiny := m('F', 1, 1, nil)
		tiny.CutSig = 40
		add("chunk-signature", "shorter-than-signature", "a chunk shorter than its headers plus signature",
			nil, "ErrSecurityChecks", 0, Seal(tiny))
		a, b := Seal(m('F', 1, 1, pattern(64))), Seal(m('F', 1, 1, pattern(64)))
		b[len(b)-40] ^= 0xff // a byte of the body (SignAndEncrypt: of the ciphertext)
		add("chunk-signature", "tampered-body", "a message, then a copy with one body byte changed and the old signature",
			nil, "ErrSecurityChecks", 0, append(b, a...))
		other := map[string]string{"Sign": "SignAndEncrypt", "SignAndEncrypt": "Sign",
			"ECC384-Sign": "ECC384-SignAndEncrypt", "ECC384-SignAndEncrypt": "ECC384-Sign"}[mode]
		add("chunk-signature", "mode-mismatch", fmt.Sprintf("a chunk sealed for %s on a %s channel", other, mode),
			nil, "ErrSecurityChecks", 0, Seal(msg(other, 'F', 1, 1, pattern(64))))

		if isECC(mode) {
			// The tag cut to the length of the RSA policies' HMAC-SHA256.
			c32 := m('F', 1, 1, pattern(100))
			c32.CutSig = 16
			add("chunk-signature", "tag-cut-to-sha256", "an HMAC-SHA384 tag cut to 32 bytes (MessageSize says so)",
				nil, "ErrSecurityChecks", 0, Seal(c32))
			other := "SignAndEncrypt"
			if mode == "ECC384-Sign" {
				other = "Sign"
			}
			add("chunk-signature", "policy-mismatch", "a chunk sealed for Basic256Sha256 "+other+" on an ECC_nistP384 channel",
				nil, "ErrSecurityChecks", 0, Seal(msg(other, 'F', 1, 1, pattern(64))))
		}
		if !encrypts(mode) {
			continue
		}
		// Padding tricks, all with valid signatures: only a peer holding
		// the keys can send them, but the checks must hold anyway.
		pz := m('F', 1, 1, pattern(10))
		pz.PadSize = 255
		add("chunk-padding", "padding-size-255", "PaddingSize 255 in a chunk of 80 bytes", nil, "ErrSecurityChecks", 0, Seal(pz))
		pf := m('F', 1, 1, pattern(10))
		pf.PadFill = 0
		add("chunk-padding", "padding-bytes-differ", "padding bytes 00 where PaddingSize is not 0", nil, "ErrSecurityChecks", 0, Seal(pf))
		pb := m('F', 1, 1, pattern(10))
		pb.PadSize = 30
		add("chunk-padding", "padding-size-into-headers", "13 padding bytes and PaddingSize 30, reaching back over the body into the sequence header",
			nil, "ErrSecurityChecks", 0, Seal(pb))
		pl := m('F', 1, 1, pattern(10))
		pl.ExtraPad = 32
		pl.PadSize = 40
		add("control", "padding-size-smaller-than-padding", "45 padding bytes of value 40 and PaddingSize 40: the receiver cannot tell, and delivers the last 5 as body (1 message)",
			nil, "ok", 1, Seal(pl))
		pok := m('F', 1, 1, pattern(10))
		pok.ExtraPad = 48
		add("control", "padding-extra-blocks", "three more blocks of consistent padding than needed: accepted, 1 message",
			nil, "ok", 1, Seal(pok))
		nb := Seal(m('F', 1, 1, pattern(10)))
		nb = append(nb, 0, 0, 0, 0, 0, 0, 0, 0)
		binary.LittleEndian.PutUint32(nb[4:], uint32(len(nb)))
		add("chunk-padding", "not-whole-blocks", "8 bytes appended to the ciphertext, so it is not a whole number of blocks",
			nil, "ErrSecurityChecks", 0, nb)
	}
	return out
}

// NoncePolicy returns the ECC policy of an "ecc-nonce/NAME" target.
func NoncePolicy(target string) *chunk.Policy {
	p, err := chunk.PolicyByURI("http://opcfoundation.org/UA/SecurityPolicy#" + strings.TrimPrefix(target, "ecc-nonce/"))
	if err != nil || !p.IsECC() {
		return nil
	}
	return p
}

// eccNonceCases returns the cases of the ECC ephemeral keys: the input is
// the peer's nonce of an OpenSecureChannel (its ephemeral public key, X | Y
// for nistP256 and nistP384, the RFC 7748 u-coordinate for curve25519 and
// curve448), which EphemeralKey.ChannelKeys must refuse with ErrNonce
// unless it is a point of the policy's curve of the right length (and, for
// X25519 and X448, not of low order).
func eccNonceCases() []*Case {
	var out []*Case
	for _, p := range chunk.Policies() {
		if !p.IsECC() {
			continue
		}
		add := func(name, doc, want string, in []byte) {
			out = append(out, &Case{Name: "ecc-nonce-" + p.Name + "-" + name, Class: "ecc-nonce", Doc: doc,
				Target: "ecc-nonce/" + p.Name, Want: want, Input: in})
		}
		if p.NonceLength == 32 || p.NonceLength == 56 {
			montgomeryNonceCases(p, add)
			continue
		}
		// A valid point: the public key of the scalar 1, 2, 3, ... (the
		// curve's generator times that scalar).
		scalar := make([]byte, p.NonceLength/2)
		for i := range scalar {
			scalar[i] = byte(i + 1)
		}
		good := validNonce(p, scalar)
		add("valid", "the public key of a fixed scalar: accepted", "ok", good)
		off := append([]byte(nil), good...)
		off[len(off)-1] ^= 1
		add("not-on-curve", "a valid X with Y changed in its last bit: not a point of the curve", "ErrNonce", off)
		add("short", "one byte short", "ErrNonce", good[:len(good)-1])
		add("long", "one byte too many", "ErrNonce", append(append([]byte(nil), good...), 0))
		add("empty", "an empty nonce", "ErrNonce", []byte{})
		add("x-only", "the X coordinate alone (half the length)", "ErrNonce", good[:len(good)/2])
		add("with-prefix", "the SEC 1 form 0x04 | X | Y instead of X | Y", "ErrNonce", append([]byte{4}, good...))
		add("zeros", "all zeros (the point at infinity has no affine form)", "ErrNonce", make([]byte, p.NonceLength))
		ff := make([]byte, p.NonceLength)
		for i := range ff {
			ff[i] = 0xff
		}
		add("above-field", "X and Y all 0xff, above the field prime", "ErrNonce", ff)
		rsaLen := make([]byte, 32)
		copy(rsaLen, good)
		add("rsa-nonce", "a 32-byte random nonce as the RSA policies send", "ErrNonce", rsaLen)
	}
	return out
}

// montgomeryNonceCases adds the cases of an X25519 (32-byte) or X448
// (56-byte) nonce: any bytes are a u-coordinate, so the hostile ones are
// the wrong lengths and the points of low order, which would make the
// shared secret all zeros whatever the private key (RFC 7748 §6).
func montgomeryNonceCases(p *chunk.Policy, add func(name, doc, want string, in []byte)) {
	n := p.NonceLength
	le := func(hexBE string) []byte { // a little-endian u-coordinate from big-endian hex
		b := make([]byte, n)
		v, _ := new(big.Int).SetString(hexBE, 16)
		v.FillBytes(b)
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		return b
	}
	valid := make([]byte, n)
	valid[0] = 9 // the base point of curve25519; of curve448 too (u = 9 is on both)
	add("valid", "the u-coordinate 9: accepted", "ok", valid)
	add("short", "one byte short", "ErrNonce", valid[:n-1])
	add("long", "one byte too many", "ErrNonce", append(append([]byte(nil), valid...), 0))
	add("empty", "an empty nonce", "ErrNonce", []byte{})
	add("nist-length", "64 bytes, the nistP256 length", "ErrNonce", make([]byte, 64))
	add("zero", "u = 0, of order 1 or 2: the shared secret would be zeros", "ErrNonce", make([]byte, n))
	one := make([]byte, n)
	one[0] = 1
	add("one", "u = 1, of low order", "ErrNonce", one)
	if n == 32 {
		p25519 := "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"
		add("p-minus-1", "u = p - 1, of low order", "ErrNonce", le("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec"))
		add("p", "u = p, non-canonical 0", "ErrNonce", le(p25519))
		add("order-8", "a point of order 8 (u = 325606250916557431795983626356110631294008115727848805560023387167927233504)",
			"ErrNonce", le("00b8495f16056286fdb1329ceb8d09da6ac49ff1fae35616aeb8413b7c7aebe0"))
		top := le("00b8495f16056286fdb1329ceb8d09da6ac49ff1fae35616aeb8413b7c7aebe0")
		top[31] |= 0x80
		add("order-8-top-bit", "the same point with the top bit set, which X25519 ignores", "ErrNonce", top)
	} else {
		add("p-minus-1", "u = p - 1, of low order", "ErrNonce",
			le("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffffffffffffffffffffffffffffffffffffffffffffffffffffe"))
		add("p", "u = p, non-canonical 0", "ErrNonce",
			le("fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff"))
	}
}

// validNonce returns X | Y of the public key with the given scalar.
func validNonce(p *chunk.Policy, scalar []byte) []byte {
	curve := ecdh.P256() // 64-byte nonces
	if p.NonceLength == 96 {
		curve = ecdh.P384()
	}
	k, err := curve.NewPrivateKey(scalar)
	if err != nil {
		panic(err) // a fixed scalar below the order
	}
	return k.PublicKey().Bytes()[1:]
}
