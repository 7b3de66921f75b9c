package pubsub

import (
	"encoding/binary"
	"strconv"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Flag bits of the UADP headers (Part 14 §7.2.4.4.2, §7.2.4.4.3, §7.2.4.5.4).
const (
	uadpVersion = 1

	flagPublisherID    = 0x10 // UADPFlags bit 4
	flagGroupHeader    = 0x20 // bit 5
	flagPayloadHeader  = 0x40 // bit 6
	flagExtendedFlags1 = 0x80 // bit 7

	ext1PublisherIDType = 0x07 // ExtendedFlags1 bits 0-2
	ext1DataSetClassID  = 0x08
	ext1Security        = 0x10
	ext1Timestamp       = 0x20
	ext1PicoSeconds     = 0x40
	ext1ExtendedFlags2  = 0x80

	ext2Chunk          = 0x01 // ExtendedFlags2 bit 0
	ext2PromotedFields = 0x02 // bit 1
	ext2TypeShift      = 2    // bits 2-4: NetworkMessage type
	ext2TypeMask       = 0x1c
	ext2Reserved       = 0xe0

	groupWriterGroupID        = 0x01 // GroupFlags
	groupGroupVersion         = 0x02
	groupNetworkMessageNumber = 0x04
	groupSequenceNumber       = 0x08
	groupReserved             = 0xf0

	secSigned        = 0x01 // SecurityFlags
	secEncrypted     = 0x02
	secFooter        = 0x04
	secForceKeyReset = 0x08
	secReserved      = 0xf0

	dsValid         = 0x01 // DataSetFlags1
	dsEncodingShift = 1
	dsEncodingMask  = 0x06
	dsSequence      = 0x08
	dsStatus        = 0x10
	dsMajorVersion  = 0x20
	dsMinorVersion  = 0x40
	dsFlags2        = 0x80

	ds2TypeMask    = 0x0f // DataSetFlags2
	ds2Timestamp   = 0x10
	ds2PicoSeconds = 0x20
	ds2Reserved    = 0xc0
)

// Encoder encodes NetworkMessages, signing and encrypting them as its
// Config's Security says. An Encoder is not safe for concurrent use (it keeps
// the MessageNonce sequence and scratch space); use one per goroutine.
type Encoder struct {
	cfg     Config
	writers writerTable
	vc      valueCodecs
	sec     *sealer
	off     *Offsets // recording offsets (Offsets), nil otherwise
	// rawSecurity makes an Encoder without Config.Security write
	// m.Security as it is (and no signature): for tests of the header
	// layout only (export_test.go).
	rawSecurity bool
}

// NewEncoder returns an Encoder for cfg.
func NewEncoder(cfg Config) (*Encoder, error) {
	e := &Encoder{cfg: cfg, writers: writerTable{list: append([]Writer(nil), cfg.Writers...)}}
	vc, err := newValueCodecs(&cfg)
	if err != nil {
		return nil, err
	}
	e.vc = vc
	if cfg.Security != nil && cfg.Security.Mode != SecurityNone {
		s, err := newSealer(cfg.Security)
		if err != nil {
			return nil, err
		}
		e.sec = s
	}
	return e, nil
}

// Marshal returns the encoding of m.
func (e *Encoder) Marshal(m *NetworkMessage) ([]byte, error) { return e.Append(nil, m) }

// Append appends the encoding of m to b. The security of the message comes
// from the Encoder's Config alone, never from m: with Config.Security set,
// Append fills m.Security (flags, token id, a fresh MessageNonce), encrypts
// the payload and SecurityFooter and appends the signature; without it,
// Append writes no SecurityHeader and sets m.Security to its zero value,
// whatever m.Security held, and refuses a SecurityFooter (only a secured
// message carries one) with ErrInvalid. A SecurityHeader is what signing
// makes true: taken from a reused value (a message another Encoder signed,
// or a Decoder filled) it would claim a signature that is not there, or
// repeat a MessageNonce, so after the call m.Security always describes the
// bytes written. On failure b is returned unchanged (with its original
// length) and the error is a *uabin.EncodeError with the field path.
func (e *Encoder) Append(b []byte, m *NetworkMessage) ([]byte, error) {
	out, err := e.append(b, m)
	return out, own(err)
}

func (e *Encoder) append(b []byte, m *NetworkMessage) ([]byte, error) {
	start := len(b)
	w := wire.Writer{Buf: b, EmptyStrings: e.vc.opts.EmptyStrings, MaxDepth: e.vc.opts.MaxDepth}
	if e.sec != nil {
		if err := e.sec.header(&m.Security); err != nil {
			return b[:start], err
		}
	} else if err := e.unsecured(m); err != nil {
		return b[:start], err
	}
	payload, footer, err := e.appendMessage(&w, m)
	if err != nil {
		return b[:start], err
	}
	if e.sec != nil {
		if err := e.sec.seal(&w, start, payload, footer, &m.Security); err != nil {
			return b[:start], err
		}
	}
	return w.Buf, nil
}

// unsecured readies m for an Encoder without Config.Security: no
// SecurityHeader (Append's doc says why), and no SecurityFooter.
func (e *Encoder) unsecured(m *NetworkMessage) error {
	if e.rawSecurity {
		return nil
	}
	if m.SecurityFooter != nil {
		return encodeError("NetworkMessage.SecurityFooter", wire.ErrInvalid, "a SecurityFooter of %d bytes: only a secured message carries one (Config.Security)", len(m.SecurityFooter))
	}
	m.Security = SecurityHeader{}
	return nil
}

// appendMessage writes m and returns the offsets where the payload and the
// security footer begin.
func (e *Encoder) appendMessage(w *wire.Writer, m *NetworkMessage) (payload, footerEnd int, err error) {
	c := m.Content
	if c&ContentGroupHeader == 0 {
		c &^= ContentWriterGroupID | ContentGroupVersion | ContentNetworkMessageNumber | ContentSequenceNumber
	}
	if m.Type > DiscoveryAnnouncement {
		return 0, 0, encodeError("NetworkMessage.Type", wire.ErrUnsupported, "NetworkMessage type %d", m.Type)
	}
	if m.Type != DataSetPayload && c&ContentPayloadHeader != 0 {
		return 0, 0, encodeError("NetworkMessage.Content", wire.ErrInvalid, "a discovery NetworkMessage has no PayloadHeader")
	}
	if c&ContentPublisherID != 0 && m.PublisherID.Type > PublisherIDString {
		return 0, 0, encodeError("NetworkMessage.PublisherID", wire.ErrInvalid, "PublisherId type %d is reserved", m.PublisherID.Type)
	}

	var ext2 byte
	if m.IsChunk {
		ext2 |= ext2Chunk
	}
	if c&ContentPromotedFields != 0 {
		ext2 |= ext2PromotedFields
	}
	ext2 |= byte(m.Type) << ext2TypeShift
	var ext1 byte
	if c&ContentPublisherID != 0 {
		ext1 |= byte(m.PublisherID.Type)
	}
	if c&ContentDataSetClassID != 0 {
		ext1 |= ext1DataSetClassID
	}
	if m.Security.Enabled {
		ext1 |= ext1Security
	}
	if c&ContentTimestamp != 0 {
		ext1 |= ext1Timestamp
	}
	if c&ContentPicoSeconds != 0 {
		ext1 |= ext1PicoSeconds
	}
	if ext2 != 0 {
		ext1 |= ext1ExtendedFlags2
	}
	flags := byte(uadpVersion)
	if c&ContentPublisherID != 0 {
		flags |= flagPublisherID
	}
	if c&ContentGroupHeader != 0 {
		flags |= flagGroupHeader
	}
	if c&ContentPayloadHeader != 0 {
		flags |= flagPayloadHeader
	}
	if ext1 != 0 {
		flags |= flagExtendedFlags1
	}
	w.Uint8(flags)
	if ext1 != 0 {
		w.Uint8(ext1)
		if ext2 != 0 {
			w.Uint8(ext2)
		}
	}
	if c&ContentPublisherID != 0 {
		switch m.PublisherID.Type {
		case PublisherIDByte:
			w.Uint8(uint8(m.PublisherID.Num))
		case PublisherIDUInt16:
			w.Uint16(uint16(m.PublisherID.Num))
		case PublisherIDUInt32:
			w.Uint32(uint32(m.PublisherID.Num))
		case PublisherIDUInt64:
			w.Uint64(m.PublisherID.Num)
		case PublisherIDString:
			w.Str(m.PublisherID.Str)
		}
	}
	if c&ContentDataSetClassID != 0 {
		appendGUID(w, m.DataSetClassID)
	}
	if c&ContentGroupHeader != 0 {
		var gf byte
		if c&ContentWriterGroupID != 0 {
			gf |= groupWriterGroupID
		}
		if c&ContentGroupVersion != 0 {
			gf |= groupGroupVersion
		}
		if c&ContentNetworkMessageNumber != 0 {
			gf |= groupNetworkMessageNumber
		}
		if c&ContentSequenceNumber != 0 {
			gf |= groupSequenceNumber
		}
		w.Uint8(gf)
		if gf&groupWriterGroupID != 0 {
			w.Uint16(m.WriterGroupID)
		}
		if gf&groupGroupVersion != 0 {
			e.mark(&e.offs().GroupVersion, w)
			w.Uint32(m.GroupVersion)
		}
		if gf&groupNetworkMessageNumber != 0 {
			e.mark(&e.offs().NetworkMessageNumber, w)
			w.Uint16(m.NetworkMessageNumber)
		}
		if gf&groupSequenceNumber != 0 {
			e.mark(&e.offs().SequenceNumber, w)
			w.Uint16(m.SequenceNumber)
		}
	}
	// PayloadHeader
	if c&ContentPayloadHeader != 0 {
		if m.IsChunk {
			w.Uint16(m.Chunk.WriterID)
		} else {
			n := len(m.Messages)
			if n == 0 || n > 255 {
				return 0, 0, encodeError("NetworkMessage.Messages", wire.ErrInvalid, "a PayloadHeader counts 1 to 255 DataSetMessages, not %d", n)
			}
			w.Uint8(uint8(n))
			for i := range m.Messages {
				w.Uint16(m.Messages[i].WriterID)
			}
		}
	}
	if c&ContentTimestamp != 0 {
		e.mark(&e.offs().Timestamp, w)
		w.Int64(int64(m.Timestamp))
	}
	if c&ContentPicoSeconds != 0 {
		e.mark(&e.offs().PicoSeconds, w)
		w.Uint16(m.PicoSeconds)
	}
	if c&ContentPromotedFields != 0 {
		at := len(w.Buf)
		w.Uint16(0)
		for i := range m.PromotedFields {
			b, err := e.vc.variant.Append(w.Buf, &m.PromotedFields[i])
			if err != nil {
				return 0, 0, wire.WithPath(err, "NetworkMessage.PromotedFields["+strconv.Itoa(i)+"]")
			}
			w.Buf = b
		}
		size := len(w.Buf) - at - 2
		if size > 0xffff {
			return 0, 0, encodeError("NetworkMessage.PromotedFields", wire.ErrLimitExceeded, "%d bytes of PromotedFields, a UInt16 size holds 65535", size)
		}
		binary.LittleEndian.PutUint16(w.Buf[at:], uint16(size))
	}
	if m.Security.Enabled {
		h := &m.Security
		var sf byte
		if h.Signed {
			sf |= secSigned
		}
		if h.Encrypted {
			sf |= secEncrypted
		}
		if m.SecurityFooter != nil {
			sf |= secFooter
		}
		if h.ForceKeyReset {
			sf |= secForceKeyReset
		}
		if h.NonceLen > MaxNonceLength {
			return 0, 0, encodeError("NetworkMessage.Security.Nonce", wire.ErrLimitExceeded, "MessageNonce of %d bytes", h.NonceLen)
		}
		if len(m.SecurityFooter) > 0xffff {
			return 0, 0, encodeError("NetworkMessage.SecurityFooter", wire.ErrLimitExceeded, "SecurityFooter of %d bytes", len(m.SecurityFooter))
		}
		w.Uint8(sf)
		w.Uint32(h.TokenID)
		w.Uint8(h.NonceLen)
		w.Raw(h.Nonce[:h.NonceLen])
		if m.SecurityFooter != nil {
			w.Uint16(uint16(len(m.SecurityFooter)))
		}
	}
	if err := w.Err(); err != nil {
		return 0, 0, err
	}
	payload = len(w.Buf)
	e.mark(&e.offs().Payload, w)
	var err2 error
	switch {
	case m.IsChunk:
		if len(m.Chunk.Data) == 0 {
			return 0, 0, encodeError("NetworkMessage.Chunk.Data", wire.ErrInvalid, "a chunk carries at least one byte")
		}
		appendChunk(w, &m.Chunk)
	case m.Type == DataSetPayload:
		err2 = e.appendPayload(w, m, c&ContentPayloadHeader != 0)
	case m.Type == DiscoveryProbe:
		err2 = e.appendProbe(w, m.Probe)
	case m.Type == DiscoveryAnnouncement:
		err2 = e.appendAnnouncement(w, m.Announcement)
	}
	if err2 != nil {
		return 0, 0, err2
	}
	if m.Security.Enabled && m.SecurityFooter != nil {
		w.Raw(m.SecurityFooter)
	}
	if err := w.Err(); err != nil {
		return 0, 0, err
	}
	return payload, len(w.Buf), nil
}

func appendGUID(w *wire.Writer, g types.GUID) {
	w.Uint32(g.Data1)
	w.Uint16(g.Data2)
	w.Uint16(g.Data3)
	w.Raw(g.Data4[:])
}

func appendChunk(w *wire.Writer, c *Chunk) {
	w.Uint16(c.MessageSequenceNumber)
	w.Uint32(c.Offset)
	w.Uint32(c.TotalSize)
	w.ByteString(c.Data)
}

// appendPayload writes the Sizes (with a PayloadHeader and more than one
// DataSetMessage) and the DataSetMessages.
func (e *Encoder) appendPayload(w *wire.Writer, m *NetworkMessage, header bool) error {
	n := len(m.Messages)
	if n == 0 || n > 255 {
		return encodeError("NetworkMessage.Messages", wire.ErrInvalid, "a NetworkMessage holds 1 to 255 DataSetMessages, not %d", n)
	}
	sizes := -1
	if header && n > 1 {
		sizes = len(w.Buf)
		for range n {
			w.Uint16(0)
		}
	}
	for i := range m.Messages {
		d := &m.Messages[i]
		wr := e.writers.find(d.WriterID)
		if !header && n > 1 && (wr == nil || wr.ConfiguredSize == 0) {
			return encodeError("NetworkMessage.Messages["+strconv.Itoa(i)+"]", wire.ErrInvalid,
				"without a PayloadHeader, several DataSetMessages need a ConfiguredSize each (writer %d)", d.WriterID)
		}
		at := len(w.Buf)
		if e.off != nil {
			e.off.Messages = append(e.off.Messages, MessageOffsets{Start: at, SequenceNumber: -1})
		}
		if err := e.appendDataSetMessage(w, d, wr); err != nil {
			return wire.WithPath(err, "NetworkMessage.Messages["+strconv.Itoa(i)+"]")
		}
		if sizes >= 0 {
			sz := len(w.Buf) - at
			if sz > 0xffff {
				return encodeError("NetworkMessage.Messages["+strconv.Itoa(i)+"]", wire.ErrLimitExceeded,
					"DataSetMessage of %d bytes, a UInt16 size holds 65535 (send it in chunks)", sz)
			}
			binary.LittleEndian.PutUint16(w.Buf[sizes+2*i:], uint16(sz))
		}
	}
	return nil
}

// AppendDataSetMessage appends the encoding of one DataSetMessage, as it is
// carried in a NetworkMessage payload or split into chunks.
func (e *Encoder) AppendDataSetMessage(b []byte, d *DataSetMessage) ([]byte, error) {
	start := len(b)
	w := wire.Writer{Buf: b, EmptyStrings: e.vc.opts.EmptyStrings, MaxDepth: e.vc.opts.MaxDepth}
	if err := e.appendDataSetMessage(&w, d, e.writers.find(d.WriterID)); err != nil {
		return b[:start], own(err)
	}
	return w.Buf, nil
}

func (e *Encoder) appendDataSetMessage(w *wire.Writer, d *DataSetMessage, wr *Writer) error {
	start := len(w.Buf)
	if d.Encoding > EncodingDataValue {
		return encodeError("Encoding", wire.ErrInvalid, "field encoding %d is reserved", d.Encoding)
	}
	if d.Type > KeepAlive {
		return encodeError("Type", wire.ErrInvalid, "DataSetMessage type %d is reserved", d.Type)
	}
	if d.Type == Event && d.Encoding != EncodingVariant {
		return encodeError("Encoding", wire.ErrInvalid, "Event DataSetMessages use the Variant field encoding (§7.2.4.5.7)")
	}
	var layout *Layout
	if wr != nil {
		layout = wr.Layout
	}
	if d.Encoding == EncodingRawData && (d.Type == KeyFrame || d.Type == DeltaFrame) && !d.Invalid && layout == nil && d.Raw == nil {
		return encodeError("Fields", wire.ErrInvalid, "RawData fields need the Layout of writer %d (Config.Writers)", d.WriterID)
	}
	valid := !d.Invalid
	e.appendDataSetHeader(w, d, valid)
	if valid {
		if err := e.appendFields(w, d, layout); err != nil {
			return err
		}
	}
	if wr != nil && wr.ConfiguredSize > 0 {
		size := len(w.Buf) - start
		if size > int(wr.ConfiguredSize) {
			// §6.3.1.3.3: a DataSetMessage larger than ConfiguredSize is
			// sent as an invalid message: the header only, padded.
			w.Buf = w.Buf[:start]
			e.appendDataSetHeader(w, d, false)
			size = len(w.Buf) - start
		}
		pad(w, int(wr.ConfiguredSize)-size)
	}
	return w.Err()
}

func (e *Encoder) appendDataSetHeader(w *wire.Writer, d *DataSetMessage, valid bool) {
	c := d.Content
	f1 := byte(d.Encoding) << dsEncodingShift
	if valid {
		f1 |= dsValid
	}
	if c&DataSetSequenceNumber != 0 {
		f1 |= dsSequence
	}
	if c&DataSetStatus != 0 {
		f1 |= dsStatus
	}
	if c&DataSetMajorVersion != 0 {
		f1 |= dsMajorVersion
	}
	if c&DataSetMinorVersion != 0 {
		f1 |= dsMinorVersion
	}
	f2 := byte(d.Type)
	if c&DataSetTimestamp != 0 {
		f2 |= ds2Timestamp
	}
	if c&DataSetPicoSeconds != 0 {
		f2 |= ds2PicoSeconds
	}
	if f2 != 0 {
		f1 |= dsFlags2
	}
	w.Uint8(f1)
	if f2 != 0 {
		w.Uint8(f2)
	}
	if c&DataSetSequenceNumber != 0 {
		if e.off != nil && len(e.off.Messages) > 0 {
			e.off.Messages[len(e.off.Messages)-1].SequenceNumber = len(w.Buf)
		}
		w.Uint16(d.SequenceNumber)
	}
	if c&DataSetTimestamp != 0 {
		w.Int64(int64(d.Timestamp))
	}
	if c&DataSetPicoSeconds != 0 {
		w.Uint16(d.PicoSeconds)
	}
	if c&DataSetStatus != 0 {
		w.Uint16(uint16(d.Status >> 16))
	}
	if c&DataSetMajorVersion != 0 {
		w.Uint32(d.MajorVersion)
	}
	if c&DataSetMinorVersion != 0 {
		w.Uint32(d.MinorVersion)
	}
}

func (e *Encoder) appendFields(w *wire.Writer, d *DataSetMessage, layout *Layout) error {
	switch d.Type {
	case KeepAlive:
		return nil
	case KeyFrame, Event:
		if d.Encoding == EncodingRawData {
			if layout == nil {
				w.Raw(d.Raw)
				return nil
			}
			if len(d.Fields) != len(layout.fields) {
				return encodeError("Fields", wire.ErrInvalid, "a RawData key frame has all %d fields of its layout, not %d", len(layout.fields), len(d.Fields))
			}
			for i := range d.Fields {
				if e.off != nil && len(e.off.Messages) > 0 {
					mo := &e.off.Messages[len(e.off.Messages)-1]
					mo.Fields = append(mo.Fields, len(w.Buf))
				}
				f, v := &layout.fields[i], &d.Fields[i].Value.Value
				if f.num > 0 && f.bt == v.Type() && !v.IsArray() {
					// a numeric scalar, the common case, without a call
					bits := v.Bits()
					if f.float {
						bits = canonicalNaN(f.bt, bits)
					}
					w.Buf = appendBits(w.Buf, f.num, bits)
					continue
				}
				f.appendRaw(w, &e.vc.opts, v)
				if err := w.Err(); err != nil {
					return wire.WithPath(err, "Fields["+strconv.Itoa(i)+"]")
				}
			}
			return nil
		}
		if len(d.Fields) > 0xffff {
			return encodeError("Fields", wire.ErrLimitExceeded, "%d fields, a UInt16 FieldCount holds 65535", len(d.Fields))
		}
		w.Uint16(uint16(len(d.Fields)))
		for i := range d.Fields {
			if err := e.appendValue(w, d.Encoding, &d.Fields[i].Value); err != nil {
				return wire.WithPath(err, "Fields["+strconv.Itoa(i)+"]")
			}
		}
	case DeltaFrame:
		if d.Encoding == EncodingRawData && layout == nil {
			w.Raw(d.Raw) // as the Decoder keeps it: FieldCount and fields
			return nil
		}
		if len(d.Fields) > 0xffff {
			return encodeError("Fields", wire.ErrLimitExceeded, "%d fields, a UInt16 FieldCount holds 65535", len(d.Fields))
		}
		w.Uint16(uint16(len(d.Fields)))
		for i := range d.Fields {
			f := &d.Fields[i]
			w.Uint16(f.Index)
			if d.Encoding == EncodingRawData {
				if int(f.Index) >= len(layout.fields) {
					return encodeError("Fields["+strconv.Itoa(i)+"].Index", wire.ErrInvalid, "field index %d, the layout has %d fields", f.Index, len(layout.fields))
				}
				layout.fields[f.Index].appendRaw(w, &e.vc.opts, &f.Value.Value)
				if err := w.Err(); err != nil {
					return wire.WithPath(err, "Fields["+strconv.Itoa(i)+"]")
				}
				continue
			}
			if err := e.appendValue(w, d.Encoding, &f.Value); err != nil {
				return wire.WithPath(err, "Fields["+strconv.Itoa(i)+"]")
			}
		}
	}
	return nil
}

func (e *Encoder) appendValue(w *wire.Writer, enc FieldEncoding, v *types.DataValue) error {
	if enc != EncodingDataValue && numericScalar(&v.Value) {
		// a numeric scalar Variant: its type id, then its bits (numeric.go)
		t := v.Value.Type()
		w.Buf = appendNumericBits(append(w.Buf, byte(t)), t, v.Value.Bits())
		return nil
	}
	var b []byte
	var err error
	if enc == EncodingDataValue {
		b, err = e.vc.dataValue.Append(w.Buf, v)
	} else {
		b, err = e.vc.variant.Append(w.Buf, &v.Value)
	}
	if err != nil {
		return err
	}
	w.Buf = b
	return nil
}

// Offsets are the byte offsets of the fields of one encoded NetworkMessage
// that a Subscriber of a fixed layout reads in place (Part 14 Annex A:
// the periodic fixed header layout), or that a Publisher patches before
// sending the next message. -1 means the field is absent.
type Offsets struct {
	GroupVersion, NetworkMessageNumber, SequenceNumber int
	Timestamp, PicoSeconds                             int
	// Payload is the first byte after the SecurityHeader.
	Payload int
	// Messages are the DataSetMessages of the payload.
	Messages []MessageOffsets
}

// MessageOffsets are the offsets within one DataSetMessage's NetworkMessage.
type MessageOffsets struct {
	Start          int   // DataSetFlags1
	SequenceNumber int   // DataSetMessageSequenceNumber, or -1
	Fields         []int // each RawData field of a key frame
}

// The header layouts of Part 14 Annex A, as NetworkContent and
// DataSetContent masks.
const (
	// PeriodicFixedNetworkContent is the NetworkMessage header of the
	// periodic fixed layout (A.2.1.4, UadpNetworkMessageContentMask
	// 0x3f): PublisherId, then a GroupHeader with WriterGroupId,
	// GroupVersion, NetworkMessageNumber and SequenceNumber.
	PeriodicFixedNetworkContent = ContentPublisherID | ContentGroupHeader | ContentWriterGroupID |
		ContentGroupVersion | ContentNetworkMessageNumber | ContentSequenceNumber
	// PeriodicFixedDataSetContent is its DataSetMessage header (A.2.1.7,
	// UadpDataSetMessageContentMask 0x24): DataSetMessageSequenceNumber
	// and Status, with RawData fields.
	PeriodicFixedDataSetContent = DataSetStatus | DataSetSequenceNumber
	// DynamicNetworkContent is the NetworkMessage header of the dynamic
	// layout (A.2.2.4, mask 0x41): PublisherId and PayloadHeader.
	DynamicNetworkContent = ContentPublisherID | ContentPayloadHeader
)

// Offsets encodes m as Append does (without signing it) and returns where
// its fields are. With a fixed layout (the same Content, PublisherId type,
// security and Layouts of fixed size) the offsets are the same for every
// message, so a Subscriber can read a field at its known offset.
func (e *Encoder) Offsets(m *NetworkMessage) (Offsets, error) {
	o := Offsets{GroupVersion: -1, NetworkMessageNumber: -1, SequenceNumber: -1, Timestamp: -1, PicoSeconds: -1, Payload: -1}
	e.off = &o
	defer func() { e.off = nil }()
	c := *m
	if e.sec != nil {
		c.Security = SecurityHeader{Enabled: true, Signed: true, Encrypted: e.sec.cfg.Mode == SecuritySignAndEncrypt, NonceLen: 8}
	} else if err := e.unsecured(&c); err != nil {
		return Offsets{}, own(err)
	}
	w := wire.Writer{EmptyStrings: e.vc.opts.EmptyStrings}
	if _, _, err := e.appendMessage(&w, &c); err != nil {
		return Offsets{}, own(err)
	}
	return o, nil
}

// offs returns the Offsets being recorded, or scratchOffsets, which mark
// never writes (it writes only while recording).
func (e *Encoder) offs() *Offsets {
	if e.off == nil {
		return &scratchOffsets
	}
	return e.off
}

var scratchOffsets Offsets

func (e *Encoder) mark(p *int, w *wire.Writer) {
	if e.off != nil {
		*p = len(w.Buf)
	}
}
