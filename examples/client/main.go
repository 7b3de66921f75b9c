// Command client is a minimal OPC UA client built only from the uabin
// packages and the standard library. It connects to an endpoint, opens a
// secure channel and an anonymous session, reads and browses what the flags
// ask, and closes the session and the channel.
//
//	go run ./examples/client -endpoint opc.tcp://127.0.0.1:4840 \
//	    -read i=2259 -read ns=1;s=Scalar.Double -browse i=85
//
// Each -read prints one line, NODEID = VALUE (TYPE) STATUS, with the value
// in OPC UA notation (arrays as [a, b, ...], shortened after 10 elements
// with their length; matrices with their dimensions) and the symbolic status
// code name. Each -browse prints one line per forward reference, NODEID ->
// TARGET "BrowseName" (NodeClass), following continuation points.
//
// Flags:
//
//	-endpoint URL      opc.tcp://host:port[/path] (required)
//	-read NODEID       read the Value attribute (repeatable)
//	-browse NODEID     browse the forward references (repeatable)
//	-security POLICY   None (default), Basic256Sha256, ECC_nistP256, ECC_nistP384,
//	                   ECC_nistP256_AesGcm, ECC_nistP256_ChaChaPoly, ECC_curve25519,
//	                   ECC_curve448 (any policy of package chunk)
//	-mode MODE         Sign or SignAndEncrypt (default) with a policy other than None
//	-cert FILE         client certificate (PEM or DER); generated when absent (RSA
//	                   2048, ECDSA on the curve of a nistP256/nistP384 policy,
//	                   Ed25519 for ECC_curve25519, Ed448 for ECC_curve448)
//	-key FILE          its private key (PEM: PKCS #1, SEC 1 or PKCS #8; RSA, ECDSA,
//	                   Ed25519 or Ed448)
//	-timeout DURATION  bound for the connection set-up and each request (default 10s)
//	-bufsize N         ReceiveBufferSize announced in Hello (default 65535, at least 8192)
//
// Any failure (connection refused, an ERR message, a ServiceFault, a bad
// status code, a timeout) is reported on standard error in one line with the
// status code name, and the exit code is 1; a node read with a bad status
// prints its line and also makes the exit code 1. Usage errors exit with 2.
package main

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cloudflare/circl/sign/ed448"
	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/examples/client/uaclient"
	"github.com/uabin/uabin/types"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// nodeList is a repeatable NodeId flag.
type nodeList []types.NodeID

func (l *nodeList) String() string { return fmt.Sprint(*l) }

func (l *nodeList) Set(s string) error {
	n, err := types.ParseNodeID(s)
	if err != nil {
		return err
	}
	*l = append(*l, n)
	return nil
}

// run is the command: it returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("client", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var reads, browses nodeList
	endpoint := fs.String("endpoint", "", "opc.tcp://host:port[/path] (required)")
	fs.Var(&reads, "read", "read the Value attribute of `NODEID` (repeatable)")
	fs.Var(&browses, "browse", "browse the forward references of `NODEID` (repeatable)")
	security := fs.String("security", "None", "security `policy`: None, Basic256Sha256, ECC_nistP256, ECC_nistP384, ECC_nistP256_AesGcm, ECC_nistP256_ChaChaPoly, ECC_curve25519, ECC_curve448 (any policy of package chunk)")
	mode := fs.String("mode", "SignAndEncrypt", "security `mode` with a policy other than None: Sign or SignAndEncrypt")
	certFile := fs.String("cert", "", "client certificate `file` (PEM or DER); generated when absent")
	keyFile := fs.String("key", "", "private key `file` of -cert (PEM)")
	timeout := fs.Duration("timeout", uaclient.DefaultTimeout, "bound for the set-up and each request")
	bufsize := fs.Uint("bufsize", uaclient.DefaultReceiveBufferSize, "ReceiveBufferSize announced in Hello (at least 8192)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "client: "+format+"\n", a...)
		return 2
	}
	if *endpoint == "" {
		return usage("-endpoint is required")
	}
	if fs.NArg() > 0 {
		return usage("unexpected arguments %q", fs.Args())
	}
	if *bufsize < chunk.MinBufferSize || int64(*bufsize) > 1<<31 {
		return usage("-bufsize %d is out of range (%d..%d)", *bufsize, chunk.MinBufferSize, int64(1)<<31)
	}
	cfg := uaclient.Config{Timeout: *timeout, ReceiveBufferSize: uint32(*bufsize)}
	var err error
	if cfg.Policy, cfg.Mode, err = parseSecurity(*security, *mode); err != nil {
		return usage("%v", err)
	}
	if (*certFile == "") != (*keyFile == "") {
		return usage("-cert and -key go together")
	}
	if *certFile != "" {
		if cfg.Certificate, cfg.PrivateKey, err = loadCertificate(*certFile, *keyFile); err != nil {
			return usage("%v", err)
		}
	}

	fail := func(err error) int {
		fmt.Fprintf(stderr, "client: %v\n", err)
		return 1
	}
	c, err := uaclient.Dial(ctx, *endpoint, cfg)
	if err != nil {
		return fail(err)
	}
	code := 0
	if err := readAndBrowse(ctx, c, reads, browses, stdout); err != nil {
		var bad badStatus
		if !errors.As(err, &bad) {
			c.Close(ctx)
			return fail(err)
		}
		fmt.Fprintf(stderr, "client: %v\n", err)
		code = 1
	}
	if err := c.Close(ctx); err != nil {
		return fail(err)
	}
	return code
}

// badStatus reports reads whose status was bad (their lines are printed).
type badStatus struct{ n, of int }

func (b badStatus) Error() string {
	return fmt.Sprintf("%d of %d nodes read with a bad status", b.n, b.of)
}

func readAndBrowse(ctx context.Context, c *uaclient.Client, reads, browses []types.NodeID, w io.Writer) error {
	var bad badStatus
	if len(reads) > 0 {
		dvs, err := c.ReadValues(ctx, reads...)
		if err != nil {
			return err
		}
		for i, dv := range dvs {
			fmt.Fprintln(w, ReadLine(reads[i], dv))
			if dv.Status.IsBad() {
				bad.n++
			}
		}
		bad.of = len(dvs)
	}
	for _, n := range browses {
		refs, _, err := c.Browse(ctx, n, 0)
		if err != nil {
			return fmt.Errorf("browse %v: %w", n, err)
		}
		for _, r := range refs {
			fmt.Fprintln(w, BrowseLine(n, r))
		}
	}
	if bad.n > 0 {
		return bad
	}
	return nil
}

// ReadLine formats a read result: NODEID = VALUE (TYPE) STATUS.
func ReadLine(n types.NodeID, dv types.DataValue) string {
	return fmt.Sprintf("%v = %v %s", n, dv.Value, statusName(dv.Status))
}

// BrowseLine formats a reference: NODEID -> TARGET "BrowseName" (NodeClass).
func BrowseLine(n types.NodeID, r types.ReferenceDescription) string {
	return fmt.Sprintf("%v -> %v %q (%v)", n, r.NodeID, r.BrowseName.String(), r.NodeClass)
}

// statusName is the symbolic name of s, or its hex value if it has none.
func statusName(s types.StatusCode) string {
	if n := s.Name(); n != "" {
		return n
	}
	return fmt.Sprintf("0x%08X", uint32(s))
}

// parseSecurity maps the -security and -mode flags.
func parseSecurity(policy, mode string) (*chunk.Policy, chunk.SecurityMode, error) {
	var p *chunk.Policy
	for _, q := range chunk.Policies() {
		if strings.EqualFold(q.Name, policy) || q.URI == policy {
			p = q
		}
	}
	if p == nil {
		names := []string{}
		for _, q := range chunk.Policies() {
			names = append(names, q.Name)
		}
		return nil, 0, fmt.Errorf("-security %q: not one of %s", policy, strings.Join(names, ", "))
	}
	if p.IsNone() {
		return p, chunk.ModeNone, nil
	}
	switch strings.ToLower(mode) {
	case "sign":
		return p, chunk.ModeSign, nil
	case "signandencrypt":
		return p, chunk.ModeSignAndEncrypt, nil
	}
	return nil, 0, fmt.Errorf("-mode %q: not Sign or SignAndEncrypt", mode)
}

// loadCertificate reads a certificate (PEM or DER) and an RSA, ECDSA,
// Ed25519 or Ed448 key (PEM: PKCS #1, SEC 1 or PKCS #8; crypto/x509 reads
// all but Ed448's PKCS #8, which parseEd448PKCS8 reads).
func loadCertificate(certFile, keyFile string) ([]byte, crypto.Signer, error) {
	cert, err := os.ReadFile(certFile)
	if err != nil {
		return nil, nil, err
	}
	if b, _ := pem.Decode(cert); b != nil {
		cert = b.Bytes
	}
	if _, err := x509.ParseCertificate(cert); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", certFile, err)
	}
	kb, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, nil, err
	}
	b, _ := pem.Decode(kb)
	if b == nil {
		return nil, nil, fmt.Errorf("%s: no PEM block", keyFile)
	}
	if k, err := x509.ParsePKCS1PrivateKey(b.Bytes); err == nil {
		return cert, k, nil
	}
	if k, err := x509.ParseECPrivateKey(b.Bytes); err == nil {
		return cert, k, nil
	}
	if k, err := parseEd448PKCS8(b.Bytes); err == nil {
		return cert, k, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", keyFile, err)
	}
	switch k := k.(type) {
	case *rsa.PrivateKey:
		return cert, k, nil
	case *ecdsa.PrivateKey:
		return cert, k, nil
	case ed25519.PrivateKey:
		return cert, k, nil
	}
	return nil, nil, fmt.Errorf("%s: %T is not an RSA, ECDSA, Ed25519 or Ed448 key", keyFile, k)
}

// parseEd448PKCS8 reads an Ed448 private key in PKCS #8 (RFC 8410 §7: the
// algorithm id-Ed448, the 57-byte seed as an OCTET STRING inside the
// privateKey OCTET STRING), as OpenSSL writes it.
func parseEd448PKCS8(der []byte) (ed448.PrivateKey, error) {
	var pk struct {
		Version   int
		Algorithm pkix.AlgorithmIdentifier
		Key       []byte
		Rest      asn1.RawValue `asn1:"optional"`
	}
	if rest, err := asn1.Unmarshal(der, &pk); err != nil || len(rest) != 0 {
		return nil, errors.New("not PKCS #8")
	}
	if !pk.Algorithm.Algorithm.Equal(chunk.OIDEd448) {
		return nil, errors.New("not an Ed448 key")
	}
	var seed []byte
	if rest, err := asn1.Unmarshal(pk.Key, &seed); err != nil || len(rest) != 0 || len(seed) != ed448.SeedSize {
		return nil, fmt.Errorf("Ed448 seed of %d bytes", len(seed))
	}
	return ed448.NewKeyFromSeed(seed), nil
}
