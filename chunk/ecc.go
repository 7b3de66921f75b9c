package chunk

import (
	"bytes"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"encoding/binary"
	"io"
)

// EphemeralKey is one side's ephemeral key pair of an OpenSecureChannel
// with an ECC policy (Part 6 §6.8.2): the client sends the public key as
// ClientNonce, the server answers with its own as ServerNonce, and both
// derive the channel keys from the ECDH shared secret. A new EphemeralKey is
// made for every OpenSecureChannel (issue and renew); it is used once.
type EphemeralKey struct {
	policy *Policy
	priv   *ecdh.PrivateKey
	nonce  []byte
}

// NewEphemeralKey returns a new ephemeral key pair on the policy's curve.
// rnd is ignored by the standard library (it always uses crypto/rand); it
// is accepted for symmetry with the other functions. Policies other than
// the ECC ones give an error wrapping ErrConfig.
func (p *Policy) NewEphemeralKey(rnd io.Reader) (*EphemeralKey, error) {
	if !p.IsECC() {
		return nil, errorf(ErrConfig, TypeOpen, -1, "policy %s has no ephemeral keys", p.Name)
	}
	if rnd == nil {
		rnd = rand.Reader
	}
	priv, err := p.curve.GenerateKey(rnd)
	if err != nil {
		return nil, errorf(ErrConfig, TypeOpen, -1, "ephemeral key: %v", err)
	}
	return newEphemeralKey(p, priv), nil
}

func newEphemeralKey(p *Policy, priv *ecdh.PrivateKey) *EphemeralKey {
	// The uncompressed point is 0x04 | X | Y; the nonce leaves the 0x04
	// out.
	return &EphemeralKey{policy: p, priv: priv, nonce: priv.PublicKey().Bytes()[1:]}
}

// Nonce returns the public key as it goes into the ClientNonce or
// ServerNonce: X | Y, NonceLength bytes. The caller must not modify it.
func (k *EphemeralKey) Nonce() []byte { return k.nonce }

// ChannelKeys derives both directions' keys of the channel from the two
// nonces of the OpenSecureChannel exchange, one of which is k's own (which
// one tells whether k is the client's or the server's): client holds the
// keys the client signs and encrypts with, server those of the other
// direction, as Policy.ChannelKeys gives them for RSA.
//
// The peer's nonce must be NonceLength bytes, a point on the curve other
// than the point at infinity, and not k's own key; anything else is an error
// wrapping ErrNonce (Bad_NonceInvalid). If neither nonce is k's, the error
// wraps ErrConfig.
func (k *EphemeralKey) ChannelKeys(clientNonce, serverNonce []byte) (client, server Keys, err error) {
	p := k.policy
	var peer []byte
	switch {
	case bytes.Equal(clientNonce, k.nonce) && bytes.Equal(serverNonce, k.nonce):
		return Keys{}, Keys{}, errorf(ErrNonce, TypeOpen, -1, "the peer's nonce is our own ephemeral key")
	case bytes.Equal(clientNonce, k.nonce):
		peer = serverNonce
	case bytes.Equal(serverNonce, k.nonce):
		peer = clientNonce
	default:
		return Keys{}, Keys{}, errorf(ErrConfig, TypeOpen, -1, "neither nonce is this ephemeral key")
	}
	if len(peer) != p.NonceLength {
		return Keys{}, Keys{}, errorf(ErrNonce, TypeOpen, -1, "%s needs a %d-byte nonce, have %d", p.Name, p.NonceLength, len(peer))
	}
	point := make([]byte, 0, 1+len(peer))
	point = append(append(point, 4), peer...)
	pub, err := p.curve.NewPublicKey(point)
	if err != nil {
		return Keys{}, Keys{}, errorf(ErrNonce, TypeOpen, -1, "the peer's ephemeral key is not a point on %s", p.certCurve.Params().Name)
	}
	secret, err := k.priv.ECDH(pub)
	if err != nil {
		return Keys{}, Keys{}, errorf(ErrNonce, TypeOpen, -1, "ECDH with the peer's ephemeral key failed")
	}
	return p.DeriveECCKeys(secret, clientNonce, serverNonce)
}

// ECC key derivation labels (Part 6 §6.8.1).
const (
	labelClient = "opcua-client"
	labelServer = "opcua-server"
)

// DeriveECCKeys derives the channel keys of an ECC policy from the ECDH
// shared secret (the X coordinate of the shared point) and the two nonces
// (Part 6 §6.8.1), with HKDF (RFC 5869) and the policy's hash:
//
//	L          = SigningKeyLength + EncryptionKeyLength + BlockSize
//	ClientSalt = UInt16(L) | "opcua-client" | ClientNonce | ServerNonce
//	ServerSalt = UInt16(L) | "opcua-server" | ServerNonce | ClientNonce
//	client     = HKDF(salt = ClientSalt, IKM = secret, info = ClientSalt, L)
//	server     = HKDF(salt = ServerSalt, IKM = secret, info = ServerSalt, L)
//
// (UInt16 little-endian), each cut like DeriveKeys' output into signing key,
// encrypting key and IV. client are the keys the client sends with. Other
// than ECC policies, and an HKDF failure (which the standard library
// reports only in its FIPS 140-only mode, for a short secret), give an error
// wrapping ErrConfig.
func (p *Policy) DeriveECCKeys(secret, clientNonce, serverNonce []byte) (client, server Keys, err error) {
	if !p.IsECC() {
		return Keys{}, Keys{}, errorf(ErrConfig, TypeOpen, -1, "policy %s is not an ECC policy", p.Name)
	}
	if client, err = p.hkdfKeys(secret, labelClient, clientNonce, serverNonce); err != nil {
		return Keys{}, Keys{}, err
	}
	if server, err = p.hkdfKeys(secret, labelServer, serverNonce, clientNonce); err != nil {
		return Keys{}, Keys{}, err
	}
	return client, server, nil
}

func (p *Policy) hkdfKeys(secret []byte, label string, first, second []byte) (Keys, error) {
	n := p.SigningKeyLength + p.EncryptionKeyLength + p.BlockSize
	salt := make([]byte, 0, 2+len(label)+len(first)+len(second))
	salt = binary.LittleEndian.AppendUint16(salt, uint16(n))
	salt = append(salt, label...)
	salt = append(salt, first...)
	salt = append(salt, second...)
	out, err := hkdf.Key(p.newHash, secret, salt, string(salt), n)
	if err != nil {
		return Keys{}, errorf(ErrConfig, TypeOpen, -1, "HKDF: %v", err)
	}
	s, e := p.SigningKeyLength, p.SigningKeyLength+p.EncryptionKeyLength
	return Keys{SigningKey: out[:s:s], EncryptingKey: out[s:e:e], IV: out[e:]}, nil
}
