package chunk

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"hash"
	"io"
)

// Asymmetric configures the asymmetric security of OpenSecureChannel (OPN)
// chunks for a Sender or a Receiver. With a policy other than None every OPN
// chunk is signed with the sender's private key and encrypted with the
// receiver's public key, whatever the channel's SecurityMode (Part 6
// §6.7.2.5 / Part 4 §5.5.2).
type Asymmetric struct {
	// Policy is the channel's security policy. A Receiver with a nil Policy
	// accepts any policy of the table (a server learns the policy from the
	// client's first OPN; Message.Policy tells which one came).
	Policy *Policy
	// PrivateKey is the local RSA key: it signs sent OPN chunks and
	// decrypts received ones. Not needed for policy None; a Receiver
	// without one accepts only policy None.
	PrivateKey *rsa.PrivateKey
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
	// Rand is the source of randomness for RSA padding; nil means
	// crypto/rand.Reader.
	Rand io.Reader
}

// asymmetric is the prepared form of Asymmetric.
type asymmetric struct {
	policy    *Policy
	key       *rsa.PrivateKey
	cert      []byte
	thumb     []byte // SHA-1 of the local leaf, nil if no certificate
	peerLeaf  []byte
	peerKey   *rsa.PublicKey
	peerThumb []byte
	rand      io.Reader
}

// prepare checks a and derives the keys and thumbprints; sender selects the
// Sender's requirements.
func (a *Asymmetric) prepare(sender bool) (*asymmetric, error) {
	s := &asymmetric{policy: a.Policy, key: a.PrivateKey, cert: a.Certificate, rand: a.Rand}
	if s.rand == nil {
		s.rand = rand.Reader
	}
	if a.Policy == nil && sender {
		return nil, errorf(ErrConfig, TypeOpen, -1, "a Sender needs a policy")
	}
	if a.Policy != nil && a.Policy.IsNone() {
		return s, nil
	}
	if a.PrivateKey == nil {
		if a.Policy != nil {
			return nil, errorf(ErrConfig, TypeOpen, -1, "a private key is needed for a policy other than None")
		}
		// A Receiver for any policy without a key: only None will do.
	} else if a.Policy != nil {
		if err := checkKeyBits(a.Policy, a.PrivateKey.N.BitLen(), "local"); err != nil {
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
		leaf, key, err := parseRSACertificate(a.PeerCertificate)
		if err != nil {
			return nil, err
		}
		if a.Policy != nil {
			if err := checkKeyBits(a.Policy, key.N.BitLen(), "peer"); err != nil {
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

func checkKeyBits(p *Policy, bits int, whose string) error {
	if bits < p.MinKeyBits || bits > p.MaxKeyBits {
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

// parseRSACertificate returns the leaf of a DER chain and its RSA key.
func parseRSACertificate(der []byte) ([]byte, *rsa.PublicKey, error) {
	leaf, err := leafCertificate(der)
	if err != nil {
		return nil, nil, err
	}
	c, err := x509.ParseCertificate(leaf)
	if err != nil {
		return nil, nil, errorf(ErrCertificate, TypeOpen, -1, "%v", err)
	}
	key, ok := c.PublicKey.(*rsa.PublicKey)
	if !ok {
		return nil, nil, errorf(ErrCertificate, TypeOpen, -1, "certificate key is %T, not RSA", c.PublicKey)
	}
	return leaf, key, nil
}

// asymSign signs data with the policy's asymmetric signature algorithm.
func asymSign(p *Policy, rnd io.Reader, key *rsa.PrivateKey, data []byte) ([]byte, error) {
	digest := digestOf(p, data)
	if p.sig == sigPSSSHA256 {
		return rsa.SignPSS(rnd, key, crypto.SHA256, digest, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash})
	}
	return rsa.SignPKCS1v15(rnd, key, p.signatureHash(), digest)
}

// asymVerify verifies an asymmetric signature.
func asymVerify(p *Policy, pub *rsa.PublicKey, data, sig []byte) error {
	digest := digestOf(p, data)
	if p.sig == sigPSSSHA256 {
		return rsa.VerifyPSS(pub, crypto.SHA256, digest, sig, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthAuto})
	}
	return rsa.VerifyPKCS1v15(pub, p.signatureHash(), digest, sig)
}

func digestOf(p *Policy, data []byte) []byte {
	if p.signatureHash() == crypto.SHA1 {
		d := sha1.Sum(data)
		return d[:]
	}
	d := sha256.Sum256(data)
	return d[:]
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
