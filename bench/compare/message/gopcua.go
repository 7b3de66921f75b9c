package message

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/gopcua/opcua/ua"
	"github.com/gopcua/opcua/uapolicy"
	"github.com/gopcua/opcua/uasc"
)

// The gopcua side. gopcua v0.8.0 frames, signs and reassembles only inside
// uasc.SecureChannel, which needs a live uacp.Conn; the steps themselves use
// public pieces, so this file runs the same steps, in the same order, on
// byte slices:
//
// Sending (SecureChannel.sendAsyncWithTimeout and channelInstance.newMessage,
// signAndEncrypt): a new uasc.Message with new headers per message;
// Message.EncodeChunks, which encodes the type id and the service into a
// ua.Buffer and copies it into one new buffer per chunk; then per chunk the
// sequence number patched (chunks after the first), MessageSize patched for
// the signature, uapolicy.EncryptionAlgorithm.Signature (a new HMAC per call)
// appended. Its maximum body per chunk is channelInstance.SetMaximumBodySize's
// formula, which keeps one byte free for a padding size byte even without
// encryption (8167 bytes per 8192-byte chunk where uabin puts 8168): the
// messages of Cases fit one chunk, so the streams are the same byte for
// byte; larger ones are split differently. The chunks are appended to one reused buffer where SecureChannel
// writes them to its connection.
//
// Receiving (SecureChannel.readChunk, channelInstance.verifyAndDecrypt,
// Receive, mergeChunks): per chunk uasc.Header.Decode and
// uasc.MessageChunk.Decode, a copy of the chunk, VerifySignature (a new HMAC),
// uasc.SequenceHeader.Decode; the parts merged. gopcua checks neither the
// sequence numbers nor the channel id on this path.
//
// Encoding the body alone is what EncodeChunks does first (ua.Buffer,
// WriteStruct of the type id and of the service); decoding the body alone
// reads the ExpandedNodeId and decodes the rest with ua.Decode into one
// reused value, as bench/compare's decode column does (gopcua's own
// SecureChannel calls ua.DecodeService, which allocates a new value per
// message; bench/compare's decode-new table measures that).

// gopcuaAlgorithms returns the symmetric algorithms of the sending and the
// receiving side of c under Basic256Sha256, derived by uapolicy from the
// same nonces as uabin's keys. uapolicy.Symmetric(uri, local, remote) signs
// with the keys derived for the local side.
func gopcuaAlgorithms(c *Case) (send, receive *uapolicy.EncryptionAlgorithm, err error) {
	uri := ua.SecurityPolicyURIBasic256Sha256
	client, server := clientNonce(), serverNonce()
	if c.Response {
		client, server = server, client // the server sends
	}
	if send, err = uapolicy.Symmetric(uri, client, server); err != nil {
		return nil, nil, err
	}
	receive, err = uapolicy.Symmetric(uri, server, client)
	return send, receive, err
}

// gopcuaRawBody is an already encoded service structure, which
// Message.EncodeChunks writes unchanged after the type id.
type gopcuaRawBody []byte

// Encode implements ua.BinaryEncoder.
func (b gopcuaRawBody) Encode() ([]byte, error) { return b, nil }

// gopcuaSymmetricHeaderSize is the message header (12 bytes) and the
// TokenId (4 bytes) before the sequence header of a MSG chunk.
const gopcuaSymmetricHeaderSize = 16

func newGopcuaPipeline[T any](c *Case, p Policy, want *T) (*Pipeline, error) {
	var send, receive *uapolicy.EncryptionAlgorithm
	var err error
	if p == Sign {
		if send, receive, err = gopcuaAlgorithms(c); err != nil {
			return nil, err
		}
	} else {
		if send, err = uapolicy.Symmetric(ua.SecurityPolicyURINone, nil, nil); err != nil {
			return nil, err
		}
		receive = send
	}
	// channelInstance.SetMaximumBodySize
	maxBodySize := uint32(send.PlaintextBlockSize()*((ChunkSize-gopcuaSymmetricHeaderSize-send.SignatureLength()-1)/send.BlockSize()) - 8)

	typeID := ua.NewFourByteExpandedNodeID(0, uint16(c.encodingID))
	pl := &Pipeline{}
	var (
		seq         = uint32(FirstSequence)
		body        []byte // what Encode produced (gopcua allocates it)
		streamBuf   []byte // the chunks as they would be written
		reassembled []byte
		got         = new(T)
		gotID       ua.ExpandedNodeID
	)
	encode := func() error {
		buf := ua.NewBuffer(nil)
		buf.WriteStruct(typeID)
		buf.WriteStruct(want)
		body = buf.Bytes()
		return buf.Error()
	}
	// sendMessage frames service (want, or the raw structure of a body)
	// as channelInstance.newMessage and sendAsyncWithTimeout do.
	sendMessage := func(service any) error {
		m := &uasc.Message{
			MessageHeader: &uasc.MessageHeader{
				Header:                  uasc.NewHeader(uasc.MessageTypeMessage, uasc.ChunkTypeFinal, ChannelID),
				SymmetricSecurityHeader: uasc.NewSymmetricSecurityHeader(TokenID),
				SequenceHeader:          uasc.NewSequenceHeader(seq, RequestID),
			},
			TypeID:  ua.NewFourByteExpandedNodeID(0, uint16(c.encodingID)),
			Service: service,
		}
		seq++
		chunks, err := m.EncodeChunks(maxBodySize)
		if err != nil {
			return err
		}
		streamBuf = streamBuf[:0]
		for i, b := range chunks {
			if i > 0 {
				binary.LittleEndian.PutUint32(b[16:], seq)
				seq++
			}
			if p == Sign {
				if b, err = gopcuaSign(m, send, b); err != nil {
					return err
				}
			}
			streamBuf = append(streamBuf, b...)
		}
		return nil
	}
	reassemble := func(src []byte) error {
		var parts []*uasc.MessageChunk
		for len(src) > 0 {
			h := new(uasc.Header)
			if len(src) < 12 {
				return errors.New("chunk stream: truncated header")
			}
			if _, err := h.Decode(src[:12]); err != nil {
				return err
			}
			if h.MessageSize < gopcuaSymmetricHeaderSize+8 || int(h.MessageSize) > len(src) {
				return fmt.Errorf("chunk stream: bad chunk size %d", h.MessageSize)
			}
			b := src[:h.MessageSize]
			src = src[h.MessageSize:]
			m := new(uasc.MessageChunk)
			if _, err := m.Decode(b); err != nil {
				return err
			}
			if p == Sign {
				data, err := gopcuaVerify(receive, b)
				if err != nil {
					return err
				}
				m.Data = data
			}
			n, err := m.SequenceHeader.Decode(m.Data)
			if err != nil {
				return err
			}
			m.Data = m.Data[n:]
			if m.ChunkType == 'C' {
				parts = append(parts, m)
				continue
			}
			if len(src) > 0 {
				return errors.New("chunk stream: bytes after the final chunk")
			}
			reassembled = gopcuaMerge(append(parts, m))
			return nil
		}
		return errors.New("chunk stream: no final chunk")
	}
	decode := func(b []byte) error {
		n, err := gotID.Decode(b)
		if err != nil {
			return err
		}
		if id := gotID.NodeID.IntID(); id != c.encodingID {
			return fmt.Errorf("type id %d, want %d", id, c.encodingID)
		}
		m, err := ua.Decode(b[n:], got)
		if err == nil && n+m != len(b) {
			err = fmt.Errorf("decoded %d of %d bytes", n+m, len(b))
		}
		return err
	}

	idSize := 4 // the FourByte type id before the structure
	pl.stages = [numStages]func() error{
		Encode:      encode,
		Frame:       func() error { return sendMessage(gopcuaRawBody(pl.body[idSize:])) },
		EncodeFrame: func() error { return sendMessage(want) },
		Reassemble:  func() error { return reassemble(pl.stream) },
		Decode:      func() error { return decode(pl.body) },
		ReassembleDecode: func() error {
			if err := reassemble(pl.stream); err != nil {
				return err
			}
			return decode(reassembled)
		},
	}
	pl.reset = func() { seq = FirstSequence }
	pl.encoded = func() []byte { return body }
	pl.framed = func() []byte { return streamBuf }
	pl.reassembled = func() []byte { return reassembled }
	pl.check = func() error { return sameGopcuaEncoding(want, got) }
	return pl, nil
}

// gopcuaSign is channelInstance.signAndEncrypt in mode Sign: MessageSize
// patched to include the signature, the signature of the whole chunk
// appended.
func gopcuaSign(m *uasc.Message, algo *uapolicy.EncryptionAlgorithm, b []byte) ([]byte, error) {
	size := uint32(len(b) + algo.SignatureLength())
	binary.LittleEndian.PutUint32(b[4:], size)
	m.Header.MessageSize = size
	sig, err := algo.Signature(b)
	if err != nil {
		return nil, err
	}
	b = append(b, sig...)
	// signAndEncrypt ends with append(b[:headerLength], p...), where p
	// is b[headerLength:]: a copy onto itself, kept for the same cost.
	p := b[gopcuaSymmetricHeaderSize:]
	return append(b[:gopcuaSymmetricHeaderSize], p...), nil
}

// gopcuaVerify is channelInstance.verifyAndDecrypt in mode Sign: the chunk
// copied, its signature verified, the data between the security header and
// the signature returned (sequence header first).
func gopcuaVerify(algo *uapolicy.EncryptionAlgorithm, r []byte) ([]byte, error) {
	b := make([]byte, len(r))
	copy(b, r)
	sigLen := algo.RemoteSignatureLength()
	if len(b) < gopcuaSymmetricHeaderSize+sigLen {
		return nil, ua.StatusBadSecurityChecksFailed
	}
	signed := b[:len(b)-sigLen]
	if err := algo.VerifySignature(signed, b[len(b)-sigLen:]); err != nil {
		return nil, ua.StatusBadSecurityChecksFailed
	}
	return signed[gopcuaSymmetricHeaderSize:], nil
}

// gopcuaMerge is uasc's mergeChunks: one chunk's data as it is, several
// appended into a new buffer (skipping repeated sequence numbers).
func gopcuaMerge(chunks []*uasc.MessageChunk) []byte {
	if len(chunks) == 1 {
		return chunks[0].Data
	}
	var b []byte
	var seq uint32
	for _, c := range chunks {
		if c.SequenceHeader.SequenceNumber == seq {
			continue
		}
		seq = c.SequenceHeader.SequenceNumber
		b = append(b, c.Data...)
	}
	return b
}

// sameGopcuaEncoding reports whether got encodes to the same bytes as want
// (gopcua values are pointer graphs with unexported fields).
func sameGopcuaEncoding(want, got any) error {
	w, err := ua.Encode(want)
	if err != nil {
		return fmt.Errorf("gopcua: encoding the original: %w", err)
	}
	g, err := ua.Encode(got)
	if err != nil {
		return fmt.Errorf("gopcua: encoding the decoded value: %w", err)
	}
	if !bytes.Equal(w, g) {
		return fmt.Errorf("gopcua: the decoded value %w", sameBytes("encodes differently:", w, g))
	}
	return nil
}
