package uaclient

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	_ "crypto/sha1"   // registers crypto.SHA1
	_ "crypto/sha256" // registers crypto.SHA256
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"os"
	"time"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
)

// The SignatureData algorithms of the session signatures (Part 7, the
// AsymmetricSignatureAlgorithm of each security policy).
const (
	// AlgorithmRSASHA256 is RSA PKCS #1 v1.5 with SHA-256 (Basic256Sha256,
	// Aes128_Sha256_RsaOaep).
	AlgorithmRSASHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"
	// AlgorithmRSASHA1 is RSA PKCS #1 v1.5 with SHA-1 (Basic128Rsa15,
	// Basic256).
	AlgorithmRSASHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1"
	// AlgorithmRSAPSSSHA256 is RSA-PSS with SHA-256 (Aes256_Sha256_RsaPss).
	AlgorithmRSAPSSSHA256 = "http://opcfoundation.org/UA/security/rsa-pss-sha2-256"
)

// signatureAlgorithm is how a policy signs CreateSession/ActivateSession
// data. Package chunk keeps its own (for OPN chunks) unexported, so it is
// repeated here by policy name.
type signatureAlgorithm struct {
	uri  string
	hash crypto.Hash
	pss  bool
}

func algorithmOf(p *chunk.Policy) signatureAlgorithm {
	switch p.Name {
	case chunk.PolicyBasic128Rsa15.Name, chunk.PolicyBasic256.Name:
		return signatureAlgorithm{AlgorithmRSASHA1, crypto.SHA1, false}
	case chunk.PolicyAes256Sha256RsaPss.Name:
		return signatureAlgorithm{AlgorithmRSAPSSSHA256, crypto.SHA256, true}
	}
	return signatureAlgorithm{AlgorithmRSASHA256, crypto.SHA256, false}
}

// NewCertificate returns a self-signed DER certificate and its RSA key of
// the given size, usable as an OPC UA application instance certificate
// (Part 6 §6.2.2): the ApplicationUri as URI subject alternative name, the
// host name as DNS name, the key usages OPC UA asks for, valid from an hour
// ago for a year.
func NewCertificate(applicationURI string, bits int) ([]byte, *rsa.PrivateKey, error) {
	u, err := url.Parse(applicationURI)
	if err != nil {
		return nil, nil, fmt.Errorf("application uri: %w", err)
	}
	key, err := rsa.GenerateKey(rand.Reader, bits)
	if err != nil {
		return nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, err
	}
	host, _ := os.Hostname()
	if host == "" {
		host = "localhost"
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "uabin example client", Organization: []string{"uabin"}},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(365 * 24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment |
			x509.KeyUsageKeyEncipherment | x509.KeyUsageDataEncipherment | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		URIs:                  []*url.URL{u},
		DNSNames:              []string{host},
		SignatureAlgorithm:    x509.SHA256WithRSA,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	return der, key, nil
}

// sign returns the SignatureData of policy p over a + b.
func sign(p *chunk.Policy, key *rsa.PrivateKey, a, b []byte) (types.SignatureData, error) {
	alg := algorithmOf(p)
	d := alg.hash.New()
	d.Write(a)
	d.Write(b)
	var s []byte
	var err error
	if alg.pss {
		s, err = rsa.SignPSS(rand.Reader, key, alg.hash, d.Sum(nil), &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash})
	} else {
		s, err = rsa.SignPKCS1v15(rand.Reader, key, alg.hash, d.Sum(nil))
	}
	if err != nil {
		return types.SignatureData{}, err
	}
	return types.SignatureData{Algorithm: alg.uri, Signature: s}, nil
}

// verifySignature checks that sig is policy p's signature over a + b made
// with the key of the DER certificate cert (leaf first).
func verifySignature(p *chunk.Policy, cert []byte, sig types.SignatureData, a, b []byte) error {
	alg := algorithmOf(p)
	if sig.Algorithm != alg.uri {
		return fmt.Errorf("signature algorithm %q, want %q", sig.Algorithm, alg.uri)
	}
	c, err := x509.ParseCertificate(leaf(cert))
	if err != nil {
		return err
	}
	pub, ok := c.PublicKey.(*rsa.PublicKey)
	if !ok {
		return errors.New("the server certificate has no RSA key")
	}
	d := alg.hash.New()
	d.Write(a)
	d.Write(b)
	if alg.pss {
		return rsa.VerifyPSS(pub, alg.hash, d.Sum(nil), sig.Signature, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthAuto})
	}
	return rsa.VerifyPKCS1v15(pub, alg.hash, d.Sum(nil), sig.Signature)
}

// leaf returns the first certificate of a DER chain (the chain itself if it
// does not parse).
func leaf(der []byte) []byte {
	var raw asn1.RawValue
	if _, err := asn1.Unmarshal(der, &raw); err != nil {
		return der
	}
	return raw.FullBytes
}
