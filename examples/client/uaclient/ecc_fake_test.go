package uaclient

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// eccServer is a one-connection OPC UA server for the ECC policies, built
// from package chunk's server-side API: ephemeral keys, the OPN binding and
// the chained key derivation of the ChannelBound policy, and session
// signatures whose data it builds itself (independently of the client's
// code). It answers every Read with the Double 42.
type eccServer struct {
	policy   *chunk.Policy
	mode     chunk.SecurityMode
	key      crypto.Signer
	cert     []byte
	lifetime uint32 // RevisedLifetime in ms

	opens     int   // OpenSecureChannel requests (issue and renewals)
	activated bool  // ActivateSession's client signature verified
	err       error // the first failure on the server's side
}

func newECCServer(t *testing.T, p *chunk.Policy, mode chunk.SecurityMode) *eccServer {
	t.Helper()
	cert, key, err := NewECCertificate("urn:uabin:ecc-fake-server", p)
	if err != nil {
		t.Fatal(err)
	}
	return &eccServer{policy: p, mode: mode, key: key, cert: cert, lifetime: 600000}
}

// serve runs the server on ln for one connection.
func (s *eccServer) serve(ln net.Listener) {
	conn, err := ln.Accept()
	if err != nil {
		s.err = err
		return
	}
	defer conn.Close()
	if err := s.conn(conn); err != nil {
		s.err = err
	}
}

func (s *eccServer) conn(conn net.Conn) error {
	p := s.policy
	c, err := chunk.ReadChunk(conn, nil, 1<<16)
	if err != nil {
		return err
	}
	hello, err := chunk.ParseHello(c)
	if err != nil {
		return err
	}
	ack := chunk.Negotiate(&hello, chunk.Acknowledge{ReceiveBufferSize: 65535, SendBufferSize: 65535})
	out, _ := ack.Append(nil)
	if _, err := conn.Write(out); err != nil {
		return err
	}
	r, _ := chunk.NewReceiver(0, chunk.Limits{ChunkSize: ack.ReceiveBufferSize})
	if err := r.SetAsymmetric(chunk.Asymmetric{Policy: p, PrivateKey: s.key, Certificate: s.cert}); err != nil {
		return err
	}
	snd, _ := chunk.NewSender(fakeChannelID, 0, chunk.ServerLimits(&hello, &ack))
	var (
		clientCert, thumbprint, ikm []byte
		clientNonce, serverNonce    []byte
		token                       uint32
	)
	for {
		m, err := r.ReadMessage(conn)
		if err != nil {
			return fmt.Errorf("server receives: %w", err)
		}
		if m.Type == chunk.TypeClose {
			return nil
		}
		var req any
		if err := uabin.UnmarshalMessage(m.Body, &req); err != nil {
			return err
		}
		switch q := req.(type) {
		case *types.OpenSecureChannelRequest:
			s.opens++
			if clientCert == nil {
				clientCert = append([]byte(nil), m.Security.SenderCertificate...)
				if err := snd.SetAsymmetric(chunk.Asymmetric{Policy: p, PrivateKey: s.key, Certificate: s.cert, PeerCertificate: clientCert}); err != nil {
					return err
				}
				if p.ChannelBound() {
					snd.BindOpen(m.Signature)
				}
			}
			eph, err := p.NewEphemeralKey(nil)
			if err != nil {
				return err
			}
			token++
			body, _ := uabin.MarshalMessage(&types.OpenSecureChannelResponse{
				ResponseHeader: types.ResponseHeader{RequestHandle: q.RequestHeader.RequestHandle},
				SecurityToken:  types.ChannelSecurityToken{ChannelID: fakeChannelID, TokenID: token, RevisedLifetime: s.lifetime},
				ServerNonce:    eph.Nonce(),
			})
			if out, err = snd.Append(nil, chunk.TypeOpen, m.RequestID, body); err != nil {
				return err
			}
			if thumbprint == nil {
				thumbprint = append([]byte(nil), snd.LastOpenSignature()...)
			}
			var ck, sk chunk.Keys
			if p.ChannelBound() {
				ck, sk, ikm, err = eph.ChainedChannelKeys(ikm, q.ClientNonce, eph.Nonce())
			} else {
				ck, sk, err = eph.ChannelKeys(q.ClientNonce, eph.Nonce())
			}
			if err != nil {
				return err
			}
			r.SetChannelID(fakeChannelID)
			if err := r.SetToken(token, p, s.mode, ck); err != nil {
				return err
			}
			if _, err := conn.Write(out); err != nil {
				return err
			}
			if err := snd.SetToken(token, p, s.mode, sk); err != nil {
				return err
			}
			continue
		case *types.CreateSessionRequest:
			clientNonce = append([]byte(nil), q.ClientNonce...)
			serverNonce = make([]byte, 32)
			rand.Read(serverNonce)
			data := append(append([]byte(nil), clientCert...), clientNonce...)
			alg := p.SignatureAlgorithm()
			if p.ChannelBound() {
				data, alg = bound(thumbprint, clientNonce, serverNonce, s.cert, clientCert), ""
			}
			sig, err := p.Sign(nil, s.key, data)
			if err != nil {
				return err
			}
			req = &types.CreateSessionResponse{
				SessionID: types.NewNumericNodeID(0, 990), AuthenticationToken: fakeAuthToken, RevisedSessionTimeout: 60000,
				ServerNonce: serverNonce, ServerCertificate: s.cert,
				ServerSignature: types.SignatureData{Algorithm: alg, Signature: sig},
				ServerEndpoints: []types.EndpointDescription{{
					SecurityMode: types.MessageSecurityMode(s.mode), SecurityPolicyURI: p.URI, ServerCertificate: s.cert,
					UserIdentityTokens: []types.UserTokenPolicy{{PolicyID: "anon", TokenType: types.UserTokenTypeAnonymous}},
				}},
			}
		case *types.ActivateSessionRequest:
			data := append(append([]byte(nil), s.cert...), serverNonce...)
			alg := p.SignatureAlgorithm()
			if p.ChannelBound() {
				data, alg = bound(thumbprint, serverNonce, clientNonce, s.cert, s.cert, clientCert), ""
			}
			pub, err := certificateKey(clientCert)
			if err != nil {
				return err
			}
			if q.ClientSignature.Algorithm != alg || p.Verify(pub, data, q.ClientSignature.Signature) != nil {
				return errors.New("the client's ActivateSession signature does not verify")
			}
			s.activated = true
			req = &types.ActivateSessionResponse{ServerNonce: make([]byte, 32)}
		case *types.ReadRequest:
			req = &types.ReadResponse{Results: []types.DataValue{types.NewDataValue(types.MustVariant(42.0))}}
		case *types.CloseSessionRequest:
			req = &types.CloseSessionResponse{}
		default:
			return fmt.Errorf("unexpected %T", req)
		}
		body, err := uabin.MarshalMessage(req)
		if err != nil {
			return err
		}
		if out, err = snd.Append(nil, m.Type, m.RequestID, body); err != nil {
			return err
		}
		if _, err := conn.Write(out); err != nil {
			return err
		}
	}
}

// bound is the channel-bound signature data of Part 4 1.05.07 as the test
// reads it: thumbprint ‖ first ‖ SHA-256 of each certificate ‖ last.
func bound(thumbprint, first, last []byte, certs ...[]byte) []byte {
	out := append(append([]byte(nil), thumbprint...), first...)
	for _, c := range certs {
		h := sha256.Sum256(c)
		out = append(out, h[:]...)
	}
	return append(out, last...)
}

// TestECCSession runs the client against eccServer for every ECC policy and
// mode: the channel, the session signatures both ways, reads across two
// token renewals (new ephemeral keys; for ECC_nistP256_AesGcm the chained
// key derivation), and the close.
func TestECCSession(t *testing.T) {
	for _, p := range chunk.Policies() {
		if !p.IsECC() {
			continue
		}
		for _, mode := range []chunk.SecurityMode{chunk.ModeSign, chunk.ModeSignAndEncrypt} {
			t.Run(p.Name+"/"+mode.String(), func(t *testing.T) {
				t.Parallel() // each waits 0.5 s for its renewals: 6 s one after the other
				s := newECCServer(t, p, mode)
				s.lifetime = 200 // renewed before the first request after 150 ms
				ln, err := net.Listen("tcp", "127.0.0.1:0")
				if err != nil {
					t.Fatal(err)
				}
				defer ln.Close()
				done := make(chan struct{})
				go func() { s.serve(ln); close(done) }()
				ctx := context.Background()
				c, err := Dial(ctx, "opc.tcp://"+ln.Addr().String(), Config{Policy: p, Mode: mode, ServerCertificate: s.cert, Timeout: 10 * time.Second})
				if err != nil {
					<-done
					t.Fatalf("dial: %v (server: %v)", err, s.err)
				}
				for i := 0; i < 3; i++ {
					dvs, err := c.ReadValues(ctx, types.NewNumericNodeID(0, 2258))
					if err != nil || len(dvs) != 1 || dvs[0].Value.Value() != 42.0 {
						t.Fatalf("read %d: %v %v (server: %v)", i, err, dvs, s.err)
					}
					time.Sleep(170 * time.Millisecond)
				}
				if err := c.Close(ctx); err != nil { // CloseSession may renew once more
					t.Errorf("close: %v", err)
				}
				<-done
				renewals := c.Renewals
				if s.err != nil {
					t.Fatalf("server: %v", s.err)
				}
				if !s.activated || renewals < 2 || s.opens != renewals+1 {
					t.Errorf("activated %v, %d renewals, %d OpenSecureChannel requests", s.activated, renewals, s.opens)
				}
				if (len(c.thumbprint) != 0) != p.ChannelBound() {
					t.Errorf("ChannelThumbprint %x for %s", c.thumbprint, p.Name)
				}
			})
		}
	}
}
