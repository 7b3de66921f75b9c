package chunk

import (
	"crypto"
	"crypto/ecdh"
	"crypto/elliptic"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"hash"

	"github.com/cloudflare/circl/dh/x448"
	"github.com/cloudflare/circl/sign/ed448"
)

// SecurityMode is the OPC UA MessageSecurityMode (Part 4 §7.20), with the
// enumeration's values.
type SecurityMode uint32

// The security modes.
const (
	ModeInvalid        SecurityMode = 0 // not a usable mode
	ModeNone           SecurityMode = 1 // no signature, no encryption (policy None)
	ModeSign           SecurityMode = 2 // MSG and CLO chunks are signed
	ModeSignAndEncrypt SecurityMode = 3 // MSG and CLO chunks are signed, then encrypted
)

// String returns the mode's name.
func (m SecurityMode) String() string {
	switch m {
	case ModeNone:
		return "None"
	case ModeSign:
		return "Sign"
	case ModeSignAndEncrypt:
		return "SignAndEncrypt"
	}
	return "Invalid"
}

// asymSig is an asymmetric signature algorithm.
type asymSig uint8

const (
	sigNone           asymSig = iota
	sigPKCS1v15SHA1           // RSA PKCS#1 v1.5 with SHA-1 (http://www.w3.org/2000/09/xmldsig#rsa-sha1)
	sigPKCS1v15SHA256         // RSA PKCS#1 v1.5 with SHA-256 (http://www.w3.org/2001/04/xmldsig-more#rsa-sha256)
	sigPSSSHA256              // RSA-PSS with SHA-256, salt length 32 (http://opcfoundation.org/UA/security/rsa-pss-sha2-256)
	sigECDSASHA256            // ECDSA with SHA-256, r || s (http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256)
	sigECDSASHA384            // ECDSA with SHA-384, r || s (http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384)
	sigEd25519                // PureEdDSA Ed25519 (RFC 8032 §5.1), 64-byte signatures
	sigEd448                  // PureEdDSA Ed448 (RFC 8032 §5.2, empty context), 114-byte signatures
)

// size returns the length of an EdDSA or ECDSA signature (0 for RSA, whose
// signatures are as long as the key's modulus).
func (s asymSig) size() int {
	switch s {
	case sigECDSASHA256, sigEd25519:
		return 64
	case sigECDSASHA384:
		return 96
	case sigEd448:
		return ed448.SignatureSize
	}
	return 0
}

// isEdDSA reports whether s is Ed25519 or Ed448: the whole message is
// signed (no prehash), and the signature has a fixed length.
func (s asymSig) isEdDSA() bool { return s == sigEd25519 || s == sigEd448 }

// kexKind is the ephemeral key agreement of an ECC policy (Part 6 §6.8).
type kexKind uint8

const (
	kexNone   kexKind = iota
	kexNIST           // ECDH on nistP256 or nistP384 (crypto/ecdh); nonce X || Y, big-endian
	kexX25519         // X25519 (RFC 7748, crypto/ecdh); nonce the 32-byte little-endian u-coordinate
	kexX448           // X448 (RFC 7748, github.com/cloudflare/circl/dh/x448); nonce the 56-byte u-coordinate
)

// asymEnc is an asymmetric encryption algorithm.
type asymEnc uint8

const (
	encNone       asymEnc = iota
	encPKCS1v15           // RSA PKCS#1 v1.5, 11 bytes overhead per block
	encOAEPSHA1           // RSA-OAEP with SHA-1, 42 bytes overhead per block
	encOAEPSHA256         // RSA-OAEP with SHA-256, 66 bytes overhead per block
)

// overhead returns the bytes of padding per RSA block.
func (e asymEnc) overhead() int {
	switch e {
	case encPKCS1v15:
		return 11
	case encOAEPSHA1:
		return 2*sha1.Size + 2
	case encOAEPSHA256:
		return 2*sha256.Size + 2
	}
	return 0
}

// Policy describes a security policy (OPC 10000-7 profiles; Part 6 §6.7.5
// for key derivation): its URI and the algorithms and sizes the chunk layer
// needs. The policies are the package variables PolicyNone, ...; look them up
// with PolicyByURI. Treat a Policy as read-only.
type Policy struct {
	// URI is the SecurityPolicyUri.
	URI string
	// Name is the short name after the '#'.
	Name string
	// Deprecated marks Basic128Rsa15 and Basic256, which OPC UA 1.04
	// deprecated; they remain supported for old peers.
	Deprecated bool
	// SigningKeyLength is the length of the symmetric (HMAC) signing key
	// in bytes.
	SigningKeyLength int
	// SignatureLength is the length of a symmetric signature (the HMAC
	// size) in bytes.
	SignatureLength int
	// EncryptionKeyLength is the AES key length in bytes.
	EncryptionKeyLength int
	// BlockSize is the cipher block size in bytes (AES: 16); chunks are
	// padded to it when encrypted with AES-CBC.
	BlockSize int
	// IVLength is the length of the derived initialization vector: 16 for
	// AES-CBC, 12 for AES-GCM (whose per-chunk nonce is this IV with the
	// TokenId and the previous sequence number mixed in).
	IVLength int
	// NonceLength is the length of the client and server nonces in
	// OpenSecureChannel. For the ECC policies the nonce is the sender's
	// ephemeral public key (Part 6 §6.8.2): for nistP256 and nistP384 the
	// X and Y coordinates of the point, each the size of the curve's
	// field, without the 0x04 prefix; for curve25519 and curve448 the
	// u-coordinate as RFC 7748 encodes it (32 and 56 bytes).
	NonceLength int
	// MinKeyBits and MaxKeyBits bound the key size of the certificates:
	// the RSA modulus, or for the ECC policies the size of the one curve
	// allowed (256 for nistP256 and Ed25519, 384 for nistP384, 448 for
	// Ed448).
	MinKeyBits, MaxKeyBits int

	newHash   func() hash.Hash // HMAC, P_hash (RSA) and HKDF (ECC) function
	sig       asymSig
	enc       asymEnc
	kex       kexKind        // ephemeral key agreement (ECC policies), kexNone for RSA
	curve     ecdh.Curve     // the ephemeral key curve of kexNIST and kexX25519
	certCurve elliptic.Curve // the curve of ECDSA certificates (nistP256, nistP384), nil otherwise
	aead      bool           // an AEAD (AES-GCM or ChaCha20-Poly1305) instead of HMAC and AES-CBC
	chacha    bool           // the AEAD is ChaCha20-Poly1305 (RFC 8439), not AES-GCM
	signKey   bool           // Sign mode keys the AEAD with the SigningKey (curve25519, curve448)
	bound     bool           // Part 6 1.05.07 SecureChannelEnhancements
}

// The security policies. Aes128Sha256RsaOaep and Aes256Sha256RsaPss are
// Aes128_Sha256_RsaOaep and Aes256_Sha256_RsaPss in OPC UA.
var (
	PolicyNone = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#None", Name: "None",
	}
	PolicyBasic128Rsa15 = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#Basic128Rsa15", Name: "Basic128Rsa15", Deprecated: true,
		SigningKeyLength: 16, SignatureLength: sha1.Size, EncryptionKeyLength: 16, BlockSize: 16, IVLength: 16, NonceLength: 16,
		MinKeyBits: 1024, MaxKeyBits: 2048,
		newHash: sha1.New, sig: sigPKCS1v15SHA1, enc: encPKCS1v15,
	}
	PolicyBasic256 = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#Basic256", Name: "Basic256", Deprecated: true,
		SigningKeyLength: 24, SignatureLength: sha1.Size, EncryptionKeyLength: 32, BlockSize: 16, IVLength: 16, NonceLength: 32,
		MinKeyBits: 1024, MaxKeyBits: 2048,
		newHash: sha1.New, sig: sigPKCS1v15SHA1, enc: encOAEPSHA1,
	}
	PolicyBasic256Sha256 = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#Basic256Sha256", Name: "Basic256Sha256",
		SigningKeyLength: 32, SignatureLength: sha256.Size, EncryptionKeyLength: 32, BlockSize: 16, IVLength: 16, NonceLength: 32,
		MinKeyBits: 2048, MaxKeyBits: 4096,
		newHash: sha256.New, sig: sigPKCS1v15SHA256, enc: encOAEPSHA1,
	}
	PolicyAes128Sha256RsaOaep = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#Aes128_Sha256_RsaOaep", Name: "Aes128_Sha256_RsaOaep",
		SigningKeyLength: 32, SignatureLength: sha256.Size, EncryptionKeyLength: 16, BlockSize: 16, IVLength: 16, NonceLength: 32,
		MinKeyBits: 2048, MaxKeyBits: 4096,
		newHash: sha256.New, sig: sigPKCS1v15SHA256, enc: encOAEPSHA1,
	}
	PolicyAes256Sha256RsaPss = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#Aes256_Sha256_RsaPss", Name: "Aes256_Sha256_RsaPss",
		SigningKeyLength: 32, SignatureLength: sha256.Size, EncryptionKeyLength: 32, BlockSize: 16, IVLength: 16, NonceLength: 32,
		MinKeyBits: 2048, MaxKeyBits: 4096,
		newHash: sha256.New, sig: sigPSSSHA256, enc: encOAEPSHA256,
	}
	// PolicyECCNistP256 is ECC_nistP256: ECDH on nistP256 with ephemeral
	// keys in the OpenSecureChannel nonces, ECDSA-SHA256 signatures of the
	// OPN chunks (which are not encrypted), HKDF-SHA256 key derivation,
	// HMAC-SHA256 and AES-128-CBC for MSG and CLO chunks.
	PolicyECCNistP256 = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP256", Name: "ECC_nistP256",
		SigningKeyLength: 32, SignatureLength: sha256.Size, EncryptionKeyLength: 16, BlockSize: 16, IVLength: 16, NonceLength: 64,
		MinKeyBits: 256, MaxKeyBits: 256,
		newHash: sha256.New, sig: sigECDSASHA256, kex: kexNIST, curve: ecdh.P256(), certCurve: elliptic.P256(),
	}
	// PolicyECCNistP384 is ECC_nistP384: ECDH on nistP384, ECDSA-SHA384,
	// HKDF-SHA384, HMAC-SHA384 and AES-256-CBC.
	PolicyECCNistP384 = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP384", Name: "ECC_nistP384",
		SigningKeyLength: 48, SignatureLength: sha512.Size384, EncryptionKeyLength: 32, BlockSize: 16, IVLength: 16, NonceLength: 96,
		MinKeyBits: 384, MaxKeyBits: 384,
		newHash: sha512.New384, sig: sigECDSASHA384, kex: kexNIST, curve: ecdh.P384(), certCurve: elliptic.P384(),
	}
	// PolicyECCNistP256AesGcm is ECC_nistP256_AesGcm (Part 6 1.05.07): the
	// handshake of ECC_nistP256 (ECDH, ECDSA-SHA256, HKDF-SHA256) with the
	// SecureChannelEnhancements (see ChannelBound), and AES-128-GCM for MSG
	// and CLO chunks: no padding, a 16-byte tag in place of the HMAC (in
	// Sign mode the tag of GCM over the whole chunk as additional data), no
	// signing key.
	PolicyECCNistP256AesGcm = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP256_AesGcm", Name: "ECC_nistP256_AesGcm",
		SigningKeyLength: 0, SignatureLength: 16, EncryptionKeyLength: 16, BlockSize: 16, IVLength: 12, NonceLength: 64,
		MinKeyBits: 256, MaxKeyBits: 256,
		newHash: sha256.New, sig: sigECDSASHA256, kex: kexNIST, curve: ecdh.P256(), certCurve: elliptic.P256(),
		aead: true, bound: true,
	}
	// PolicyECCNistP256ChaChaPoly is ECC_nistP256_ChaChaPoly (Part 6
	// 1.05.07): ECC_nistP256_AesGcm with ChaCha20-Poly1305 (RFC 8439,
	// golang.org/x/crypto/chacha20poly1305) in place of AES-128-GCM: a
	// 32-byte key, the same 12-byte IV, chunk nonces, 16-byte tag and
	// channel binding, no signing key.
	PolicyECCNistP256ChaChaPoly = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP256_ChaChaPoly", Name: "ECC_nistP256_ChaChaPoly",
		SigningKeyLength: 0, SignatureLength: 16, EncryptionKeyLength: 32, BlockSize: 1, IVLength: 12, NonceLength: 64,
		MinKeyBits: 256, MaxKeyBits: 256,
		newHash: sha256.New, sig: sigECDSASHA256, kex: kexNIST, curve: ecdh.P256(), certCurve: elliptic.P256(),
		aead: true, chacha: true, bound: true,
	}
	// PolicyECCCurve25519 is ECC_curve25519: X25519 ephemeral keys (the
	// 32-byte public key is the nonce), Ed25519 signatures of the OPN
	// chunks and Ed25519 certificates, HKDF-SHA256, and ChaCha20-Poly1305
	// for MSG and CLO chunks (16-byte tag, chunk nonces as for the AES-GCM
	// policy). Its key material has a 32-byte signing key, which keys the
	// AEAD in Sign mode, a 32-byte encrypting key for SignAndEncrypt and a
	// 12-byte IV (L = 76). It has no channel binding.
	PolicyECCCurve25519 = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#ECC_curve25519", Name: "ECC_curve25519",
		SigningKeyLength: 32, SignatureLength: 16, EncryptionKeyLength: 32, BlockSize: 1, IVLength: 12, NonceLength: 32,
		MinKeyBits: 256, MaxKeyBits: 256,
		newHash: sha256.New, sig: sigEd25519, kex: kexX25519, curve: ecdh.X25519(),
		aead: true, chacha: true, signKey: true,
	}
	// PolicyECCCurve448 is ECC_curve448: ECC_curve25519 with X448
	// ephemeral keys (56-byte nonces) and Ed448 signatures (114 bytes) and
	// certificates (github.com/cloudflare/circl); the key derivation
	// (HKDF-SHA256, L = 76) and the symmetric layer are curve25519's.
	PolicyECCCurve448 = &Policy{
		URI: "http://opcfoundation.org/UA/SecurityPolicy#ECC_curve448", Name: "ECC_curve448",
		SigningKeyLength: 32, SignatureLength: 16, EncryptionKeyLength: 32, BlockSize: 1, IVLength: 12, NonceLength: x448.Size,
		MinKeyBits: 448, MaxKeyBits: 448,
		newHash: sha256.New, sig: sigEd448, kex: kexX448,
		aead: true, chacha: true, signKey: true,
	}
)

// policies is the policy table keyed by URI.
var policies = map[string]*Policy{}

func init() {
	for _, p := range Policies() {
		policies[p.URI] = p
	}
}

// Policies returns every supported policy, None first, in a new slice.
func Policies() []*Policy {
	return []*Policy{PolicyNone, PolicyBasic128Rsa15, PolicyBasic256, PolicyBasic256Sha256, PolicyAes128Sha256RsaOaep, PolicyAes256Sha256RsaPss,
		PolicyECCNistP256, PolicyECCNistP384, PolicyECCNistP256AesGcm, PolicyECCNistP256ChaChaPoly, PolicyECCCurve25519, PolicyECCCurve448}
}

// PolicyByURI returns the policy with the given SecurityPolicyUri, or an
// error wrapping ErrPolicy.
func PolicyByURI(uri string) (*Policy, error) {
	if p, ok := policies[uri]; ok {
		return p, nil
	}
	if len(uri) > 100 {
		uri = uri[:100] + "..."
	}
	return nil, errorf(ErrPolicy, 0, -1, "unknown security policy %q", uri)
}

// IsNone reports whether p is the None policy (no security).
func (p *Policy) IsNone() bool { return p.sig == sigNone }

// IsECC reports whether p is an elliptic-curve policy (Part 6 §6.8): its
// OPN chunks are signed but not encrypted, its nonces are ephemeral public
// keys (see NewEphemeralKey), and its sequence numbers follow the
// non-legacy rule (they start at 0 and wrap from 4294967295 to 0).
func (p *Policy) IsECC() bool { return p.kex != kexNone }

// IsAEAD reports whether p secures MSG and CLO chunks with an authenticated
// encryption (AES-GCM or ChaCha20-Poly1305): no padding, a tag of
// SignatureLength bytes after the chunk, and a nonce per chunk made from
// the derived IV, the TokenId and the sequence number of the previous chunk
// (Part 6 §6.7.2.5.2).
func (p *Policy) IsAEAD() bool { return p.aead }

// ChannelBound reports whether p has the SecureChannelEnhancements of Part 6
// 1.05.07: the signature of the first OPN response also covers the
// signature of the request (the response's signature is then the
// ChannelThumbprint; see Sender.BindOpen and Receiver.BindOpen), the HKDF
// input is chained across token renewals (EphemeralKey.ChainedChannelKeys),
// and the CreateSession/ActivateSession signatures cover the
// ChannelThumbprint and certificate hashes (HashCertificate) instead of the
// certificates.
func (p *Policy) ChannelBound() bool { return p.bound }

// signatureHash returns the hash of the asymmetric signature.
func (p *Policy) signatureHash() crypto.Hash {
	switch p.sig {
	case sigPKCS1v15SHA1:
		return crypto.SHA1
	case sigECDSASHA384:
		return crypto.SHA384
	}
	return crypto.SHA256
}

// coordSize returns the byte size of a coordinate (and of r and s) of the
// policy's ECDSA curve, 0 for the other policies.
func (p *Policy) coordSize() int {
	if p.certCurve == nil {
		return 0
	}
	return (p.certCurve.Params().BitSize + 7) / 8
}

// String returns p.Name.
func (p *Policy) String() string { return p.Name }
