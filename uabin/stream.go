package uabin

import (
	"bytes"
	"errors"
	"io"

	"github.com/uabin/uabin/uabin/wire"
)

// An Encoder writes OPC UA Binary values to a stream.
type Encoder struct {
	w   io.Writer
	buf []byte
	// Options apply to every Encode call.
	Options Options
}

// NewEncoder returns an Encoder writing to w with the default options.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w} }

// Encode writes the encoding of v to the stream, in one Write call. Its
// errors are those of Options.Append, and the io.Writer's as they are.
func (e *Encoder) Encode(v any) error {
	b, err := e.Options.Append(e.buf[:0], v)
	if err != nil {
		return err
	}
	e.buf = b[:0]
	_, err = e.w.Write(b)
	return err
}

// A Decoder reads OPC UA Binary values from a stream. It reads ahead in
// chunks, so it may consume bytes of the stream beyond the value it
// returns; Buffered returns them.
type Decoder struct {
	r   io.Reader
	buf []byte // buf[off:] holds read but not yet decoded bytes
	off int
	err error // sticky read error
	// Options apply to every Decode call; MaxMessageSize bounds the bytes
	// buffered for one value.
	Options Options
}

// NewDecoder returns a Decoder reading from r with the default options.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{r: r} }

// Buffered returns the bytes read from the stream but not yet decoded.
func (d *Decoder) Buffered() io.Reader { return bytes.NewReader(d.buf[d.off:]) }

// Decode decodes the next value of the stream into the value v points to,
// as the package function Decode decodes the value at the start of a byte
// slice. Its errors are those of Options.Decode, and the io.Reader's as
// they are.
// It reads as many bytes as the value needs (buffering at most
// MaxMessageSize bytes). At the end of the stream it returns io.EOF if no
// byte of a new value was read, and io.ErrUnexpectedEOF if the stream ends
// inside a value.
//
// After an attempt that needs more bytes, Decode reads until it has at least
// twice as many (or the stream ends, or MaxMessageSize is reached) before it
// tries again, so a peer that sends one byte per Read costs a geometric
// series of attempts: time and memory stay linear in the value's size.
func (d *Decoder) Decode(v any) error {
	max := d.Options.messageLimit()
	want := 1 // bytes to have buffered before the next attempt
	for {
		for len(d.buf)-d.off < want && d.err == nil {
			d.fill(want, max)
		}
		avail := d.buf[d.off:]
		if len(avail) == 0 {
			if d.err != nil {
				return d.err
			}
			continue
		}
		n, err := d.Options.Decode(avail, v)
		if err == nil {
			d.off += n
			return nil
		}
		if !errors.Is(err, ErrTruncated) {
			return err
		}
		if len(avail) >= max {
			return &DecodeError{Offset: len(avail), Err: wire.Errorf(ErrLimitExceeded, "value larger than MaxMessageSize (%d bytes)", max)}
		}
		if d.err != nil {
			if d.err == io.EOF {
				return io.ErrUnexpectedEOF
			}
			return d.err
		}
		want = min(2*len(avail), max)
	}
}

// fill makes room for want bytes (at least 512, at most limit) and reads
// once from the stream.
func (d *Decoder) fill(want, limit int) {
	if d.off > 0 {
		n := copy(d.buf, d.buf[d.off:])
		d.buf = d.buf[:n]
		d.off = 0
	}
	size := min(max(want, 512), limit)
	if cap(d.buf) < size {
		nb := make([]byte, len(d.buf), size)
		copy(nb, d.buf)
		d.buf = nb
	}
	if len(d.buf) == cap(d.buf) {
		return
	}
	n, err := d.r.Read(d.buf[len(d.buf):cap(d.buf)])
	d.buf = d.buf[:len(d.buf)+n]
	if err != nil {
		d.err = err
	}
}
