// Package uaclient is a minimal OPC UA client over UA TCP, built only from
// the uabin packages (uabin for the encoding, types for the service
// structures, chunk for UA TCP and Secure Conversation) and the standard
// library. It is the library behind the examples/client command and the
// interop tests; it shows how the pieces fit together rather than being a
// complete client stack.
//
// Dial connects, exchanges Hello/Acknowledge, opens a secure channel
// (SecurityPolicy None, or any RSA or ECC policy of package chunk with Sign
// or SignAndEncrypt), and creates and activates an anonymous session. With a
// policy other than None and no certificate given, Dial generates a
// self-signed client certificate (NewCertificate: RSA 2048; NewECCertificate:
// ECDSA on the ECC policy's curve) and fetches the server's
// certificate with GetEndpoints on a channel without security; CreateSession
// checks the server's signature over the client certificate and nonce, and
// ActivateSession sends the client's signature over the server certificate
// and nonce (Part 4 §5.6.2, §5.6.3).
//
// The Client then reads, browses (following continuation points), calls
// methods and writes, one request at a time; Do sends any other service
// request of package types. Close ends the session and the channel.
//
// Every error is an *Error with the operation, the OPC UA status code (the
// server's for ERR messages, ServiceFaults, bad ServiceResults and abort
// chunks; BadTimeout, BadNotConnected and so on for local failures) and the
// cause. Every request is bounded by Config.Timeout and its context, so
// nothing waits forever.
//
// With an ECC policy the client makes a new ephemeral key pair for every
// OpenSecureChannel (chunk.EphemeralKey), sends its public key as the
// ClientNonce and derives the channel keys from it and the ServerNonce; its
// sequence numbers start at 0. With ECC_nistP256_AesGcm it also binds the
// first OpenSecureChannel response to its request, chains the key
// derivation across renewals, and makes and checks the channel-bound session
// signatures (Part 4 1.05.07 §5.7.2, §5.7.3).
//
// The security token is renewed (OpenSecureChannel with RequestType Renew)
// before the first request after three quarters of its lifetime.
//
// Not done here: subscriptions, user name and certificate identity tokens, and checking the server certificate's trust
// chain (the certificate must be the one GetEndpoints returned).
package uaclient
