package chunk

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/big"

	"github.com/cloudflare/circl/sign/ed448"
)

// Asymmetric configures the asymmetric security of OpenSecureChannel (OPN)
// chunks for a Sender or a Receiver. With an RSA policy every OPN chunk is
// signed with the sender's private key and encrypted with the receiver's
// public key, whatever the channel's SecurityMode (Part 6 §6.7.2.5 / Part 4
// §5.5.2). With an ECC policy OPN chunks are signed (ECDSA) and not
// encrypted: ECC has no public-key encryption, and the keys come from the
// ephemeral keys in the nonces instead (Part 6 §6.8). The ECC policies sign
// with ECDSA (nistP256, nistP384), Ed25519 (curve25519) or Ed448
// (curve448).
type Asymmetric struct {
	// Policy is the channel's security policy. A Receiver with a nil Policy
	// accepts any policy of the table (a server learns the policy from the
	// client's first OPN; Message.Policy tells which one came).
	Policy *Policy
	// PrivateKey is the local key: an *rsa.PrivateKey for the RSA policies
	// (it signs sent OPN chunks and decrypts received ones), an
	// *ecdsa.PrivateKey on the policy's curve for ECC_nistP256* and
	// ECC_nistP384, an ed25519.PrivateKey for ECC_curve25519 and an
	// ed448.PrivateKey (github.com/cloudflare/circl/sign/ed448) for
	// ECC_curve448 (they sign). Not needed for policy None; a Receiver
	// without one accepts only policy None. A Receiver without a Policy
	// accepts the policies its key fits.
	PrivateKey crypto.Signer
	// Certificate is the local DER certificate, or chain with the leaf
	// first: a Sender sends it as SenderCertificate; a Receiver checks the
	// ReceiverCertificateThumbprint of received chunks against its leaf.
	Certificate []byte
	// PeerCertificate is the peer's DER certificate (leaf first). A Sender
	// needs it (its key encrypts, its SHA-1 thumbprint is sent). A Receiver
	// that has it accepts only OPN chunks whose SenderCertificate has the
	// same leaf; without it, any certificate whose signature verifies is
	// accepted and the caller must validate Message.Security.SenderCertificate.
	PeerCertificate []byte
	// Rand is the source of randomness for RSA padding and signatures; nil
	// means crypto/rand.Reader.
	Rand io.Reader
}

// asymmetric is the prepared form of Asymmetric.
type asymmetric struct {
	policy    *Policy
	key       crypto.Signer // nil, *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey or ed448.PrivateKey
	cert      []byte
	thumb     []byte // SHA-1 of the local leaf, nil if no certificate
	peerLeaf  []byte
	peerKey   crypto.PublicKey // *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey or ed448.PublicKey
	peerThumb []byte
	rand      io.Reader
}

// signer returns key, or nil for a nil interface, a typed nil pointer or
// an EdDSA key of the wrong length (whose methods would panic).
func signer(key crypto.Signer) crypto.Signer {
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if k == nil {
			return nil
		}
	case *ecdsa.PrivateKey:
		if k == nil {
			return nil
		}
	case ed25519.PrivateKey:
		if len(k) != ed25519.PrivateKeySize {
			return nil
		}
	case ed448.PrivateKey:
		if len(k) != ed448.PrivateKeySize {
			return nil
		}
	}
	return key
}

// prepare checks a and derives the keys and thumbprints; sender selects the
// Sender's requirements.
func (a *Asymmetric) prepare(sender bool) (*asymmetric, error) {
	s := &asymmetric{policy: a.Policy, key: signer(a.PrivateKey), cert: a.Certificate, rand: a.Rand}
	if s.rand == nil {
		s.rand = rand.Reader
	}
	if a.Policy == nil && sender {
		return nil, errorf(ErrConfig, TypeOpen, -1, "a Sender needs a policy")
	}
	if a.Policy != nil && a.Policy.IsNone() {
		return s, nil
	}
	if s.key == nil {
		if a.Policy != nil {
			return nil, errorf(ErrConfig, TypeOpen, -1, "a private key is needed for a policy other than None")
		}
		// A Receiver for any policy without a key: only None will do.
	} else if a.Policy != nil {
		if err := checkKey(a.Policy, s.key.Public(), "local"); err != nil {
			return nil, err
		}
	}
	if a.Certificate != nil {
		leaf, err := leafCertificate(a.Certificate)
		if err != nil {
			return nil, err
		}
		t := sha1.Sum(leaf)
		s.thumb = t[:]
	} else if sender {
		return nil, errorf(ErrConfig, TypeOpen, -1, "a Sender needs its certificate")
	}
	if a.PeerCertificate != nil {
		leaf, key, err := parseCertificate(a.PeerCertificate)
		if err != nil {
			return nil, err
		}
		if a.Policy != nil {
			if err := checkKey(a.Policy, key, "peer"); err != nil {
				return nil, err
			}
		}
		t := sha1.Sum(leaf)
		s.peerLeaf, s.peerKey, s.peerThumb = leaf, key, t[:]
	} else if sender {
		return nil, errorf(ErrConfig, TypeOpen, -1, "a Sender needs the peer's certificate")
	}
	return s, nil
}

// checkKey checks that pub is a key the policy allows: RSA of MinKeyBits to
// MaxKeyBits bits for the RSA policies, ECDSA on the policy's curve for the
// nistP256 and nistP384 policies, Ed25519 for curve25519 and Ed448 for
// curve448.
func checkKey(p *Policy, pub crypto.PublicKey, whose string) error {
	switch p.sig {
	case sigEd25519:
		if k, ok := pub.(ed25519.PublicKey); !ok || len(k) != ed25519.PublicKeySize {
			return errorf(ErrCertificate, TypeOpen, -1, "%s key is %s, %s needs Ed25519", whose, keyName(pub), p.Name)
		}
		return nil
	case sigEd448:
		if k, ok := pub.(ed448.PublicKey); !ok || len(k) != ed448.PublicKeySize {
			return errorf(ErrCertificate, TypeOpen, -1, "%s key is %s, %s needs Ed448", whose, keyName(pub), p.Name)
		}
		return nil
	}
	if p.IsECC() {
		k, ok := pub.(*ecdsa.PublicKey)
		if !ok {
			return errorf(ErrCertificate, TypeOpen, -1, "%s key is %s, %s needs ECDSA", whose, keyName(pub), p.Name)
		}
		if k.Curve != p.certCurve {
			return errorf(ErrCertificate, TypeOpen, -1, "%s ECDSA key on %s, %s needs %s", whose, k.Curve.Params().Name, p.Name, p.certCurve.Params().Name)
		}
		return nil
	}
	k, ok := pub.(*rsa.PublicKey)
	if !ok {
		return errorf(ErrCertificate, TypeOpen, -1, "%s key is %s, not RSA", whose, keyName(pub))
	}
	if bits := k.N.BitLen(); bits < p.MinKeyBits || bits > p.MaxKeyBits {
		return errorf(ErrCertificate, TypeOpen, -1, "%s RSA key of %d bits, %s allows %d to %d", whose, bits, p.Name, p.MinKeyBits, p.MaxKeyBits)
	}
	return nil
}

// leafCertificate returns the first DER element of a certificate chain.
func leafCertificate(der []byte) ([]byte, error) {
	var raw asn1.RawValue
	if _, err := asn1.Unmarshal(der, &raw); err != nil {
		return nil, errorf(ErrCertificate, TypeOpen, -1, "certificate is not DER: %v", err)
	}
	return raw.FullBytes, nil
}

// keyName names the kind of a public key in error messages.
func keyName(pub crypto.PublicKey) string {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		return "RSA"
	case *ecdsa.PublicKey:
		if k == nil || k.Curve == nil {
			return "ECDSA"
		}
		return "ECDSA " + k.Curve.Params().Name
	case ed25519.PublicKey:
		return "Ed25519"
	case ed448.PublicKey:
		return "Ed448"
	}
	return fmt.Sprintf("%T", pub)
}

// parseCertificate returns the leaf of a DER chain and its public key (RSA,
// ECDSA, Ed25519 or Ed448; any other kind is ErrCertificate). crypto/x509
// parses all but Ed448, whose key it leaves unparsed; ParseEd448PublicKey
// reads that one from the certificate's SubjectPublicKeyInfo.
func parseCertificate(der []byte) ([]byte, crypto.PublicKey, error) {
	leaf, err := leafCertificate(der)
	if err != nil {
		return nil, nil, err
	}
	c, err := x509.ParseCertificate(leaf)
	if err != nil {
		return nil, nil, errorf(ErrCertificate, TypeOpen, -1, "%v", err)
	}
	switch k := c.PublicKey.(type) {
	case *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey:
		return leaf, k, nil
	case nil:
		if c.PublicKeyAlgorithm == x509.UnknownPublicKeyAlgorithm {
			if k, err := ParseEd448PublicKey(c.RawSubjectPublicKeyInfo); err == nil {
				return leaf, k, nil
			}
		}
	}
	return nil, nil, errorf(ErrCertificate, TypeOpen, -1, "certificate key is %s, not RSA, ECDSA, Ed25519 or Ed448", keyName(c.PublicKey))
}

// OIDEd448 is the algorithm identifier of Ed448 keys and signatures
// (RFC 8410 §3: id-Ed448, 1.3.101.113).
var OIDEd448 = asn1.ObjectIdentifier{1, 3, 101, 113}

// ParseEd448PublicKey reads an Ed448 public key from a DER
// SubjectPublicKeyInfo (RFC 8410 §4: the algorithm id-Ed448 without
// parameters, the 57-byte key as the BIT STRING), as found in
// x509.Certificate.RawSubjectPublicKeyInfo, which crypto/x509 leaves
// unparsed for Ed448. Anything else (another algorithm, parameters, a key
// of another length, trailing bytes) is an error wrapping ErrCertificate.
func ParseEd448PublicKey(spki []byte) (ed448.PublicKey, error) {
	var info struct {
		Algorithm struct {
			Algorithm  asn1.ObjectIdentifier
			Parameters asn1.RawValue `asn1:"optional"`
		}
		PublicKey asn1.BitString
	}
	rest, err := asn1.Unmarshal(spki, &info)
	switch {
	case err != nil:
		return nil, errorf(ErrCertificate, TypeOpen, -1, "SubjectPublicKeyInfo: %v", err)
	case len(rest) != 0:
		return nil, errorf(ErrCertificate, TypeOpen, -1, "%d bytes after the SubjectPublicKeyInfo", len(rest))
	case !info.Algorithm.Algorithm.Equal(OIDEd448):
		return nil, errorf(ErrCertificate, TypeOpen, -1, "key algorithm %v, not Ed448 (%v)", info.Algorithm.Algorithm, OIDEd448)
	case len(info.Algorithm.Parameters.FullBytes) != 0:
		return nil, errorf(ErrCertificate, TypeOpen, -1, "Ed448 key with algorithm parameters")
	case info.PublicKey.BitLength != 8*ed448.PublicKeySize:
		return nil, errorf(ErrCertificate, TypeOpen, -1, "Ed448 key of %d bits, want %d", info.PublicKey.BitLength, 8*ed448.PublicKeySize)
	}
	return ed448.PublicKey(append([]byte(nil), info.PublicKey.Bytes...)), nil
}

// errKeyType is returned when a key does not fit the policy's algorithm.
var errKeyType = errors.New("chunk: the key does not fit the policy's signature algorithm")

// signatureSize returns the size of the policy's asymmetric signature made
// with key: the RSA modulus size, 2 × the coordinate size for ECDSA, 64 for
// Ed25519 and 114 for Ed448.
func signatureSize(p *Policy, pub crypto.PublicKey) int {
	if p.IsECC() {
		return p.sig.size()
	}
	if k, ok := pub.(*rsa.PublicKey); ok {
		return k.Size()
	}
	return 0
}

// asymSign signs data with the policy's asymmetric signature algorithm.
// ECDSA signatures are r and s as big-endian integers of the coordinate
// size each, concatenated (OPC 10000-7, as in XML-DSig), not ASN.1; EdDSA
// signatures are RFC 8032's (PureEdDSA over the whole data, Ed448 with an
// empty context). extra (may be nil) is signed after data, as if appended.
func asymSign(p *Policy, rnd io.Reader, key crypto.Signer, data, extra []byte) ([]byte, error) {
	switch k := key.(type) {
	case ed25519.PrivateKey:
		if p.sig != sigEd25519 || len(k) != ed25519.PrivateKeySize {
			return nil, errKeyType
		}
		return ed25519.Sign(k, joined(data, extra)), nil
	case ed448.PrivateKey:
		if p.sig != sigEd448 || len(k) != ed448.PrivateKeySize {
			return nil, errKeyType
		}
		return ed448.Sign(k, joined(data, extra), ""), nil
	}
	if p.sig.isEdDSA() {
		return nil, errKeyType
	}
	digest := digestOf(p, data, extra)
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if p.IsECC() || k == nil {
			return nil, errKeyType
		}
		if p.sig == sigPSSSHA256 {
			return rsa.SignPSS(rnd, k, crypto.SHA256, digest, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash})
		}
		return rsa.SignPKCS1v15(rnd, k, p.signatureHash(), digest)
	case *ecdsa.PrivateKey:
		if !p.IsECC() || k == nil || k.Curve != p.certCurve {
			return nil, errKeyType
		}
		r, s, err := ecdsa.Sign(rnd, k, digest)
		if err != nil {
			return nil, err
		}
		n := p.coordSize()
		sig := make([]byte, 2*n)
		r.FillBytes(sig[:n])
		s.FillBytes(sig[n:])
		return sig, nil
	}
	return nil, errKeyType
}

// asymVerify verifies an asymmetric signature; an ECDSA signature must be
// exactly 2 × the coordinate size, an Ed25519 one 64 bytes and an Ed448 one
// 114 bytes (checked before anything else).
// extra (may be nil) is verified after data, as if appended.
func asymVerify(p *Policy, pub crypto.PublicKey, data, extra, sig []byte) error {
	switch k := pub.(type) {
	case ed25519.PublicKey:
		if p.sig != sigEd25519 || len(k) != ed25519.PublicKeySize {
			return errKeyType
		}
		if len(sig) != ed25519.SignatureSize {
			return errors.New("chunk: Ed25519 signature of the wrong length")
		}
		if !ed25519.Verify(k, joined(data, extra), sig) {
			return errors.New("chunk: Ed25519 verification failed")
		}
		return nil
	case ed448.PublicKey:
		if p.sig != sigEd448 || len(k) != ed448.PublicKeySize {
			return errKeyType
		}
		if len(sig) != ed448.SignatureSize {
			return errors.New("chunk: Ed448 signature of the wrong length")
		}
		if !ed448.Verify(k, joined(data, extra), sig, "") {
			return errors.New("chunk: Ed448 verification failed")
		}
		return nil
	}
	if p.sig.isEdDSA() {
		return errKeyType
	}
	digest := digestOf(p, data, extra)
	switch k := pub.(type) {
	case *rsa.PublicKey:
		if p.IsECC() || k == nil {
			return errKeyType
		}
		if p.sig == sigPSSSHA256 {
			return rsa.VerifyPSS(k, crypto.SHA256, digest, sig, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthAuto})
		}
		return rsa.VerifyPKCS1v15(k, p.signatureHash(), digest, sig)
	case *ecdsa.PublicKey:
		if !p.IsECC() || k == nil || k.Curve != p.certCurve {
			return errKeyType
		}
		n := p.coordSize()
		if len(sig) != 2*n {
			return errors.New("chunk: ECDSA signature of the wrong length")
		}
		r := new(big.Int).SetBytes(sig[:n])
		s := new(big.Int).SetBytes(sig[n:])
		if !ecdsa.Verify(k, digest, r, s) {
			return errors.New("chunk: ECDSA verification failed")
		}
		return nil
	}
	return errKeyType
}

// joined returns data ‖ extra (data itself when extra is empty): EdDSA
// signs the message, not a digest of it.
func joined(data, extra []byte) []byte {
	if len(extra) == 0 {
		return data
	}
	return append(append(make([]byte, 0, len(data)+len(extra)), data...), extra...)
}

// digestOf returns the signature hash of data ‖ extra.
func digestOf(p *Policy, data, extra []byte) []byte {
	var h hash.Hash
	switch p.signatureHash() {
	case crypto.SHA1:
		h = sha1.New()
	case crypto.SHA384:
		h = sha512.New384()
	default:
		h = sha256.New()
	}
	h.Write(data)
	h.Write(extra)
	return h.Sum(nil)
}

// oaepHash returns the OAEP hash of the policy, nil for PKCS#1 v1.5.
func oaepHash(p *Policy) hash.Hash {
	switch p.enc {
	case encOAEPSHA1:
		return sha1.New()
	case encOAEPSHA256:
		return sha256.New()
	}
	return nil
}

// asymEncrypt appends to dst the RSA encryption of plain, block by block:
// every plaintext block of keySize - overhead bytes becomes a keySize-byte
// ciphertext block. len(plain) must be a multiple of the plaintext block.
func asymEncrypt(p *Policy, rnd io.Reader, pub *rsa.PublicKey, plain, dst []byte) ([]byte, error) {
	k := pub.Size()
	pb := k - p.enc.overhead()
	h := oaepHash(p)
	for len(plain) > 0 {
		var c []byte
		var err error
		if h != nil {
			c, err = rsa.EncryptOAEP(h, rnd, pub, plain[:pb], nil)
		} else {
			c, err = rsa.EncryptPKCS1v15(rnd, pub, plain[:pb])
		}
		if err != nil {
			return dst, errorf(ErrConfig, TypeOpen, -1, "RSA encryption: %v", err)
		}
		dst = append(dst, c...)
		plain = plain[pb:]
	}
	return dst, nil
}

// asymDecrypt appends to dst the plaintext of the block-wise RSA ciphertext.
// Any failure is ErrSecurityChecks, without saying which block failed.
func asymDecrypt(p *Policy, key *rsa.PrivateKey, ciphertext, dst []byte) ([]byte, error) {
	k := key.Size()
	if len(ciphertext) == 0 || len(ciphertext)%k != 0 {
		return dst, errorf(ErrSecurityChecks, TypeOpen, -1, "ciphertext of %d bytes is not a multiple of the %d-byte RSA block", len(ciphertext), k)
	}
	h := oaepHash(p)
	for ; len(ciphertext) > 0; ciphertext = ciphertext[k:] {
		var m []byte
		var err error
		if h != nil {
			m, err = rsa.DecryptOAEP(h, nil, key, ciphertext[:k], nil)
		} else {
			m, err = rsa.DecryptPKCS1v15(nil, key, ciphertext[:k])
		}
		if err != nil {
			return dst, errorf(ErrSecurityChecks, TypeOpen, -1, "RSA decryption failed")
		}
		dst = append(dst, m...)
	}
	return dst, nil
}
