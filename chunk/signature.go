package chunk

import (
	"crypto"
	"crypto/rand"
	"errors"
	"io"
)

// Asymmetric signature algorithm URIs (Part 7, the
// AsymmetricSignatureAlgorithm of each security policy), as carried in the
// Algorithm of a SignatureData.
const (
	// AlgorithmRSASHA1 is RSA PKCS #1 v1.5 with SHA-1 (Basic128Rsa15,
	// Basic256).
	AlgorithmRSASHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1"
	// AlgorithmRSASHA256 is RSA PKCS #1 v1.5 with SHA-256 (Basic256Sha256,
	// Aes128_Sha256_RsaOaep).
	AlgorithmRSASHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"
	// AlgorithmRSAPSSSHA256 is RSA-PSS with SHA-256 (Aes256_Sha256_RsaPss).
	AlgorithmRSAPSSSHA256 = "http://opcfoundation.org/UA/security/rsa-pss-sha2-256"
	// AlgorithmECDSASHA256 is ECDSA with SHA-256 (ECC_nistP256); the
	// signature is r || s, 32 bytes each.
	AlgorithmECDSASHA256 = "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"
	// AlgorithmECDSASHA384 is ECDSA with SHA-384 (ECC_nistP384); the
	// signature is r || s, 48 bytes each.
	AlgorithmECDSASHA384 = "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384"
)

// errNoSignature is returned by the signature methods of PolicyNone.
var errNoSignature = errors.New("chunk: security policy None has no signature algorithm")

// SignatureAlgorithm returns the URI of the policy's asymmetric signature
// algorithm: the one used for OPN chunks and for the
// CreateSession/ActivateSession signatures (Part 4 §5.6.2, §5.6.3). It is
// "" for None and for ECC_curve25519 and ECC_curve448: we know no URI
// for PureEdDSA in OPC UA, and open62541 v1.5.7 sends and accepts an empty
// Algorithm with them.
func (p *Policy) SignatureAlgorithm() string {
	switch p.sig {
	case sigPKCS1v15SHA1:
		return AlgorithmRSASHA1
	case sigPKCS1v15SHA256:
		return AlgorithmRSASHA256
	case sigPSSSHA256:
		return AlgorithmRSAPSSSHA256
	case sigECDSASHA256:
		return AlgorithmECDSASHA256
	case sigECDSASHA384:
		return AlgorithmECDSASHA384
	}
	return ""
}

// Sign signs data with the policy's asymmetric signature algorithm, the one
// its OPN chunks use; session signatures (SignatureData) are made with it
// too. key is an *rsa.PrivateKey for the RSA policies, an *ecdsa.PrivateKey
// on the policy's curve for the nistP256 and nistP384 policies (ECDSA
// signatures are r || s), an ed25519.PrivateKey for ECC_curve25519 and an
// ed448.PrivateKey for ECC_curve448 (RFC 8032, deterministic). rnd is the
// randomness for RSA-PSS and ECDSA (crypto/rand.Reader when nil).
func (p *Policy) Sign(rnd io.Reader, key crypto.Signer, data []byte) ([]byte, error) {
	if p.IsNone() {
		return nil, errNoSignature
	}
	if rnd == nil {
		rnd = rand.Reader
	}
	return asymSign(p, rnd, key, data, nil)
}

// Verify checks a signature made with the policy's asymmetric signature
// algorithm over data; pub is an *rsa.PublicKey, an *ecdsa.PublicKey, an
// ed25519.PublicKey or an ed448.PublicKey, as the policy needs. A
// signature of the wrong length fails before any computation.
func (p *Policy) Verify(pub crypto.PublicKey, data, sig []byte) error {
	if p.IsNone() {
		return errNoSignature
	}
	return asymVerify(p, pub, data, nil, sig)
}
