package chunk

import (
	"bytes"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"encoding/binary"
	"io"

	"github.com/cloudflare/circl/dh/x448"
)

// EphemeralKey is one side's ephemeral key pair of an OpenSecureChannel
// with an ECC policy (Part 6 §6.8.2): the client sends the public key as
// ClientNonce, the server answers with its own as ServerNonce, and both
// derive the channel keys from the ECDH shared secret. A new EphemeralKey is
// made for every OpenSecureChannel (issue and renew); it is used once.
type EphemeralKey struct {
	policy *Policy
	priv   *ecdh.PrivateKey // nistP256, nistP384, X25519
	x448   *x448.Key        // X448: the private key
	nonce  []byte
}

// NewEphemeralKey returns a new ephemeral key pair on the policy's curve.
// rnd (crypto/rand.Reader when nil) goes to crypto/ecdh's GenerateKey,
// which in recent Go versions ignores it and always draws from a secure
// source; for X448 the 56 bytes of the private key are read from it.
// Policies other than the ECC ones give an error wrapping ErrConfig.
func (p *Policy) NewEphemeralKey(rnd io.Reader) (*EphemeralKey, error) {
	if !p.IsECC() {
		return nil, errorf(ErrConfig, TypeOpen, -1, "policy %s has no ephemeral keys", p.Name)
	}
	if rnd == nil {
		rnd = rand.Reader
	}
	if p.kex == kexX448 {
		var priv x448.Key
		if _, err := io.ReadFull(rnd, priv[:]); err != nil {
			return nil, errorf(ErrConfig, TypeOpen, -1, "ephemeral key: %v", err)
		}
		return newX448EphemeralKey(p, &priv), nil
	}
	priv, err := p.curve.GenerateKey(rnd)
	if err != nil {
		return nil, errorf(ErrConfig, TypeOpen, -1, "ephemeral key: %v", err)
	}
	return newEphemeralKey(p, priv), nil
}

func newEphemeralKey(p *Policy, priv *ecdh.PrivateKey) *EphemeralKey {
	nonce := priv.PublicKey().Bytes()
	if p.kex == kexNIST {
		// The uncompressed point is 0x04 | X | Y; the nonce leaves the
		// 0x04 out. X25519's public key is the nonce as it is.
		nonce = nonce[1:]
	}
	return &EphemeralKey{policy: p, priv: priv, nonce: nonce}
}

// newX448EphemeralKey returns the X448 EphemeralKey with private key priv
// (RFC 7748 §5 clamps it in the scalar multiplication).
func newX448EphemeralKey(p *Policy, priv *x448.Key) *EphemeralKey {
	var pub x448.Key
	x448.KeyGen(&pub, priv)
	return &EphemeralKey{policy: p, x448: priv, nonce: pub[:]}
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
	client, server, _, err = k.ChainedChannelKeys(nil, clientNonce, serverNonce)
	return client, server, err
}

// ChainedChannelKeys is ChannelKeys for the ChannelBound policies, whose
// HKDF input keying material is chained across the tokens of a channel
// (Part 6 1.05.07 §6.8.1): the first OpenSecureChannel passes ikm nil and
// derives from the shared secret Z; each renewal passes the ikm the
// previous call returned and derives from ikm XOR Z. It returns the ikm to
// pass next time. For other policies ikm must be nil and next is the shared
// secret, which they do not use further.
func (k *EphemeralKey) ChainedChannelKeys(ikm, clientNonce, serverNonce []byte) (client, server Keys, next []byte, err error) {
	secret, err := k.sharedSecret(clientNonce, serverNonce)
	if err != nil {
		return Keys{}, Keys{}, nil, err
	}
	if ikm != nil {
		if !k.policy.bound || len(ikm) != len(secret) {
			return Keys{}, Keys{}, nil, errorf(ErrConfig, TypeOpen, -1, "%s: no chaining with a %d-byte ikm", k.policy.Name, len(ikm))
		}
		for i := range secret {
			secret[i] ^= ikm[i]
		}
	}
	client, server, err = k.policy.DeriveECCKeys(secret, clientNonce, serverNonce)
	if err != nil {
		return Keys{}, Keys{}, nil, err
	}
	return client, server, secret, nil
}

// sharedSecret checks the peer's nonce and returns the ECDH shared secret.
func (k *EphemeralKey) sharedSecret(clientNonce, serverNonce []byte) ([]byte, error) {
	p := k.policy
	var peer []byte
	switch {
	case bytes.Equal(clientNonce, k.nonce) && bytes.Equal(serverNonce, k.nonce):
		return nil, errorf(ErrNonce, TypeOpen, -1, "the peer's nonce is our own ephemeral key")
	case bytes.Equal(clientNonce, k.nonce):
		peer = serverNonce
	case bytes.Equal(serverNonce, k.nonce):
		peer = clientNonce
	default:
		return nil, errorf(ErrConfig, TypeOpen, -1, "neither nonce is this ephemeral key")
	}
	if len(peer) != p.NonceLength {
		return nil, errorf(ErrNonce, TypeOpen, -1, "%s needs a %d-byte nonce, have %d", p.Name, p.NonceLength, len(peer))
	}
	switch p.kex {
	case kexX25519:
		// Any 32 bytes are a u-coordinate (RFC 7748 §5); a low-order
		// point makes the shared secret all zeros, which crypto/ecdh
		// refuses.
		pub, err := p.curve.NewPublicKey(peer)
		if err != nil {
			return nil, errorf(ErrNonce, TypeOpen, -1, "the peer's ephemeral key is not an X25519 public key")
		}
		secret, err := k.priv.ECDH(pub)
		if err != nil {
			return nil, errorf(ErrNonce, TypeOpen, -1, "the peer's ephemeral key is a low-order point of curve25519")
		}
		return secret, nil
	case kexX448:
		var pub, secret x448.Key
		copy(pub[:], peer)
		// Shared checks the result in constant time and reports a
		// low-order point (an all-zero secret) with false.
		if !x448.Shared(&secret, k.x448, &pub) {
			return nil, errorf(ErrNonce, TypeOpen, -1, "the peer's ephemeral key is a low-order point of curve448")
		}
		return secret[:], nil
	}
	point := make([]byte, 0, 1+len(peer))
	point = append(append(point, 4), peer...)
	pub, err := p.curve.NewPublicKey(point)
	if err != nil {
		return nil, errorf(ErrNonce, TypeOpen, -1, "the peer's ephemeral key is not a point on %s", p.certCurve.Params().Name)
	}
	secret, err := k.priv.ECDH(pub)
	if err != nil {
		return nil, errorf(ErrNonce, TypeOpen, -1, "ECDH with the peer's ephemeral key failed")
	}
	return secret, nil
}

// ECC key derivation labels (Part 6 §6.8.1).
const (
	labelClient = "opcua-client"
	labelServer = "opcua-server"
)

// DeriveECCKeys derives the channel keys of an ECC policy from the ECDH
// shared secret (the X coordinate of the shared point; for X25519 and X448
// the RFC 7748 output) and the two nonces
// (Part 6 §6.8.1), with HKDF (RFC 5869) and the policy's hash:
//
//	L          = SigningKeyLength + EncryptionKeyLength + IVLength
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
	n := p.SigningKeyLength + p.EncryptionKeyLength + p.IVLength
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

// HashCertificate returns the hash of the leaf of a DER certificate chain
// with the hash of the policy's curve (SHA-256 for nistP256), as the
// channel-bound session signatures of the ChannelBound policies use it
// (Part 4 1.05.07 §5.7.2, §5.7.3). Other policies give an error wrapping
// ErrConfig.
func (p *Policy) HashCertificate(cert []byte) ([]byte, error) {
	if !p.bound {
		return nil, errorf(ErrConfig, 0, -1, "policy %s has no channel-bound signatures", p.Name)
	}
	leaf, err := leafCertificate(cert)
	if err != nil {
		return nil, err
	}
	h := p.newHash()
	h.Write(leaf)
	return h.Sum(nil), nil
}
