// Package chunk implements the OPC UA transport framing of Part 6: the UA
// TCP messages (§7.1.2: Hello, Acknowledge, Error, ReverseHello) and the
// Secure Conversation chunks (§6.7: OPN, MSG, CLO) with the symmetric and
// asymmetric security of the RSA-based security policies and of the ECC
// policies ECC_nistP256, ECC_nistP384 and ECC_nistP256_AesGcm (§6.8).
//
// It sits beside the codec, not inside it: a message body encoded by
// github.com/uabin/uabin/uabin (uabin.MarshalMessage) goes into
// Sender.Append, and the Body of a Message from Receiver.ReadMessage goes
// into uabin.UnmarshalMessage. The package depends on the standard library
// only.
//
// # Chunks
//
// Every chunk is
//
//	message header | security header | sequence header | body | padding | signature
//
// The message header is 12 bytes (type, IsFinal, MessageSize,
// SecureChannelId); the security header is the TokenId (4 bytes) for MSG and
// CLO and the AsymmetricHeader for OPN; the sequence header is the sequence
// number and the request id. The signature covers everything before it; the
// encryption covers everything from the sequence header on. Padding is
// present only when encrypting: a PaddingSize byte and PaddingSize bytes of
// that value (plus an ExtraPaddingSize byte for RSA keys above 2048 bits),
// so that the encrypted part is a whole number of blocks.
//
// A Sender splits a body into as many chunks as needed: every chunk but the
// last is exactly as large as the peer allows (for the W8 workload, chunks
// of 8192 bytes carry 8168 body bytes without security, 8136 signed and 8135
// signed and encrypted). Sequence numbers go up by one per chunk across
// messages.
//
// # Verbs
//
// Values that go on the wire have an Append method that appends their
// encoding to a byte slice and returns it (b is returned unchanged on
// error), and a Parse function that reads them back: Header.Append and
// ParseHeader, Hello.Append and ParseHello, and so on. Sender.Append frames a
// whole message; Receiver.Receive takes one chunk; Sender.Write and
// Receiver.ReadMessage do the same over an io.Writer and an io.Reader.
//
// # Security
//
// PolicyByURI finds a Policy in the table of Policies: None,
// Basic256Sha256, Aes128_Sha256_RsaOaep, Aes256_Sha256_RsaPss, the
// deprecated Basic128Rsa15 and Basic256, ECC_nistP256, ECC_nistP384,
// ECC_nistP256_AesGcm, ECC_nistP256_ChaChaPoly, ECC_curve25519 and
// ECC_curve448.
// Policy.ChannelKeys derives the symmetric keys of both directions from the
// OpenSecureChannel nonces (P_SHA256 or P_SHA1, §6.7.5). Sender.SetToken and
// Receiver.SetToken install them with a SecurityMode (Sign or
// SignAndEncrypt); SetAsymmetric installs the keys and certificates for OPN
// chunks, which with an RSA policy are always signed and encrypted.
//
// With an ECC policy the nonces are ephemeral public keys: each side makes
// an EphemeralKey (Policy.NewEphemeralKey), sends EphemeralKey.Nonce, and
// EphemeralKey.ChannelKeys derives the keys from the ECDH shared secret with
// HKDF (§6.8.1; DeriveECCKeys is the derivation alone). OPN chunks are
// signed with ECDSA (r || s; nistP256, nistP384), Ed25519 (curve25519) or
// Ed448 (curve448) and not encrypted, and sequence numbers follow the
// non-legacy rule: exactly one more per chunk, 4294967295 wrapping to 0. A
// peer nonce that is not a point of the curve, or for X25519 and X448 a
// point of low order, is ErrNonce.
//
// ECC_nistP256_AesGcm and ECC_nistP256_ChaChaPoly add the
// SecureChannelEnhancements of Part 6 1.05.07 (Policy.ChannelBound): MSG and
// CLO chunks are AES-128-GCM or ChaCha20-Poly1305 with a nonce per chunk
// from the IV, the TokenId and the previous sequence number; the first
// OPN response is signed over the request's signature too (Sender.BindOpen,
// Receiver.BindOpen, Message.Signature); the HKDF input is chained across
// renewals (EphemeralKey.ChainedChannelKeys). ECC_curve25519 and
// ECC_curve448 secure MSG and CLO chunks with ChaCha20-Poly1305 the same way
// (keyed in Sign mode with the derived signing key), without the binding.
//
// ChaCha20-Poly1305 comes from golang.org/x/crypto, X448 and Ed448 from
// github.com/cloudflare/circl; everything else from the standard library.
//
// The Receiver verifies the signature of every chunk, in constant time,
// before it looks at any decrypted field, and treats every failure (bad
// signature, partial cipher block, wrong padding, a chunk shorter than its
// signature) as ErrSecurityChecks (Bad_SecurityChecksFailed) without further
// detail. Certificate trust is the caller's business: the Receiver checks
// that the OPN chunk was signed by the key of the certificate it carries (and
// that this is the expected peer's certificate, if one is configured), and
// hands the certificate over in Message.Security.
//
// # Limits
//
// Limits holds the three numbers of Hello/Acknowledge: ChunkSize (the
// receive buffer size, at least 8192), MaxMessageSize and MaxChunkCount (0
// means no limit, as in OPC UA). A Sender refuses a body that exceeds the
// peer's limits before writing anything; a Receiver checks the chunk size
// from the header before reading the chunk, and the chunk count and body
// size as each chunk arrives, so it never holds more than MaxMessageSize
// bytes of body plus one chunk.
//
// # Errors
//
// Errors are *Error values (with the message type and byte offset) wrapping
// one of the sentinels ErrTruncated, ErrMalformed, ErrMessageType,
// ErrChunkTooLarge, ErrMessageTooLarge, ErrTooManyChunks, ErrChannelID,
// ErrTokenID, ErrSequenceNumber, ErrRequestID, ErrSecurityChecks, ErrPolicy,
// ErrCertificate, ErrNonce, ErrEndpointURL and ErrConfig; an abort chunk
// yields an *AbortError (the channel stays usable) and a UA TCP Error message
// an *ErrorMessage. StatusCode maps any of them to the OPC UA status code to
// send to the peer. All messages start with "chunk: ". No input makes the
// package panic.
//
// # Concurrency
//
// A Sender or Receiver belongs to one goroutine at a time (one per channel
// direction). Policies and package functions are safe for concurrent use.
package chunk
