package jsonenc

// Writer and Reader give the tokenizer and the value codecs of this package
// to code that writes and reads a JSON framing of its own around OPC UA
// values: package pubsub's JSON NetworkMessages (Part 14 §7.2.5), whose
// objects have member names chosen at run time (the DataSet field names)
// and members present by content masks, which no structure plan describes.
// They add no rule of their own: every value goes through the codecs of
// this package, every string through the writer's escaping and the
// reader's checks, so the framing and the values follow one set of rules.
// Both are meant to be kept in a reused value (Reset before each use), so
// that a message costs no allocation.

import (
	"reflect"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Writer appends JSON text to a buffer.
type Writer struct {
	e encoder
}

// Reset starts writing after b with the options of c (its Encoding is the
// form of the values written with SetEncoding unset).
func (w *Writer) Reset(c *Config, b []byte) {
	w.e = encoder{b: b, t: c.tables(), enc: c.Encoding, indent: c.Indent, maxDepth: c.maxDepth()}
}

// Bytes returns the buffer with everything written so far.
func (w *Writer) Bytes() []byte { return w.e.b }

// SetEncoding sets the form of the values written next.
func (w *Writer) SetEncoding(enc Encoding) { w.e.enc = enc }

// Open appends '{' or '['.
func (w *Writer) Open(c byte) { w.e.open(c) }

// Close appends '}' or ']'; empty says whether nothing was written inside.
func (w *Writer) Close(c byte, empty bool) { w.e.close(c, empty) }

// Elem starts an array element (a comma unless first).
func (w *Writer) Elem(first bool) { w.e.elem(first) }

// Key starts an object member whose name is ASCII letters and digits.
func (w *Writer) Key(name string, first bool) { w.e.key(name, first) }

// KeyString starts an object member with any name, escaped as a JSON
// string; a name that is not UTF-8 is ErrInvalid.
func (w *Writer) KeyString(name string, first bool) error {
	w.e.elem(first)
	if err := w.e.str(name); err != nil {
		return err
	}
	w.e.b = append(w.e.b, ':')
	if w.e.indent != "" {
		w.e.b = append(w.e.b, ' ')
	}
	return nil
}

// String appends s as a JSON string ("" too: it is not the null String
// here); a string that is not UTF-8 is ErrInvalid.
func (w *Writer) String(s string) error { return w.e.str(s) }

// Uint appends v as a JSON number.
func (w *Writer) Uint(v uint64) { w.e.uint(v) }

// DateTime appends a DateTime (null for 0).
func (w *Writer) DateTime(t types.DateTime) { _ = encDateTime(&w.e, &t) }

// GUID appends a Guid.
func (w *Writer) GUID(g types.GUID) error { return encGUID(&w.e, &g) }

// StatusCode appends a StatusCode in the current form.
func (w *Writer) StatusCode(s types.StatusCode) error { return encStatusCode(&w.e, &s) }

// Variant appends a Variant in the current form (null for the null
// Variant).
func (w *Writer) Variant(v *types.Variant) error { return encVariant(&w.e, v) }

// VariantBody appends the value of a Variant alone, without its type: the
// RawData form of a DataSet field (Part 14 §7.2.5.4.2), the value as the
// NonReversible form writes it.
func (w *Writer) VariantBody(v *types.Variant) error {
	if err := w.e.enter(); err != nil {
		return err
	}
	err := w.e.variantBody(v)
	w.e.leave()
	return err
}

// DataValue appends a DataValue in the current form (null for the empty
// DataValue).
func (w *Writer) DataValue(v *types.DataValue) error { return encDataValue(&w.e, v) }

// Value appends v (a pointer to a value of a built-in or structure type)
// with its codec.
func (w *Writer) Value(v any) error { return w.e.top(v) }

// Reader reads JSON text.
type Reader struct {
	d decoder
}

// Reset starts reading b with the options and limits of c.
func (r *Reader) Reset(c *Config, b []byte) {
	r.d = decoder{data: b, t: c.tables(), lim: c.limits(), scratch: r.d.scratch[:0], idBuf: r.d.idBuf}
}

// Limits returns the resolved limits of the reader.
func (r *Reader) Limits() wire.Limits { return r.d.lim }

// Pos returns the offset of the cursor.
func (r *Reader) Pos() int { return r.d.pos }

// Peek skips white space and returns the next byte, 0 at the end.
func (r *Reader) Peek() byte { return r.d.peek() }

// Fail returns a *wire.DecodeError at offset off.
func (r *Reader) Fail(off int, kind error, format string, args ...any) error {
	return r.d.fail(off, kind, format, args...)
}

// Unexpected returns the error for a value of the wrong JSON kind at the
// cursor; want says what was expected ("a string").
func (r *Reader) Unexpected(want string) error { return r.d.unexpected(want) }

// Enter records one more nesting level for the value at off (MaxDepth).
func (r *Reader) Enter(off int) error { return r.d.enter(off) }

// Leave ends the level of Enter.
func (r *Reader) Leave() { r.d.leave() }

// Object consumes the '{' of an object (what names it in errors).
func (r *Reader) Object(what string) error { return r.d.object(what) }

// Member moves to the next member of the object: its unescaped name,
// valid until the next read, and the name's offset; ok is false after '}'.
func (r *Reader) Member(first bool) (name []byte, off int, ok bool, err error) {
	return r.d.member(first)
}

// Array consumes the '[' of an array.
func (r *Reader) Array(what string) error { return r.d.array(what) }

// Element moves to the next element of the array; ok is false after ']'.
func (r *Reader) Element(first bool) (bool, error) { return r.d.element(first) }

// Skip reads over one JSON value, checking it as strictly as decoded
// values (MaxDepth, names given twice).
func (r *Reader) Skip() error { return r.d.skip() }

// Null consumes a null literal if one is next and reports whether it did.
func (r *Reader) Null() (bool, error) { return r.d.null() }

// String reads a JSON string of at most limit bytes; old is returned when
// the text is the same (no allocation into a reused value).
func (r *Reader) String(old string, limit int) (string, error) { return r.d.string(old, limit) }

// Unsigned reads an integer in [0, hi]; what names its type in errors.
func (r *Reader) Unsigned(hi uint64, what string) (uint64, error) {
	return decUnsigned(&r.d, hi, what)
}

// DateTime reads a DateTime (null is 0).
func (r *Reader) DateTime(t *types.DateTime) error { return decDateTime(&r.d, t) }

// GUID reads a Guid.
func (r *Reader) GUID(g *types.GUID) error { return decGUID(&r.d, g) }

// StatusCode reads a StatusCode in any form (object or number).
func (r *Reader) StatusCode(s *types.StatusCode) error { return decStatusCode(&r.d, s) }

// Variant reads a Variant over v, reusing its storage.
func (r *Reader) Variant(v *types.Variant) error { return decVariant(&r.d, v) }

// DataValue reads a DataValue over v, reusing its storage.
func (r *Reader) DataValue(v *types.DataValue) error { return decDataValue(&r.d, v) }

// VariantValue reads the value of a Variant of built-in type t written
// without its type (the RawData form): a scalar, or an array of t.
func (r *Reader) VariantValue(v *types.Variant, t types.BuiltinType) error {
	if t < types.TypeBoolean || t > types.TypeDiagnosticInfo {
		return r.d.fail(r.d.pos, wire.ErrUnsupported, "no RawData form for built-in type %d", t)
	}
	if err := r.d.enter(r.d.pos); err != nil {
		return err
	}
	err := r.d.variantValue(v, t)
	r.d.leave()
	return err
}

// Value reads one value into the value v points to, with the codec of its
// type.
func (r *Reader) Value(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return r.d.fail(r.d.pos, wire.ErrUnsupported, "decoding needs a non-nil pointer, got %s", typeName(reflect.TypeOf(v)))
	}
	c, err := codecFor(rv.Type().Elem())
	if err != nil {
		return &wire.DecodeError{Offset: r.d.pos, Err: err.(*wire.EncodeError).Err}
	}
	return c.dec(&r.d, rv.UnsafePointer())
}

// End checks that nothing but white space follows the top-level value.
func (r *Reader) End() error { return r.d.end() }

// Release drops the input and a large scratch buffer, so that a Reader
// kept between messages holds no message alive.
func (r *Reader) Release() {
	r.d.data = nil
	if cap(r.d.scratch) > 1<<16 {
		r.d.scratch = nil
	}
}

// Names remembers the member names of one object that a Reader's caller
// did not take, to find a name given twice (Reader.Unknown).
type Names struct {
	s nameSet
}

// Unknown handles a member the caller does not take: its name must not have
// been given before in the object, and its value is skipped.
func (r *Reader) Unknown(n *Names, name []byte, off int) error { return r.d.unknown(&n.s, name, off) }

// Duplicate returns the error for a member name given twice.
func (r *Reader) Duplicate(off int, name []byte) error { return r.d.duplicate(off, name) }

// Seek moves the cursor to off, a position the Reader was at before.
func (r *Reader) Seek(off int) { r.d.pos = off }

// FromOptions returns the Config of a *uajson.Options; package uajson sets
// it at initialisation (the registry conversion lives there).
var FromOptions func(opts any) Config

// Raw appends b, which the caller has checked is one JSON value.
func (w *Writer) Raw(b []byte) { w.e.b = append(w.e.b, b...) }

// Add records a member name the caller takes (offset off), or fails if the
// object gave it before.
func (r *Reader) Add(n *Names, name []byte, off int) error { return n.s.add(&r.d, name, off) }

// QuotedUint appends v as a JSON string holding its decimal digits.
func (w *Writer) QuotedUint(v uint64) { w.e.uint64(v) }

// KeyQuoted starts an object member whose name is given as a JSON string
// with its quotes, escaped before (String of another Writer).
func (w *Writer) KeyQuoted(quoted []byte, first bool) { w.e.keyQuoted(quoted, first) }
