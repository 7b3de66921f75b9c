package main

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/gopcua/opcua/ua"
	"github.com/gopcua/opcua/uasc"
	"golang.org/x/crypto/chacha20poly1305"

	"github.com/uabin/uabin/chunk"
)

// W8: a 64 KiB message body in Secure Conversation MSG chunks of at most
// 8192 bytes, plain, signed and encrypted (docs/workloads.md, W8), with
// Basic256Sha256 (HMAC-SHA256, AES-256-CBC), and the same workload with the
// symmetric layers of ECC_nistP256 (HMAC-SHA256, AES-128-CBC) and
// ECC_curve25519 (ChaCha20-Poly1305, a 16-byte tag, no padding).

// W8 parameters.
const (
	w8ChunkSize  = 8192
	w8ChannelID  = 7
	w8TokenID    = 1
	w8RequestID  = 99
	w8FirstSeq   = 1000
	w8HeaderSize = 12 + 4 // message header with SecureChannelId, then TokenId
	w8SeqSize    = 8      // SequenceNumber, RequestId
	w8SigSize    = 32     // HMAC-SHA256
	w8BlockSize  = 16     // AES
	w8TagSize    = 16     // Poly1305
)

// Security modes of W8, in table order.
const (
	w8Plain = iota
	w8Signed
	w8Encrypted
	w8NistP256Signed
	w8NistP256Encrypted
	w8Curve25519Signed
	w8Curve25519Encrypted
)

var w8ModeNames = [...]string{"plain", "signed", "encrypted", "nistP256Signed", "nistP256Encrypted", "curve25519Signed", "curve25519Encrypted"}

// w8Security is the policy and security mode of a W8 mode, and how the
// hand-built stream is secured: signed (HMAC-SHA256 or a Poly1305 tag),
// encrypted (AES-CBC or ChaCha20), with AES keyLen bytes, or with
// ChaCha20-Poly1305 (chacha).
type w8Security struct {
	policy            *chunk.Policy
	mode              chunk.SecurityMode
	signed, encrypted bool
	keyLen            int  // AES key length (CBC modes)
	chacha            bool // ChaCha20-Poly1305 (ECC_curve25519)
}

func w8SecurityOf(mode int) w8Security {
	switch mode {
	case w8Signed:
		return w8Security{chunk.PolicyBasic256Sha256, chunk.ModeSign, true, false, 32, false}
	case w8Encrypted:
		return w8Security{chunk.PolicyBasic256Sha256, chunk.ModeSignAndEncrypt, true, true, 32, false}
	case w8NistP256Signed:
		return w8Security{chunk.PolicyECCNistP256, chunk.ModeSign, true, false, 16, false}
	case w8NistP256Encrypted:
		return w8Security{chunk.PolicyECCNistP256, chunk.ModeSignAndEncrypt, true, true, 16, false}
	case w8Curve25519Signed:
		return w8Security{chunk.PolicyECCCurve25519, chunk.ModeSign, true, false, 0, true}
	case w8Curve25519Encrypted:
		return w8Security{chunk.PolicyECCCurve25519, chunk.ModeSignAndEncrypt, true, true, 0, true}
	}
	return w8Security{policy: chunk.PolicyNone, mode: chunk.ModeNone}
}

// keys returns the W8 keys of the mode: signing key byte i = i (32 bytes),
// encrypting key byte i = 255 - i (the AES key length, or 32 for
// ChaCha20), IV byte i = i (16 bytes for AES-CBC, 12 for ChaCha20-Poly1305).
func (s w8Security) keys() chunk.Keys {
	if !s.signed {
		return chunk.Keys{}
	}
	encLen, ivLen := s.keyLen, 16
	if s.chacha {
		encLen, ivLen = 32, 12
	}
	return chunk.Keys{SigningKey: w8SigningKey(), EncryptingKey: w8EncryptingKey()[:encLen], IV: w8IV()[:ivLen]}
}

// w8Body is the message body: 64 KiB, byte i = i mod 251.
var w8Body = func() []byte {
	b := make([]byte, 64<<10)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}()

// w8SigningKey is the HMAC-SHA256 key, byte i = i.
func w8SigningKey() []byte {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(i)
	}
	return k
}

// w8EncryptingKey is the AES-256 key, byte i = 255 - i.
func w8EncryptingKey() []byte {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(255 - i)
	}
	return k
}

// w8IV is the AES-CBC initialization vector, byte i = i, the same for every
// chunk.
func w8IV() []byte {
	iv := make([]byte, 16)
	for i := range iv {
		iv[i] = byte(i)
	}
	return iv
}

// w8MaxBody is how many body bytes a full chunk carries (encoding-rules
// §16): 8168 plain, 8136 signed, 8135 encrypted (AES-CBC), 8152 with
// ChaCha20-Poly1305 (no padding, the 16-byte tag).
func w8MaxBody(mode int) int {
	s := w8SecurityOf(mode)
	switch {
	case !s.signed:
		return w8ChunkSize - w8HeaderSize - w8SeqSize
	case s.chacha:
		return w8ChunkSize - w8HeaderSize - w8SeqSize - w8TagSize
	case !s.encrypted:
		return w8ChunkSize - w8HeaderSize - w8SeqSize - w8SigSize
	default:
		return (w8ChunkSize-w8HeaderSize)/w8BlockSize*w8BlockSize - w8SeqSize - 1 - w8SigSize
	}
}

// w8Expected frames w8Body by hand, straight from Part 6 §6.7 as summarised
// in encoding-rules §16, with the standard library's HMAC and AES: message
// header, token id, sequence header, body part, padding (encrypted only:
// PaddingSize then that many bytes of PaddingSize, so that the encrypted
// part fills whole blocks), signature over everything before it, and AES-CBC
// over everything after the token id. With ChaCha20-Poly1305
// (golang.org/x/crypto, Part 6 §6.7.2.5.2): no padding, the nonce is the IV
// with the TokenId and the previous chunk's sequence number XORed into
// bytes 0-3 and 4-7; Sign: the tag over the whole chunk as additional data,
// with the signing key; SignAndEncrypt: the 16 header bytes as additional
// data, the rest encrypted, with the encrypting key.
func w8Expected(mode int) ref {
	sec := w8SecurityOf(mode)
	keys := sec.keys()
	maxBody := w8MaxBody(mode)
	var out ref
	seq := uint32(w8FirstSeq)
	for off := 0; off < len(w8Body); off += maxBody {
		part := w8Body[off:min(off+maxBody, len(w8Body))]
		chunkType := byte('C')
		if off+len(part) == len(w8Body) {
			chunkType = 'F'
		}
		if sec.chacha {
			size := w8HeaderSize + w8SeqSize + len(part) + w8TagSize
			start := len(out)
			out = out.ascii("MSG").u8(chunkType).u32(uint32(size)).u32(w8ChannelID).u32(w8TokenID)
			out = out.u32(seq).u32(w8RequestID)
			out = append(out, part...)
			nonce := append([]byte(nil), keys.IV...)
			var mask [8]byte
			binary.LittleEndian.PutUint32(mask[0:], w8TokenID)
			binary.LittleEndian.PutUint32(mask[4:], seq-1)
			for i := range mask {
				nonce[i] ^= mask[i]
			}
			key := keys.SigningKey
			if sec.encrypted {
				key = keys.EncryptingKey
			}
			aead, err := chacha20poly1305.New(key)
			if err != nil {
				panic(err)
			}
			c := out[start:]
			if sec.encrypted {
				out = append(out[:start+w8HeaderSize], aead.Seal(nil, nonce, c[w8HeaderSize:], c[:w8HeaderSize])...)
			} else {
				out = append(out, aead.Seal(nil, nonce, nil, c)...)
			}
			seq++
			continue
		}
		pad := 0
		if sec.encrypted {
			// The encrypted part holds sequence header, body, the padding
			// size byte, the padding and the signature.
			pad = (w8BlockSize - (w8SeqSize+len(part)+1+w8SigSize)%w8BlockSize) % w8BlockSize
		}
		size := w8HeaderSize + w8SeqSize + len(part)
		if sec.encrypted {
			size += 1 + pad
		}
		if sec.signed {
			size += w8SigSize
		}
		start := len(out)
		out = out.ascii("MSG").u8(chunkType).u32(uint32(size)).u32(w8ChannelID).u32(w8TokenID)
		out = out.u32(seq).u32(w8RequestID)
		out = append(out, part...)
		if sec.encrypted {
			for i := 0; i <= pad; i++ {
				out = out.u8(byte(pad))
			}
		}
		if sec.signed {
			mac := hmac.New(sha256.New, keys.SigningKey)
			mac.Write(out[start:])
			out = mac.Sum(out)
		}
		if sec.encrypted {
			block, err := aes.NewCipher(keys.EncryptingKey)
			if err != nil {
				panic(err)
			}
			enc := out[start+w8HeaderSize:]
			cipher.NewCBCEncrypter(block, keys.IV).CryptBlocks(enc, enc)
		}
		seq++
	}
	return out
}

func w8Cases() []*testCase {
	var out []*testCase
	for mode, name := range w8ModeNames {
		c := &testCase{
			id:       "W8Chunking" + string(name[0]-'a'+'A') + name[1:],
			workload: "W8",
			title:    "Chunking." + name,
			dirs:     [2]string{"frame", "reassemble"},
			expected: w8Expected(mode),
		}
		c.codecs[implFast] = w8Uabin(mode)
		c.codecs[implPlans] = codec{na: "chunk framing does not use the codec: one implementation, shown in the uabin-fast column"}
		if mode == w8Plain {
			c.codecs[implGopcua] = w8Gopcua()
		} else {
			c.codecs[implGopcua] = codec{na: "uasc signs and encrypts only in the unexported channelInstance of a SecureChannel on a live uacp.Conn, and uapolicy derives its keys from nonces, so the W8 keys cannot be set"}
		}
		out = append(out, c)
	}
	return out
}

// w8Uabin frames with a chunk.Sender and reassembles with a chunk.Receiver,
// both configured once with the W8 token (policy None, or the mode's policy
// in Sign or SignAndEncrypt mode with the W8 keys).
//
// The Sender numbers chunks on across messages, as on a real channel; reset
// starts a new one at sequence number 1000, which the verification does
// before comparing bytes. Before each message the Receiver forgets the last
// sequence number (ResetSequence), so the same stream can be received again;
// with ChaCha20-Poly1305 it is told the number before the first one of the
// stream last framed instead (SetLastSequenceNumber), which the chunk
// nonces need. Encrypted chunks
// are decrypted in place, so reassembly first copies the stream into a
// scratch buffer in that mode (one 64 KiB copy, timed).
func w8Uabin(mode int) codec {
	sec := w8SecurityOf(mode)
	policy, secMode, keys := sec.policy, sec.mode, sec.keys()
	newSender := func() (*chunk.Sender, error) {
		s, err := chunk.NewSender(w8ChannelID, w8FirstSeq, chunk.Limits{ChunkSize: w8ChunkSize})
		if err != nil {
			return nil, err
		}
		return s, s.SetToken(w8TokenID, policy, secMode, keys)
	}
	sender, senderErr := newSender()
	receiver, receiverErr := chunk.NewReceiver(w8ChannelID, chunk.Limits{ChunkSize: w8ChunkSize, MaxMessageSize: 1 << 21})
	if receiverErr == nil {
		receiverErr = receiver.SetToken(w8TokenID, policy, secMode, keys)
	}
	var scratch, got []byte
	lastFirst := uint32(w8FirstSeq) // the first sequence number of the last stream framed
	return codec{
		reset: func() { sender, senderErr = newSender() },
		encode: func(dst []byte) ([]byte, error) {
			if senderErr != nil {
				return dst, senderErr
			}
			lastFirst = sender.SequenceNumber()
			return sender.Append(dst, chunk.TypeMessage, w8RequestID, w8Body)
		},
		decode: func(src []byte) error {
			if receiverErr != nil {
				return receiverErr
			}
			if sec.encrypted {
				scratch = append(scratch[:0], src...)
				src = scratch
			}
			if policy.IsAEAD() {
				// The nonce of the first chunk needs the number before it
				// (encrypted in the stream, so taken from the last encode).
				receiver.SetLastSequenceNumber(lastFirst - 1)
			} else {
				receiver.ResetSequence()
			}
			got = nil
			for len(src) > 0 {
				if len(src) < 8 {
					return errors.New("chunk stream: truncated header")
				}
				size := int(binary.LittleEndian.Uint32(src[4:8]))
				if size < 8 || size > len(src) {
					return fmt.Errorf("chunk stream: bad chunk size %d", size)
				}
				msg, done, err := receiver.Receive(src[:size])
				if err != nil {
					return err
				}
				src = src[size:]
				if done {
					if len(src) > 0 {
						return errors.New("chunk stream: bytes after the final chunk")
					}
					got = msg.Body
				}
			}
			if got == nil {
				return errors.New("chunk stream: no final chunk")
			}
			return nil
		},
		check: func() error { return sameBody(got) },
	}
}

// gopcuaRawBody is a message body that gopcua's encoder writes unchanged.
type gopcuaRawBody []byte

// Encode implements ua.BinaryEncoder.
func (b gopcuaRawBody) Encode() ([]byte, error) { return b, nil }

// w8Gopcua frames and reassembles with gopcua's public uasc pieces, the way
// its SecureChannel does with SecurityPolicy None.
//
// Framing: uasc.Message.EncodeChunks splits the message, then, as
// SecureChannel's send path does, every chunk after the first gets the next
// sequence number patched in. EncodeChunks writes a service type id before
// the body; W8's body starts with 00 01, which is exactly the TwoByte NodeId
// i=1, so the id is taken from the body's first two bytes and the stream is
// the same. The chunks are concatenated into one buffer.
//
// Reassembly: every chunk is parsed with uasc.MessageChunk.Decode and
// uasc.SequenceHeader.Decode as SecureChannel.readChunk does, and the parts
// are joined as its mergeChunks does (reading from the socket excluded).
func w8Gopcua() codec {
	typeID := ua.NewTwoByteExpandedNodeID(w8Body[1])
	if !bytes.Equal(w8Body[:2], []byte{0x00, 0x01}) {
		panic("w8Gopcua: the body no longer starts with a TwoByte NodeId")
	}
	var got []byte
	return codec{
		encode: func(dst []byte) ([]byte, error) {
			m := &uasc.Message{
				MessageHeader: &uasc.MessageHeader{
					Header:                  uasc.NewHeader(uasc.MessageTypeMessage, uasc.ChunkTypeFinal, w8ChannelID),
					SymmetricSecurityHeader: uasc.NewSymmetricSecurityHeader(w8TokenID),
					SequenceHeader:          uasc.NewSequenceHeader(w8FirstSeq, w8RequestID),
				},
				TypeID:  typeID,
				Service: gopcuaRawBody(w8Body[2:]),
			}
			chunks, err := m.EncodeChunks(uint32(w8MaxBody(w8Plain)))
			if err != nil {
				return dst, err
			}
			for i, c := range chunks {
				if i > 0 {
					binary.LittleEndian.PutUint32(c[16:], uint32(w8FirstSeq+i))
				}
				dst = append(dst, c...)
			}
			return dst, nil
		},
		decode: func(src []byte) error {
			var parts []*uasc.MessageChunk
			for len(src) > 0 {
				h := new(uasc.Header)
				if _, err := h.Decode(src); err != nil {
					return err
				}
				if h.MessageSize < 24 || int(h.MessageSize) > len(src) {
					return fmt.Errorf("gopcua: bad chunk size %d", h.MessageSize)
				}
				m := new(uasc.MessageChunk)
				if _, err := m.Decode(src[:h.MessageSize]); err != nil {
					return err
				}
				n, err := m.SequenceHeader.Decode(m.Data)
				if err != nil {
					return err
				}
				m.Data = m.Data[n:]
				parts = append(parts, m)
				src = src[h.MessageSize:]
			}
			// mergeChunks
			var b []byte
			var seq uint32
			for _, c := range parts {
				if c.SequenceHeader.SequenceNumber == seq {
					continue
				}
				seq = c.SequenceHeader.SequenceNumber
				b = append(b, c.Data...)
			}
			got = b
			return nil
		},
		check: func() error { return sameBody(got) },
	}
}

// sameBody reports whether a reassembled body equals w8Body.
func sameBody(got []byte) error {
	if !bytes.Equal(got, w8Body) {
		return errors.New("the reassembled body differs: " + firstDifference(w8Body, got))
	}
	return nil
}
