package chunk_test

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/uabin/uabin/chunk"
)

func ExampleHello_Append() {
	h := chunk.Hello{ReceiveBufferSize: 65535, SendBufferSize: 65535, EndpointURL: "opc.tcp://localhost:4840"}
	b, err := h.Append(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", b[:8])
	fmt.Println(len(b))
	// Output:
	// 48 45 4c 46 38 00 00 00
	// 56
}

// A message body split into two chunks with policy None: a full 8192-byte
// intermediate chunk and the final one.
func ExampleSender_Append() {
	s, err := chunk.NewSender(7, 1000, chunk.Limits{ChunkSize: 8192})
	if err != nil {
		panic(err)
	}
	if err := s.SetToken(1, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{}); err != nil {
		panic(err)
	}
	body := make([]byte, 8200)
	out, err := s.Append(nil, chunk.TypeMessage, 99, body)
	if err != nil {
		panic(err)
	}
	fmt.Println("body per chunk:", s.MaxBodySize(chunk.TypeMessage))
	fmt.Printf("first: % x\n", out[:24])
	fmt.Printf("last:  % x\n", out[8192:8192+24])
	// Output:
	// body per chunk: 8168
	// first: 4d 53 47 43 00 20 00 00 07 00 00 00 01 00 00 00 e8 03 00 00 63 00 00 00
	// last:  4d 53 47 46 38 00 00 00 07 00 00 00 01 00 00 00 e9 03 00 00 63 00 00 00
}

// Both ends of a channel derive their keys from the OpenSecureChannel
// nonces; the client's Sender and the server's Receiver use the client keys.
func ExampleReceiver_ReadMessage() {
	p := chunk.PolicyAes256Sha256RsaPss
	clientNonce := bytes.Repeat([]byte{1}, p.NonceLength)
	serverNonce := bytes.Repeat([]byte{2}, p.NonceLength)
	clientKeys, _, err := p.ChannelKeys(clientNonce, serverNonce)
	if err != nil {
		panic(err)
	}
	limits := chunk.Limits{ChunkSize: 8192, MaxMessageSize: 1 << 20}
	s, _ := chunk.NewSender(7, 1, limits)
	r, _ := chunk.NewReceiver(7, limits)
	s.SetToken(1, p, chunk.ModeSignAndEncrypt, clientKeys)
	r.SetToken(1, p, chunk.ModeSignAndEncrypt, clientKeys)

	var conn bytes.Buffer // a net.Conn in real life
	s.Write(&conn, chunk.TypeMessage, 5, []byte("a service request"))
	fmt.Println(conn.Len(), "bytes on the wire")
	m, err := r.ReadMessage(&conn)
	fmt.Printf("%s request %d: %q %v\n", m.Type, m.RequestID, m.Body, err)

	// A flipped bit fails the signature check.
	s.Write(&conn, chunk.TypeMessage, 6, []byte("another request"))
	conn.Bytes()[40] ^= 1
	_, err = r.ReadMessage(&conn)
	fmt.Println(errors.Is(err, chunk.ErrSecurityChecks), fmt.Sprintf("0x%08X", chunk.StatusCode(err)))
	// Output:
	// 80 bytes on the wire
	// MSG request 5: "a service request" <nil>
	// true 0x80130000
}

// The ECC key exchange of OpenSecureChannel (Part 6 §6.8): each side makes
// an ephemeral key, sends its public key as its nonce, and derives the same
// keys from the two nonces.
func ExampleEphemeralKey_ChannelKeys() {
	p := chunk.PolicyECCNistP256
	client, err := p.NewEphemeralKey(nil)
	if err != nil {
		panic(err)
	}
	server, err := p.NewEphemeralKey(nil)
	if err != nil {
		panic(err)
	}
	clientNonce, serverNonce := client.Nonce(), server.Nonce() // ClientNonce, ServerNonce
	c1, s1, err := client.ChannelKeys(clientNonce, serverNonce)
	if err != nil {
		panic(err)
	}
	c2, s2, err := server.ChannelKeys(clientNonce, serverNonce)
	if err != nil {
		panic(err)
	}
	fmt.Println("nonce bytes:", len(clientNonce))
	fmt.Println("same keys:", bytes.Equal(c1.SigningKey, c2.SigningKey) && bytes.Equal(s1.EncryptingKey, s2.EncryptingKey))
	fmt.Println("key lengths:", len(c1.SigningKey), len(c1.EncryptingKey), len(c1.IV))

	// A nonce that is not a point of the curve is refused.
	bad := append([]byte(nil), serverNonce...)
	bad[63] ^= 1
	_, _, err = client.ChannelKeys(clientNonce, bad)
	fmt.Println(errors.Is(err, chunk.ErrNonce), chunk.StatusCode(err) == chunk.StatusBadNonceInvalid)
	// Output:
	// nonce bytes: 64
	// same keys: true
	// key lengths: 32 16 16
	// true true
}
