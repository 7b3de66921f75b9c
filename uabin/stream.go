package uabin

import (
	"bytes"
	"errors"
	"io"

	"github.com/uabin/uabin/uabin/internal/engine"
)

// An Encoder writes OPC UA Binary values to a stream.
type Encoder struct {
	w   io.Writer
	buf []byte
	// Options apply to every Encode and EncodeMessage call.
	Options Options
}

// NewEncoder returns an Encoder writing to w with the default options.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w} }

// Encode writes the encoding of v to the stream, in one Write call. Its
// errors are those of Options.Append, and the io.Writer's as they are.
func (e *Encoder) Encode(v any) error { return e.encode(v, false) }

// EncodeMessage writes v as a service message (its binary encoding id,
// then its body) to the stream, in one Write call. Its errors are those of
// Options.AppendMessage, and the io.Writer's as they are.
func (e *Encoder) EncodeMessage(v any) error { return e.encode(v, true) }

func (e *Encoder) encode(v any, msg bool) error {
	b, err := e.Options.appendTop(e.buf[:0], v, msg)
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
	pos int   // stream offset of buf[0]
	err error // sticky read error
	// Options apply to every Decode and DecodeMessage call; MaxMessageSize
	// bounds the bytes buffered for one value.
	Options Options
}

// NewDecoder returns a Decoder reading from r with the default options.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{r: r} }

// Buffered returns the bytes read from the stream but not yet decoded.
func (d *Decoder) Buffered() io.Reader { return bytes.NewReader(d.buf[d.off:]) }

// InputOffset returns the stream offset of the next value: the number of
// bytes of the stream the values decoded so far took.
func (d *Decoder) InputOffset() int64 { return int64(d.pos + d.off) }

// Decode decodes the next value of the stream into the value v points to,
// as the package function Decode decodes the value at the start of a byte
// slice. Its errors are those of Options.Decode, with offsets counted from
// the start of the stream, and the io.Reader's as they are.
//
// It reads as many bytes as the value needs (buffering at most
// MaxMessageSize bytes). At the end of the stream it returns io.EOF if no
// byte of a new value was read; a stream that ends inside a value is a
// *DecodeError wrapping ErrTruncated.
//
// After an attempt that needs more bytes, Decode reads until it has at least
// twice as many (or the stream ends, or MaxMessageSize is reached) before it
// tries again, so a peer that sends one byte per Read costs a geometric
// series of attempts: time and memory stay linear in the value's size.
func (d *Decoder) Decode(v any) error { return d.decode(v, false) }

// DecodeMessage decodes the next service message of the stream into v, as
// the package function DecodeMessage does (v is a *T of a registered type
// or a *any); the rest is as for Decode.
func (d *Decoder) DecodeMessage(v any) error { return d.decode(v, true) }

func (d *Decoder) decode(v any, msg bool) error {
	max := d.Options.MessageSize()
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
		o := &d.Options
		if o.ShareInput { // the buffer is reused: values must not point into it
			copied := *o
			copied.ShareInput = false
			o = &copied
		}
		n, err := o.consumeTop(avail, v, false, msg)
		if err == nil {
			d.off += n
			return nil
		}
		base := d.pos + d.off
		if !errors.Is(err, ErrTruncated) {
			return streamError(err, base)
		}
		if len(avail) >= max {
			engine.TooLarge(err, max)
			return streamError(err, base)
		}
		if d.err != nil {
			if d.err == io.EOF {
				return streamError(err, base)
			}
			return d.err
		}
		want = min(2*len(avail), max)
	}
}

// streamError moves the offset of a *DecodeError of a value that starts
// at stream offset base to the offset in the stream.
func streamError(err error, base int) error {
	if de, ok := err.(*DecodeError); ok {
		de.Offset += base
	}
	return err
}

// fill makes room for want bytes (at least 512, at most limit) and reads
// once from the stream.
func (d *Decoder) fill(want, limit int) {
	if d.off > 0 {
		n := copy(d.buf, d.buf[d.off:])
		d.buf = d.buf[:n]
		d.pos += d.off
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
