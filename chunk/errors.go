package chunk

import (
	"errors"
	"fmt"
	"strings"
)

// OPC UA status codes that this package reports (values from the official
// StatusCode.csv; the transport errors are Part 6 §7.1.5 Table 74). They are
// plain uint32 so that the package needs nothing beyond the standard library;
// convert with types.StatusCode(code) where the data model is at hand.
const (
	StatusGood                          uint32 = 0x00000000
	StatusBadInternalError              uint32 = 0x80020000
	StatusBadEncodingError              uint32 = 0x80060000
	StatusBadDecodingError              uint32 = 0x80070000
	StatusBadEncodingLimitsExceeded     uint32 = 0x80080000
	StatusBadCertificateInvalid         uint32 = 0x80120000
	StatusBadSecurityChecksFailed       uint32 = 0x80130000
	StatusBadSecureChannelIDInvalid     uint32 = 0x80220000
	StatusBadNonceInvalid               uint32 = 0x80240000
	StatusBadSecurityModeRejected       uint32 = 0x80540000
	StatusBadSecurityPolicyRejected     uint32 = 0x80550000
	StatusBadSequenceNumberUnknown      uint32 = 0x807A0000
	StatusBadTCPServerTooBusy           uint32 = 0x807D0000
	StatusBadTCPMessageTypeInvalid      uint32 = 0x807E0000
	StatusBadTCPSecureChannelUnknown    uint32 = 0x807F0000
	StatusBadTCPMessageTooLarge         uint32 = 0x80800000
	StatusBadTCPNotEnoughResources      uint32 = 0x80810000
	StatusBadTCPInternalError           uint32 = 0x80820000
	StatusBadTCPEndpointURLInvalid      uint32 = 0x80830000
	StatusBadSecureChannelClosed        uint32 = 0x80860000
	StatusBadSecureChannelTokenUnknown  uint32 = 0x80870000
	StatusBadSequenceNumberInvalid      uint32 = 0x80880000
	StatusBadRequestTooLarge            uint32 = 0x80B80000
	StatusBadResponseTooLarge           uint32 = 0x80B90000
	StatusBadProtocolVersionUnsupported uint32 = 0x80BE0000
)

// kind is the type of the sentinel errors: a message and the OPC UA status
// code a peer should be told.
type kind struct {
	msg  string
	code uint32
}

func (k *kind) Error() string  { return k.msg }
func (k *kind) Status() uint32 { return k.code }

// Sentinel errors. Every error returned by this package wraps exactly one of
// them (or is an *AbortError or an *ErrorMessage), so callers can branch with
// errors.Is; StatusCode maps any of them to the OPC UA status code to report.
// A stream that ends too early also wraps io.ErrUnexpectedEOF (Error.Cause).
var (
	// ErrTruncated: the input ended before the chunk or field did, or a
	// chunk's size field is smaller than its headers (Bad_DecodingError).
	ErrTruncated error = &kind{"chunk: truncated input", StatusBadDecodingError}
	// ErrMalformed: a field breaks an encoding rule: a negative length, a
	// size field that disagrees with the data, trailing bytes, a buffer size
	// below 8192 (Bad_DecodingError, or Bad_EncodingError when sending).
	ErrMalformed error = &kind{"chunk: malformed message", StatusBadDecodingError}
	// ErrMessageType: an unknown message type, a chunk type other than F on
	// a message other than MSG, or a message that is not expected here
	// (Bad_TcpMessageTypeInvalid).
	ErrMessageType error = &kind{"chunk: invalid message type", StatusBadTCPMessageTypeInvalid}
	// ErrChunkTooLarge: a chunk (or its size field) exceeds the negotiated
	// receive buffer size (Bad_TcpMessageTooLarge).
	ErrChunkTooLarge error = &kind{"chunk: chunk too large", StatusBadTCPMessageTooLarge}
	// ErrMessageTooLarge: a message body exceeds MaxMessageSize, or a
	// single-chunk message (OPN, CLO) does not fit in one chunk
	// (Bad_TcpMessageTooLarge; a client reports Bad_RequestTooLarge and a
	// server Bad_ResponseTooLarge for its own outgoing messages).
	ErrMessageTooLarge error = &kind{"chunk: message too large", StatusBadTCPMessageTooLarge}
	// ErrTooManyChunks: a message needs or has more chunks than
	// MaxChunkCount (Bad_TcpMessageTooLarge).
	ErrTooManyChunks error = &kind{"chunk: too many chunks", StatusBadTCPMessageTooLarge}
	// ErrChannelID: a SecureChannelId other than the channel's
	// (Bad_TcpSecureChannelUnknown).
	ErrChannelID error = &kind{"chunk: unknown secure channel id", StatusBadTCPSecureChannelUnknown}
	// ErrTokenID: a TokenId that is not (or no longer) valid on the channel
	// (Bad_SecureChannelTokenUnknown).
	ErrTokenID error = &kind{"chunk: unknown security token", StatusBadSecureChannelTokenUnknown}
	// ErrSequenceNumber: a sequence number that is not the previous one plus
	// one (with the legacy wrap rule) (Bad_SequenceNumberInvalid).
	ErrSequenceNumber error = &kind{"chunk: invalid sequence number", StatusBadSequenceNumberInvalid}
	// ErrRequestID: a chunk of another request (or message type) arrived
	// while a message was being reassembled; Part 6 §6.7.3 requires the
	// chunks of one message to be sent sequentially
	// (Bad_TcpMessageTypeInvalid).
	ErrRequestID error = &kind{"chunk: chunks of different messages interleaved", StatusBadTCPMessageTypeInvalid}
	// ErrSecurityChecks: a signature that does not verify, a ciphertext that
	// is not a multiple of the block size, wrong padding, a chunk shorter than
	// its signature, a certificate thumbprint that does not match
	// (Bad_SecurityChecksFailed). The messages deliberately say little.
	ErrSecurityChecks error = &kind{"chunk: security checks failed", StatusBadSecurityChecksFailed}
	// ErrPolicy: an unknown security policy URI, or one other than the
	// channel's (Bad_SecurityPolicyRejected).
	ErrPolicy error = &kind{"chunk: security policy rejected", StatusBadSecurityPolicyRejected}
	// ErrCertificate: a certificate that cannot be parsed, has no RSA key, or
	// a key size outside the policy's range (Bad_CertificateInvalid).
	ErrCertificate error = &kind{"chunk: invalid certificate", StatusBadCertificateInvalid}
	// ErrNonce: a nonce of the wrong length for the policy (Bad_NonceInvalid).
	ErrNonce error = &kind{"chunk: invalid nonce", StatusBadNonceInvalid}
	// ErrEndpointURL: an EndpointUrl (or ServerUri) longer than 4096 bytes
	// (Bad_TcpEndpointUrlInvalid).
	ErrEndpointURL error = &kind{"chunk: invalid endpoint url", StatusBadTCPEndpointURLInvalid}
	// ErrConfig: the Sender or Receiver is not set up for what was asked
	// (wrong key length, no token, mode that does not fit the policy)
	// (Bad_InternalError).
	ErrConfig error = &kind{"chunk: invalid configuration", StatusBadInternalError}
	// ErrAborted is wrapped by every *AbortError: the sender aborted a
	// message with an abort chunk. It is not a channel error.
	ErrAborted error = &kind{"chunk: message aborted", StatusBadTCPInternalError}
)

// Error describes a failure: its kind (one of the sentinels), what was found
// and where.
type Error struct {
	// Kind is one of the sentinel errors; errors.Is(err, Kind) holds.
	Kind error
	// Type is the message type of the chunk being processed (0 if unknown).
	Type MessageType
	// Offset is the byte offset in the chunk or message at which the problem
	// was found, or -1 if the problem is not tied to a position.
	Offset int
	// Detail says what was wrong.
	Detail string
	// Cause is an error of the layer below that Kind does not say (for a
	// stream that ends too early, io.ErrUnexpectedEOF), or nil; errors.Is
	// finds it too.
	Cause error
}

// Error implements error: "chunk: MSG at offset 8160: security checks
// failed: signature mismatch", in the shape of every error of this module:
// the package, where (the message type and offset), the kind and what was
// found.
func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString("chunk:")
	if e.Type != 0 {
		sb.WriteString(" ")
		sb.WriteString(e.Type.String())
	}
	if e.Offset >= 0 {
		fmt.Fprintf(&sb, " at offset %d", e.Offset)
	}
	if e.Type != 0 || e.Offset >= 0 {
		sb.WriteString(":")
	}
	sb.WriteString(" ")
	if e.Kind == nil {
		sb.WriteString("error")
	} else {
		sb.WriteString(strings.TrimPrefix(e.Kind.Error(), "chunk: "))
	}
	if e.Detail != "" {
		sb.WriteString(": ")
		sb.WriteString(e.Detail)
	}
	return sb.String()
}

// Unwrap returns Kind.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

// Status returns the OPC UA status code for the error's kind.
func (e *Error) Status() uint32 {
	if e.Kind == nil {
		return StatusBadTCPInternalError
	}
	return StatusCode(e.Kind)
}

// errorf builds an *Error. It is only called on failure paths.
func errorf(k error, t MessageType, offset int, format string, args ...any) error {
	return &Error{Kind: k, Type: t, Offset: offset, Detail: fmt.Sprintf(format, args...)}
}

// AbortError reports an abort chunk (IsFinal 'A', Part 6 §6.7.3): the sender
// gave up on the message with request id RequestID. The Receiver has
// discarded what it had buffered for it; the channel stays open. A client
// reports Code to the application as the request's status.
type AbortError struct {
	// RequestID is the request the aborted message belonged to.
	RequestID uint32
	// Code is the status code the sender gave.
	Code uint32
	// Reason is the sender's description; empty when it was longer than
	// 4096 bytes (Part 6 says to ignore such strings).
	Reason string
}

// Error implements error.
func (e *AbortError) Error() string {
	return fmt.Sprintf("chunk: message aborted: request %d: status 0x%08X: %q", e.RequestID, e.Code, e.Reason)
}

// Unwrap returns ErrAborted.
func (e *AbortError) Unwrap() error { return ErrAborted }

// Status returns Code.
func (e *AbortError) Status() uint32 { return e.Code }

// StatusCode returns the OPC UA status code that describes err: Good for
// nil, the code of the sentinel an error of this package wraps, the peer's
// code for an *AbortError or *ErrorMessage, and Bad_TcpInternalError for
// any other error (an I/O error, for example).
func StatusCode(err error) uint32 {
	if err == nil {
		return StatusGood
	}
	var s interface{ Status() uint32 }
	if errors.As(err, &s) {
		return s.Status()
	}
	return StatusBadTCPInternalError
}
