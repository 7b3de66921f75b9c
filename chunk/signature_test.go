package chunk

import (
	"errors"
	"testing"
)

func TestPolicySignatures(t *testing.T) {
	key := rsaKey(t, "client", 2048).key
	want := map[*Policy]string{
		PolicyBasic128Rsa15:       AlgorithmRSASHA1,
		PolicyBasic256:            AlgorithmRSASHA1,
		PolicyBasic256Sha256:      AlgorithmRSASHA256,
		PolicyAes128Sha256RsaOaep: AlgorithmRSASHA256,
		PolicyAes256Sha256RsaPss:  AlgorithmRSAPSSSHA256,
		PolicyNone:                "",
	}
	for p, uri := range want {
		if got := p.SignatureAlgorithm(); got != uri {
			t.Errorf("%s: SignatureAlgorithm %q, want %q", p, got, uri)
		}
		if p.IsNone() {
			if _, err := p.Sign(nil, key, []byte("x")); !errors.Is(err, errNoSignature) {
				t.Errorf("None: Sign: %v", err)
			}
			continue
		}
		data := []byte("server certificate || server nonce")
		sig, err := p.Sign(nil, key, data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(sig) != 256 {
			t.Errorf("%s: signature of %d bytes, want the key size 256", p, len(sig))
		}
		if err := p.Verify(&key.PublicKey, data, sig); err != nil {
			t.Errorf("%s: Verify: %v", p, err)
		}
		sig[10] ^= 1
		if err := p.Verify(&key.PublicKey, data, sig); err == nil {
			t.Errorf("%s: a flipped signature verified", p)
		}
	}
}
