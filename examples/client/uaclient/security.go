package uaclient

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
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

	"github.com/cloudflare/circl/sign/ed448"
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

// NewECCertificate returns a self-signed DER certificate and its private
// key for the ECC policy p, with the same names, usages and validity as
// NewCertificate (but key usages digitalSignature, nonRepudiation and, for
// ECDSA, keyAgreement instead of the RSA encipherment ones): an ECDSA key
// on nistP256 (ECC_nistP256, ECC_nistP256_AesGcm, ECC_nistP256_ChaChaPoly)
// or nistP384 (ECC_nistP384), signed with ECDSA and the policy's hash; an
// ed25519.PrivateKey for ECC_curve25519, signed with Ed25519; an
// ed448.PrivateKey (github.com/cloudflare/circl) for ECC_curve448, signed
// with Ed448 (crypto/x509 cannot make that one: see newEd448Certificate).
func NewECCertificate(applicationURI string, p *chunk.Policy) ([]byte, crypto.Signer, error) {
	tmpl, err := certificateTemplate(applicationURI)
	if err != nil {
		return nil, nil, err
	}
	tmpl.KeyUsage = x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment | x509.KeyUsageCertSign
	switch p {
	case chunk.PolicyECCCurve25519:
		_, key, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, nil, err
		}
		tmpl.SignatureAlgorithm = x509.PureEd25519
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
		if err != nil {
			return nil, nil, err
		}
		return der, key, nil
	case chunk.PolicyECCCurve448:
		_, key, err := ed448.GenerateKey(rand.Reader)
		if err != nil {
			return nil, nil, err
		}
		der, err := newEd448Certificate(tmpl, key)
		if err != nil {
			return nil, nil, err
		}
		return der, key, nil
	}
	var curve elliptic.Curve
	switch p {
	case chunk.PolicyECCNistP256, chunk.PolicyECCNistP256AesGcm, chunk.PolicyECCNistP256ChaChaPoly:
		curve, tmpl.SignatureAlgorithm = elliptic.P256(), x509.ECDSAWithSHA256
	case chunk.PolicyECCNistP384:
		curve, tmpl.SignatureAlgorithm = elliptic.P384(), x509.ECDSAWithSHA384
	default:
		return nil, nil, fmt.Errorf("policy %s is not an ECC policy", p.Name)
	}
	key, err := ecdsa.GenerateKey(curve, rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl.KeyUsage |= x509.KeyUsageKeyAgreement
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	return der, key, nil
}

// newEd448Certificate makes a self-signed Ed448 certificate from tmpl.
// crypto/x509 does not know Ed448, so the TBSCertificate is made by
// crypto/x509 for a throw-away Ed25519 key (names, validity, extensions),
// then its signature algorithm and SubjectPublicKeyInfo are replaced by
// Ed448's (RFC 8410: id-Ed448 without parameters, the 57-byte key), and
// the result is signed with Ed448 (RFC 8032, empty context).
func newEd448Certificate(tmpl *x509.Certificate, key ed448.PrivateKey) ([]byte, error) {
	_, throwAway, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	tmpl.SignatureAlgorithm = x509.PureEd25519
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, throwAway.Public(), throwAway)
	if err != nil {
		return nil, err
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	// The TBSCertificate's fields (RFC 5280 §4.1): version, serialNumber,
	// signature, issuer, validity, subject, subjectPublicKeyInfo,
	// extensions.
	var tbs asn1.RawValue
	if _, err := asn1.Unmarshal(c.RawTBSCertificate, &tbs); err != nil {
		return nil, err
	}
	var fields []asn1.RawValue
	for rest := tbs.Bytes; len(rest) > 0; {
		var f asn1.RawValue
		if rest, err = asn1.Unmarshal(rest, &f); err != nil {
			return nil, err
		}
		fields = append(fields, f)
	}
	if len(fields) < 7 {
		return nil, fmt.Errorf("TBSCertificate of %d fields", len(fields))
	}
	alg, err := asn1.Marshal(pkix.AlgorithmIdentifier{Algorithm: chunk.OIDEd448})
	if err != nil {
		return nil, err
	}
	pub := key.Public().(ed448.PublicKey)
	spki, err := asn1.Marshal(struct {
		Algorithm pkix.AlgorithmIdentifier
		PublicKey asn1.BitString
	}{pkix.AlgorithmIdentifier{Algorithm: chunk.OIDEd448}, asn1.BitString{Bytes: pub, BitLength: 8 * len(pub)}})
	if err != nil {
		return nil, err
	}
	fields[2], fields[6] = asn1.RawValue{FullBytes: alg}, asn1.RawValue{FullBytes: spki}
	var body []byte
	for _, f := range fields {
		body = append(body, f.FullBytes...)
	}
	tbsDER, err := asn1.Marshal(asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagSequence, IsCompound: true, Bytes: body})
	if err != nil {
		return nil, err
	}
	sig := ed448.Sign(key, tbsDER, "")
	return asn1.Marshal(struct {
		TBS       asn1.RawValue
		Algorithm pkix.AlgorithmIdentifier
		Signature asn1.BitString
	}{asn1.RawValue{FullBytes: tbsDER}, pkix.AlgorithmIdentifier{Algorithm: chunk.OIDEd448}, asn1.BitString{Bytes: sig, BitLength: 8 * len(sig)}})
}

// certificateKey returns the public key of the leaf of a DER certificate
// chain: what crypto/x509 parses (RSA, ECDSA, Ed25519), or an Ed448 key,
// which it leaves unparsed.
func certificateKey(der []byte) (crypto.PublicKey, error) {
	c, err := x509.ParseCertificate(leaf(der))
	if err != nil {
		return nil, err
	}
	if c.PublicKey == nil && c.PublicKeyAlgorithm == x509.UnknownPublicKeyAlgorithm {
		return chunk.ParseEd448PublicKey(c.RawSubjectPublicKeyInfo)
	}
	return c.PublicKey, nil
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
	pub, err := certificateKey(cert)
	if err != nil {
		return err
	}
	return p.Verify(pub, append(append([]byte(nil), a...), b...), sig.Signature)
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
	pub, err := certificateKey(c.cfg.ServerCertificate)
	if err != nil {
		return err
	}
	return c.policy.Verify(pub, data, sig.Signature)
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
