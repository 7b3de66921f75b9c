package pubsub

import (
	"crypto/hmac"
	"encoding/binary"
	"strconv"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Decoder decodes NetworkMessages, verifying and decrypting them as its
// Config's Security says. A Decoder is not safe for concurrent use (it keeps
// the replay windows and scratch space); use one per goroutine.
type Decoder struct {
	cfg     Config
	lim     Limits
	vlim    wire.Limits
	writers writerTable
	vc      valueCodecs
	open    *opener
	scratch []byte
}

// NewDecoder returns a Decoder for cfg.
func NewDecoder(cfg Config) (*Decoder, error) {
	d := &Decoder{cfg: cfg, lim: cfg.Limits.Resolved(), writers: writerTable{list: append([]Writer(nil), cfg.Writers...)}}
	d.vlim = d.lim.Values
	vc, err := newValueCodecs(&cfg)
	if err != nil {
		return nil, err
	}
	d.vc = vc
	if cfg.Security != nil {
		o, err := newOpener(cfg.Security)
		if err != nil {
			return nil, err
		}
		d.open = o
	}
	return d, nil
}

// headerInfo records where the parts of a NetworkMessage are.
type headerInfo struct {
	promoted, promotedEnd int // PromotedFields bytes, not yet decoded
	payload               int // first byte after the SecurityHeader
	footer                int // SecurityFooterSize
	hasFooter             bool
	count                 int // DataSetMessages announced by the PayloadHeader
}

const pathNM = "NetworkMessage"

// Decode decodes the NetworkMessage in b into m, reusing the memory m holds
// (its Messages, their Fields, strings equal to the ones held). b is not
// modified and m does not alias it after the call. A signed message is
// verified, and checked for replay, before anything after its headers is
// decoded; a message with less security than Config.Security.Mode is refused
// with ErrSecurity. Errors are *uabin.DecodeError values.
func (d *Decoder) Decode(b []byte, m *NetworkMessage) error { return own(d.decode(b, m)) }

func (d *Decoder) decode(b []byte, m *NetworkMessage) error {
	if len(b) > d.lim.MaxMessageSize {
		return decodeError(0, pathNM, wire.ErrLimitExceeded, "NetworkMessage of %d bytes, MaxMessageSize %d", len(b), d.lim.MaxMessageSize)
	}
	var r wire.Reader
	r.Init(b, &d.vlim)
	var h headerInfo
	d.consumeHeader(&r, m, &h)
	if err := r.Err(); err != nil {
		return wire.WithPath(err, pathNM)
	}
	b, err := d.verify(b, m, &h)
	if err != nil {
		return err
	}
	// Decode what the signature covers, over the (decrypted) bytes.
	end := len(b)
	if h.hasFooter {
		if end-h.payload < h.footer {
			return decodeError(h.payload, pathNM+".SecurityFooter", wire.ErrTruncated, "SecurityFooterSize %d, %d bytes left", h.footer, end-h.payload)
		}
		end -= h.footer
		m.SecurityFooter = append(m.SecurityFooter[:0], b[end:]...)
	} else {
		m.SecurityFooter = nil
	}
	r = wire.Reader{}
	r.Init(b[:end], &d.vlim)
	if h.promotedEnd > h.promoted {
		r.Raw(h.promoted)
		d.consumePromoted(&r, b, m, h.promotedEnd)
	} else {
		m.PromotedFields = m.PromotedFields[:0]
	}
	r = wire.Reader{}
	r.Init(b[:end], &d.vlim)
	r.Raw(h.payload)
	switch {
	case m.IsChunk:
		m.Messages = m.Messages[:0]
		c := &m.Chunk
		c.MessageSequenceNumber = r.Uint16()
		c.Offset = r.Uint32()
		c.TotalSize = r.Uint32()
		start := r.Offset()
		data := r.ByteStringRaw()
		if r.Err() == nil && len(data) == 0 {
			r.FailAt(start, wire.ErrInvalid, "null or empty ChunkData")
		}
		c.Data = append(c.Data[:0], data...)
		if r.Err() == nil && r.Remaining() != 0 {
			r.Failf(wire.ErrInvalid, "%d bytes after the ChunkData", r.Remaining())
		}
		if err := r.Err(); err != nil {
			return wire.WithPath(err, pathNM+".Chunk")
		}
	case m.Type == DataSetPayload:
		if err := d.consumePayload(&r, b[:end], m, &h); err != nil {
			return err
		}
	case m.Type == DiscoveryProbe:
		m.Messages = m.Messages[:0]
		d.consumeProbe(&r, b[:end], m)
	case m.Type == DiscoveryAnnouncement:
		m.Messages = m.Messages[:0]
		d.consumeAnnouncement(&r, b[:end], m)
	}
	if err := r.Err(); err != nil {
		return wire.WithPath(err, pathNM)
	}
	if r.Remaining() != 0 {
		return decodeError(r.Offset(), pathNM, wire.ErrInvalid, "%d bytes after the payload", r.Remaining())
	}
	return nil
}

// consumeHeader reads the headers up to the end of the SecurityHeader,
// skipping the PromotedFields.
func (d *Decoder) consumeHeader(r *wire.Reader, m *NetworkMessage, h *headerInfo) {
	flags := r.Uint8()
	if r.Err() != nil {
		return
	}
	if v := flags & 0x0f; v != uadpVersion {
		r.FailAt(0, wire.ErrUnsupported, "UADPVersion %d (only 1 is defined)", v)
		return
	}
	var ext1, ext2 byte
	if flags&flagExtendedFlags1 != 0 {
		ext1 = r.Uint8()
		if ext1&ext1ExtendedFlags2 != 0 {
			at := r.Offset()
			ext2 = r.Uint8()
			if ext2&ext2Reserved != 0 {
				r.FailAt(at, wire.ErrInvalid, "reserved ExtendedFlags2 bits %#02x", ext2&ext2Reserved)
				return
			}
		}
	}
	var c NetworkContent
	m.Type = NetworkMessageType((ext2 & ext2TypeMask) >> ext2TypeShift)
	if m.Type > DiscoveryAnnouncement {
		r.FailAt(2, wire.ErrUnsupported, "NetworkMessage type %d", m.Type)
		return
	}
	m.IsChunk = ext2&ext2Chunk != 0
	if flags&flagPublisherID != 0 {
		c |= ContentPublisherID
		at := r.Offset()
		t := PublisherIDType(ext1 & ext1PublisherIDType)
		old := m.PublisherID.Str
		m.PublisherID = PublisherID{Type: t}
		switch t {
		case PublisherIDByte:
			m.PublisherID.Num = uint64(r.Uint8())
		case PublisherIDUInt16:
			m.PublisherID.Num = uint64(r.Uint16())
		case PublisherIDUInt32:
			m.PublisherID.Num = uint64(r.Uint32())
		case PublisherIDUInt64:
			m.PublisherID.Num = r.Uint64()
		case PublisherIDString:
			m.PublisherID.Str = r.StrOver(old)
		default:
			r.FailAt(at, wire.ErrInvalid, "PublisherId type %d is reserved", t)
			return
		}
	} else {
		m.PublisherID = PublisherID{}
	}
	if ext1&ext1DataSetClassID != 0 {
		c |= ContentDataSetClassID
		m.DataSetClassID.Data1 = r.Uint32()
		m.DataSetClassID.Data2 = r.Uint16()
		m.DataSetClassID.Data3 = r.Uint16()
		copy(m.DataSetClassID.Data4[:], r.Raw(8))
	} else {
		m.DataSetClassID = types.GUID{}
	}
	m.WriterGroupID, m.GroupVersion, m.NetworkMessageNumber, m.SequenceNumber = 0, 0, 0, 0
	if flags&flagGroupHeader != 0 {
		c |= ContentGroupHeader
		at := r.Offset()
		gf := r.Uint8()
		if gf&groupReserved != 0 {
			r.FailAt(at, wire.ErrInvalid, "reserved GroupFlags bits %#02x", gf&groupReserved)
			return
		}
		if gf&groupWriterGroupID != 0 {
			c |= ContentWriterGroupID
			m.WriterGroupID = r.Uint16()
		}
		if gf&groupGroupVersion != 0 {
			c |= ContentGroupVersion
			m.GroupVersion = r.Uint32()
		}
		if gf&groupNetworkMessageNumber != 0 {
			c |= ContentNetworkMessageNumber
			m.NetworkMessageNumber = r.Uint16()
		}
		if gf&groupSequenceNumber != 0 {
			c |= ContentSequenceNumber
			m.SequenceNumber = r.Uint16()
		}
	}
	m.Chunk.WriterID = 0
	if flags&flagPayloadHeader != 0 {
		c |= ContentPayloadHeader
		at := r.Offset()
		switch {
		case m.IsChunk:
			m.Chunk.WriterID = r.Uint16()
		case m.Type != DataSetPayload:
			r.FailAt(at, wire.ErrInvalid, "a discovery NetworkMessage has no PayloadHeader")
			return
		default:
			n := int(r.Uint8())
			if r.Err() != nil {
				return
			}
			if n == 0 {
				r.FailAt(at, wire.ErrInvalid, "PayloadHeader Count 0 (at least one DataSetMessage)")
				return
			}
			if n > d.lim.MaxDataSetMessages {
				r.FailAt(at, wire.ErrLimitExceeded, "%d DataSetMessages, MaxDataSetMessages %d", n, d.lim.MaxDataSetMessages)
				return
			}
			if 2*n > r.Remaining() {
				r.FailAt(at, wire.ErrTruncated, "PayloadHeader of %d DataSetWriterIds, %d bytes left", n, r.Remaining())
				return
			}
			m.Messages = growMessages(m.Messages, n)
			for i := range n {
				m.Messages[i].WriterID = r.Uint16()
			}
			h.count = n
		}
	}
	m.Timestamp, m.PicoSeconds = 0, 0
	if ext1&ext1Timestamp != 0 {
		c |= ContentTimestamp
		m.Timestamp = types.DateTime(r.Int64())
	}
	if ext1&ext1PicoSeconds != 0 {
		c |= ContentPicoSeconds
		m.PicoSeconds = r.Uint16()
	}
	if ext2&ext2PromotedFields != 0 {
		c |= ContentPromotedFields
		at := r.Offset()
		size := int(r.Uint16())
		if r.Err() == nil && size > r.Remaining() {
			r.FailAt(at, wire.ErrTruncated, "PromotedFields of %d bytes, %d left", size, r.Remaining())
			return
		}
		h.promoted = r.Offset()
		r.Raw(size)
		h.promotedEnd = r.Offset()
	}
	m.Content = c
	m.Security = SecurityHeader{}
	if ext1&ext1Security != 0 {
		s := &m.Security
		s.Enabled = true
		at := r.Offset()
		sf := r.Uint8()
		if sf&secReserved != 0 {
			r.FailAt(at, wire.ErrInvalid, "reserved SecurityFlags bits %#02x", sf&secReserved)
			return
		}
		s.Signed = sf&secSigned != 0
		s.Encrypted = sf&secEncrypted != 0
		s.ForceKeyReset = sf&secForceKeyReset != 0
		s.TokenID = r.Uint32()
		at = r.Offset()
		n := r.Uint8()
		if n > MaxNonceLength {
			r.FailAt(at, wire.ErrLimitExceeded, "MessageNonce of %d bytes, at most %d", n, MaxNonceLength)
			return
		}
		s.NonceLen = n
		copy(s.Nonce[:], r.Raw(int(n)))
		if sf&secFooter != 0 {
			h.hasFooter = true
			h.footer = int(r.Uint16())
		}
	}
	h.payload = r.Offset()
}

// verify checks the security of a message whose headers are read: the
// security mode, the signature (in constant time), the replay window; and
// returns the bytes to decode: b without the signature, decrypted.
func (d *Decoder) verify(b []byte, m *NetworkMessage, h *headerInfo) ([]byte, error) {
	s := &m.Security
	want := SecurityNone
	if d.cfg.Security != nil && d.cfg.Security.Mode != 0 {
		want = d.cfg.Security.Mode
	}
	if !s.Enabled || !s.Signed {
		if s.Enabled && s.Encrypted {
			return nil, securityError(h.payload, "encrypted but not signed")
		}
		if s.Enabled {
			// A SecurityHeader is there for Sign and SignAndEncrypt,
			// which sign: one that does not is no message an Encoder
			// writes, and would not come back as it came.
			return nil, securityError(h.payload, "a SecurityHeader that does not say signed")
		}
		if want >= SecuritySign {
			return nil, securityError(0, "message not signed, SecurityMode %v required", want)
		}
		return b, nil
	}
	if want == SecuritySignAndEncrypt && !s.Encrypted {
		return nil, securityError(h.payload, "message not encrypted, SecurityMode SignAndEncrypt required")
	}
	if d.open == nil || d.open.cfg.Keys == nil {
		return nil, securityError(h.payload, "signed message, no keys configured")
	}
	pol := d.open.cfg.Keys.Policy()
	sigLen := pol.SignatureLen
	if len(b)-h.payload < sigLen {
		return nil, securityError(h.payload, "the SecurityHeader says signed, but the %d bytes after it are fewer than the %d-byte signature of %s: the message may not be signed at all", len(b)-h.payload, sigLen, pol.URI)
	}
	st, ok := d.open.state(s.TokenID)
	if !ok {
		return nil, securityError(h.payload, "unknown SecurityTokenId %d", s.TokenID)
	}
	body := b[:len(b)-sigLen]
	if !hmac.Equal(st.sign(body), b[len(body):]) {
		return nil, securityError(len(body), "signature does not match")
	}
	if int(s.NonceLen) != pol.MessageNonceLen {
		return nil, securityError(h.payload, "MessageNonce of %d bytes, %s uses %d", s.NonceLen, pol.URI, pol.MessageNonceLen)
	}
	seq := binary.LittleEndian.Uint32(s.Nonce[4:8])
	if !d.open.checkReplay(m.PublisherID, s.TokenID, seq) {
		return nil, &wire.DecodeError{Offset: h.payload - int(s.NonceLen), Path: pathNM + ".Security.Nonce", Err: ErrReplay}
	}
	if !s.Encrypted {
		return body, nil
	}
	d.scratch = append(d.scratch[:0], body...)
	ctr(st.key.block, st.key.KeyNonce, s.Nonce[:8], d.scratch[h.payload:])
	return d.scratch, nil
}

func (d *Decoder) consumePromoted(r *wire.Reader, b []byte, m *NetworkMessage, end int) {
	m.PromotedFields = m.PromotedFields[:0]
	for r.Err() == nil && r.Offset() < end {
		if len(m.PromotedFields) >= d.lim.MaxPromotedFields {
			r.Failf(wire.ErrLimitExceeded, "more than MaxPromotedFields %d", d.lim.MaxPromotedFields)
			break
		}
		i := len(m.PromotedFields)
		if cap(m.PromotedFields) > i {
			m.PromotedFields = m.PromotedFields[:i+1]
		} else {
			m.PromotedFields = append(m.PromotedFields, types.Variant{})
		}
		off := r.Offset()
		n, err := d.vc.variant.Decode(b[off:end], &m.PromotedFields[i])
		if err != nil {
			r.Fail(shift(err, off, "PromotedFields["+strconv.Itoa(i)+"]", typeVariant))
			break
		}
		r.Raw(n)
	}
}

// keepRaw keeps the rest of a RawData DataSetMessage whose writer has no
// Layout in dm.Raw, non-nil even when it is empty, so that the Encoder
// writes it back as it came.
func keepRaw(r *wire.Reader, dm *DataSetMessage) {
	dm.Raw = append(dm.Raw[:0], r.Raw(r.Remaining())...)
	if dm.Raw == nil {
		dm.Raw = []byte{}
	}
}

func growMessages(s []DataSetMessage, n int) []DataSetMessage {
	if cap(s) >= n {
		return s[:n]
	}
	t := make([]DataSetMessage, n)
	copy(t, s[:cap(s)])
	return t
}

func growFields(s []Field, n int) []Field {
	if cap(s) >= n {
		return s[:n]
	}
	t := make([]Field, n)
	copy(t, s[:cap(s)])
	return t
}

// consumePayload reads the Sizes and the DataSetMessages.
func (d *Decoder) consumePayload(r *wire.Reader, b []byte, m *NetworkMessage, h *headerInfo) error {
	header := m.Content&ContentPayloadHeader != 0
	n := h.count
	if !header {
		n = len(d.writers.list)
		if n == 0 {
			n = 1
		}
		m.Messages = growMessages(m.Messages, n)
		if len(d.writers.list) == 0 {
			m.Messages[0].WriterID = 0
		}
		for i := range d.writers.list {
			m.Messages[i].WriterID = d.writers.list[i].ID
		}
	}
	var sizes [255]int
	switch {
	case n == 1:
		sizes[0] = r.Remaining()
	case header:
		at := r.Offset()
		total := 0
		for i := range n {
			sizes[i] = int(r.Uint16())
			if r.Err() == nil && sizes[i] == 0 {
				return decodeError(at+2*i, pathNM+".Sizes["+strconv.Itoa(i)+"]", wire.ErrInvalid, "DataSetMessage size 0")
			}
			total += sizes[i]
		}
		if err := r.Err(); err != nil {
			return wire.WithPath(err, pathNM+".Sizes")
		}
		if total > r.Remaining() {
			return decodeError(at, pathNM+".Sizes", wire.ErrTruncated, "DataSetMessages of %d bytes, %d bytes left", total, r.Remaining())
		}
	default:
		for i := range n {
			sizes[i] = int(d.writers.list[i].ConfiguredSize)
			if sizes[i] == 0 {
				return decodeError(r.Offset(), pathNM, wire.ErrInvalid, "without a PayloadHeader, several DataSetMessages need a ConfiguredSize each (writer %d)", d.writers.list[i].ID)
			}
		}
	}
	for i := range n {
		dm := &m.Messages[i]
		saved := r.Limit(sizes[i])
		if r.Err() != nil {
			return wire.WithPath(r.Err(), pathNM+".Messages["+strconv.Itoa(i)+"]")
		}
		d.consumeDataSetMessage(r, b, dm, d.writers.find(dm.WriterID))
		if err := r.Err(); err != nil {
			return wire.WithPath(err, pathNM+".Messages["+strconv.Itoa(i)+"]")
		}
		r.Raw(r.Remaining()) // padding up to the size
		r.Unlimit(saved)
	}
	return nil
}

// DecodeDataSetMessage decodes one DataSetMessage of writer writerID from all
// of b, as a Reassembler returns it from chunks.
func (d *Decoder) DecodeDataSetMessage(b []byte, writerID uint16, dm *DataSetMessage) error {
	var r wire.Reader
	r.Init(b, &d.vlim)
	dm.WriterID = writerID
	d.consumeDataSetMessage(&r, b, dm, d.writers.find(writerID))
	return own(r.Err())
}

func (d *Decoder) consumeDataSetMessage(r *wire.Reader, b []byte, dm *DataSetMessage, wr *Writer) {
	at := r.Offset()
	f1 := r.Uint8()
	if r.Err() != nil {
		return
	}
	dm.Invalid = f1&dsValid == 0
	dm.Encoding = FieldEncoding((f1 & dsEncodingMask) >> dsEncodingShift)
	if dm.Encoding > EncodingDataValue {
		r.FailAt(at, wire.ErrInvalid, "field encoding %d is reserved", dm.Encoding)
		return
	}
	var f2 byte
	if f1&dsFlags2 != 0 {
		f2 = r.Uint8()
		if f2&ds2Reserved != 0 || f2&ds2TypeMask > byte(KeepAlive) {
			r.FailAt(at+1, wire.ErrInvalid, "reserved DataSetFlags2 %#02x", f2)
			return
		}
	}
	dm.Type = DataSetMessageType(f2 & ds2TypeMask)
	var c DataSetContent
	dm.SequenceNumber, dm.Timestamp, dm.PicoSeconds, dm.Status, dm.MajorVersion, dm.MinorVersion = 0, 0, 0, 0, 0, 0
	if f1&dsSequence != 0 {
		c |= DataSetSequenceNumber
		dm.SequenceNumber = r.Uint16()
	}
	if f2&ds2Timestamp != 0 {
		c |= DataSetTimestamp
		dm.Timestamp = types.DateTime(r.Int64())
	}
	if f2&ds2PicoSeconds != 0 {
		c |= DataSetPicoSeconds
		dm.PicoSeconds = r.Uint16()
	}
	if f1&dsStatus != 0 {
		c |= DataSetStatus
		dm.Status = types.StatusCode(r.Uint16()) << 16
	}
	if f1&dsMajorVersion != 0 {
		c |= DataSetMajorVersion
		dm.MajorVersion = r.Uint32()
	}
	if f1&dsMinorVersion != 0 {
		c |= DataSetMinorVersion
		dm.MinorVersion = r.Uint32()
	}
	dm.Content = c
	dm.Fields = dm.Fields[:0]
	dm.Raw = dm.Raw[:0]
	if r.Err() != nil {
		return
	}
	if dm.Type == Event && dm.Encoding != EncodingVariant {
		// also for an invalid one: the header breaks the rule
		r.FailAt(at, wire.ErrInvalid, "an Event DataSetMessage with the %v field encoding", dm.Encoding)
		return
	}
	if dm.Invalid {
		return
	}
	var layout *Layout
	if wr != nil {
		layout = wr.Layout
	}
	switch dm.Type {
	case KeepAlive:
	case KeyFrame, Event:
		if dm.Encoding == EncodingRawData {
			if layout == nil {
				keepRaw(r, dm)
				return
			}
			dm.Fields = growFields(dm.Fields, len(layout.fields))
			for i := range layout.fields {
				dm.Fields[i].Index = 0
				dv := &dm.Fields[i].Value
				clearDataValue(dv)
				if f := &layout.fields[i]; f.num > 0 {
					// a numeric scalar, the common case, without a call
					dv.Value.SetBits(f.bt, f.numericBits(r))
					continue
				}
				layout.fields[i].consumeRaw(r, b, &d.vc.opts, &dv.Value)
				if err := r.Err(); err != nil {
					r.Fail(wire.WithPath(err, "Fields["+strconv.Itoa(i)+"]"))
					return
				}
			}
			return
		}
		if r.Remaining() == 0 {
			return // a key frame with only a header (open62541 heartbeats)
		}
		d.consumeValues(r, b, dm, false, nil)
	case DeltaFrame:
		if dm.Encoding == EncodingRawData && layout == nil {
			keepRaw(r, dm)
			return
		}
		d.consumeValues(r, b, dm, true, layout)
	}
}

// clearDataValue zeroes every field of dv but its Value (whose storage the
// next decode reuses), field by field: copying the Variant out and back
// costs more.
func clearDataValue(dv *types.DataValue) {
	dv.SentZero, dv.Status = 0, 0
	dv.SourceTimestamp, dv.SourcePicoseconds = 0, 0
	dv.ServerTimestamp, dv.ServerPicoseconds = 0, 0
}

// consumeValues reads FieldCount and the fields of a Variant or DataValue
// key frame or event, or of a delta frame (with field indexes).
func (d *Decoder) consumeValues(r *wire.Reader, b []byte, dm *DataSetMessage, delta bool, layout *Layout) {
	at := r.Offset()
	n := int(r.Uint16())
	if r.Err() != nil {
		return
	}
	minSize := 1
	if delta {
		minSize = 3
	}
	if n > d.lim.MaxFields {
		r.FailAt(at, wire.ErrLimitExceeded, "FieldCount %d, MaxFields %d", n, d.lim.MaxFields)
		return
	}
	if n*minSize > r.Remaining() {
		r.FailAt(at, wire.ErrTruncated, "FieldCount %d, %d bytes left", n, r.Remaining())
		return
	}
	dm.Fields = growFields(dm.Fields, n)
	for i := range n {
		f := &dm.Fields[i]
		f.Index = 0
		if delta {
			iat := r.Offset()
			f.Index = r.Uint16()
			if layout != nil && int(f.Index) >= len(layout.fields) && r.Err() == nil {
				r.FailAt(iat, wire.ErrInvalid, "field index %d, the layout has %d fields", f.Index, len(layout.fields))
			}
		}
		if r.Err() != nil {
			break
		}
		off := r.Offset()
		var k int
		var err error
		switch {
		case dm.Encoding == EncodingRawData:
			clearDataValue(&f.Value)
			layout.fields[f.Index].consumeRaw(r, b, &d.vc.opts, &f.Value.Value)
			err = r.Err()
		case dm.Encoding == EncodingDataValue:
			k, err = d.vc.dataValue.Decode(b[off:off+r.Remaining()], &f.Value)
			if err != nil {
				err = shift(err, off, "", typeDataValue)
			}
		case r.Remaining() > 0 && numericSize(types.BuiltinType(b[off])) > 0:
			// a numeric scalar Variant (mask = its type id, no array
			// or dimension bits): read it here (numeric.go)
			clearDataValue(&f.Value)
			t := types.BuiltinType(r.Uint8())
			f.Value.Value.SetBits(t, consumeNumericBits(r, t))
			err = r.Err()
		default:
			clearDataValue(&f.Value)
			k, err = d.vc.variant.Decode(b[off:off+r.Remaining()], &f.Value.Value)
			if err != nil {
				err = shift(err, off, "", typeVariant)
			}
		}
		if err != nil {
			r.Fail(wire.WithPath(err, "Fields["+strconv.Itoa(i)+"]"))
			return
		}
		r.Raw(k)
	}
}
