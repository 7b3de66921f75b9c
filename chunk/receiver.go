package chunk

import (
	"bytes"
	"crypto/hmac"
	"crypto/rsa"
	"crypto/subtle"
	"encoding/binary"
	"math"
)

// Message is a reassembled Secure Conversation message.
type Message struct {
	// Type is OPN, MSG or CLO.
	Type MessageType
	// ChannelID is the SecureChannelId of its chunks.
	ChannelID uint32
	// TokenID is the TokenId of its chunks (MSG, CLO; 0 for OPN).
	TokenID uint32
	// RequestID is the RequestId of its chunks.
	RequestID uint32
	// SequenceNumber is the sequence number of its final chunk.
	SequenceNumber uint32
	// Chunks is the number of chunks it came in.
	Chunks int
	// Body is the reassembled body. It aliases the Receiver's buffer and is
	// valid until the next call to Receive or ReadMessage.
	Body []byte
	// Policy is the security policy of an OPN message (nil otherwise).
	Policy *Policy
	// Security is the asymmetric security header of an OPN message; its
	// byte slices alias the chunk. The caller validates SenderCertificate
	// (trust, expiry, application URI): the Receiver only checks that the
	// signature was made with its key.
	Security AsymmetricHeader
	// Signature is the verified asymmetric signature of an OPN chunk (nil
	// for None and for other types); it aliases the Receiver's buffers.
	// With a ChannelBound policy a server binds its first response to the
	// request's Signature (Sender.BindOpen), and the response's Signature
	// is the ChannelThumbprint.
	Signature []byte
}

// Receiver reassembles the chunks received on one direction of one secure
// channel into messages, checking everything Part 6 asks for before a byte
// of a chunk is trusted or buffered:
//
//   - the chunk size against the local ReceiveBufferSize (ReadChunk checks
//     the size field before reading the rest);
//   - the message type, and chunk types C and A only on MSG;
//   - the SecureChannelId, and the TokenId against the current token (and
//     the previous one, until the first chunk with the new one arrives);
//   - with signing, the signature of every chunk, compared in constant time
//     after decryption and before any decrypted field is read; with
//     encryption, a ciphertext that is a whole number of blocks and padding
//     bytes that all equal PaddingSize; with AES-GCM, the tag (checked by
//     crypto/cipher before any plaintext is released), whose nonce ties the
//     chunk to its TokenId and to the previous chunk's sequence number;
//   - sequence numbers exactly one above the previous chunk's (any number
//     for the first chunk; after 4294966271 a wrap to a number below 1024,
//     or for the ECC policies only 4294967295 followed by 0);
//   - one request id (and message type) per message: chunks of another
//     request while a message is incomplete are an error;
//   - MaxChunkCount and MaxMessageSize as each chunk arrives, so the memory
//     held is at most MaxMessageSize plus one chunk.
//
// Any error other than an *AbortError means the channel is broken and must
// be closed (with the error's StatusCode); the Receiver drops the message in
// progress either way. A Receiver is not safe for concurrent use.
type Receiver struct {
	channelID uint32
	limits    Limits
	tokens    [2]*symmetric // current, previous
	asym      *asymmetric

	haveSeq bool
	lastSeq uint32

	active  bool // a message is being reassembled
	msgType MessageType
	reqID   uint32
	tokenID uint32
	chunks  int
	body    []byte

	mac     [64]byte // scratch for HMAC results
	plain   []byte   // scratch for decrypted OPN chunks
	buf     []byte   // chunk buffer of ReadMessage
	bind    []byte   // BindOpen: appended to the data of the next OPN signature
	openSig []byte   // the signature of the OPN chunk being received
}

// NewReceiver returns a Receiver for channel channelID (0 if the channel id
// is not known yet: then OPN chunks with any channel id are accepted, and
// MSG and CLO chunks are refused until SetChannelID). local are the local
// receive limits; ChunkSize must be at least MinBufferSize.
func NewReceiver(channelID uint32, local Limits) (*Receiver, error) {
	if err := local.check(); err != nil {
		return nil, err
	}
	return &Receiver{channelID: channelID, limits: local}, nil
}

// SetChannelID sets the SecureChannelId every later chunk must carry.
func (r *Receiver) SetChannelID(id uint32) { r.channelID = id }

// SetToken adds tokenID, with the given policy, mode and the keys the peer
// sends with, as the current token. The token it replaces stays valid until
// the first chunk with the new token arrives (§6.7.4 token renewal); older
// ones are dropped at once.
func (r *Receiver) SetToken(tokenID uint32, p *Policy, mode SecurityMode, keys Keys) error {
	t, err := newSymmetric(tokenID, p, mode, keys, true)
	if err != nil {
		return err
	}
	r.tokens = [2]*symmetric{t, r.tokens[0]}
	return nil
}

// SetAsymmetric sets the configuration for received OPN chunks.
func (r *Receiver) SetAsymmetric(a Asymmetric) error {
	as, err := a.prepare(false)
	if err != nil {
		return err
	}
	r.asym = as
	return nil
}

// BindOpen makes the Receiver verify the signature of the next secured OPN
// chunk over chunk ‖ requestSignature: a client of a ChannelBound policy
// passes the signature of its first OpenSecureChannel request
// (Sender.LastOpenSignature) before it reads the response (Part 6 1.05.07
// §6.7.5). It applies to one OPN chunk.
func (r *Receiver) BindOpen(requestSignature []byte) {
	r.bind = append([]byte(nil), requestSignature...)
}

// SetLastSequenceNumber makes n the sequence number of the last chunk
// received, as if it had arrived: the next chunk must carry the number
// after it, and an AES-GCM chunk's nonce is made with n. It is for a
// Receiver that takes over a channel whose earlier chunks it did not see.
func (r *Receiver) SetLastSequenceNumber(n uint32) { r.haveSeq, r.lastSeq = true, n }

// ResetSequence forgets the last sequence number, so that the next chunk may
// carry any number (after the connection was re-established, §6.7.2.4).
func (r *Receiver) ResetSequence() { r.haveSeq = false }

// Receive processes one complete chunk (its length equal to its
// MessageSize, as ReadChunk returns it). It decrypts the chunk in place.
// When the chunk completes a message it returns the message and true; for an
// intermediate chunk it returns false and a nil error. An abort chunk returns
// an *AbortError; a UA TCP Error message returns an *ErrorMessage; anything
// else wrong returns an error wrapping one of the sentinels.
func (r *Receiver) Receive(chunk []byte) (Message, bool, error) {
	// The message is filled in place by the functions below, which return
	// only whether it is complete: a Message is about 150 bytes, and
	// returning it by value through each of them cost a sixth of
	// reassembling a plain 64 KiB message (docs/performance.md, entry 39).
	var m Message
	done, err := r.receive(chunk, &m)
	if err != nil {
		r.drop()
		return Message{}, false, err
	}
	return m, done, nil
}

func (r *Receiver) drop() {
	r.active = false
	r.body = r.body[:0]
}

func (r *Receiver) receive(c []byte, m *Message) (bool, error) {
	h, err := ParseHeader(c)
	if err != nil {
		return false, err
	}
	if uint64(h.Size) > uint64(r.limits.ChunkSize) {
		return false, errorf(ErrChunkTooLarge, h.Type, 4, "chunk of %d bytes, the limit is %d", h.Size, r.limits.ChunkSize)
	}
	if uint64(h.Size) != uint64(len(c)) {
		return false, errorf(ErrMalformed, h.Type, 4, "message size %d, but %d bytes given", h.Size, len(c))
	}
	if h.Type == TypeError {
		e, err := ParseErrorMessage(c)
		if err != nil {
			return false, err
		}
		return false, &e
	}
	if !h.Type.Secure() {
		return false, errorf(ErrMessageType, h.Type, 0, "expected OPN, MSG or CLO")
	}
	if r.channelID == 0 && h.Type != TypeOpen {
		return false, errorf(ErrChannelID, h.Type, 8, "no secure channel is open yet")
	}
	if h.ChannelID != r.channelID && r.channelID != 0 {
		return false, errorf(ErrChannelID, h.Type, 8, "channel %d, expected %d", h.ChannelID, r.channelID)
	}
	if h.Type == TypeOpen {
		return r.receiveOpen(c, h, m)
	}
	return r.receiveSymmetric(c, h, m)
}

// receiveSymmetric verifies, decrypts and unpads a MSG or CLO chunk.
func (r *Receiver) receiveSymmetric(c []byte, h Header, m *Message) (bool, error) {
	const hs = SecureHeaderSize + SymmetricHeaderSize
	if len(c) < hs {
		return false, errorf(ErrTruncated, h.Type, len(c), "symmetric security header needs %d bytes, have %d", hs, len(c))
	}
	tokenID := binary.LittleEndian.Uint32(c[SecureHeaderSize:])
	tok := r.tokens[0]
	if tok == nil || tok.tokenID != tokenID {
		tok = r.tokens[1]
		if tok == nil || tok.tokenID != tokenID {
			return false, errorf(ErrTokenID, h.Type, SecureHeaderSize, "token %d", tokenID)
		}
	}
	end := len(c)
	if tok.aead != nil {
		var err error
		if end, err = r.openAEAD(c, h, tok); err != nil {
			return false, err
		}
	} else if tok.encrypts() {
		data := c[hs:]
		bs := tok.policy.BlockSize
		if len(data) == 0 || len(data)%bs != 0 {
			return false, errorf(ErrSecurityChecks, h.Type, hs, "encrypted part of %d bytes is not a multiple of the block size %d", len(data), bs)
		}
		tok.cryptBlocks(data)
	}
	if tok.mac != nil {
		min := hs + SequenceHeaderSize + tok.sigLen
		if tok.encrypts() {
			min++
		}
		if len(c) < min {
			return false, errorf(ErrSecurityChecks, h.Type, len(c), "chunk of %d bytes is shorter than its headers and signature (%d)", len(c), min)
		}
		end -= tok.sigLen
		tok.mac.Reset()
		tok.mac.Write(c[:end])
		if !hmac.Equal(tok.mac.Sum(r.mac[:0]), c[end:]) {
			return false, errorf(ErrSecurityChecks, h.Type, end, "signature mismatch")
		}
	}
	if tok.padded() {
		pad := int(c[end-1])
		if end-1-pad < hs+SequenceHeaderSize {
			return false, errorf(ErrSecurityChecks, h.Type, end-1, "padding size %d larger than the chunk", pad)
		}
		if !allEqual(c[end-1-pad:end-1], byte(pad)) {
			return false, errorf(ErrSecurityChecks, h.Type, end-1-pad, "padding bytes differ from the padding size %d", pad)
		}
		end -= pad + 1
	}
	if end < hs+SequenceHeaderSize {
		return false, errorf(ErrTruncated, h.Type, hs, "sequence header needs %d bytes, have %d", SequenceHeaderSize, end-hs)
	}
	sh, _ := ParseSequenceHeader(c[hs:])
	if err := r.checkSequence(h.Type, tok.policy, sh.SequenceNumber, hs); err != nil {
		return false, err
	}
	if tok == r.tokens[0] {
		r.tokens[1] = nil // the peer uses the new token: the old one expires
	}
	return r.assemble(h, tokenID, sh, c[hs+SequenceHeaderSize:end], m)
}

// openAEAD verifies (and in SignAndEncrypt decrypts in place) an AES-GCM
// chunk and returns the end of its plaintext. The nonce needs the previous
// chunk's sequence number, so a Receiver that has none (a first chunk, or
// after ResetSequence) refuses the chunk; a sender that skipped a number
// fails the tag as well.
func (r *Receiver) openAEAD(c []byte, h Header, tok *symmetric) (int, error) {
	const hs = SecureHeaderSize + SymmetricHeaderSize
	if len(c) < hs+SequenceHeaderSize+tok.sigLen {
		return 0, errorf(ErrSecurityChecks, h.Type, len(c), "chunk of %d bytes is shorter than its headers and tag (%d)", len(c), hs+SequenceHeaderSize+tok.sigLen)
	}
	if !r.haveSeq {
		return 0, errorf(ErrSequenceNumber, h.Type, hs, "an AES-GCM chunk needs the previous sequence number for its nonce")
	}
	nonce := tok.nonce(r.lastSeq)
	if tok.mode == ModeSignAndEncrypt {
		pt, err := tok.aead.Open(c[hs:hs], nonce, c[hs:], c[:hs])
		if err != nil {
			return 0, errorf(ErrSecurityChecks, h.Type, hs, "authentication tag mismatch")
		}
		return hs + len(pt), nil
	}
	end := len(c) - tok.sigLen
	if _, err := tok.aead.Open(r.mac[:0], nonce, c[end:], c[:end]); err != nil {
		return 0, errorf(ErrSecurityChecks, h.Type, end, "authentication tag mismatch")
	}
	return end, nil
}

// receiveOpen decrypts, verifies and unpads an OPN chunk.
func (r *Receiver) receiveOpen(c []byte, h Header, m *Message) (bool, error) {
	a := r.asym
	if a == nil {
		return false, errorf(ErrConfig, TypeOpen, 0, "no asymmetric security set")
	}
	ah, n, err := ParseAsymmetricHeader(c[SecureHeaderSize:])
	if err != nil {
		e := err.(*Error)
		e.Type, e.Offset = TypeOpen, e.Offset+SecureHeaderSize
		return false, e
	}
	hs := SecureHeaderSize + n
	p, err := PolicyByURI(ah.SecurityPolicyURI)
	if err != nil {
		return false, err
	}
	if a.policy != nil && a.policy != p {
		return false, errorf(ErrPolicy, TypeOpen, SecureHeaderSize, "policy %s, the channel uses %s", p.Name, a.policy.Name)
	}
	data := c[hs:]
	r.openSig = nil
	if !p.IsNone() {
		data, err = r.openSecured(c, hs, p, &ah)
		if err != nil {
			return false, err
		}
	}
	if len(data) < SequenceHeaderSize {
		return false, errorf(ErrTruncated, TypeOpen, hs, "sequence header needs %d bytes, have %d", SequenceHeaderSize, len(data))
	}
	sh, _ := ParseSequenceHeader(data)
	if err := r.checkSequence(TypeOpen, p, sh.SequenceNumber, hs); err != nil {
		return false, err
	}
	done, err := r.assemble(h, 0, sh, data[SequenceHeaderSize:], m)
	if done {
		m.Policy, m.Security, m.Signature = p, ah, r.openSig
	}
	return done, err
}

// openSecured checks the certificates of an OPN chunk, verifies its
// signature and, for RSA, decrypts it into r.plain and checks its padding,
// and returns the sequence header and body.
func (r *Receiver) openSecured(c []byte, hs int, p *Policy, ah *AsymmetricHeader) ([]byte, error) {
	a := r.asym
	if a.key == nil {
		return nil, errorf(ErrConfig, TypeOpen, -1, "no private key for policy %s", p.Name)
	}
	if err := checkKey(p, a.key.Public(), "local"); err != nil {
		return nil, err
	}
	if a.thumb != nil && !bytes.Equal(ah.ReceiverCertificateThumbprint, a.thumb) {
		return nil, errorf(ErrSecurityChecks, TypeOpen, -1, "receiver certificate thumbprint does not match")
	}
	leaf, pub, err := parseCertificate(ah.SenderCertificate)
	if err != nil {
		return nil, err
	}
	if a.peerLeaf != nil && !bytes.Equal(leaf, a.peerLeaf) {
		return nil, errorf(ErrSecurityChecks, TypeOpen, -1, "sender certificate is not the peer's")
	}
	if err := checkKey(p, pub, "sender"); err != nil {
		return nil, err
	}
	sig := signatureSize(p, pub)
	if p.IsECC() {
		// Signed, not encrypted, no padding (Part 6 §6.7.2.5.2, §6.8).
		if len(c) < hs+SequenceHeaderSize+sig {
			return nil, errorf(ErrSecurityChecks, TypeOpen, -1, "chunk shorter than its headers and signature")
		}
		end := len(c) - sig
		bind := r.bind
		r.bind = nil
		if err := asymVerify(p, pub, c[:end], bind, c[end:]); err != nil {
			return nil, errorf(ErrSecurityChecks, TypeOpen, -1, "signature mismatch")
		}
		r.openSig = c[end:]
		return c[hs:end], nil
	}
	key := a.key.(*rsa.PrivateKey) // checkKey: an RSA policy has an RSA key
	r.plain = append(r.plain[:0], c[:hs]...)
	r.plain, err = asymDecrypt(p, key, c[hs:], r.plain)
	if err != nil {
		return nil, err
	}
	extra := 0
	if key.Size() > 256 { // encrypted with a key larger than 2048 bits
		extra = 1
	}
	pt := r.plain
	if len(pt) < hs+SequenceHeaderSize+1+extra+sig {
		return nil, errorf(ErrSecurityChecks, TypeOpen, -1, "chunk shorter than its headers and signature")
	}
	end := len(pt) - sig
	if err := asymVerify(p, pub, pt[:end], nil, pt[end:]); err != nil {
		return nil, errorf(ErrSecurityChecks, TypeOpen, -1, "signature mismatch")
	}
	r.openSig = pt[end:]
	pad := int(pt[end-1-extra])
	if extra == 1 {
		pad |= int(pt[end-1]) << 8
	}
	padStart := end - extra - 1 - pad
	if padStart < hs+SequenceHeaderSize || !allEqual(pt[padStart:end-extra-1], byte(pad)) {
		return nil, errorf(ErrSecurityChecks, TypeOpen, -1, "invalid padding")
	}
	return pt[hs:padStart], nil
}

// checkSequence enforces +1 per chunk: with the legacy wrap rule for the
// RSA policies and None, and for the ECC policies (non-legacy, Part 6
// §6.7.2.4) exactly +1 with a wrap from 4294967295 to 0 only.
func (r *Receiver) checkSequence(t MessageType, p *Policy, seq uint32, off int) error {
	if r.haveSeq {
		last := r.lastSeq
		ok := last != math.MaxUint32 && seq == last+1 ||
			last > math.MaxUint32-1024 && seq < 1024
		if p != nil && p.IsECC() {
			ok = seq == last+1 // wraps to 0 in uint32
		}
		if !ok {
			return errorf(ErrSequenceNumber, t, off, "sequence number %d after %d", seq, last)
		}
	}
	r.haveSeq, r.lastSeq = true, seq
	return nil
}

// assemble adds a verified chunk's body to the message in progress.
func (r *Receiver) assemble(h Header, tokenID uint32, sh SequenceHeader, part []byte, m *Message) (bool, error) {
	if r.active && (sh.RequestID != r.reqID || h.Type != r.msgType) {
		return false, errorf(ErrRequestID, h.Type, SecureHeaderSize, "%s request %d while %s request %d is incomplete", h.Type, sh.RequestID, r.msgType, r.reqID)
	}
	if h.Chunk == ChunkAbort {
		r.drop()
		return false, parseAbort(sh.RequestID, part)
	}
	if !r.active {
		r.active, r.msgType, r.reqID, r.tokenID, r.chunks = true, h.Type, sh.RequestID, tokenID, 0
		r.body = r.body[:0]
	}
	r.chunks++
	if r.limits.MaxChunkCount != 0 && uint64(r.chunks) > uint64(r.limits.MaxChunkCount) {
		return false, errorf(ErrTooManyChunks, h.Type, -1, "request %d has more than %d chunks", r.reqID, r.limits.MaxChunkCount)
	}
	size := len(r.body) + len(part)
	if r.limits.MaxMessageSize != 0 && uint64(size) > uint64(r.limits.MaxMessageSize) {
		return false, errorf(ErrMessageTooLarge, h.Type, -1, "request %d has more than %d body bytes", r.reqID, r.limits.MaxMessageSize)
	}
	if size > cap(r.body) {
		// Grow by doubling, but never beyond MaxMessageSize, so that the
		// memory held stays within the limit.
		c := max(size, 2*cap(r.body), 4096)
		if r.limits.MaxMessageSize != 0 {
			c = min(c, int(r.limits.MaxMessageSize))
		}
		r.body = append(make([]byte, 0, c), r.body...)
	}
	r.body = append(r.body, part...)
	if h.Chunk != ChunkFinal {
		return false, nil
	}
	r.active = false
	*m = Message{
		Type: h.Type, ChannelID: h.ChannelID, TokenID: tokenID, RequestID: sh.RequestID,
		SequenceNumber: sh.SequenceNumber, Chunks: r.chunks, Body: r.body,
	}
	return true, nil
}

// parseAbort returns the *AbortError of an abort chunk's body.
func parseAbort(requestID uint32, body []byte) error {
	if len(body) < 4 {
		return errorf(ErrTruncated, TypeMessage, -1, "abort body of %d bytes", len(body))
	}
	e := &AbortError{RequestID: requestID, Code: binary.LittleEndian.Uint32(body)}
	reason, off, err := parseString(body, 4, len(body))
	if err != nil {
		return err
	}
	if off != len(body) {
		return errorf(ErrMalformed, TypeMessage, -1, "%d bytes after the abort reason", len(body)-off)
	}
	if len(reason) <= MaxURLLength { // longer reasons are ignored (§6.7.3)
		e.Reason = string(reason)
	}
	return e
}

// allEqual reports whether every byte of b is v, in time that depends on
// len(b) only.
func allEqual(b []byte, v byte) bool {
	var d byte
	for _, x := range b {
		d |= x ^ v
	}
	return subtle.ConstantTimeByteEq(d, 0) == 1
}
