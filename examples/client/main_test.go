package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cloudflare/circl/sign/ed448"
	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/examples/client/uaclient"
	"github.com/uabin/uabin/types"
)

func TestReadLine(t *testing.T) {
	n := types.MustParseNodeID("ns=1;s=X")
	big := make([]float64, 1000)
	for i := range big {
		big[i] = float64(i) / 2
	}
	m, err := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dv   types.DataValue
		want string
	}{
		{types.NewDataValue(types.VariantFromFloat64(3.5)), "ns=1;s=X = Double(3.5) Good"},
		{types.NewDataValue(types.VariantFromString("a b")), `ns=1;s=X = String("a b") Good`},
		{types.NewDataValue(types.MustVariant([]int32{1, 2})), "ns=1;s=X = Int32[2] [1, 2] Good"},
		{types.NewDataValue(types.MustVariant(big)), "ns=1;s=X = Double[1000] [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, ... (1000 elements)] Good"},
		{types.NewDataValue(m), "ns=1;s=X = Int32[2x3] [1, 2, 3, 4, 5, 6] Good"},
		{types.DataValue{Status: types.StatusBadNodeIDUnknown}, "ns=1;s=X = null BadNodeIdUnknown"},
		{types.DataValue{Value: types.VariantFromInt32(1), Status: types.StatusUncertainLastUsableValue}, "ns=1;s=X = Int32(1) UncertainLastUsableValue"},
		{types.DataValue{Status: 0x80FF0000}, "ns=1;s=X = null 0x80FF0000"},
	} {
		if got := ReadLine(n, tc.dv); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestBrowseLine(t *testing.T) {
	r := types.ReferenceDescription{
		NodeID:     types.MustParseExpandedNodeID("ns=1;s=Interop"),
		BrowseName: types.NewQualifiedName(1, "Interop"),
		NodeClass:  types.NodeClassObject,
	}
	if got, want := BrowseLine(types.NewNumericNodeID(0, 85), r), `i=85 -> ns=1;s=Interop "1:Interop" (Object)`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestParseSecurity(t *testing.T) {
	for _, tc := range []struct {
		policy, mode string
		p            *chunk.Policy
		m            chunk.SecurityMode
	}{
		{"None", "SignAndEncrypt", chunk.PolicyNone, chunk.ModeNone},
		{"Basic256Sha256", "Sign", chunk.PolicyBasic256Sha256, chunk.ModeSign},
		{"basic256sha256", "signandencrypt", chunk.PolicyBasic256Sha256, chunk.ModeSignAndEncrypt},
		{chunk.PolicyBasic256Sha256.URI, "Sign", chunk.PolicyBasic256Sha256, chunk.ModeSign},
	} {
		p, m, err := parseSecurity(tc.policy, tc.mode)
		if err != nil || p != tc.p || m != tc.m {
			t.Errorf("parseSecurity(%q, %q) = %v, %v, %v", tc.policy, tc.mode, p, m, err)
		}
	}
	for _, bad := range [][2]string{{"Basic999", "Sign"}, {"Basic256Sha256", "None"}, {"Basic256Sha256", "Encrypt"}} {
		if _, _, err := parseSecurity(bad[0], bad[1]); err == nil {
			t.Errorf("parseSecurity(%q, %q) accepted", bad[0], bad[1])
		}
	}
}

// TestRunFailures runs the command's failure paths without a server: each
// reports one line on stderr and exits non-zero, in bounded time.
func TestRunFailures(t *testing.T) {
	// A server that accepts and never answers.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(io.Discard, c); c.Close() }()
		}
	}()
	silent := "opc.tcp://" + ln.Addr().String()
	refusedLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "opc.tcp://" + refusedLn.Addr().String()
	refusedLn.Close()

	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{}, 2, "client: -endpoint is required"},
		{[]string{"-endpoint", refused, "extra"}, 2, "unexpected arguments"},
		{[]string{"-endpoint", refused, "-read", "x=1"}, 2, `invalid value "x=1" for flag -read`},
		{[]string{"-endpoint", refused, "-bufsize", "100"}, 2, "-bufsize 100 is out of range"},
		{[]string{"-endpoint", refused, "-security", "Basic256Sha256", "-mode", "Both"}, 2, `-mode "Both"`},
		{[]string{"-endpoint", refused, "-cert", "c.pem"}, 2, "-cert and -key go together"},
		{[]string{"-endpoint", refused, "-read", "i=85"}, 1, "client: uaclient: connect: BadNotConnected (0x808A0000)"},
		{[]string{"-endpoint", "http://x", "-read", "i=85"}, 1, "BadTcpEndpointUrlInvalid"},
		{[]string{"-endpoint", silent, "-read", "i=85", "-timeout", "300ms"}, 1, "client: uaclient: hello: BadTimeout (0x800A0000)"},
	} {
		var stdout, stderr bytes.Buffer
		start := time.Now()
		code := run(context.Background(), tc.args, &stdout, &stderr)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%q took %v", tc.args, d)
		}
		if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
		if tc.code == 1 && strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%q: stderr is not one line: %q", tc.args, stderr.String())
		}
		if stdout.Len() != 0 {
			t.Errorf("%q: stdout %q", tc.args, stdout.String())
		}
	}
}

func mustParse(t *testing.T, der []byte) *x509.Certificate {
	t.Helper()
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLoadCertificate(t *testing.T) {
	der, key, err := uaclient.NewCertificate("urn:example:load", 2048)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certPEM := write("cert.pem", pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	certDER := write("cert.der", der)
	key1 := write("key1.pem", pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}))
	key8 := write("key8.pem", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}))
	for _, files := range [][2]string{{certPEM, key1}, {certDER, key8}} {
		c, k, err := loadCertificate(files[0], files[1])
		if err != nil || !bytes.Equal(c, der) || !key.Equal(k) {
			t.Errorf("loadCertificate(%s, %s): %v", files[0], files[1], err)
		}
	}
	// Ed25519 (PKCS #8 from crypto/x509) and Ed448 (PKCS #8 from OpenSSL,
	// testdata/README.md).
	edDER, edKey, err := uaclient.NewECCertificate("urn:example:load", chunk.PolicyECCCurve25519)
	if err != nil {
		t.Fatal(err)
	}
	edPKCS8, err := x509.MarshalPKCS8PrivateKey(edKey)
	if err != nil {
		t.Fatal(err)
	}
	edCert := write("ed25519.der", edDER)
	edKeyFile := write("ed25519.pem", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: edPKCS8}))
	if c, k, err := loadCertificate(edCert, edKeyFile); err != nil || !bytes.Equal(c, edDER) || !edKey.(ed25519.PrivateKey).Equal(k) {
		t.Errorf("Ed25519: %v", err)
	}
	c, k, err := loadCertificate(filepath.Join("testdata", "ed448_cert.pem"), filepath.Join("testdata", "ed448_key.pem"))
	if err != nil {
		t.Fatal("Ed448:", err)
	}
	pub, err := chunk.ParseEd448PublicKey(mustParse(t, c).RawSubjectPublicKeyInfo)
	if err != nil || !bytes.Equal(pub, k.Public().(ed448.PublicKey)) {
		t.Errorf("Ed448: the key does not belong to the certificate: %v", err)
	}
	for _, files := range [][2]string{{key1, key1}, {certPEM, certDER}, {certPEM, filepath.Join(dir, "none")}} {
		if _, _, err := loadCertificate(files[0], files[1]); err == nil {
			t.Errorf("loadCertificate(%s, %s) accepted", files[0], files[1])
		}
	}
}
