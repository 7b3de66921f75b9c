package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
)

// pSHA256 is the TLS 1.2 pseudo-random function (RFC 5246 §5), written
// here independently of package chunk to check the keys the example prints.
func pSHA256(secret, seed []byte, n int) []byte {
	var out []byte
	a := seed
	for len(out) < n {
		m := hmac.New(sha256.New, secret)
		m.Write(a)
		a = m.Sum(nil)
		m = hmac.New(sha256.New, secret)
		m.Write(a)
		m.Write(seed)
		out = m.Sum(out)
	}
	return out[:n]
}

// TestOutput runs the example and checks the keys, the chunk table of both
// modes, the reassembly and the tamper check.
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()

	// Client keys: secret = server nonce, seed = client nonce (§6.7.5),
	// cut into signing key (32), encrypting key (32) and IV (16).
	cn, sn := nonces()
	k := pSHA256(sn, cn, 80)
	for _, want := range []string{
		fmt.Sprintf("client signing key    %x\n", k[:32]),
		fmt.Sprintf("client encrypting key %x\n", k[32:64]),
		fmt.Sprintf("client IV             %x\n", k[64:80]),
		fmt.Sprintf("server signing key    %x\n", pSHA256(cn, sn, 32)),

		"uabin.MarshalMessage gives 19941 bytes",
		"== Sign: 3 chunks, 20109 bytes on the wire, up to 8136 body bytes per chunk",
		"  0  MSG C   8192        7      1   1000       99   8136        0         32   4d 53 47 43 00 20 00 00 07 00 00 00 01 00 00 00 e8 03 00 00 63 00 00 00",
		"  2  MSG F   3725        7      1   1002       99   3669        0         32   4d 53 47 46 8d 0e 00 00 07 00 00 00 01 00 00 00 ea 03 00 00 63 00 00 00",
		"== SignAndEncrypt: 3 chunks, 20112 bytes on the wire, up to 8135 body bytes per chunk",
		"  0  MSG C   8192        7      1   1000       99   8135        1         32   4d 53 47 43 00 20 00 00 07 00 00 00 01 00 00 00 ",
		"  2  MSG F   3728        7      1   1002       99   3671        1         32   4d 53 47 46 90 0e 00 00 07 00 00 00 01 00 00 00 ",
		"uabin.UnmarshalMessage: *types.ReadRequest with 400 nodes, the last ns=2;s=Demo.Static.Scalar.Double.399",
		"errors.Is(err, chunk.ErrSecurityChecks) = true; status to report: 0x80130000",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if n := strings.Count(got, "19941 body bytes, equal to the sent body: true"); n != 2 {
		t.Errorf("%d reassemblies equal to the body, want 2", n)
	}
	// The encrypted chunks must not show the plaintext sequence header.
	if strings.Contains(got, "01 00 00 00 e8 03 00 00 63 00 00 00\n") && strings.Count(got, "e8 03 00 00 63 00 00 00") != 1 {
		t.Error("an encrypted chunk shows its sequence header in the clear")
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}
