package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// A message is one thing found in the input: a UA TCP message, a
// reassembled Secure Conversation message, a bare service message, or bytes
// that could not be parsed.
type message struct {
	Offset  int     // offset in the input of its first byte
	Kind    string  // HEL, ACK, ERR, RHE, OPN, MSG, CLO, "service message" or "unparsed"
	Chunks  []int   // offsets of its chunks (Secure Conversation)
	Size    int     // bytes it took in the input
	Header  *object // header fields: channel, token, sequence numbers, request id
	Fields  any     // the UA TCP message's fields, or the security header of OPN
	Service string  // name of the decoded service message type
	TypeID  string  // its encoding id
	Body    any     // the decoded service message, as a tree
	Value   any     // the decoded service message (a pointer to its Go value), printed by -json in OPC UA JSON
	Raw     []byte  // bytes shown raw: an unknown or undecodable body, or unparsed input
	Error   string  // what went wrong, with the offset
}

// isStream reports whether b starts like a UA TCP or Secure Conversation
// stream: a known message type and a chunk type.
func isStream(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	switch string(b[:3]) {
	case "HEL", "ACK", "ERR", "RHE", "OPN", "MSG", "CLO":
		return b[3] == 'F' || b[3] == 'C' || b[3] == 'A'
	}
	return false
}

// inspect splits the input into messages.
func inspect(b []byte, opts uabin.Options) []*message {
	if isStream(b) {
		return inspectStream(b, opts)
	}
	return inspectMessages(b, opts)
}

// inspectMessages decodes bare service messages, one after the other.
func inspectMessages(b []byte, opts uabin.Options) []*message {
	var out []*message
	for off := 0; off < len(b); {
		m := &message{Offset: off, Kind: "service message"}
		n := decodeBody(m, b[off:], contiguous(off), opts, true)
		out = append(out, m)
		if n == 0 {
			m.Size = len(b) - off // shown raw
			break
		}
		m.Size = n
		off += n
	}
	return out
}

// A locator maps an offset in a message body to the offset in the input.
type locator func(bodyOffset int) int

// contiguous locates a body that lies in the input from base on.
func contiguous(base int) locator { return func(o int) int { return base + o } }

// A segment is the part of a body that one chunk carried.
type segment struct{ body, input, n int }

// segmented locates a body reassembled from chunks.
func segmented(segs []segment) locator {
	return func(o int) int {
		for _, s := range segs {
			if o >= s.body && o < s.body+s.n {
				return s.input + o - s.body
			}
		}
		if len(segs) > 0 { // the end of the body
			last := segs[len(segs)-1]
			return last.input + last.n
		}
		return -1
	}
}

// decodeBody decodes one service message from the start of body into m and
// returns the bytes it used; if decoding fails, m gets the error and the
// bytes as Raw, and the result is 0. With prefix, only a prefix of body need
// be the message (several bare messages in a row).
func decodeBody(m *message, body []byte, at locator, opts uabin.Options, prefix bool) int {
	var v any
	var n int
	var err error
	if prefix {
		n, err = opts.DecodeMessage(body, &v)
	} else {
		err = opts.UnmarshalMessage(body, &v)
		n = len(body)
	}
	if id, ok := messageTypeID(body); ok {
		m.TypeID = id.String()
	}
	if err != nil {
		m.Error = describe(err, at)
		m.Raw = body
		return 0
	}
	m.Service = reflect.TypeOf(v).Elem().Name()
	m.Body = tree(reflect.ValueOf(v), 0)
	m.Value = v
	return n
}

// messageTypeID reads the NodeId in front of a service message.
func messageTypeID(body []byte) (types.NodeID, bool) {
	var id types.NodeID
	_, err := uabin.Decode(body, &id)
	return id, err == nil
}

// describe writes err with the input offset its own offset maps to.
func describe(err error, at locator) string {
	var de *uabin.DecodeError
	if errors.As(err, &de) {
		return fmt.Sprintf("%v (input offset %d)", err, at(de.Offset))
	}
	var ce *chunk.Error
	if errors.As(err, &ce) && ce.Offset >= 0 {
		return fmt.Sprintf("%v (input offset %d)", err, at(ce.Offset))
	}
	return err.Error()
}

// partial is a Secure Conversation message whose chunks are still arriving.
type partial struct {
	m    *message
	body []byte
	segs []segment
}

// inspectStream parses UA TCP messages and Secure Conversation chunks with
// SecurityPolicy None, reassembling multi-chunk MSG messages per channel
// and request id.
func inspectStream(b []byte, opts uabin.Options) []*message {
	var out []*message
	open := map[[2]uint32]*partial{} // by channel id and request id
	for off := 0; off < len(b); {
		rest := b[off:]
		h, err := chunk.ParseHeader(rest)
		if err == nil && int(h.Size) > len(rest) {
			err = fmt.Errorf("chunk: truncated input: %s chunk of %s, %d left", h.Type, plural(int(h.Size), "byte"), len(rest))
		}
		if err != nil {
			m := &message{Offset: off, Kind: "unparsed", Error: describe(err, contiguous(off))}
			// A header of an unknown type whose size field fits is
			// skipped; otherwise the rest of the input is shown raw.
			n := len(rest)
			if len(rest) >= chunk.HeaderSize {
				if size := int(binary.LittleEndian.Uint32(rest[4:8])); size >= chunk.HeaderSize && size <= len(rest) && !isKnownType(rest) {
					n = size
				}
			}
			m.Raw, m.Size = rest[:n], n
			out = append(out, m)
			off += n
			continue
		}
		c := rest[:h.Size]
		off += int(h.Size)
		switch h.Type {
		case chunk.TypeOpen, chunk.TypeMessage, chunk.TypeClose:
			if m := secureChunk(c, off-len(c), h, open, opts); m != nil {
				out = append(out, m)
			}
		default:
			out = append(out, tcpMessage(c, off-len(c), h))
		}
	}
	// Messages whose final chunk never came.
	for _, p := range open {
		p.m.Error = "the stream ended before the final chunk of this message"
		p.m.Raw = p.body
		out = append(out, p.m)
	}
	sortByOffset(out)
	return out
}

func isKnownType(b []byte) bool {
	switch string(b[:3]) {
	case "HEL", "ACK", "ERR", "RHE", "OPN", "MSG", "CLO":
		return true
	}
	return false
}

func sortByOffset(ms []*message) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].Offset < ms[j-1].Offset; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// tcpMessage parses a UA TCP message (HEL, ACK, ERR, RHE).
func tcpMessage(c []byte, off int, h chunk.Header) *message {
	m := &message{Offset: off, Kind: h.Type.String(), Size: len(c)}
	var v any
	var err error
	switch h.Type {
	case chunk.TypeHello:
		v, err = chunk.ParseHello(c)
	case chunk.TypeAcknowledge:
		v, err = chunk.ParseAcknowledge(c)
	case chunk.TypeError:
		var e chunk.ErrorMessage
		e, err = chunk.ParseErrorMessage(c)
		v = struct {
			Error  types.StatusCode
			Reason string
		}{types.StatusCode(e.Code), e.Reason}
	case chunk.TypeReverseHello:
		v, err = chunk.ParseReverseHello(c)
	}
	if err != nil {
		m.Error, m.Raw = describe(err, contiguous(off)), c
		return m
	}
	m.Fields = tree(reflect.ValueOf(v), 0)
	return m
}

// secureChunk parses an OPN, MSG or CLO chunk. It returns the message when
// the chunk completes one (or cannot be parsed), nil for an intermediate
// chunk.
func secureChunk(c []byte, off int, h chunk.Header, open map[[2]uint32]*partial, opts uabin.Options) *message {
	m := &message{Offset: off, Kind: h.Type.String(), Chunks: []int{off}, Size: len(c)}
	m.Header = (&object{}).add("ChannelId", uint64(h.ChannelID))
	pos := chunk.SecureHeaderSize
	if h.Type == chunk.TypeOpen {
		sec, n, err := chunk.ParseAsymmetricHeader(c[pos:])
		if err != nil {
			m.Error, m.Raw = describe(err, contiguous(off+pos)), c
			return m
		}
		m.Fields = (&object{}).
			add("SecurityPolicyUri", sec.SecurityPolicyURI).
			add("SenderCertificate", byteString(sec.SenderCertificate)).
			add("ReceiverCertificateThumbprint", byteString(sec.ReceiverCertificateThumbprint))
		pos += n
		if sec.SecurityPolicyURI != chunk.PolicyNone.URI {
			m.Error = "the chunk is signed and encrypted (policy " + sec.SecurityPolicyURI + "); only SecurityPolicy None can be shown decoded"
			m.Raw = c[pos:]
			return m
		}
	} else {
		if len(c) < pos+chunk.SymmetricHeaderSize {
			m.Error, m.Raw = fmt.Sprintf("chunk: truncated input: no TokenId (input offset %d)", off+pos), c
			return m
		}
		m.Header.add("TokenId", uint64(binary.LittleEndian.Uint32(c[pos:])))
		pos += chunk.SymmetricHeaderSize
	}
	seq, err := chunk.ParseSequenceHeader(c[pos:])
	if err != nil {
		m.Error, m.Raw = describe(err, contiguous(off+pos)), c
		return m
	}
	pos += chunk.SequenceHeaderSize
	m.Header.add("SequenceNumber", uint64(seq.SequenceNumber)).add("RequestId", uint64(seq.RequestID))
	body := c[pos:]

	key := [2]uint32{h.ChannelID, seq.RequestID}
	switch h.Chunk {
	case chunk.ChunkIntermediate:
		p := open[key]
		if p == nil {
			p = &partial{m: m}
			open[key] = p
		} else {
			p.m.Chunks = append(p.m.Chunks, off)
			p.m.Size += len(c)
		}
		p.segs = append(p.segs, segment{len(p.body), off + pos, len(body)})
		p.body = append(p.body, body...)
		return nil
	case chunk.ChunkAbort:
		if p := open[key]; p != nil {
			m.Chunks = append(p.m.Chunks, off)
			m.Offset, m.Size = p.m.Offset, p.m.Size+len(c)
			delete(open, key)
		}
		m.Kind += " (aborted)"
		var code uint32
		var reason string
		if len(body) >= 4 {
			code = binary.LittleEndian.Uint32(body)
			if _, err := uabin.Decode(body[4:], &reason); err != nil {
				m.Error = describe(err, contiguous(off+pos+4))
			}
		} else {
			m.Error = fmt.Sprintf("abort chunk body of %s has no status code (input offset %d)", plural(len(body), "byte"), off+pos)
		}
		m.Fields = (&object{}).add("Error", notation(types.StatusCode(code).String())).add("Reason", reason)
		return m
	}
	at := contiguous(off + pos)
	if p := open[key]; p != nil {
		delete(open, key)
		p.m.Chunks = append(p.m.Chunks, off)
		p.m.Size += len(c)
		p.m.Header = m.Header // with the final chunk's sequence number
		m = p.m
		at = segmented(append(p.segs, segment{len(p.body), off + pos, len(body)}))
		body = append(p.body, body...)
	}
	if decodeBody(m, body, at, opts, false) == 0 && h.Type != chunk.TypeOpen {
		m.Error += "; if the channel's SecurityPolicy is not None, the body is followed by a signature or encrypted, which inspect does not remove"
	}
	return m
}
