package uaclient

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/cloudflare/circl/sign/ed448"
	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
)

// TestSession runs Dial, a Read and Close against the fake server and checks
// what the server received: the session flow, the anonymous token with the
// server's policy id, the authentication token on later requests, and
// CloseSession before CloseSecureChannel.
func TestSession(t *testing.T) {
	s := newFakeServer(t, sessionHandler(func(req any) any {
		r := req.(*types.ReadRequest)
		res := &types.ReadResponse{}
		for range r.NodesToRead {
			res.Results = append(res.Results, types.NewDataValue(types.VariantFromInt32(42)))
		}
		return res
	}))
	var seen []chunk.MessageType
	c, err := Dial(context.Background(), s.endpoint(), Config{Inspect: func(m chunk.Message) { seen = append(seen, m.Type) }})
	if err != nil {
		t.Fatal(err)
	}
	dvs, err := c.ReadValues(context.Background(), types.NewNumericNodeID(0, 2259), types.NewNumericNodeID(0, 2258))
	if err != nil {
		t.Fatal(err)
	}
	if len(dvs) != 2 || !dvs[1].Value.Equal(types.VariantFromInt32(42)) {
		t.Errorf("read %v", dvs)
	}
	if err := c.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if c.SessionID != types.NewNumericNodeID(0, 990) {
		t.Errorf("session id %v", c.SessionID)
	}
	if want := []chunk.MessageType{chunk.TypeOpen, chunk.TypeMessage, chunk.TypeMessage, chunk.TypeMessage, chunk.TypeMessage}; len(seen) != len(want) {
		t.Errorf("inspected %v, want %v", seen, want)
	}

	osc := requestsOf[types.OpenSecureChannelRequest](s)
	if len(osc) != 1 || osc[0].SecurityMode != types.MessageSecurityModeNone || osc[0].ClientNonce != nil || osc[0].RequestType != types.SecurityTokenRequestTypeIssue {
		t.Errorf("OpenSecureChannel %+v", osc)
	}
	cs := requestsOf[types.CreateSessionRequest](s)
	if len(cs) != 1 || cs[0].EndpointURL != s.endpoint() || cs[0].ClientDescription.ApplicationURI != DefaultApplicationURI || len(cs[0].ClientNonce) != 32 {
		t.Errorf("CreateSession %+v", cs)
	}
	as := requestsOf[types.ActivateSessionRequest](s)
	if len(as) != 1 {
		t.Fatalf("%d ActivateSession requests", len(as))
	}
	tok, ok := as[0].UserIdentityToken.Value.(*types.AnonymousIdentityToken)
	if !ok || tok.PolicyID != "open-sesame" {
		t.Errorf("identity token %v", as[0].UserIdentityToken)
	}
	if as[0].RequestHeader.AuthenticationToken != fakeAuthToken {
		t.Errorf("ActivateSession token %v", as[0].RequestHeader.AuthenticationToken)
	}
	rd := requestsOf[types.ReadRequest](s)
	if len(rd) != 1 || rd[0].RequestHeader.AuthenticationToken != fakeAuthToken || len(rd[0].NodesToRead) != 2 ||
		rd[0].NodesToRead[1].AttributeID != uint32(types.AttributeIDValue) || rd[0].RequestHeader.RequestHandle == 0 {
		t.Errorf("Read %+v", rd)
	}
	if len(requestsOf[types.CloseSessionRequest](s)) != 1 {
		t.Error("no CloseSession")
	}
}

// TestMultiChunkResponse reads 20,000 Doubles with an 8 KiB receive buffer.
func TestMultiChunkResponse(t *testing.T) {
	big := make([]float64, 20000)
	for i := range big {
		big[i] = float64(i) / 4
	}
	s := newFakeServer(t, sessionHandler(func(req any) any {
		return &types.ReadResponse{Results: []types.DataValue{types.NewDataValue(types.MustVariant(big))}}
	}))
	chunks := 0
	c, err := Dial(context.Background(), s.endpoint(), Config{ReceiveBufferSize: 8192, Inspect: func(m chunk.Message) { chunks = max(chunks, m.Chunks) }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	dvs, err := c.ReadValues(context.Background(), types.NewNumericNodeID(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !dvs[0].Value.Equal(types.MustVariant(big)) {
		t.Error("the array differs")
	}
	if chunks < 20 {
		t.Errorf("%d chunks, want at least 20", chunks)
	}
}

// TestErrors checks the status code and the one-line message of each kind
// of failure, and that none waits longer than the timeout.
func TestErrors(t *testing.T) {
	cases := []struct {
		name   string
		handle func(req any) any
		hello  func(conn net.Conn)
		code   types.StatusCode
		text   string
	}{
		{name: "ServiceFault", handle: func(any) any {
			return &types.ServiceFault{ResponseHeader: types.ResponseHeader{ServiceResult: types.StatusBadTooManyOperations, StringTable: []string{"too many"}}}
		}, code: types.StatusBadTooManyOperations, text: "uaclient: read: BadTooManyOperations (0x80100000): too many"},
		{name: "bad ServiceResult", handle: func(any) any {
			return &types.ReadResponse{ResponseHeader: types.ResponseHeader{ServiceResult: types.StatusBadNothingToDo}}
		}, code: types.StatusBadNothingToDo, text: "uaclient: read: BadNothingToDo (0x800F0000)"},
		{name: "no answer", handle: func(any) any { return silence{} },
			code: types.StatusBadTimeout, text: "uaclient: read: BadTimeout (0x800A0000)"},
		{name: "abort chunk", handle: func(any) any { return abortWith{uint32(types.StatusBadResponseTooLarge), "too big"} },
			code: types.StatusBadResponseTooLarge, text: "uaclient: read: BadResponseTooLarge (0x80B90000)"},
		{name: "connection closed", handle: func(any) any { return closeConn{} },
			code: types.StatusBadConnectionClosed, text: "uaclient: read: BadConnectionClosed"},
		{name: "wrong response type", handle: func(any) any { return &types.WriteResponse{} },
			code: types.StatusBadUnknownResponse, text: "got *types.WriteResponse, want *types.ReadResponse"},
		{name: "result count", handle: func(any) any { return &types.ReadResponse{} },
			code: types.StatusBadUnknownResponse, text: "0 results for 1 nodes"},
		{name: "ERR in answer to Hello", hello: func(conn net.Conn) {
			e := chunk.ErrorMessage{Code: uint32(types.StatusBadTCPEndpointURLInvalid), Reason: "no such endpoint"}
			b, _ := e.Append(nil)
			conn.Write(b)
		}, code: types.StatusBadTCPEndpointURLInvalid, text: "uaclient: hello: BadTcpEndpointUrlInvalid (0x80830000)"},
		{name: "no Acknowledge", hello: func(conn net.Conn) { io.Copy(io.Discard, conn) },
			code: types.StatusBadTimeout, text: "uaclient: hello: BadTimeout"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newFakeServer(t, sessionHandler(tc.handle))
			s.hello = tc.hello
			start := time.Now()
			const timeout = 500 * time.Millisecond
			err := func() error {
				c, err := Dial(context.Background(), s.endpoint(), Config{Timeout: timeout})
				if err != nil {
					return err
				}
				defer c.abandon()
				_, err = c.ReadValues(context.Background(), types.NewNumericNodeID(0, 2259))
				return err
			}()
			if d := time.Since(start); d > 4*timeout {
				t.Errorf("took %v with a timeout of %v", d, timeout)
			}
			if got := StatusCode(err); got != tc.code {
				t.Fatalf("status %v, want %v (error: %v)", got, tc.code, err)
			}
			if !strings.Contains(err.Error(), tc.text) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q, want one line with %q", err, tc.text)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%T is not an *Error", err)
			}
		})
	}
}

// TestDialErrors: a refused connection, a URL that is not opc.tcp, a
// cancelled context.
func TestDialErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "opc.tcp://" + ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		ctx      context.Context
		endpoint string
		code     types.StatusCode
	}{
		{context.Background(), refused, types.StatusBadNotConnected},
		{context.Background(), "http://127.0.0.1:4840", types.StatusBadTCPEndpointURLInvalid},
		{context.Background(), "opc.tcp://", types.StatusBadTCPEndpointURLInvalid},
		{ctx, refused, types.StatusBadRequestCancelledByClient},
	} {
		_, err := Dial(tc.ctx, tc.endpoint, Config{Timeout: time.Second})
		if got := StatusCode(err); got != tc.code {
			t.Errorf("Dial(%q): %v, want %v", tc.endpoint, err, tc.code)
		}
	}
	if _, err := Dial(context.Background(), refused, Config{Policy: chunk.PolicyBasic256Sha256, Mode: chunk.ModeNone}); StatusCode(err) != types.StatusBadSecurityModeRejected {
		t.Errorf("Basic256Sha256 with mode None: %v", err)
	}
}

// TestStatusCode maps nil and foreign errors.
func TestStatusCode(t *testing.T) {
	if StatusCode(nil) != types.StatusGood || StatusCode(errors.New("x")) != types.StatusBadUnexpectedError {
		t.Error("StatusCode of nil or a foreign error")
	}
	e := &Error{Op: "read", Code: 0x80FF1234}
	if e.Error() != "uaclient: read: StatusCode (0x80FF1234)" {
		t.Errorf("unnamed code: %q", e.Error())
	}
}

// TestCertificate checks the generated certificate and the signatures of
// CreateSession and ActivateSession.
func TestCertificate(t *testing.T) {
	der, key, err := NewCertificate("urn:example:test", 2048)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.URIs) != 1 || c.URIs[0].String() != "urn:example:test" || key.N.BitLen() != 2048 ||
		c.KeyUsage&x509.KeyUsageDigitalSignature == 0 || c.KeyUsage&x509.KeyUsageKeyEncipherment == 0 ||
		c.KeyUsage&x509.KeyUsageDataEncipherment == 0 || c.CheckSignature(c.SignatureAlgorithm, c.RawTBSCertificate, c.Signature) != nil {
		t.Errorf("certificate: URIs %v, key of %d bits, key usage %b", c.URIs, key.N.BitLen(), c.KeyUsage)
	}
	for _, p := range chunk.Policies()[1:] {
		if p.IsECC() {
			continue // TestECCertificate
		}
		sig, err := sign(p, key, []byte("certificate"), []byte("nonce"))
		if err != nil {
			t.Fatal(err)
		}
		if want := p.SignatureAlgorithm(); sig.Algorithm != want || len(sig.Signature) != 256 {
			t.Errorf("%s: algorithm %q (want %q), %d bytes", p.Name, sig.Algorithm, want, len(sig.Signature))
		}
		if err := verifySignature(p, der, sig, []byte("certificate"), []byte("nonce")); err != nil {
			t.Errorf("%s: verify: %v", p.Name, err)
		}
		if err := verifySignature(p, der, sig, []byte("certificate"), []byte("nonc3")); err == nil {
			t.Errorf("%s: a signature over other data verifies", p.Name)
		}
		other := chunk.PolicyBasic256
		if p.Name == other.Name || p.Name == chunk.PolicyBasic128Rsa15.Name {
			other = chunk.PolicyBasic256Sha256
		}
		if err := verifySignature(other, der, sig, []byte("certificate"), []byte("nonce")); err == nil {
			t.Errorf("%s: the signature verifies as %s", p.Name, other.Name)
		}
	}
	if !equalBytes(leaf(append(append([]byte(nil), der...), der...)), der) {
		t.Error("leaf of a chain of two")
	}
}

func equalBytes(a, b []byte) bool { return string(a) == string(b) }

// TestBrokenAfterTimeout: a timeout leaves the channel unusable (half a
// chunk may be on its way), so the next request fails at once and Close
// only closes the connection.
func TestBrokenAfterTimeout(t *testing.T) {
	first := true
	s := newFakeServer(t, sessionHandler(func(any) any {
		if first {
			first = false
			return silence{}
		}
		return &types.ReadResponse{Results: []types.DataValue{{}}}
	}))
	c, err := Dial(context.Background(), s.endpoint(), Config{Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ReadValues(context.Background(), types.NewNumericNodeID(0, 1)); StatusCode(err) != types.StatusBadTimeout {
		t.Fatalf("first read: %v", err)
	}
	start := time.Now()
	_, err = c.ReadValues(context.Background(), types.NewNumericNodeID(0, 1))
	if StatusCode(err) != types.StatusBadConnectionClosed || !strings.Contains(err.Error(), "BadTimeout") || time.Since(start) > 100*time.Millisecond {
		t.Errorf("second read: %v after %v", err, time.Since(start))
	}
	if err := c.Close(context.Background()); err != nil {
		t.Errorf("close: %v", err)
	}
}

// TestAbortKeepsChannel: an abort chunk fails its request only.
func TestAbortKeepsChannel(t *testing.T) {
	n := 0
	s := newFakeServer(t, sessionHandler(func(any) any {
		n++
		if n == 1 {
			return abortWith{uint32(types.StatusBadResponseTooLarge), "too big"}
		}
		return &types.ReadResponse{Results: []types.DataValue{types.NewDataValue(types.VariantFromBool(true))}}
	}))
	c, err := Dial(context.Background(), s.endpoint(), Config{Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	if _, err := c.ReadValues(context.Background(), types.NewNumericNodeID(0, 1)); StatusCode(err) != types.StatusBadResponseTooLarge {
		t.Fatalf("first read: %v", err)
	}
	dvs, err := c.ReadValues(context.Background(), types.NewNumericNodeID(0, 1))
	if err != nil || !dvs[0].Value.Equal(types.VariantFromBool(true)) {
		t.Fatalf("second read: %v %v", dvs, err)
	}
}

func TestAnonymousPolicyID(t *testing.T) {
	ep := func(p *chunk.Policy, m types.MessageSecurityMode, ids ...string) types.EndpointDescription {
		e := types.EndpointDescription{SecurityPolicyURI: p.URI, SecurityMode: m}
		for _, id := range ids {
			e.UserIdentityTokens = append(e.UserIdentityTokens,
				types.UserTokenPolicy{PolicyID: "user-" + id, TokenType: types.UserTokenTypeUserName},
				types.UserTokenPolicy{PolicyID: id, TokenType: types.UserTokenTypeAnonymous})
		}
		return e
	}
	eps := []types.EndpointDescription{
		ep(chunk.PolicyNone, types.MessageSecurityModeNone, "anon-none"),
		ep(chunk.PolicyBasic256Sha256, types.MessageSecurityModeSign, "anon-sign"),
		ep(chunk.PolicyBasic256Sha256, types.MessageSecurityModeSignAndEncrypt),
	}
	for _, tc := range []struct {
		p    *chunk.Policy
		m    chunk.SecurityMode
		eps  []types.EndpointDescription
		want string
	}{
		{chunk.PolicyNone, chunk.ModeNone, eps, "anon-none"},
		{chunk.PolicyBasic256Sha256, chunk.ModeSign, eps, "anon-sign"},
		{chunk.PolicyBasic256Sha256, chunk.ModeSignAndEncrypt, eps, "anon-none"}, // none listed: the first found
		{chunk.PolicyNone, chunk.ModeNone, nil, "anonymous"},
	} {
		if got := anonymousPolicyID(tc.eps, tc.p, tc.m); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.p.Name, tc.m, got, tc.want)
		}
	}
}

// TestRenewToken: with a lifetime of 400 ms the client renews the token
// before the first request after 300 ms, and sends with the new token.
func TestRenewToken(t *testing.T) {
	s := newFakeServer(t, sessionHandler(func(any) any {
		return &types.ReadResponse{Results: []types.DataValue{{}}}
	}))
	s.mu.Lock()
	s.lifetime = 400
	s.mu.Unlock()
	c, err := Dial(context.Background(), s.endpoint(), Config{Lifetime: 400 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	read := func() {
		t.Helper()
		if _, err := c.ReadValues(context.Background(), types.NewNumericNodeID(0, 1)); err != nil {
			t.Fatal(err)
		}
	}
	read()
	if c.Renewals != 0 {
		t.Fatalf("%d renewals at once", c.Renewals)
	}
	time.Sleep(350 * time.Millisecond)
	read()
	if c.Renewals != 1 {
		t.Fatalf("%d renewals after 350 ms", c.Renewals)
	}
	if err := c.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	osc := requestsOf[types.OpenSecureChannelRequest](s)
	if len(osc) != 2 || osc[0].RequestType != types.SecurityTokenRequestTypeIssue || osc[1].RequestType != types.SecurityTokenRequestTypeRenew ||
		osc[1].RequestedLifetime != 400 {
		t.Errorf("OpenSecureChannel requests %+v", osc)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// CreateSession, ActivateSession, Read with the first token; Read and
	// CloseSession with the second.
	want := []uint32{fakeTokenID, fakeTokenID, fakeTokenID, fakeTokenID + 1, fakeTokenID + 1}
	if fmt.Sprint(s.msgTokens) != fmt.Sprint(want) {
		t.Errorf("MSG tokens %v, want %v", s.msgTokens, want)
	}
}

// TestDo sends a request the Client has no method for, and checks the
// ReturnDiagnostics of its header and the operation name of its errors.
func TestDo(t *testing.T) {
	s := newFakeServer(t, sessionHandler(func(req any) any {
		if r, ok := req.(*types.TranslateBrowsePathsToNodeIDsRequest); ok && len(r.BrowsePaths) == 1 {
			return &types.TranslateBrowsePathsToNodeIDsResponse{Results: []types.BrowsePathResult{{StatusCode: types.StatusBadNoMatch}}}
		}
		return &types.ServiceFault{ResponseHeader: types.ResponseHeader{ServiceResult: types.StatusBadServiceUnsupported}}
	}))
	c, err := Dial(context.Background(), s.endpoint(), Config{ReturnDiagnostics: 0x3ff})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	res, err := Do[types.TranslateBrowsePathsToNodeIDsResponse](context.Background(), c,
		&types.TranslateBrowsePathsToNodeIDsRequest{BrowsePaths: []types.BrowsePath{{StartingNode: types.NewNumericNodeID(0, 85)}}})
	if err != nil || len(res.Results) != 1 || res.Results[0].StatusCode != types.StatusBadNoMatch {
		t.Fatalf("%+v %v", res, err)
	}
	_, err = Do[types.QueryFirstResponse](context.Background(), c, &types.QueryFirstRequest{})
	if StatusCode(err) != types.StatusBadServiceUnsupported || !strings.HasPrefix(err.Error(), "uaclient: QueryFirst: BadServiceUnsupported") {
		t.Errorf("QueryFirst: %v", err)
	}
	for _, r := range requestsOf[types.TranslateBrowsePathsToNodeIDsRequest](s) {
		if r.RequestHeader.ReturnDiagnostics != 0x3ff || r.RequestHeader.AuthenticationToken != fakeAuthToken {
			t.Errorf("request header %+v", r.RequestHeader)
		}
	}
}

func TestCertificateWithoutKey(t *testing.T) {
	_, err := Dial(context.Background(), "opc.tcp://127.0.0.1:1", Config{Policy: chunk.PolicyBasic256Sha256, Certificate: []byte{1}})
	if StatusCode(err) != types.StatusBadInvalidArgument {
		t.Errorf("certificate without key: %v", err)
	}
}

// TestECCertificate checks the certificates NewECCertificate makes for
// every ECC policy (crypto/x509 parses them, the application URI is there,
// the key is of the policy's kind and size, the self-signature verifies:
// with crypto/x509, or for Ed448 with circl over the TBSCertificate) and the
// session signatures made with their keys: r || s of the coordinate size
// each for ECDSA, 64 and 114 bytes for Ed25519 and Ed448.
func TestECCertificate(t *testing.T) {
	for _, p := range chunk.Policies() {
		if !p.IsECC() {
			continue
		}
		der, key, err := NewECCertificate("urn:example:test", p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := x509.ParseCertificate(der)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.URIs) != 1 || c.URIs[0].String() != "urn:example:test" || c.KeyUsage&x509.KeyUsageDigitalSignature == 0 {
			t.Errorf("%s: certificate: URIs %v, key usage %b", p.Name, c.URIs, c.KeyUsage)
		}
		sigLen := 0
		switch k := key.(type) {
		case *ecdsa.PrivateKey:
			sigLen = 2 * p.MinKeyBits / 8
			if k.Curve.Params().BitSize != p.MinKeyBits || c.CheckSignature(c.SignatureAlgorithm, c.RawTBSCertificate, c.Signature) != nil {
				t.Errorf("%s: curve %s or signature", p.Name, k.Curve.Params().Name)
			}
		case ed25519.PrivateKey:
			sigLen = 64
			if p != chunk.PolicyECCCurve25519 || c.CheckSignature(c.SignatureAlgorithm, c.RawTBSCertificate, c.Signature) != nil {
				t.Errorf("%s: an Ed25519 key, or its signature", p.Name)
			}
		case ed448.PrivateKey:
			sigLen = 114
			pub, err := chunk.ParseEd448PublicKey(c.RawSubjectPublicKeyInfo)
			if p != chunk.PolicyECCCurve448 || err != nil || !bytes.Equal(pub, k.Public().(ed448.PublicKey)) ||
				!ed448.Verify(pub, c.RawTBSCertificate, c.Signature, "") || c.SignatureAlgorithm != x509.UnknownSignatureAlgorithm {
				t.Errorf("%s: Ed448 key %v, or its signature", p.Name, err)
			}
		default:
			t.Fatalf("%s: key %T", p.Name, key)
		}
		sig, err := sign(p, key, []byte("certificate"), []byte("nonce"))
		if err != nil {
			t.Fatal(err)
		}
		if want := p.SignatureAlgorithm(); sig.Algorithm != want || len(sig.Signature) != sigLen {
			t.Errorf("%s: algorithm %q (want %q), %d bytes", p.Name, sig.Algorithm, want, len(sig.Signature))
		}
		if err := verifySignature(p, der, sig, []byte("certificate"), []byte("nonce")); err != nil {
			t.Errorf("%s: verify: %v", p.Name, err)
		}
		sig.Signature[3] ^= 1
		if err := verifySignature(p, der, sig, []byte("certificate"), []byte("nonce")); err == nil {
			t.Errorf("%s: a changed signature verifies", p.Name)
		}
	}
	if _, _, err := NewECCertificate("urn:example:test", chunk.PolicyBasic256Sha256); err == nil {
		t.Error("an EC certificate for an RSA policy")
	}
}
