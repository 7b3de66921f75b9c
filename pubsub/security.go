package pubsub

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"strconv"
	"sync"

	"github.com/uabin/uabin/uabin/wire"
)

// SecurityMode is the MessageSecurityMode of a WriterGroup or ReaderGroup
// (Part 4 §7.20).
type SecurityMode uint8

// Security modes.
const (
	SecurityNone           SecurityMode = 1
	SecuritySign           SecurityMode = 2
	SecuritySignAndEncrypt SecurityMode = 3
)

// String returns the mode's name: "None", "Sign", "SignAndEncrypt", or
// "SecurityMode(N)" for another value.
func (m SecurityMode) String() string {
	switch m {
	case SecurityNone:
		return "None"
	case SecuritySign:
		return "Sign"
	case SecuritySignAndEncrypt:
		return "SignAndEncrypt"
	}
	return "SecurityMode(" + strconv.Itoa(int(m)) + ")"
}

// Policy is a PubSub SecurityPolicy (Part 7 §6.6.x, Part 14 §7.2.4.4.3):
// HMAC-SHA256 signatures and AES in counter mode, with the key data a
// Security Key Service hands out (SigningKey, EncryptingKey, KeyNonce).
type Policy struct {
	URI              string
	SigningKeyLen    int // 32
	EncryptingKeyLen int // 16 or 32
	KeyNonceLen      int // 4
	SignatureLen     int // 32
	MessageNonceLen  int // 8
}

// The PubSub policies of Part 7.
var (
	PolicyAes128CTR = &Policy{URI: "http://opcfoundation.org/UA/SecurityPolicy#PubSub-Aes128-CTR",
		SigningKeyLen: 32, EncryptingKeyLen: 16, KeyNonceLen: 4, SignatureLen: 32, MessageNonceLen: 8}
	PolicyAes256CTR = &Policy{URI: "http://opcfoundation.org/UA/SecurityPolicy#PubSub-Aes256-CTR",
		SigningKeyLen: 32, EncryptingKeyLen: 32, KeyNonceLen: 4, SignatureLen: 32, MessageNonceLen: 8}
)

// Key is one set of group keys and the SecurityTokenId that names it.
type Key struct {
	TokenID       uint32
	SigningKey    []byte
	EncryptingKey []byte
	KeyNonce      []byte
}

// KeyFromKeyData splits the key data of GetSecurityKeys (Part 14 §8.3.2,
// Table 155: SigningKey, EncryptingKey, KeyNonce, concatenated) into a Key.
func KeyFromKeyData(p *Policy, tokenID uint32, data []byte) (Key, error) {
	n := p.SigningKeyLen + p.EncryptingKeyLen + p.KeyNonceLen
	if len(data) != n {
		return Key{}, fmt.Errorf("%w: %s key data is %d bytes, not %d", ErrSecurity, p.URI, n, len(data))
	}
	d := append([]byte(nil), data...)
	return Key{TokenID: tokenID, SigningKey: d[:p.SigningKeyLen],
		EncryptingKey: d[p.SigningKeyLen : p.SigningKeyLen+p.EncryptingKeyLen],
		KeyNonce:      d[p.SigningKeyLen+p.EncryptingKeyLen:]}, nil
}

// KeyRing holds the keys of one security group: the current key, used to
// send, and past and future keys, accepted on receipt while they are in the
// ring. Keys are given by the program (a Security Key Service client is out
// of scope). A KeyRing is safe for concurrent use; Encoders and Decoders
// see a change with their next message.
type KeyRing struct {
	policy  *Policy
	mu      sync.RWMutex
	keys    []ringKey // oldest first
	current int       // index in keys, -1 if none
	maxKeys int
	gen     uint64
}

type ringKey struct {
	Key
	block cipher.Block
}

// NewKeyRing returns an empty KeyRing for policy p that keeps at most
// maxKeys keys (0 means 3: the previous, the current and the next key);
// adding a key beyond that drops the oldest one that is not current.
func NewKeyRing(p *Policy, maxKeys int) *KeyRing {
	if maxKeys <= 0 {
		maxKeys = 3
	}
	return &KeyRing{policy: p, current: -1, maxKeys: maxKeys}
}

// Policy returns the ring's SecurityPolicy.
func (k *KeyRing) Policy() *Policy { return k.policy }

// Add adds key (replacing a key with the same TokenID). It fails with an
// error wrapping ErrSecurity if a key has the wrong length for the policy or
// the TokenID is 0.
func (k *KeyRing) Add(key Key) error {
	p := k.policy
	if key.TokenID == 0 {
		return fmt.Errorf("%w: SecurityTokenId 0 names no key", ErrSecurity)
	}
	if len(key.SigningKey) != p.SigningKeyLen || len(key.EncryptingKey) != p.EncryptingKeyLen || len(key.KeyNonce) != p.KeyNonceLen {
		return fmt.Errorf("%w: %s keys are %d/%d/%d bytes (signing/encrypting/nonce), not %d/%d/%d", ErrSecurity, p.URI,
			p.SigningKeyLen, p.EncryptingKeyLen, p.KeyNonceLen, len(key.SigningKey), len(key.EncryptingKey), len(key.KeyNonce))
	}
	block, err := aes.NewCipher(key.EncryptingKey)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSecurity, err)
	}
	rk := ringKey{Key: Key{TokenID: key.TokenID, SigningKey: append([]byte(nil), key.SigningKey...),
		EncryptingKey: append([]byte(nil), key.EncryptingKey...), KeyNonce: append([]byte(nil), key.KeyNonce...)}, block: block}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.gen++
	for i := range k.keys {
		if k.keys[i].TokenID == key.TokenID {
			k.keys[i] = rk
			return nil
		}
	}
	k.keys = append(k.keys, rk)
	for len(k.keys) > k.maxKeys {
		drop := 0
		if k.current == 0 {
			drop = 1
		}
		k.keys = append(k.keys[:drop], k.keys[drop+1:]...)
		if k.current > drop {
			k.current--
		}
	}
	return nil
}

// Activate makes the key with tokenID the current one, used by Encoders
// from their next message on (their MessageNonce sequence restarts at 1).
func (k *KeyRing) Activate(tokenID uint32) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	for i := range k.keys {
		if k.keys[i].TokenID == tokenID {
			k.current = i
			k.gen++
			return nil
		}
	}
	return fmt.Errorf("%w: no key with SecurityTokenId %d", ErrSecurity, tokenID)
}

// Rotate adds key and makes it current: a key rotation.
func (k *KeyRing) Rotate(key Key) error {
	if err := k.Add(key); err != nil {
		return err
	}
	return k.Activate(key.TokenID)
}

// Remove drops the key with tokenID; messages with it are refused from then
// on.
func (k *KeyRing) Remove(tokenID uint32) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for i := range k.keys {
		if k.keys[i].TokenID == tokenID {
			k.keys = append(k.keys[:i], k.keys[i+1:]...)
			switch {
			case k.current == i:
				k.current = -1
			case k.current > i:
				k.current--
			}
			k.gen++
			return
		}
	}
}

// CurrentTokenID returns the TokenID of the current key (0 if none).
func (k *KeyRing) CurrentTokenID() uint32 {
	k.mu.RLock()
	defer k.mu.RUnlock()
	if k.current < 0 {
		return 0
	}
	return k.keys[k.current].TokenID
}

func (k *KeyRing) lookup(tokenID uint32) (ringKey, uint64, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	for i := range k.keys {
		if k.keys[i].TokenID == tokenID {
			return k.keys[i], k.gen, true
		}
	}
	return ringKey{}, k.gen, false
}

func (k *KeyRing) currentKey() (ringKey, uint64, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	if k.current < 0 {
		return ringKey{}, k.gen, false
	}
	return k.keys[k.current], k.gen, true
}

// Security configures the message security of an Encoder or Decoder.
type Security struct {
	// Mode is the SecurityMode. An Encoder signs (and encrypts) every
	// message; a Decoder refuses messages with less protection than Mode.
	Mode SecurityMode
	// Keys holds the group keys; required unless Mode is SecurityNone.
	Keys *KeyRing
	// ReplayWindow is how many sequence numbers behind the newest a
	// Decoder still accepts (once each), per PublisherId and
	// SecurityTokenId. 0 means 64; negative turns the replay check off.
	ReplayWindow int
	// Rand is the source of the random part of MessageNonces; nil means
	// crypto/rand.
	Rand interface{ Read([]byte) (int, error) }
}

// keyState caches what one Encoder or Decoder derived from a ring key: the
// HMAC state, so a message costs no allocation.
type keyState struct {
	key  ringKey
	gen  uint64
	mac  hash.Hash
	sum  [sha256.Size]byte
	seq  uint32 // Encoder: MessageNonce sequence
	have bool
}

func (s *keyState) load(k ringKey, gen uint64) {
	if s.have && s.gen == gen && s.key.TokenID == k.TokenID {
		return
	}
	same := s.have && s.key.TokenID == k.TokenID
	s.key, s.gen, s.have = k, gen, true
	s.mac = hmac.New(sha256.New, k.SigningKey)
	if !same {
		s.seq = 0
	}
}

func (s *keyState) sign(b []byte) []byte {
	s.mac.Reset()
	s.mac.Write(b)
	return s.mac.Sum(s.sum[:0])
}

// ctr XORs b with the AES-CTR key stream of Part 14 §7.2.4.4.3.2: counter
// blocks of KeyNonce (4 bytes), MessageNonce (8 bytes) and a big-endian
// block counter starting at 1.
func ctr(block cipher.Block, keyNonce, msgNonce []byte, b []byte) {
	var cb, ks [aes.BlockSize]byte
	copy(cb[:4], keyNonce)
	copy(cb[4:12], msgNonce)
	counter := uint32(1)
	for len(b) > 0 {
		binary.BigEndian.PutUint32(cb[12:], counter)
		block.Encrypt(ks[:], cb[:])
		n := subtleXOR(b, ks[:])
		b = b[n:]
		counter++
	}
}

func subtleXOR(dst, ks []byte) int {
	n := min(len(dst), len(ks))
	for i := 0; i < n; i++ {
		dst[i] ^= ks[i]
	}
	return n
}

// sealer signs and encrypts for an Encoder.
type sealer struct {
	cfg   *Security
	state keyState
	rnd   [4]byte
}

func newSealer(s *Security) (*sealer, error) {
	if s.Keys == nil {
		return nil, fmt.Errorf("%w: Security.Keys is required for SecurityMode %v", ErrSecurity, s.Mode)
	}
	if s.Mode != SecuritySign && s.Mode != SecuritySignAndEncrypt {
		return nil, fmt.Errorf("%w: SecurityMode %v", ErrSecurity, s.Mode)
	}
	return &sealer{cfg: s}, nil
}

// header fills h for the next message: the current token and a fresh
// MessageNonce (4 random bytes, then the UInt32 sequence number).
func (s *sealer) header(h *SecurityHeader) error {
	k, gen, ok := s.cfg.Keys.currentKey()
	if !ok {
		return encodeError("NetworkMessage.Security", ErrSecurity, "the KeyRing has no current key")
	}
	s.state.load(k, gen)
	s.state.seq++
	if s.state.seq == 0 {
		s.state.seq = 1
	}
	var err error
	if s.cfg.Rand != nil {
		_, err = s.cfg.Rand.Read(s.rnd[:])
	} else {
		_, err = rand.Read(s.rnd[:])
	}
	if err != nil {
		return encodeError("NetworkMessage.Security", ErrSecurity, "MessageNonce: %v", err)
	}
	h.Enabled = true
	h.Signed = true
	h.Encrypted = s.cfg.Mode == SecuritySignAndEncrypt
	h.TokenID = k.TokenID
	h.NonceLen = 8
	copy(h.Nonce[:4], s.rnd[:])
	binary.LittleEndian.PutUint32(h.Nonce[4:8], s.state.seq)
	return nil
}

// seal encrypts w.Buf[payload:footerEnd] and appends the signature of
// w.Buf[start:].
func (s *sealer) seal(w *wire.Writer, start, payload, footerEnd int, h *SecurityHeader) error {
	if h.Encrypted {
		ctr(s.state.key.block, s.state.key.KeyNonce, h.Nonce[:8], w.Buf[payload:footerEnd])
	}
	sig := s.state.sign(w.Buf[start:footerEnd])
	w.Buf = append(w.Buf, sig...)
	return nil
}

// replay is a sliding-window replay check over the MessageNonce sequence
// numbers of one PublisherId and SecurityTokenId.
type replay struct {
	last   uint32
	window uint64 // bit i: last-i seen
	seen   bool
}

// check reports whether seq is new (and records it), with the rollover rule
// of Part 14 §7.2.4.4.3.2: a difference below 2^30 is newer.
func (r *replay) check(seq uint32, size int) bool {
	if !r.seen {
		r.seen, r.last, r.window = true, seq, 1
		return true
	}
	d := seq - r.last
	switch {
	case d == 0:
		return false
	case d < 1<<30:
		if d >= 64 {
			r.window = 1
		} else {
			r.window = r.window<<d | 1
		}
		r.last = seq
		return true
	}
	back := r.last - seq
	if back >= uint32(size) || back >= 64 {
		return false
	}
	bit := uint64(1) << back
	if r.window&bit != 0 {
		return false
	}
	r.window |= bit
	return true
}

type replayKey struct {
	pub   PublisherID
	token uint32
}

// maxReplayEntries bounds the replay table: past it, the table is cleared
// (a flood of forged PublisherIds cannot pass the signature check, so only
// genuine publishers fill it).
const maxReplayEntries = 4096

// opener verifies and decrypts for a Decoder.
type opener struct {
	cfg     *Security
	states  [2]keyState // the two most recent tokens
	next    int
	replays map[replayKey]*replay
}

func newOpener(s *Security) (*opener, error) {
	if s.Mode != SecurityNone && s.Keys == nil {
		return nil, fmt.Errorf("%w: Security.Keys is required for SecurityMode %v", ErrSecurity, s.Mode)
	}
	return &opener{cfg: s, replays: make(map[replayKey]*replay)}, nil
}

func (o *opener) state(tokenID uint32) (*keyState, bool) {
	if o.cfg.Keys == nil {
		return nil, false
	}
	k, gen, ok := o.cfg.Keys.lookup(tokenID)
	if !ok {
		return nil, false
	}
	for i := range o.states {
		if o.states[i].have && o.states[i].key.TokenID == tokenID {
			o.states[i].load(k, gen)
			return &o.states[i], true
		}
	}
	s := &o.states[o.next]
	o.next ^= 1
	s.have = false
	s.load(k, gen)
	return s, true
}

func (o *opener) checkReplay(pub PublisherID, token uint32, seq uint32) bool {
	size := o.cfg.ReplayWindow
	if size < 0 {
		return true
	}
	if size == 0 {
		size = 64
	}
	k := replayKey{pub, token}
	r := o.replays[k]
	if r == nil {
		if len(o.replays) >= maxReplayEntries {
			clear(o.replays)
		}
		r = &replay{}
		o.replays[k] = r
	}
	return r.check(seq, size)
}
