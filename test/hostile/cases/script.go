package cases

import (
	"encoding/binary"
	"sort"
)

// Chunk scripts drive FuzzChunkReassembly. The fuzzer cannot forge HMACs,
// so instead of raw bytes it mutates a script that a well-behaved but
// hostile peer holding the keys follows: every chunk is sealed correctly
// (Seal), and the script then replays, reorders, drops, truncates and
// corrupts them, floods intermediate chunks and moves the sequence
// number. The first byte picks the mode (ChunkModes[b%len(ChunkModes)]); each following
// operation is one byte (op%OpCount) and its arguments.
const (
	OpSend    = iota // len16 piece8: a MSG of len16%20000 body bytes, pieces of (piece8+1)*64 bytes at most
	OpClose          // a CLO of 16 body bytes
	OpAbort          // an abort chunk for the last request
	OpSeq            // seq32: the next chunk gets sequence number seq32
	OpDup            // i8: append a copy of chunk i8%n
	OpSwap           // i8 j8: swap chunks i8%n and j8%n
	OpDrop           // i8: remove chunk i8%n
	OpFlip           // i8 pos16 x8: xor byte pos16%len of chunk i8%n with x8|1 (tampering)
	OpGarbage        // n8 bytes...: append n8 raw bytes as a chunk (tampering)
	OpPartial        // len16: the intermediate chunks of a MSG, never its final chunk
	OpCount
)

// Script is a chunk stream built from a script.
type Script struct {
	// Mode is the security mode, one of ChunkModes.
	Mode string
	// Stream is the bytes the Receiver reads.
	Stream []byte
	// Sent maps each request id to the body sent with it.
	Sent map[uint32][]byte
	// Pieces maps each request id to the bodies of its chunks, in order.
	Pieces map[uint32][][]byte
	// Tampered is set if a chunk was changed or invented after sealing
	// (OpFlip, OpGarbage).
	Tampered bool
	// Wrapped is set if a chunk was numbered above 4294966271, where
	// Part 6's legacy rule lets the next chunk carry any number below
	// 1024, so that chunks dropped there go unnoticed (finding 4).
	Wrapped bool
}

// MaxScriptStream bounds the stream a script builds.
const MaxScriptStream = 1 << 18

// RunScript builds the chunk stream described by script.
func RunScript(script []byte) Script {
	s := Script{Mode: "None", Sent: map[uint32][]byte{}, Pieces: map[uint32][][]byte{}}
	if len(script) == 0 {
		return s
	}
	s.Mode = ChunkModes[int(script[0])%len(ChunkModes)]
	p := script[1:]
	next := func(n int) []byte {
		if len(p) < n {
			p = nil
			return nil
		}
		b := p[:n]
		p = p[n:]
		return b
	}
	var chunks [][]byte
	size := 0
	seq, req := uint32(1000), uint32(0)
	full := MaxChunkBody(s.Mode, 8192)
	emit := func(c Chunk) {
		if c.Seq > 4294966271 {
			s.Wrapped = true
		}
		if c.Final != 'A' {
			s.Pieces[c.Req] = append(s.Pieces[c.Req], c.Body)
		}
		b := Seal(c)
		chunks = append(chunks, b)
		size += len(b)
		seq++
	}
	send := func(n, piece int, final bool) {
		req++
		body := pattern(n)
		s.Sent[req] = body
		for off := 0; ; off += piece {
			end := min(off+piece, n)
			last := end == n
			if last && !final {
				return
			}
			ft := byte('C')
			if last {
				ft = 'F'
			}
			emit(msg(s.Mode, ft, seq, req, body[off:end]))
			if last {
				return
			}
		}
	}
	for len(p) > 0 && size < MaxScriptStream {
		op := int(next(1)[0]) % OpCount
		switch op {
		case OpSend, OpPartial:
			a := next(2)
			piece := full
			if op == OpSend {
				pb := next(1)
				if pb == nil {
					return s.finish(chunks)
				}
				piece = min(full, (int(pb[0])+1)*64)
			}
			if a == nil {
				return s.finish(chunks)
			}
			send(int(binary.BigEndian.Uint16(a))%20000, piece, op == OpSend)
		case OpClose:
			req++
			s.Sent[req] = pattern(16)
			c := msg(s.Mode, 'F', seq, req, s.Sent[req])
			c.Type = "CLO"
			emit(c)
		case OpAbort:
			emit(msg(s.Mode, 'A', seq, req, abortBody(0x80B80000, "abort")))
		case OpSeq:
			a := next(4)
			if a == nil {
				return s.finish(chunks)
			}
			seq = binary.LittleEndian.Uint32(a)
		case OpDup, OpDrop:
			a := next(1)
			if a == nil || len(chunks) == 0 {
				continue
			}
			i := int(a[0]) % len(chunks)
			if op == OpDup {
				chunks = append(chunks, chunks[i])
				size += len(chunks[i])
			} else {
				chunks = append(chunks[:i:i], chunks[i+1:]...)
			}
		case OpSwap:
			a := next(2)
			if a == nil || len(chunks) == 0 {
				continue
			}
			i, j := int(a[0])%len(chunks), int(a[1])%len(chunks)
			chunks[i], chunks[j] = chunks[j], chunks[i]
		case OpFlip:
			a := next(4)
			if a == nil || len(chunks) == 0 {
				continue
			}
			c := chunks[int(a[0])%len(chunks)]
			if len(c) == 0 {
				continue
			}
			c = append([]byte(nil), c...)
			c[int(binary.BigEndian.Uint16(a[1:]))%len(c)] ^= a[3] | 1
			chunks[int(a[0])%len(chunks)] = c
			s.Tampered = true
		case OpGarbage:
			a := next(1)
			if a == nil {
				continue
			}
			g := next(min(int(a[0]), len(p)))
			chunks = append(chunks, append([]byte(nil), g...))
			size += len(g)
			s.Tampered = true
		}
	}
	return s.finish(chunks)
}

func (s Script) finish(chunks [][]byte) Script {
	for _, c := range chunks {
		s.Stream = append(s.Stream, c...)
	}
	return s
}

// chunkSeeds returns the seed scripts of FuzzChunkReassembly, by name.
func chunkSeeds() map[string][]byte {
	seeds := map[string][]byte{}
	for m, mode := range ChunkModes {
		mb := byte(m)
		add := func(name string, ops ...byte) { seeds[mode+"-"+name] = append([]byte{mb}, ops...) }
		add("one-message", OpSend, 0x00, 0x64, 0xff)
		add("multi-chunk", OpSend, 0x4e, 0x20, 0xff, OpSend, 0x01, 0x00, 0x03, OpClose)
		add("small-pieces", OpSend, 0x04, 0x00, 0x00)
		add("abort", OpPartial, 0x10, 0x00, OpAbort, OpSend, 0x00, 0x10, 0x01)
		add("replay", OpSend, 0x00, 0x40, 0xff, OpDup, 0x00)
		add("reorder", OpSend, 0x08, 0x00, 0x01, OpSwap, 0x00, 0x01)
		add("drop", OpSend, 0x08, 0x00, 0x01, OpDrop, 0x01)
		add("wrap", OpSeq, 0xf0, 0xff, 0xff, 0xff, OpSend, 0x08, 0x00, 0x01)
		add("flood", OpPartial, 0x4e, 0x20, OpPartial, 0x4e, 0x20)
		add("flip", OpSend, 0x00, 0x40, 0xff, OpFlip, 0x00, 0x00, 0x20, 0x01)
		add("drop-at-wrap", OpSeq, 0xff, 0xff, 0xff, 0xff, OpSend, 0x30, 0x30, 0x30, OpDrop, 0x31)
		add("garbage", OpSend, 0x00, 0x40, 0xff, OpGarbage, 0x10, 'M', 'S', 'G', 'F', 0x10, 0, 0, 0, 7, 0, 0, 0, 1, 0, 0, 0)
	}
	return seeds
}

// Seeds returns the seed corpora, by fuzz target and seed name: for
// FuzzDecodeAny every golden W1-W7 encoding (once with the fast paths on,
// once off) and every decoding case with an input of at most 4 KiB; for
// FuzzChunkReassembly the seed scripts.
func Seeds() (map[string]map[string][]byte, error) {
	gs, err := Goldens()
	if err != nil {
		return nil, err
	}
	dec := map[string][]byte{}
	for _, g := range gs {
		name := sanitize(g.Name)
		dec["seed-"+name] = FuzzInput(g.Target, false, g.Wire)
		dec["seed-"+name+"-plans"] = FuzzInput(g.Target, true, g.Wire)
	}
	for _, c := range decodeCases() {
		if len(c.Input) > 4096 {
			continue
		}
		dec["seed-"+c.Name] = FuzzInput(c.Target, false, c.Input)
	}
	ch := map[string][]byte{}
	names := []string{}
	for n := range chunkSeeds() {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		ch["seed-"+n] = chunkSeeds()[n]
	}
	return map[string]map[string][]byte{"FuzzDecodeAny": dec, "FuzzChunkReassembly": ch}, nil
}

func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '.':
		default:
			b[i] = '_'
		}
	}
	return string(b)
}
