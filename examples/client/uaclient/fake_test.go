package uaclient

import (
	"errors"
	"io"
	"net"
	"sync"
	"testing"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// fakeServer is a tiny OPC UA server over loopback for the hermetic tests,
// built from package chunk like the client: UA TCP, a secure channel with
// policy None, and a handler that answers each service request. Special
// answers make it misbehave on purpose.
type fakeServer struct {
	t  *testing.T
	ln net.Listener
	// hello, when set, answers the Hello instead of an Acknowledge (and
	// the connection is closed after it): an ERR message, say.
	hello func(conn net.Conn)
	// handle answers a decoded request with a response value, or with one
	// of silence, abortWith, closeConn.
	handle func(req any) any

	mu        sync.Mutex
	lifetime  uint32   // the RevisedLifetime granted, in ms (0: 600000)
	requests  []any    // every request decoded, in order
	msgTokens []uint32 // the TokenId of every MSG received
	wg        sync.WaitGroup
}

// silence makes the server read the request and not answer.
type silence struct{}

// abortWith makes the server answer with an abort chunk.
type abortWith struct {
	code   uint32
	reason string
}

// closeConn makes the server close the connection instead of answering.
type closeConn struct{}

const fakeChannelID, fakeTokenID = 7, 3

var fakeAuthToken = types.NewNumericNodeID(0, 991)

func newFakeServer(t *testing.T, handle func(req any) any) *fakeServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &fakeServer{t: t, ln: ln, handle: handle}
	s.wg.Add(1)
	go s.serve()
	t.Cleanup(func() {
		ln.Close()
		s.wg.Wait()
	})
	return s
}

func (s *fakeServer) endpoint() string { return "opc.tcp://" + s.ln.Addr().String() + "/fake" }

func (s *fakeServer) serve() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer conn.Close()
			if err := s.conn(conn); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
				s.t.Logf("fake server: %v", err)
			}
		}()
	}
}

// conn serves one connection.
func (s *fakeServer) conn(conn net.Conn) error {
	c, err := chunk.ReadChunk(conn, nil, 1<<16)
	if err != nil {
		return err
	}
	hello, err := chunk.ParseHello(c)
	if err != nil {
		return err
	}
	if s.hello != nil {
		s.hello(conn)
		return nil
	}
	ack := chunk.Negotiate(&hello, chunk.Acknowledge{ReceiveBufferSize: 65535, SendBufferSize: 65535})
	out, err := ack.Append(nil)
	if err != nil {
		return err
	}
	if _, err := conn.Write(out); err != nil {
		return err
	}
	r, err := chunk.NewReceiver(0, chunk.Limits{ChunkSize: ack.ReceiveBufferSize})
	if err != nil {
		return err
	}
	if err := r.SetAsymmetric(chunk.Asymmetric{}); err != nil {
		return err
	}
	snd, err := chunk.NewSender(fakeChannelID, 1, chunk.ServerLimits(&hello, &ack))
	if err != nil {
		return err
	}
	if err := snd.SetAsymmetric(chunk.Asymmetric{Policy: chunk.PolicyNone}); err != nil {
		return err
	}
	token := uint32(fakeTokenID - 1)
	for {
		m, err := r.ReadMessage(conn)
		if err != nil {
			return err
		}
		if m.Type == chunk.TypeClose {
			return nil
		}
		if m.Type == chunk.TypeMessage {
			s.mu.Lock()
			s.msgTokens = append(s.msgTokens, m.TokenID)
			s.mu.Unlock()
		}
		var req any
		if err := uabin.UnmarshalMessage(m.Body, &req); err != nil {
			return err
		}
		s.mu.Lock()
		s.requests = append(s.requests, req)
		s.mu.Unlock()
		var res any
		if osc, ok := req.(*types.OpenSecureChannelRequest); ok {
			s.mu.Lock()
			lifetime := s.lifetime
			s.mu.Unlock()
			if lifetime == 0 {
				lifetime = 600000
			}
			token++
			res = &types.OpenSecureChannelResponse{
				ResponseHeader: types.ResponseHeader{RequestHandle: osc.RequestHeader.RequestHandle},
				SecurityToken:  types.ChannelSecurityToken{ChannelID: fakeChannelID, TokenID: token, RevisedLifetime: lifetime},
			}
		} else {
			res = s.handle(req)
		}
		switch x := res.(type) {
		case silence:
			continue
		case closeConn:
			return nil
		case abortWith:
			out, err := snd.AppendAbort(nil, m.RequestID, x.code, x.reason)
			if err != nil {
				return err
			}
			if _, err := conn.Write(out); err != nil {
				return err
			}
			continue
		}
		body, err := uabin.MarshalMessage(res)
		if err != nil {
			return err
		}
		out, err := snd.Append(nil, m.Type, m.RequestID, body)
		if err != nil {
			return err
		}
		if _, err := conn.Write(out); err != nil {
			return err
		}
		if m.Type == chunk.TypeOpen {
			r.SetChannelID(fakeChannelID)
			if err := r.SetToken(token, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{}); err != nil {
				return err
			}
			if err := snd.SetToken(token, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{}); err != nil {
				return err
			}
		}
	}
}

// sessionHandler answers CreateSession, ActivateSession and CloseSession,
// and passes every other request to next.
func sessionHandler(next func(req any) any) func(req any) any {
	return func(req any) any {
		switch req.(type) {
		case *types.CreateSessionRequest:
			return &types.CreateSessionResponse{
				SessionID:             types.NewNumericNodeID(0, 990),
				AuthenticationToken:   fakeAuthToken,
				RevisedSessionTimeout: 60000,
				ServerNonce:           make([]byte, 32),
				ServerEndpoints: []types.EndpointDescription{{
					SecurityMode:       types.MessageSecurityModeNone,
					SecurityPolicyURI:  chunk.PolicyNone.URI,
					UserIdentityTokens: []types.UserTokenPolicy{{PolicyID: "open-sesame", TokenType: types.UserTokenTypeAnonymous}},
				}},
			}
		case *types.ActivateSessionRequest:
			return &types.ActivateSessionResponse{ServerNonce: make([]byte, 32)}
		case *types.CloseSessionRequest:
			return &types.CloseSessionResponse{}
		}
		return next(req)
	}
}

// requestsOf returns the requests of type T the server decoded.
func requestsOf[T any](s *fakeServer) []*T {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*T
	for _, r := range s.requests {
		if x, ok := r.(*T); ok {
			out = append(out, x)
		}
	}
	return out
}
