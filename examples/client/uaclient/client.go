package uaclient

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/url"
	"reflect"
	"strings"
	"time"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// Defaults of Config.
const (
	// DefaultReceiveBufferSize is the chunk size announced in Hello when
	// Config.ReceiveBufferSize is 0.
	DefaultReceiveBufferSize = 65535
	// DefaultMaxMessageSize is the largest response body accepted when
	// Config.MaxMessageSize is 0 (64 MiB).
	DefaultMaxMessageSize = 64 << 20
	// DefaultTimeout bounds each request when Config.Timeout is 0.
	DefaultTimeout = 10 * time.Second
	// DefaultLifetime is the security token lifetime asked for when
	// Config.Lifetime is 0.
	DefaultLifetime = time.Hour
	// DefaultApplicationURI is the client's ApplicationUri when
	// Config.ApplicationURI is empty; a generated certificate carries it.
	DefaultApplicationURI = "urn:uabin:examples:client"
)

// Config configures a Client. The zero value connects with SecurityPolicy
// None.
type Config struct {
	// Policy is the security policy; nil means chunk.PolicyNone.
	Policy *chunk.Policy
	// Mode is chunk.ModeSign or chunk.ModeSignAndEncrypt for a policy
	// other than None (0 means ModeSignAndEncrypt); ignored for None.
	Mode chunk.SecurityMode

	// Certificate and PrivateKey are the client's DER certificate and key
	// for a policy other than None: RSA for the RSA policies, ECDSA on the
	// policy's curve for the ECC policies. When both are nil, Dial
	// generates a self-signed certificate (see NewCertificate and
	// NewECCertificate).
	Certificate []byte
	// PrivateKey is the key of Certificate (*rsa.PrivateKey or
	// *ecdsa.PrivateKey).
	PrivateKey crypto.Signer
	// ServerCertificate is the server's DER certificate for a policy other
	// than None. When nil, Dial asks the server with GetEndpoints on a
	// channel without security first.
	ServerCertificate []byte
	// ApplicationURI is the client's ApplicationUri (it must match the URI
	// in Certificate); empty means DefaultApplicationURI.
	ApplicationURI string

	// ReceiveBufferSize is the largest chunk the client receives, announced
	// in Hello (at least chunk.MinBufferSize); 0 means
	// DefaultReceiveBufferSize.
	ReceiveBufferSize uint32
	// MaxMessageSize is the largest response body accepted; 0 means
	// DefaultMaxMessageSize.
	MaxMessageSize uint32
	// Timeout bounds the connection set-up and every request; 0 means
	// DefaultTimeout.
	Timeout time.Duration
	// Lifetime is the RequestedLifetime of the channel's security tokens;
	// 0 means DefaultLifetime. The client renews the token before the
	// first request after three quarters of the lifetime the server
	// granted.
	Lifetime time.Duration

	// ReturnDiagnostics is the RequestHeader.ReturnDiagnostics of every
	// service request (Part 4 §7.33): which DiagnosticInfos the server
	// returns. 0 asks for none.
	ReturnDiagnostics uint32

	// Inspect, when set, sees every message received on the secure
	// channel (OPN and MSG) in answer to a request, before its body (the
	// encoding id and the service structure) is decoded. m.Body is only
	// valid during the call.
	Inspect func(m chunk.Message)
	// Options are the codec options; the zero value is the default.
	Options uabin.Options
}

// Client is a connection to an OPC UA server with one secure channel and one
// anonymous session. Requests are sent one at a time; a Client is not safe
// for concurrent use.
type Client struct {
	cfg      Config
	endpoint string
	conn     net.Conn
	policy   *chunk.Policy
	mode     chunk.SecurityMode
	sender   *chunk.Sender
	receiver *chunk.Receiver
	out      []byte

	channelID uint32
	tokenID   uint32
	requestID uint32
	handle    uint32
	authToken types.NodeID
	broken    error     // set when the connection can no longer be used
	renewAt   time.Time // when to renew the security token
	// ChannelBound policies (Part 6 1.05.07): the ChannelThumbprint (the
	// server's first OPN response signature) and the chained HKDF input.
	thumbprint, ikm []byte
	openSig         []byte // the signature of the last OPN response

	// Renewals counts the security tokens renewed.
	Renewals int
	// SessionID is the session's id, once the session is created.
	SessionID types.NodeID
	// Endpoint is the EndpointDescription the server returned for the
	// channel's policy and mode in CreateSession (zero if it returned none
	// that matches).
	Endpoint types.EndpointDescription
}

// Dial connects to the server at endpoint (opc.tcp://host:port[/path]),
// opens a secure channel with cfg's policy and mode, and creates and
// activates an anonymous session. The whole set-up is bounded by ctx and
// cfg.Timeout.
func Dial(ctx context.Context, endpoint string, cfg Config) (*Client, error) {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	if !cfg.Policy.IsNone() {
		if err := cfg.prepareSecurity(ctx, endpoint); err != nil {
			return nil, err
		}
	}
	c, err := open(ctx, endpoint, cfg)
	if err != nil {
		return nil, err
	}
	if err := c.createSession(ctx); err != nil {
		c.abandon()
		return nil, err
	}
	return c, nil
}

// GetEndpoints asks the server at endpoint for its endpoints on a channel
// with SecurityPolicy None, without a session.
func GetEndpoints(ctx context.Context, endpoint string, cfg Config) ([]types.EndpointDescription, error) {
	cfg = cfg.withDefaults()
	cfg.Policy, cfg.Mode = chunk.PolicyNone, chunk.ModeNone
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	c, err := open(ctx, endpoint, cfg)
	if err != nil {
		return nil, err
	}
	defer c.abandon()
	res, err := roundTrip[types.GetEndpointsResponse](ctx, c, "get endpoints", &types.GetEndpointsRequest{EndpointURL: endpoint})
	if err != nil {
		return nil, err
	}
	c.closeChannel()
	return res.Endpoints, nil
}

func (cfg Config) withDefaults() Config {
	if cfg.Policy == nil {
		cfg.Policy = chunk.PolicyNone
	}
	if cfg.Policy.IsNone() {
		cfg.Mode = chunk.ModeNone
	} else if cfg.Mode == 0 {
		cfg.Mode = chunk.ModeSignAndEncrypt
	}
	if cfg.ReceiveBufferSize == 0 {
		cfg.ReceiveBufferSize = DefaultReceiveBufferSize
	}
	if cfg.MaxMessageSize == 0 {
		cfg.MaxMessageSize = DefaultMaxMessageSize
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.ApplicationURI == "" {
		cfg.ApplicationURI = DefaultApplicationURI
	}
	if cfg.Lifetime <= 0 {
		cfg.Lifetime = DefaultLifetime
	}
	return cfg
}

// prepareSecurity fills in the client certificate (generated) and the
// server certificate (from GetEndpoints) when they are missing.
func (cfg *Config) prepareSecurity(ctx context.Context, endpoint string) error {
	if cfg.Mode != chunk.ModeSign && cfg.Mode != chunk.ModeSignAndEncrypt {
		return &Error{Op: "connect", Code: types.StatusBadSecurityModeRejected, Err: fmt.Errorf("mode %v with policy %s", cfg.Mode, cfg.Policy.Name)}
	}
	if (cfg.Certificate == nil) != (cfg.PrivateKey == nil) {
		return &Error{Op: "connect", Code: types.StatusBadInvalidArgument, Err: errors.New("Config.Certificate and Config.PrivateKey go together")}
	}
	if cfg.Certificate == nil {
		var cert []byte
		var key crypto.Signer
		var err error
		if cfg.Policy.IsECC() {
			cert, key, err = NewECCertificate(cfg.ApplicationURI, cfg.Policy)
		} else {
			cert, key, err = NewCertificate(cfg.ApplicationURI, 2048)
		}
		if err != nil {
			return &Error{Op: "connect", Code: types.StatusBadInternalError, Err: err}
		}
		cfg.Certificate, cfg.PrivateKey = cert, key
	}
	if cfg.ServerCertificate == nil {
		eps, err := GetEndpoints(ctx, endpoint, *cfg)
		if err != nil {
			return err
		}
		for _, ep := range eps {
			if ep.SecurityPolicyURI == cfg.Policy.URI && chunk.SecurityMode(ep.SecurityMode) == cfg.Mode {
				cfg.ServerCertificate = ep.ServerCertificate
				break
			}
		}
		if cfg.ServerCertificate == nil {
			return &Error{Op: "get endpoints", Code: types.StatusBadSecurityPolicyRejected,
				Err: fmt.Errorf("the server offers no endpoint with %s and %v", cfg.Policy.Name, cfg.Mode)}
		}
	}
	return nil
}

// open connects, exchanges Hello/Acknowledge and opens the secure channel.
func open(ctx context.Context, endpoint string, cfg Config) (*Client, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "opc.tcp" || u.Host == "" {
		return nil, &Error{Op: "connect", Code: types.StatusBadTCPEndpointURLInvalid, Err: fmt.Errorf("endpoint %q is not opc.tcp://host:port[/path]", endpoint)}
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), "4840")
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, wrap("connect", err)
	}
	c := &Client{cfg: cfg, endpoint: endpoint, conn: conn, policy: cfg.Policy, mode: cfg.Mode}
	if err := c.handshake(ctx); err != nil {
		conn.Close()
		return nil, err
	}
	return c, nil
}

// deadline bounds the I/O on the connection by ctx; the returned function
// undoes it.
func (c *Client) deadline(ctx context.Context) func() {
	if d, ok := ctx.Deadline(); ok {
		c.conn.SetDeadline(d)
	} else {
		c.conn.SetDeadline(time.Now().Add(c.cfg.Timeout))
	}
	done := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(done)
		c.conn.SetDeadline(time.Now())
	})
	return func() {
		if !stop() {
			<-done // it ran or runs: let it finish before the reset
		}
		c.conn.SetDeadline(time.Time{})
	}
}

// handshake does Hello/Acknowledge and OpenSecureChannel.
func (c *Client) handshake(ctx context.Context) error {
	defer c.deadline(ctx)()
	hello := chunk.Hello{
		ReceiveBufferSize: c.cfg.ReceiveBufferSize,
		SendBufferSize:    DefaultReceiveBufferSize,
		MaxMessageSize:    c.cfg.MaxMessageSize,
		EndpointURL:       c.endpoint,
	}
	msg, err := hello.Append(nil)
	if err != nil {
		return wrap("hello", err)
	}
	if _, err := c.conn.Write(msg); err != nil {
		return wrap("hello", err)
	}
	reply, err := chunk.ReadChunk(c.conn, nil, c.cfg.ReceiveBufferSize)
	if err != nil {
		return wrap("hello", err)
	}
	h, err := chunk.ParseHeader(reply)
	if err != nil {
		return wrap("hello", err)
	}
	switch h.Type {
	case chunk.TypeAcknowledge:
	case chunk.TypeError:
		em, err := chunk.ParseErrorMessage(reply)
		if err != nil {
			return wrap("hello", err)
		}
		return wrap("hello", &em)
	default:
		return &Error{Op: "hello", Code: types.StatusBadTCPMessageTypeInvalid, Err: fmt.Errorf("%v in answer to HEL", h.Type)}
	}
	ack, err := chunk.ParseAcknowledge(reply)
	if err != nil {
		return wrap("hello", err)
	}

	// The RSA policies start the sequence numbers at 1 (legacy), the ECC
	// policies at 0 (Part 6 §6.7.2.4).
	first := uint32(1)
	if c.policy.IsECC() {
		first = 0
	}
	if c.sender, err = chunk.NewSender(0, first, chunk.ClientLimits(&ack)); err != nil {
		return wrap("hello", err)
	}
	if c.receiver, err = chunk.NewReceiver(0, chunk.Limits{ChunkSize: c.cfg.ReceiveBufferSize, MaxMessageSize: c.cfg.MaxMessageSize}); err != nil {
		return wrap("hello", err)
	}
	asym := chunk.Asymmetric{Policy: c.policy}
	if !c.policy.IsNone() {
		asym.PrivateKey, asym.Certificate, asym.PeerCertificate = c.cfg.PrivateKey, c.cfg.Certificate, c.cfg.ServerCertificate
	}
	if err := c.sender.SetAsymmetric(asym); err != nil {
		return wrap("open secure channel", err)
	}
	if err := c.receiver.SetAsymmetric(asym); err != nil {
		return wrap("open secure channel", err)
	}

	return c.openToken(ctx, types.SecurityTokenRequestTypeIssue)
}

// openToken runs OpenSecureChannel, to issue the channel's first security
// token or to renew it (Part 4 §5.5.2, Part 6 §6.7.4), and installs the new
// token: the client sends with it at once, and accepts the old one from the
// server until the server's first chunk with the new one.
func (c *Client) openToken(ctx context.Context, rt types.SecurityTokenRequestType) error {
	op := "open secure channel"
	if rt == types.SecurityTokenRequestTypeRenew {
		op = "renew secure channel"
	}
	var clientNonce []byte
	var eph *chunk.EphemeralKey
	switch {
	case c.policy.IsECC():
		// A new ephemeral key pair for every OpenSecureChannel; its
		// public key is the nonce (Part 6 §6.8.2).
		var err error
		if eph, err = c.policy.NewEphemeralKey(nil); err != nil {
			return c.fail(wrap(op, err))
		}
		clientNonce = eph.Nonce()
	case !c.policy.IsNone():
		clientNonce = nonce(c.policy.NonceLength)
	}
	req := &types.OpenSecureChannelRequest{
		RequestType:       rt,
		SecurityMode:      types.MessageSecurityMode(c.mode),
		ClientNonce:       clientNonce,
		RequestedLifetime: uint32(c.cfg.Lifetime / time.Millisecond),
	}
	res, err := roundTripType[types.OpenSecureChannelResponse](ctx, c, op, chunk.TypeOpen, req)
	if err != nil {
		return err
	}
	tok := res.SecurityToken
	if rt == types.SecurityTokenRequestTypeIssue {
		c.channelID = tok.ChannelID
		c.sender.SetChannelID(tok.ChannelID)
		c.receiver.SetChannelID(tok.ChannelID)
	} else if tok.ChannelID != c.channelID {
		return c.fail(&Error{Op: op, Code: types.StatusBadSecureChannelIDInvalid, Err: fmt.Errorf("channel id %d, want %d", tok.ChannelID, c.channelID)})
	}
	var clientKeys, serverKeys chunk.Keys
	switch {
	case eph != nil && c.policy.ChannelBound():
		// The input keying material chains across the channel's tokens.
		if clientKeys, serverKeys, c.ikm, err = eph.ChainedChannelKeys(c.ikm, clientNonce, res.ServerNonce); err != nil {
			return c.fail(wrap(op, err))
		}
		if rt == types.SecurityTokenRequestTypeIssue {
			c.thumbprint = append([]byte(nil), c.openSig...)
		}
	case eph != nil:
		if clientKeys, serverKeys, err = eph.ChannelKeys(clientNonce, res.ServerNonce); err != nil {
			return c.fail(wrap(op, err))
		}
	case !c.policy.IsNone():
		if clientKeys, serverKeys, err = c.policy.ChannelKeys(clientNonce, res.ServerNonce); err != nil {
			return c.fail(wrap(op, err))
		}
	}
	if err := c.sender.SetToken(tok.TokenID, c.policy, c.mode, clientKeys); err != nil {
		return c.fail(wrap(op, err))
	}
	if err := c.receiver.SetToken(tok.TokenID, c.policy, c.mode, serverKeys); err != nil {
		return c.fail(wrap(op, err))
	}
	c.tokenID = tok.TokenID
	lifetime := time.Duration(tok.RevisedLifetime) * time.Millisecond
	if lifetime <= 0 {
		lifetime = c.cfg.Lifetime
	}
	c.renewAt = time.Now().Add(lifetime * 3 / 4)
	if rt == types.SecurityTokenRequestTypeRenew {
		c.Renewals++
	}
	return nil
}

// createSession runs CreateSession and ActivateSession (anonymous).
func (c *Client) createSession(ctx context.Context) error {
	clientNonce := nonce(32)
	req := &types.CreateSessionRequest{
		ClientDescription: types.ApplicationDescription{
			ApplicationURI:  c.cfg.ApplicationURI,
			ProductURI:      "urn:uabin:examples",
			ApplicationName: types.NewLocalizedText("en", "uabin example client"),
			ApplicationType: types.ApplicationTypeClient,
		},
		EndpointURL:             c.endpoint,
		SessionName:             "uabin example client",
		ClientNonce:             clientNonce,
		RequestedSessionTimeout: 60000,
		MaxResponseMessageSize:  c.cfg.MaxMessageSize,
	}
	if !c.policy.IsNone() {
		req.ClientCertificate = c.cfg.Certificate
	}
	res, err := roundTrip[types.CreateSessionResponse](ctx, c, "create session", req)
	if err != nil {
		return err
	}
	c.SessionID, c.authToken = res.SessionID, res.AuthenticationToken
	anonymous := anonymousPolicyID(res.ServerEndpoints, c.policy, c.mode)
	for _, ep := range res.ServerEndpoints {
		if ep.SecurityPolicyURI == c.policy.URI && chunk.SecurityMode(ep.SecurityMode) == c.mode {
			c.Endpoint = ep
			break
		}
	}

	act := &types.ActivateSessionRequest{
		LocaleIDs:         []string{"en"},
		UserIdentityToken: types.NewExtensionObject(&types.AnonymousIdentityToken{PolicyID: anonymous}),
	}
	if !c.policy.IsNone() {
		// Part 4 §5.6.2: the server proves it holds its key by signing
		// clientCertificate + clientNonce; §5.6.3: the client signs
		// serverCertificate + serverNonce.
		if !bytes.Equal(leaf(res.ServerCertificate), leaf(c.cfg.ServerCertificate)) {
			return &Error{Op: "create session", Code: types.StatusBadCertificateInvalid,
				Err: errors.New("the server certificate differs from the one of the secure channel")}
		}
		var sig types.SignatureData
		if c.policy.ChannelBound() {
			if err := c.verifyBound(res.ServerSignature, clientNonce, res.ServerNonce); err != nil {
				return &Error{Op: "create session", Code: types.StatusBadApplicationSignatureInvalid, Err: err}
			}
			if sig, err = c.signBound(res.ServerNonce, clientNonce); err != nil {
				return &Error{Op: "activate session", Code: types.StatusBadInternalError, Err: err}
			}
		} else {
			if err := verifySignature(c.policy, c.cfg.ServerCertificate, res.ServerSignature, c.cfg.Certificate, clientNonce); err != nil {
				return &Error{Op: "create session", Code: types.StatusBadApplicationSignatureInvalid, Err: err}
			}
			if sig, err = sign(c.policy, c.cfg.PrivateKey, res.ServerCertificate, res.ServerNonce); err != nil {
				return &Error{Op: "activate session", Code: types.StatusBadInternalError, Err: err}
			}
		}
		act.ClientSignature = sig
	}
	if _, err := roundTrip[types.ActivateSessionResponse](ctx, c, "activate session", act); err != nil {
		return err
	}
	return nil
}

// anonymousPolicyID returns the PolicyId of the anonymous user token of the
// endpoint with policy p and mode m, or of any endpoint if that one has
// none, or "anonymous" (node-opcua's and open62541's name) if no endpoint
// lists one.
func anonymousPolicyID(eps []types.EndpointDescription, p *chunk.Policy, m chunk.SecurityMode) string {
	for pass := 0; pass < 2; pass++ {
		for _, ep := range eps {
			if pass == 0 && (ep.SecurityPolicyURI != p.URI || chunk.SecurityMode(ep.SecurityMode) != m) {
				continue
			}
			for _, t := range ep.UserIdentityTokens {
				if t.TokenType == types.UserTokenTypeAnonymous {
					return t.PolicyID
				}
			}
		}
	}
	return "anonymous"
}

// Close closes the session and the secure channel and then the connection.
// It returns the first error, but always closes the connection. After a
// failure that broke the connection (a timeout, a chunk error, an ERR
// message) it only closes the connection and returns nil.
func (c *Client) Close(ctx context.Context) error {
	if c.broken != nil {
		c.conn.Close()
		return nil // the failure was reported when it happened
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	_, err := roundTrip[types.CloseSessionResponse](ctx, c, "close session", &types.CloseSessionRequest{DeleteSubscriptions: true})
	if cerr := c.closeChannel(); err == nil {
		err = cerr
	}
	return err
}

// closeChannel sends CloseSecureChannel (which has no response) and closes
// the connection.
func (c *Client) closeChannel() error {
	defer c.conn.Close()
	c.requestID++
	body, err := c.cfg.Options.AppendMessage(nil, &types.CloseSecureChannelRequest{RequestHeader: c.header()})
	if err != nil {
		return wrap("close secure channel", err)
	}
	out, err := c.sender.Append(c.out[:0], chunk.TypeClose, c.requestID, body)
	if err != nil {
		return wrap("close secure channel", err)
	}
	c.conn.SetWriteDeadline(time.Now().Add(c.cfg.Timeout))
	if _, err := c.conn.Write(out); err != nil {
		return wrap("close secure channel", err)
	}
	return nil
}

// fail marks the connection as broken by err, closes it, and returns err.
func (c *Client) fail(err error) error {
	c.broken = err
	c.conn.Close()
	return err
}

// abandon closes the connection without a word, after an error.
func (c *Client) abandon() { c.conn.Close() }

func (c *Client) header() types.RequestHeader {
	c.handle++
	return types.RequestHeader{
		AuthenticationToken: c.authToken,
		Timestamp:           types.Now(),
		RequestHandle:       c.handle,
		ReturnDiagnostics:   c.cfg.ReturnDiagnostics,
		TimeoutHint:         uint32(c.cfg.Timeout / time.Millisecond),
	}
}

// Do sends any service request on the session and returns its response:
// req is a pointer to a request structure of package types (its
// RequestHeader is filled in), Resp the response structure expected. A
// ServiceFault or a bad ServiceResult is an *Error; the operation results
// inside the response are the caller's to check. The request is bounded by
// ctx and Config.Timeout.
func Do[Resp any](ctx context.Context, c *Client, req any) (*Resp, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	op := strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%T", req), "*types."), "Request")
	return roundTrip[Resp](ctx, c, op, req)
}

// roundTrip sends req (a pointer to a service request) in a MSG and returns
// the response, which must be a Resp.
func roundTrip[Resp any](ctx context.Context, c *Client, op string, req any) (*Resp, error) {
	return roundTripType[Resp](ctx, c, op, chunk.TypeMessage, req)
}

// roundTripType sends req as a message of type t (OPN or MSG) and reads the
// response. A ServiceFault, or a response whose ServiceResult is bad, is an
// *Error with the server's status code.
func roundTripType[Resp any](ctx context.Context, c *Client, op string, t chunk.MessageType, req any) (*Resp, error) {
	if c.broken != nil {
		return nil, &Error{Op: op, Code: types.StatusBadConnectionClosed, Err: fmt.Errorf("an earlier failure closed the connection: %w", c.broken)}
	}
	if t == chunk.TypeMessage && time.Now().After(c.renewAt) {
		if err := c.openToken(ctx, types.SecurityTokenRequestTypeRenew); err != nil {
			return nil, err
		}
	}
	rv := reflect.ValueOf(req).Elem()
	rv.FieldByName("RequestHeader").Set(reflect.ValueOf(c.header()))
	body, err := c.cfg.Options.AppendMessage(nil, req)
	if err != nil {
		return nil, &Error{Op: op, Code: types.StatusBadEncodingError, Err: err}
	}
	defer c.deadline(ctx)()
	c.requestID++
	id := c.requestID
	c.out, err = c.sender.Append(c.out[:0], t, id, body)
	if err != nil {
		code := types.StatusCode(chunk.StatusCode(err))
		if errors.Is(err, chunk.ErrMessageTooLarge) || errors.Is(err, chunk.ErrTooManyChunks) {
			code = types.StatusBadRequestTooLarge
		}
		return nil, &Error{Op: op, Code: code, Err: err}
	}
	if t == chunk.TypeOpen && c.policy.ChannelBound() && c.thumbprint == nil {
		// The first OPN response is signed over the response and our
		// request's signature (Part 6 1.05.07 §6.7.5).
		c.receiver.BindOpen(c.sender.LastOpenSignature())
	}
	if _, err := c.conn.Write(c.out); err != nil {
		return nil, c.fail(wrap(op, err))
	}
	for {
		m, err := c.receiver.ReadMessage(c.conn)
		var abort *chunk.AbortError
		if errors.As(err, &abort) && abort.RequestID != id {
			continue // an earlier request's message, aborted
		}
		if err != nil && abort == nil {
			// A timeout may leave half a chunk unread, and any other
			// error here breaks the channel (chunk.Receiver): stop.
			return nil, c.fail(wrap(op, err))
		}
		if err != nil {
			return nil, wrap(op, err) // the channel survives an abort
		}
		if m.Type != t {
			return nil, c.fail(&Error{Op: op, Code: types.StatusBadTCPMessageTypeInvalid, Err: fmt.Errorf("%v in answer to %v", m.Type, t)})
		}
		if m.RequestID != id {
			continue // the answer to an earlier request that timed out
		}
		if c.cfg.Inspect != nil {
			c.cfg.Inspect(m)
		}
		if t == chunk.TypeOpen {
			c.openSig = append(c.openSig[:0], m.Signature...)
		}
		body := m.Body
		if t == chunk.TypeOpen && c.policy.IsECC() {
			body = trimOpenPadding(c.cfg.Options, body)
		}
		var v any
		if err := c.cfg.Options.UnmarshalMessage(body, &v); err != nil {
			return nil, &Error{Op: op, Code: types.StatusBadDecodingError, Err: err}
		}
		if f, ok := v.(*types.ServiceFault); ok {
			return nil, &Error{Op: op, Code: f.ResponseHeader.ServiceResult, Err: serviceDetail(&f.ResponseHeader)}
		}
		res, ok := v.(*Resp)
		if !ok {
			return nil, &Error{Op: op, Code: types.StatusBadUnknownResponse, Err: fmt.Errorf("got %T, want %T", v, res)}
		}
		h := reflect.ValueOf(res).Elem().FieldByName("ResponseHeader").Addr().Interface().(*types.ResponseHeader)
		if h.ServiceResult.IsBad() {
			return nil, &Error{Op: op, Code: h.ServiceResult, Err: serviceDetail(h)}
		}
		return res, nil
	}
}

// serviceDetail returns the server's text about a failure: the strings of
// the response's string table, or nil.
func serviceDetail(h *types.ResponseHeader) error {
	if len(h.StringTable) == 0 {
		return nil
	}
	s := h.StringTable[0]
	if len(h.StringTable) > 1 {
		s += fmt.Sprintf(" (and %d more lines)", len(h.StringTable)-1)
	}
	return errors.New(s)
}

// trimOpenPadding drops the one byte 0 that open62541 (v1.5.7) writes after
// the body of its ECC OPN chunks: a PaddingSize byte, although Part 6
// (§6.7.2.5.2) has no padding in chunks that are not encrypted. Only a
// single trailing 0 after a complete message goes; anything else is left
// for UnmarshalMessage to refuse.
func trimOpenPadding(o uabin.Options, body []byte) []byte {
	var v any
	if n, err := o.DecodeMessage(body, &v); err == nil && n == len(body)-1 && body[n] == 0 {
		return body[:n]
	}
	return body
}

func nonce(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}
