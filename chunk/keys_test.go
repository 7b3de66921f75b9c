package chunk

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"
)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPSHA256Vector checks P_SHA256 against the widely published TLS 1.2 PRF
// test vector (secret 9bbe436b..., seed "test label" + a0ba9f93..., 100
// bytes).
func TestPSHA256Vector(t *testing.T) {
	secret := unhex(t, "9bbe436ba940f017b17652849a71db35")
	seed := append([]byte("test label"), unhex(t, "a0ba9f936cda311827a6f796ffd5198c")...)
	want := unhex(t, "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff70187347b66")
	if got := pHash(PolicyBasic256Sha256, secret, seed, 100); !bytes.Equal(got, want) {
		t.Errorf("P_SHA256 =\n%x\nwant\n%x", got, want)
	}
}

func seq(from, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(from + i)
	}
	return b
}

// TestChannelKeys pins the derived keys (reference values computed with
// Python's hmac module) and the direction rule of §6.7.5: the client sends
// with P(serverNonce, clientNonce).
func TestChannelKeys(t *testing.T) {
	client, server, err := PolicyBasic256Sha256.ChannelKeys(seq(32, 32), seq(0, 32))
	if err != nil {
		t.Fatal(err)
	}
	out := unhex(t, "b72593c43fee5fafa0256cd6bb904ff40c066a225db95f66dd744e20858a2220ddf75067e3d76ac714c08e24eabd85ff425d7f5fb25e6e083b94b174e29db89bc513e9172274d5ed54e52a3552901ae0")
	if !bytes.Equal(client.SigningKey, out[:32]) || !bytes.Equal(client.EncryptingKey, out[32:64]) || !bytes.Equal(client.IV, out[64:80]) {
		t.Errorf("client keys %x %x %x", client.SigningKey, client.EncryptingKey, client.IV)
	}
	if bytes.Equal(server.SigningKey, client.SigningKey) {
		t.Error("both directions have the same keys")
	}
	k := PolicyBasic256Sha256.DeriveKeys(seq(32, 32), seq(0, 32))
	if !bytes.Equal(server.SigningKey, k.SigningKey) {
		t.Error("server keys are not P(clientNonce, serverNonce)")
	}

	// P_SHA1 for the deprecated Basic128Rsa15: 16 + 16 + 16 bytes.
	k = PolicyBasic128Rsa15.DeriveKeys(seq(0, 16), seq(16, 16))
	out = unhex(t, "ea6187cb6224f557e219bb5b60fede25a93b5ca5559066f062d68626d281f7268c243ef4fa19bd5e4f3027dd40c45148")
	if !bytes.Equal(append(append(k.SigningKey, k.EncryptingKey...), k.IV...), out) {
		t.Errorf("Basic128Rsa15 keys %x %x %x", k.SigningKey, k.EncryptingKey, k.IV)
	}

	for _, p := range rsaPolicies() {
		k := p.DeriveKeys(seq(0, p.NonceLength), seq(1, p.NonceLength))
		if len(k.SigningKey) != p.SigningKeyLength || len(k.EncryptingKey) != p.EncryptionKeyLength || len(k.IV) != p.BlockSize {
			t.Errorf("%s: key lengths %d %d %d", p.Name, len(k.SigningKey), len(k.EncryptingKey), len(k.IV))
		}
	}
	if _, _, err := PolicyBasic256Sha256.ChannelKeys(seq(0, 31), seq(0, 32)); !errors.Is(err, ErrNonce) || StatusCode(err) != StatusBadNonceInvalid {
		t.Errorf("short nonce: %v", err)
	}
}

func TestPolicyTable(t *testing.T) {
	for _, p := range Policies() {
		got, err := PolicyByURI(p.URI)
		if err != nil || got != p {
			t.Errorf("PolicyByURI(%q) = %v, %v", p.URI, got, err)
		}
		if p.URI != "http://opcfoundation.org/UA/SecurityPolicy#"+p.Name {
			t.Errorf("%s: URI %q", p.Name, p.URI)
		}
	}
	if _, err := PolicyByURI("http://opcfoundation.org/UA/SecurityPolicy#Basic512"); !errors.Is(err, ErrPolicy) {
		t.Errorf("unknown policy: %v", err)
	}
	// Per-scheme RSA overheads of encoding-rules §16.
	for enc, want := range map[asymEnc]int{encPKCS1v15: 11, encOAEPSHA1: 42, encOAEPSHA256: 66} {
		if got := enc.overhead(); got != want {
			t.Errorf("overhead(%d) = %d, want %d", enc, got, want)
		}
	}
}
