package chunk

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"hash"
	"io"
	"math/big"
)

// Asymmetric configures the asymmetric security of OpenSecureChannel (OPN)
// chunks for a Sender or a Receiver. With an RSA policy every OPN chunk is
// signed with the sender's private key and encrypted with the receiver's
// public key, whatever the channel's SecurityMode (Part 6 §6.7.2.5 / Part 4
// §5.5.2). With an ECC policy OPN chunks are signed (ECDSA) and not
// encrypted: ECC has no public-key encryption, and the keys come from the
// ephemeral keys in the nonces instead (Part 6 §6.8).
type Asymmetric struct {
	// Policy is the channel's security policy. A Receiver with a nil Policy
	// accepts any policy of the table (a server learns the policy from the
	// client's first OPN; Message.Policy tells which one came).
	Policy *Policy
	// PrivateKey is the local key: an *rsa.PrivateKey for the RSA policies
	// (it signs sent OPN chunks and decrypts received ones) or an
	// *ecdsa.PrivateKey on the policy's curve for the ECC policies (it
	// signs). Not needed for policy None; a Receiver without one accepts
	// only policy None. A Receiver without a Policy accepts the policies
	// its key fits.
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
	key       crypto.Signer // nil, *rsa.PrivateKey or *ecdsa.PrivateKey
	cert      []byte
	thumb     []byte // SHA-1 of the local leaf, nil if no certificate
	peerLeaf  []byte
	peerKey   crypto.PublicKey // *rsa.PublicKey or *ecdsa.PublicKey
	peerThumb []byte
	rand      io.Reader
}

// signer returns key, or nil for a nil interface or a typed nil pointer.
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
// ECC policies.
func checkKey(p *Policy, pub crypto.PublicKey, whose string) error {
	if p.IsECC() {
		k, ok := pub.(*ecdsa.PublicKey)
		if !ok {
			return errorf(ErrCertificate, TypeOpen, -1, "%s key is %T, %s needs ECDSA", whose, pub, p.Name)
		}
		if k.Curve != p.certCurve {
			return errorf(ErrCertificate, TypeOpen, -1, "%s ECDSA key on %s, %s needs %s", whose, k.Curve.Params().Name, p.Name, p.certCurve.Params().Name)
		}
		return nil
	}
	k, ok := pub.(*rsa.PublicKey)
	if !ok {
		return errorf(ErrCertificate, TypeOpen, -1, "%s key is %T, not RSA", whose, pub)
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

// parseCertificate returns the leaf of a DER chain and its public key (RSA
// or ECDSA; any other kind is ErrCertificate).
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
	case *rsa.PublicKey, *ecdsa.PublicKey:
		return leaf, k, nil
	}
	return nil, nil, errorf(ErrCertificate, TypeOpen, -1, "certificate key is %T, not RSA or ECDSA", c.PublicKey)
}

// errKeyType is returned when a key does not fit the policy's algorithm.
var errKeyType = errors.New("chunk: the key does not fit the policy's signature algorithm")

// signatureSize returns the size of the policy's asymmetric signature made
// with key: the RSA modulus size, or 2 × the coordinate size for ECDSA.
func signatureSize(p *Policy, pub crypto.PublicKey) int {
	if p.IsECC() {
		return 2 * p.coordSize()
	}
	if k, ok := pub.(*rsa.PublicKey); ok {
		return k.Size()
	}
	return 0
}

// asymSign signs data with the policy's asymmetric signature algorithm.
// ECDSA signatures are r and s as big-endian integers of the coordinate
// size each, concatenated (OPC 10000-7, as in XML-DSig), not ASN.1.
// extra (may be nil) is signed after data, as if appended.
func asymSign(p *Policy, rnd io.Reader, key crypto.Signer, data, extra []byte) ([]byte, error) {
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
// exactly 2 × the coordinate size.
// extra (may be nil) is verified after data, as if appended.
func asymVerify(p *Policy, pub crypto.PublicKey, data, extra, sig []byte) error {
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
