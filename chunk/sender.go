package chunk

import (
	"crypto/rsa"
	"encoding/binary"
	"io"
	"slices"
)

// Limits are the sizes a secure channel negotiated in Hello/Acknowledge
// (§7.1.2). A Sender gets the peer's receive limits, a Receiver its own.
type Limits struct {
	// ChunkSize is the largest chunk in bytes, every header, padding and
	// signature included: the receiver's ReceiveBufferSize (bounded by the
	// sender's SendBufferSize). At least MinBufferSize.
	ChunkSize uint32
	// MaxMessageSize is the largest message body in bytes (the body before
	// chunking, as Part 6 counts it); 0 means no limit.
	MaxMessageSize uint32
	// MaxChunkCount is the largest number of chunks in one message; 0 means
	// no limit.
	MaxChunkCount uint32
}

func (l Limits) check() error {
	if l.ChunkSize < MinBufferSize {
		return errorf(ErrConfig, 0, -1, "chunk size %d is below the minimum %d", l.ChunkSize, MinBufferSize)
	}
	return nil
}

// Sender frames message bodies into Secure Conversation chunks for one
// direction of one secure channel. It numbers the chunks (SequenceNumber +1
// per chunk across messages, wrapping after 4294966271 to 0 as the legacy
// rule allows), splits bodies to fit the peer's limits, and signs and
// encrypts with the current token (MSG, CLO) or the asymmetric configuration
// (OPN).
//
// A Sender is not safe for concurrent use; a channel sends one message at a
// time anyway, because chunks of different messages must not interleave.
type Sender struct {
	channelID uint32
	limits    Limits
	seq       uint32
	tok       *symmetric
	asym      *asymmetric
	buf       []byte // reused by Write
	plain     []byte // reused by OPN encryption
	bind      []byte // BindOpen: appended to the data of the next OPN signature
	openSig   []byte // the signature of the last OPN chunk
}

// NewSender returns a Sender for channel channelID whose first chunk gets
// sequence number firstSequenceNumber (for the RSA policies Part 6 asks for a
// number below 1024 at the start of a channel). peer are the peer's receive
// limits; ChunkSize must be at least MinBufferSize.
func NewSender(channelID, firstSequenceNumber uint32, peer Limits) (*Sender, error) {
	if err := peer.check(); err != nil {
		return nil, err
	}
	return &Sender{channelID: channelID, limits: peer, seq: firstSequenceNumber}, nil
}

// SetChannelID sets the SecureChannelId of later chunks (a client learns it
// from the OpenSecureChannel response).
func (s *Sender) SetChannelID(id uint32) { s.channelID = id }

// SetLimits replaces the peer's limits.
func (s *Sender) SetLimits(peer Limits) error {
	if err := peer.check(); err != nil {
		return err
	}
	s.limits = peer
	return nil
}

// SequenceNumber returns the sequence number the next chunk will carry.
func (s *Sender) SequenceNumber() uint32 { return s.seq }

// SetToken makes tokenID with the given policy, mode and sending keys the
// token for later MSG and CLO chunks. For policy None the mode is ModeNone
// and keys are ignored; otherwise the mode is ModeSign (keys.SigningKey
// needed) or ModeSignAndEncrypt (all three keys).
func (s *Sender) SetToken(tokenID uint32, p *Policy, mode SecurityMode, keys Keys) error {
	t, err := newSymmetric(tokenID, p, mode, keys, false)
	if err != nil {
		return err
	}
	s.tok = t
	return nil
}

// SetAsymmetric sets the configuration for OPN chunks; a.Policy,
// a.Certificate, a.PrivateKey and a.PeerCertificate are required unless the
// policy is None.
func (s *Sender) SetAsymmetric(a Asymmetric) error {
	as, err := a.prepare(true)
	if err != nil {
		return err
	}
	s.asym = as
	return nil
}

// BindOpen makes the signature of the next OPN chunk cover requestSignature
// after the chunk: the server's first OpenSecureChannel response of a
// ChannelBound policy is signed over response chunk ‖ the request's
// signature (Message.Signature of the request; Part 6 1.05.07 §6.7.5,
// ChannelThumbprint). It applies to one OPN chunk.
func (s *Sender) BindOpen(requestSignature []byte) {
	s.bind = append([]byte(nil), requestSignature...)
}

// LastOpenSignature returns the asymmetric signature of the last OPN chunk
// the Sender framed (nil before any, or with policy None): a client of a
// ChannelBound policy passes its first request's signature to
// Receiver.BindOpen; a server's first response signature is the
// ChannelThumbprint. The slice is the Sender's; do not modify it.
func (s *Sender) LastOpenSignature() []byte { return s.openSig }

// MaxBodySize returns how many body bytes one chunk of type t carries with
// the current configuration: for MSG every chunk but the last carries exactly
// this many. It is 0 if t is not OPN, MSG or CLO or its security is not set.
func (s *Sender) MaxBodySize(t MessageType) int {
	switch t {
	case TypeMessage, TypeClose:
		if s.tok == nil {
			return 0
		}
		return max(0, s.tok.bodySize(int(s.limits.ChunkSize), SecureHeaderSize+SymmetricHeaderSize))
	case TypeOpen:
		if s.asym == nil {
			return 0
		}
		h := s.asymHeader()
		return max(0, s.asymBodySize(SecureHeaderSize+h.Size()))
	}
	return 0
}

// Append frames body as a message of type t (OPN, MSG or CLO) with request id
// requestID and appends its chunks to b, one after the other, each complete
// with its MessageSize. MSG bodies are split into as many chunks as needed;
// OPN and CLO must fit in one. On error b is returned unchanged and no
// sequence number is used. With policy None and a b of enough capacity,
// Append does not allocate.
func (s *Sender) Append(b []byte, t MessageType, requestID uint32, body []byte) ([]byte, error) {
	switch t {
	case TypeMessage, TypeClose:
		return s.appendSymmetric(b, t, requestID, body)
	case TypeOpen:
		return s.appendOpen(b, requestID, body)
	}
	return b, errorf(ErrMessageType, t, -1, "a Sender frames OPN, MSG and CLO only")
}

// AppendAbort appends an abort chunk (MSG, IsFinal 'A', §6.7.3) for request
// requestID with status code and reason (at most 4096 bytes) to b; the
// receiver discards the chunks it has of that request. It is signed and
// encrypted like any MSG chunk.
func (s *Sender) AppendAbort(b []byte, requestID, code uint32, reason string) ([]byte, error) {
	if len(reason) > MaxURLLength {
		return b, errorf(ErrMalformed, TypeMessage, -1, "abort reason of %d bytes, the limit is %d", len(reason), MaxURLLength)
	}
	if s.tok == nil {
		return b, errorf(ErrConfig, TypeMessage, -1, "no security token set")
	}
	var body [4 + 4 + MaxURLLength]byte
	p := binary.LittleEndian.AppendUint32(body[:0], code)
	p = appendString(p, reason)
	if len(p) > s.MaxBodySize(TypeMessage) {
		return b, errorf(ErrMessageTooLarge, TypeMessage, -1, "abort body of %d bytes does not fit in a chunk", len(p))
	}
	b = s.appendSymmetricChunk(b, TypeMessage, ChunkAbort, SequenceHeader{s.seq, requestID}, p)
	s.seq = nextSequenceNumber(s.seq)
	return b, nil
}

// Write frames body like Append and writes all its chunks to w with one
// Write call, reusing an internal buffer.
func (s *Sender) Write(w io.Writer, t MessageType, requestID uint32, body []byte) error {
	var err error
	s.buf, err = s.Append(s.buf[:0], t, requestID, body)
	if err != nil {
		return err
	}
	_, err = w.Write(s.buf)
	return err
}

// nextSequenceNumber returns the number after n: n+1, and 0 after
// math.MaxUint32 (the legacy rule lets a number wrap once it is above
// math.MaxUint32-1024 and wants the next below 1024).
func nextSequenceNumber(n uint32) uint32 { return n + 1 }

func (s *Sender) checkMessage(t MessageType, bodyLen, perChunk int) (int, error) {
	if perChunk <= 0 {
		return 0, errorf(ErrConfig, t, -1, "chunk size %d leaves no room for a body", s.limits.ChunkSize)
	}
	if s.limits.MaxMessageSize != 0 && uint64(bodyLen) > uint64(s.limits.MaxMessageSize) {
		return 0, errorf(ErrMessageTooLarge, t, -1, "body of %d bytes, the peer accepts %d", bodyLen, s.limits.MaxMessageSize)
	}
	n := max(1, (bodyLen+perChunk-1)/perChunk)
	if t != TypeMessage && n > 1 {
		return 0, errorf(ErrMessageTooLarge, t, -1, "body of %d bytes does not fit in one chunk (%d bytes)", bodyLen, perChunk)
	}
	if s.limits.MaxChunkCount != 0 && uint64(n) > uint64(s.limits.MaxChunkCount) {
		return 0, errorf(ErrTooManyChunks, t, -1, "body of %d bytes needs %d chunks, the peer accepts %d", bodyLen, n, s.limits.MaxChunkCount)
	}
	return n, nil
}

func (s *Sender) appendSymmetric(b []byte, t MessageType, requestID uint32, body []byte) ([]byte, error) {
	if s.tok == nil {
		return b, errorf(ErrConfig, t, -1, "no security token set")
	}
	per := s.MaxBodySize(t)
	n, err := s.checkMessage(t, len(body), per)
	if err != nil {
		return b, err
	}
	// One allocation at most for the whole message, instead of append's
	// repeated growth.
	last := len(body) - (n-1)*per
	b = slices.Grow(b, (n-1)*s.symmetricChunkSize(per)+s.symmetricChunkSize(last))
	seq := s.seq
	for i := 0; i < n; i++ {
		part := body[i*per : min(len(body), (i+1)*per)]
		ct := ChunkIntermediate
		if i == n-1 {
			ct = ChunkFinal
		}
		b = s.appendSymmetricChunk(b, t, ct, SequenceHeader{seq, requestID}, part)
		seq = nextSequenceNumber(seq)
	}
	s.seq = seq
	return b, nil
}

// symmetricChunkSize returns the size of a MSG or CLO chunk carrying n body
// bytes.
func (s *Sender) symmetricChunkSize(n int) int {
	size := SecureHeaderSize + SymmetricHeaderSize + SequenceHeaderSize + n + s.tok.sigLen
	if s.tok.padded() {
		size += 1 + s.tok.paddingSize(n)
	}
	return size
}

// appendSymmetricChunk appends one MSG or CLO chunk:
// header | TokenId | sequence header | part | padding | signature,
// signed over everything before the signature and encrypted from the
// sequence header on (§6.7.2).
func (s *Sender) appendSymmetricChunk(b []byte, t MessageType, ct ChunkType, sh SequenceHeader, part []byte) []byte {
	tok := s.tok
	start := len(b)
	b = Header{Type: t, Chunk: ct, ChannelID: s.channelID}.Append(b)
	b = binary.LittleEndian.AppendUint32(b, tok.tokenID)
	encStart := len(b)
	b = sh.Append(b)
	b = append(b, part...)
	if tok.aead != nil {
		// AES-GCM (Part 6 §6.7.2.5.2): no padding, the tag after the chunk;
		// the nonce mixes in the previous chunk's sequence number.
		binary.LittleEndian.PutUint32(b[start+4:], uint32(len(b)-start+tok.sigLen))
		nonce := tok.nonce(sh.SequenceNumber - 1)
		if tok.mode == ModeSignAndEncrypt {
			// Headers as additional data, the rest encrypted in place.
			return tok.aead.Seal(b[:encStart], nonce, b[encStart:], b[start:encStart])
		}
		// Sign: the tag of GCM over the whole chunk as additional data.
		return tok.aead.Seal(b, nonce, nil, b[start:])
	}
	if tok.padded() {
		pad := tok.paddingSize(len(part))
		for i := 0; i <= pad; i++ {
			b = append(b, byte(pad))
		}
	}
	binary.LittleEndian.PutUint32(b[start+4:], uint32(len(b)-start+tok.sigLen))
	if tok.signs() {
		tok.mac.Reset()
		tok.mac.Write(b[start:])
		b = tok.mac.Sum(b)
	}
	if tok.padded() {
		tok.cryptBlocks(b[encStart:])
	}
	return b
}

// asymHeader returns the asymmetric security header the Sender writes.
func (s *Sender) asymHeader() AsymmetricHeader {
	h := AsymmetricHeader{SecurityPolicyURI: s.asym.policy.URI}
	if !s.asym.policy.IsNone() {
		h.SenderCertificate = s.asym.cert
		h.ReceiverCertificateThumbprint = s.asym.peerThumb
	}
	return h
}

// asymLayout returns, for OPN chunks, the signature size, the plaintext and
// ciphertext RSA block sizes and the number of ExtraPaddingSize bytes.
func (s *Sender) asymLayout() (sig, plainBlock, cipherBlock, extra int) {
	a := s.asym
	sig = signatureSize(a.policy, a.key.Public())
	cipherBlock = a.peerKey.(*rsa.PublicKey).Size()
	plainBlock = cipherBlock - a.policy.enc.overhead()
	if cipherBlock > 256 { // key larger than 2048 bits: ExtraPaddingSize
		extra = 1
	}
	return
}

// asymBodySize returns how many body bytes fit in one OPN chunk whose
// message and security headers take headerSize bytes.
func (s *Sender) asymBodySize(headerSize int) int {
	room := int(s.limits.ChunkSize) - headerSize
	if s.asym.policy.IsNone() {
		return room - SequenceHeaderSize
	}
	if s.asym.policy.IsECC() { // signed, not encrypted: no padding
		return room - SequenceHeaderSize - signatureSize(s.asym.policy, nil)
	}
	sig, pb, cb, extra := s.asymLayout()
	return room/cb*pb - SequenceHeaderSize - 1 - extra - sig
}

// appendOpen appends one OPN chunk:
// header | asymmetric header | sequence header | body | padding | signature,
// signed with the local key and encrypted block-wise with the peer's.
func (s *Sender) appendOpen(b []byte, requestID uint32, body []byte) ([]byte, error) {
	if s.asym == nil {
		return b, errorf(ErrConfig, TypeOpen, -1, "no asymmetric security set")
	}
	ah := s.asymHeader()
	hs := SecureHeaderSize + ah.Size()
	if _, err := s.checkMessage(TypeOpen, len(body), s.asymBodySize(hs)); err != nil {
		return b, err
	}
	start := len(b)
	b = Header{Type: TypeOpen, Chunk: ChunkFinal, ChannelID: s.channelID}.Append(b)
	b, err := ah.Append(b)
	if err != nil {
		return b[:start], err
	}
	sh := SequenceHeader{s.seq, requestID}
	if s.asym.policy.IsNone() {
		b = sh.Append(b)
		b = append(b, body...)
		setSize(b, start)
		s.seq = nextSequenceNumber(s.seq)
		return b, nil
	}
	a := s.asym
	if a.policy.IsECC() {
		// Part 6 §6.7.2.5.2: without encryption the footer is the
		// signature alone, no padding.
		b = sh.Append(b)
		b = append(b, body...)
		binary.LittleEndian.PutUint32(b[start+4:], uint32(len(b)-start+signatureSize(a.policy, nil)))
		signature, err := asymSign(a.policy, a.rand, a.key, b[start:], s.bind)
		if err != nil {
			return b[:start], errorf(ErrConfig, TypeOpen, -1, "ECDSA signature: %v", err)
		}
		b = append(b, signature...)
		s.openSig, s.bind = signature, nil
		s.seq = nextSequenceNumber(s.seq)
		return b, nil
	}
	sig, pb, cb, extra := s.asymLayout()
	encStart := len(b)
	b = sh.Append(b)
	b = append(b, body...)
	plainLen := SequenceHeaderSize + len(body) + 1 + extra + sig
	pad := (pb - plainLen%pb) % pb
	for i := 0; i <= pad; i++ {
		b = append(b, byte(pad))
	}
	if extra == 1 {
		b = append(b, byte(pad>>8))
	}
	blocks := (plainLen + pad) / pb
	binary.LittleEndian.PutUint32(b[start+4:], uint32(hs+blocks*cb))
	signature, err := asymSign(a.policy, a.rand, a.key, b[start:], nil)
	if err != nil {
		return b[:start], errorf(ErrConfig, TypeOpen, -1, "RSA signature: %v", err)
	}
	s.openSig = signature
	b = append(b, signature...)
	s.plain = append(s.plain[:0], b[encStart:]...)
	b, err = asymEncrypt(a.policy, a.rand, a.peerKey.(*rsa.PublicKey), s.plain, b[:encStart])
	if err != nil {
		return b[:start], err
	}
	s.seq = nextSequenceNumber(s.seq)
	return b, nil
}
