package uaclient

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"os"
	"time"

	"github.com/uabin/uabin/types"
)

// AlgorithmRSASHA256 is the SignatureData algorithm of Basic256Sha256
// (RSA PKCS #1 v1.5 with SHA-256).
const AlgorithmRSASHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"

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

// sign returns the SignatureData of Basic256Sha256 over a + b.
func sign(key *rsa.PrivateKey, a, b []byte) (types.SignatureData, error) {
	d := sha256.New()
	d.Write(a)
	d.Write(b)
	s, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, d.Sum(nil))
	if err != nil {
		return types.SignatureData{}, err
	}
	return types.SignatureData{Algorithm: AlgorithmRSASHA256, Signature: s}, nil
}

// verifySignature checks that sig is the Basic256Sha256 signature over
// a + b made with the key of the DER certificate cert (leaf first).
func verifySignature(cert []byte, sig types.SignatureData, a, b []byte) error {
	if sig.Algorithm != AlgorithmRSASHA256 {
		return fmt.Errorf("signature algorithm %q, want %q", sig.Algorithm, AlgorithmRSASHA256)
	}
	c, err := x509.ParseCertificate(leaf(cert))
	if err != nil {
		return err
	}
	pub, ok := c.PublicKey.(*rsa.PublicKey)
	if !ok {
		return errors.New("the server certificate has no RSA key")
	}
	d := sha256.New()
	d.Write(a)
	d.Write(b)
	return rsa.VerifyPKCS1v15(pub, crypto.SHA256, d.Sum(nil), sig.Signature)
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
