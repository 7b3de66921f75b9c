package uaclient

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
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

// NewCertificate returns a self-signed DER certificate and its RSA key of
// the given size, usable as an OPC UA application instance certificate
// (Part 6 §6.2.2): the ApplicationUri as URI subject alternative name, the
// host name as DNS name, the key usages OPC UA asks for, valid from an hour
// ago for a year.
func NewCertificate(applicationURI string, bits int) ([]byte, *rsa.PrivateKey, error) {
	key, err := rsa.GenerateKey(rand.Reader, bits)
	if err != nil {
		return nil, nil, err
	}
	tmpl, err := certificateTemplate(applicationURI)
	if err != nil {
		return nil, nil, err
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	return der, key, nil
}

// certificateTemplate returns the template of NewCertificate.
func certificateTemplate(applicationURI string) (*x509.Certificate, error) {
	u, err := url.Parse(applicationURI)
	if err != nil {
		return nil, fmt.Errorf("application uri: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, err
	}
	host, _ := os.Hostname()
	if host == "" {
		host = "localhost"
	}
	now := time.Now()
	return &x509.Certificate{
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
	}, nil
}

// NewECCertificate returns a self-signed DER certificate and its ECDSA key
// on the curve of the ECC policy p (nistP256 or nistP384), signed with
// ECDSA and the policy's hash, with the same names, usages and validity as
// NewCertificate (but key usages digitalSignature, nonRepudiation and
// keyAgreement instead of the RSA encipherment ones).
func NewECCertificate(applicationURI string, p *chunk.Policy) ([]byte, *ecdsa.PrivateKey, error) {
	var curve elliptic.Curve
	var alg x509.SignatureAlgorithm
	switch p {
	case chunk.PolicyECCNistP256, chunk.PolicyECCNistP256AesGcm:
		curve, alg = elliptic.P256(), x509.ECDSAWithSHA256
	case chunk.PolicyECCNistP384:
		curve, alg = elliptic.P384(), x509.ECDSAWithSHA384
	default:
		return nil, nil, fmt.Errorf("policy %s is not an ECC policy", p.Name)
	}
	key, err := ecdsa.GenerateKey(curve, rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl, err := certificateTemplate(applicationURI)
	if err != nil {
		return nil, nil, err
	}
	tmpl.KeyUsage = x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment | x509.KeyUsageKeyAgreement | x509.KeyUsageCertSign
	tmpl.SignatureAlgorithm = alg
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	return der, key, nil
}

// sign returns the SignatureData of policy p over a + b (Part 4 §5.6.2,
// §5.6.3: the session signatures use the policy's asymmetric signature
// algorithm, the one of its OPN chunks).
func sign(p *chunk.Policy, key crypto.Signer, a, b []byte) (types.SignatureData, error) {
	s, err := p.Sign(rand.Reader, key, append(append([]byte(nil), a...), b...))
	if err != nil {
		return types.SignatureData{}, err
	}
	return types.SignatureData{Algorithm: p.SignatureAlgorithm(), Signature: s}, nil
}

// verifySignature checks that sig is policy p's signature over a + b made
// with the key of the DER certificate cert (leaf first).
func verifySignature(p *chunk.Policy, cert []byte, sig types.SignatureData, a, b []byte) error {
	// open62541 (v1.5.7) sends an empty Algorithm with the ECC policies
	// (a workaround of theirs for another stack); the signature itself is
	// still verified.
	if want := p.SignatureAlgorithm(); sig.Algorithm != want && !(p.IsECC() && sig.Algorithm == "") {
		return fmt.Errorf("signature algorithm %q, want %q", sig.Algorithm, want)
	}
	c, err := x509.ParseCertificate(leaf(cert))
	if err != nil {
		return err
	}
	return p.Verify(c.PublicKey, append(append([]byte(nil), a...), b...), sig.Signature)
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

// boundData returns the channel-bound data of a session signature (Part 4
// 1.05.07 §5.7.2, §5.7.3): ChannelThumbprint ‖ first ‖ the certificates'
// hashes ‖ last.
func (c *Client) boundData(first []byte, certs [][]byte, last []byte) ([]byte, error) {
	if len(c.thumbprint) == 0 {
		return nil, errors.New("no ChannelThumbprint: the first OpenSecureChannel response was not bound")
	}
	data := append(append([]byte(nil), c.thumbprint...), first...)
	for _, cert := range certs {
		h, err := c.policy.HashCertificate(cert)
		if err != nil {
			return nil, err
		}
		data = append(data, h...)
	}
	return append(data, last...), nil
}

// verifyBound checks the server's CreateSession signature of a
// ChannelBound policy: over ChannelThumbprint ‖ ClientNonce ‖ H(server
// certificate) ‖ H(client certificate) ‖ ServerNonce. Its Algorithm is
// ignored (receivers shall ignore it).
func (c *Client) verifyBound(sig types.SignatureData, clientNonce, serverNonce []byte) error {
	data, err := c.boundData(clientNonce, [][]byte{c.cfg.ServerCertificate, c.cfg.Certificate}, serverNonce)
	if err != nil {
		return err
	}
	cert, err := x509.ParseCertificate(leaf(c.cfg.ServerCertificate))
	if err != nil {
		return err
	}
	return c.policy.Verify(cert.PublicKey, data, sig.Signature)
}

// signBound makes the client's ActivateSession signature of a ChannelBound
// policy: over ChannelThumbprint ‖ ServerNonce ‖ H(server certificate) ‖
// H(server channel certificate) ‖ H(client channel certificate) ‖
// ClientNonce (the server's application and channel certificates are the
// same one here), with an empty Algorithm.
func (c *Client) signBound(serverNonce, clientNonce []byte) (types.SignatureData, error) {
	data, err := c.boundData(serverNonce, [][]byte{c.cfg.ServerCertificate, c.cfg.ServerCertificate, c.cfg.Certificate}, clientNonce)
	if err != nil {
		return types.SignatureData{}, err
	}
	s, err := c.policy.Sign(rand.Reader, c.cfg.PrivateKey, data)
	if err != nil {
		return types.SignatureData{}, err
	}
	return types.SignatureData{Signature: s}, nil
}
