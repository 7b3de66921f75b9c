package pubsub

import (
	"math"

	"github.com/uabin/uabin/internal/jsonenc"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// JSONDecoder reads JSON NetworkMessages and discovery messages. It is for
// one goroutine at a time; decoding into a reused message reuses its
// slices and strings (a name or string equal to the one decoded over is
// kept), so that a steady stream costs no allocation.
type JSONDecoder struct {
	cfg     jsonenc.Config
	lim     Limits
	network JSONNetworkContent
	writers []JSONWriter
	r       jsonenc.Reader
	data    []byte
	// names finds a field name given twice in a large Payload.
	names map[string]struct{}
}

// NewJSONDecoder returns a Decoder with the configuration c.
func NewJSONDecoder(c JSONConfig) (*JSONDecoder, error) {
	return &JSONDecoder{cfg: jsonConfig(&c), lim: c.Limits.Resolved(), network: c.Network & (JSONNetworkHeader | JSONDataSetHeader | JSONSingleMessage),
		writers: append([]JSONWriter(nil), c.Writers...)}, nil
}

// Decode reads the JSON NetworkMessage b, laid out as the Decoder's
// Config.Network says, into m. Errors are *wire.DecodeError values with the
// byte offset in b and a path such as "NetworkMessage.Messages[1].Fields[3]".
func (d *JSONDecoder) Decode(b []byte, m *JSONNetworkMessage) error {
	if len(b) > d.lim.MaxMessageSize {
		return decodeError(0, "NetworkMessage", wire.ErrLimitExceeded, "%d bytes of JSON, limit %d", len(b), d.lim.MaxMessageSize)
	}
	d.r.Reset(&d.cfg, b)
	d.data = b
	err := d.networkMessage(m)
	if err == nil {
		err = d.r.End()
	}
	d.r.Release()
	d.data = nil
	if err != nil {
		return wire.WithPath(err, "NetworkMessage")
	}
	return nil
}

// Network-header members, as bits for finding duplicates.
const (
	nmMessageID = 1 << iota
	nmMessageType
	nmPublisherID
	nmWriterGroupName
	nmDataSetClassID
	nmMessages
)

func (d *JSONDecoder) networkMessage(m *JSONNetworkMessage) error {
	m.Content = d.network
	if d.network&JSONNetworkHeader == 0 {
		m.MessageID, m.PublisherID, m.WriterGroupName, m.DataSetClassID, m.Extra = "", PublisherID{}, "", types.GUID{}, keepExtra(m.Extra[:0])
		return d.messages(m)
	}
	r := &d.r
	start := r.Pos()
	if err := r.Object("NetworkMessage"); err != nil {
		return err
	}
	var seen int
	var names jsonenc.Names
	extra := m.Extra[:0]
	for first := true; ; first = false {
		name, off, ok, err := r.Member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		bit := nmBit(name)
		if bit == 0 {
			if extra, err = d.extra(extra, &names, name, off); err != nil {
				return err
			}
			continue
		}
		if seen&bit != 0 {
			return r.Duplicate(off, name)
		}
		seen |= bit
		switch bit {
		case nmMessageID:
			m.MessageID, err = d.str(m.MessageID)
		case nmMessageType:
			err = d.messageType(JSONTypeData)
		case nmPublisherID:
			err = d.publisherID(&m.PublisherID)
		case nmWriterGroupName:
			m.WriterGroupName, err = d.str(m.WriterGroupName)
		case nmDataSetClassID:
			err = r.GUID(&m.DataSetClassID)
		case nmMessages:
			err = d.messages(m)
		}
		if err != nil {
			return wire.WithPath(err, string(name))
		}
	}
	m.Extra = keepExtra(extra)
	gotPub, gotGroup, gotClass := seen&nmPublisherID != 0, seen&nmWriterGroupName != 0, seen&nmDataSetClassID != 0
	if seen&nmMessageType == 0 {
		return r.Fail(start, wire.ErrInvalid, "the NetworkMessage has no MessageType")
	}
	if seen&nmMessages == 0 {
		return r.Fail(start, wire.ErrInvalid, "the NetworkMessage has no Messages")
	}
	if seen&nmMessageID == 0 {
		m.MessageID = ""
	}
	if gotPub {
		m.Content |= JSONNetworkPublisherID
	} else {
		m.PublisherID = PublisherID{}
	}
	if gotGroup {
		m.Content |= JSONNetworkWriterGroupName
	} else {
		m.WriterGroupName = ""
	}
	if gotClass {
		m.Content |= JSONNetworkDataSetClassID
	} else {
		m.DataSetClassID = types.GUID{}
	}
	return nil
}

// extra reads a member Part 14 does not define (name at off; its name must
// not have come before) and appends its text to extra, after a comma.
func (d *JSONDecoder) extra(extra []byte, names *jsonenc.Names, name []byte, off int) ([]byte, error) {
	if err := d.r.Unknown(names, name, off); err != nil {
		return extra, err
	}
	if len(extra) > 0 {
		extra = append(extra, ',')
	}
	return append(extra, d.data[off:d.r.Pos()]...), nil
}

// keepExtra returns the Extra of a decoded object: nil when it had no
// undefined member (the reused buffer's memory is kept for the next
// decode only when it holds something).
func keepExtra(extra []byte) []byte {
	if len(extra) == 0 {
		return nil
	}
	return extra
}

// dsPayload is the dsBit of Payload, outside the JSONDataSetContent bits.
const dsPayload = 1 << 30

// dsBit returns the JSONDataSetContent bit of a DataSetMessage header
// member, dsPayload for Payload, 0 for a member Part 14 does not define.
func dsBit(name []byte) int {
	switch string(name) {
	case "DataSetWriterId":
		return int(JSONWriterID)
	case "DataSetWriterName":
		return int(JSONWriterName)
	case "PublisherId":
		return int(JSONPublisherID)
	case "WriterGroupName":
		return int(JSONWriterGroupName)
	case "SequenceNumber":
		return int(JSONSequenceNumber)
	case "MetaDataVersion":
		return int(JSONMetaDataVersion)
	case "MinorVersion":
		return int(JSONMinorVersion)
	case "Timestamp":
		return int(JSONTimestamp)
	case "Status":
		return int(JSONStatus)
	case "MessageType":
		return int(JSONMessageType)
	case "Payload":
		return dsPayload
	}
	return 0
}

// nmBit returns the bit of a NetworkMessage header member, 0 for an
// unknown one.
func nmBit(name []byte) int {
	switch string(name) {
	case "MessageId":
		return nmMessageID
	case "MessageType":
		return nmMessageType
	case "PublisherId":
		return nmPublisherID
	case "WriterGroupName":
		return nmWriterGroupName
	case "DataSetClassId":
		return nmDataSetClassID
	case "Messages":
		return nmMessages
	}
	return 0
}

// str reads a String header field over old; null is "".
func (d *JSONDecoder) str(old string) (string, error) {
	if isNull, err := d.r.Null(); isNull || err != nil {
		return "", err
	}
	return d.r.String(old, d.r.Limits().MaxStringLength)
}

// messageType reads a MessageType member and checks that it is want.
func (d *JSONDecoder) messageType(want string) error {
	off := d.r.Pos()
	s, err := d.r.String(want, 64)
	if err != nil {
		return err
	}
	if s != want {
		return d.r.Fail(off, wire.ErrInvalid, "MessageType %q, want %q", s, want)
	}
	return nil
}

// publisherID reads a PublisherId: a JSON String (Part 14 v1.05 §7.2.5.3),
// returned as a String PublisherID.
func (d *JSONDecoder) publisherID(p *PublisherID) error {
	if c := d.r.Peek(); c != '"' {
		return d.r.Unexpected("a string (a PublisherId is a JSON String)")
	}
	s, err := d.r.String(p.Str, d.r.Limits().MaxStringLength)
	if err != nil {
		return err
	}
	*p = PublisherID{Type: PublisherIDString, Str: s}
	return nil
}

// messages reads the Messages: one DataSetMessage object with
// JSONSingleMessage, else an array of them.
func (d *JSONDecoder) messages(m *JSONNetworkMessage) error {
	r := &d.r
	if d.network&JSONSingleMessage != 0 {
		if cap(m.Messages) == 0 {
			m.Messages = make([]JSONDataSetMessage, 1)
		}
		m.Messages = m.Messages[:1]
		if err := d.dataSetMessage(&m.Messages[0], 0); err != nil {
			return wire.WithPath(err, "[0]")
		}
		return nil
	}
	start := r.Pos()
	if err := r.Array("Messages"); err != nil {
		return err
	}
	msgs := m.Messages[:0]
	for first := true; ; first = false {
		ok, err := r.Element(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if len(msgs) >= d.lim.MaxDataSetMessages {
			return r.Fail(start, wire.ErrLimitExceeded, "more than %d DataSetMessages", d.lim.MaxDataSetMessages)
		}
		if len(msgs) < cap(msgs) {
			msgs = msgs[:len(msgs)+1]
		} else {
			msgs = append(msgs, JSONDataSetMessage{})
		}
		if err := d.dataSetMessage(&msgs[len(msgs)-1], len(msgs)-1); err != nil {
			m.Messages = msgs
			return wire.WithPath(err, wire.IndexPath(len(msgs)-1))
		}
	}
	m.Messages = msgs
	return nil
}

// writerAt returns the JSONWriter of a DataSetMessage: by its
// DataSetWriterId if it has one, else by its position i.
func (d *JSONDecoder) writerAt(id uint16, hasID bool, i int) *JSONWriter {
	if hasID {
		for k := range d.writers {
			if d.writers[k].ID == id {
				return &d.writers[k]
			}
		}
		return nil
	}
	if i < len(d.writers) {
		return &d.writers[i]
	}
	return nil
}

// dataSetMessage reads the i-th DataSetMessage into dm.
func (d *JSONDecoder) dataSetMessage(dm *JSONDataSetMessage, i int) error {
	r := &d.r
	if d.network&JSONDataSetHeader == 0 {
		w := d.writerAt(0, false, i)
		*dm = JSONDataSetMessage{Content: fieldEncodingBits(w), Type: KeyFrame, Fields: dm.Fields, Extra: keepExtra(dm.Extra[:0])}
		return wire.WithPath(d.payload(dm, w), "Payload")
	}
	start := r.Pos()
	if err := r.Object("DataSetMessage"); err != nil {
		return err
	}
	var seen JSONDataSetContent
	var names jsonenc.Names
	payloadAt, hasPayload, decoded := 0, false, false
	var typ DataSetMessageType
	fields := dm.Fields
	extra := dm.Extra[:0]
	for first := true; ; first = false {
		name, off, ok, err := r.Member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		bit := JSONDataSetContent(dsBit(name))
		switch bit {
		case dsPayload:
			if hasPayload {
				return r.Duplicate(off, name)
			}
			hasPayload = true
			payloadAt = r.Pos()
			if seen&JSONWriterID != 0 || len(d.writers) == 0 {
				dm.Fields = fields
				if err := d.payload(dm, d.writerAt(dm.WriterID, seen&JSONWriterID != 0, i)); err != nil {
					return wire.WithPath(err, "Payload")
				}
				fields, decoded = dm.Fields, true
			} else if err := r.Skip(); err != nil { // read once the DataSetWriterId is known
				return wire.WithPath(err, "Payload")
			}
			continue
		case 0:
			if extra, err = d.extra(extra, &names, name, off); err != nil {
				return err
			}
			continue
		}
		if seen&bit != 0 {
			return r.Duplicate(off, name)
		}
		seen |= bit
		if err := d.headerField(dm, bit, &typ); err != nil {
			return wire.WithPath(err, string(name))
		}
	}
	end := r.Pos()
	dm.Extra = keepExtra(extra)
	w := d.writerAt(dm.WriterID, seen&JSONWriterID != 0, i)
	dm.Content = seen | fieldEncodingBits(w)
	if hasPayload && !decoded {
		r.Seek(payloadAt)
		dm.Fields = fields
		if err := d.payload(dm, w); err != nil {
			return wire.WithPath(err, "Payload")
		}
		fields = dm.Fields
		r.Seek(end)
	}
	dm.Fields = fields
	switch {
	case seen&JSONMessageType == 0 && hasPayload:
		typ = KeyFrame
	case seen&JSONMessageType == 0:
		typ = KeepAlive
	case typ == KeepAlive && hasPayload:
		return r.Fail(payloadAt, wire.ErrInvalid, "a ua-keepalive DataSetMessage with a Payload")
	case typ != KeepAlive && !hasPayload:
		return r.Fail(start, wire.ErrInvalid, "a %s DataSetMessage without a Payload", messageTypeNames[typ])
	}
	dm.Type = typ
	if !hasPayload {
		dm.Fields = dm.Fields[:0]
		dm.Encoding = EncodingVariant
	}
	d.clearAbsent(dm, seen)
	return nil
}

// clearAbsent zeroes the header fields that did not arrive.
func (d *JSONDecoder) clearAbsent(dm *JSONDataSetMessage, seen JSONDataSetContent) {
	if seen&JSONWriterID == 0 {
		dm.WriterID = 0
	}
	if seen&JSONWriterName == 0 {
		dm.WriterName = ""
	}
	if seen&JSONPublisherID == 0 {
		dm.PublisherID = PublisherID{}
	}
	if seen&JSONWriterGroupName == 0 {
		dm.WriterGroupName = ""
	}
	if seen&JSONSequenceNumber == 0 {
		dm.SequenceNumber = 0
	}
	if seen&JSONMetaDataVersion == 0 {
		dm.MetaDataVersion = types.ConfigurationVersionDataType{}
	}
	if seen&JSONMinorVersion == 0 {
		dm.MinorVersion = 0
	}
	if seen&JSONTimestamp == 0 {
		dm.Timestamp = 0
	}
	if seen&JSONStatus == 0 {
		dm.Status = 0
	}
}

// fieldEncodingBits returns the FieldEncoding bits of the messages of w.
func fieldEncodingBits(w *JSONWriter) JSONDataSetContent {
	if w == nil {
		return JSONCompact
	}
	return w.Content & JSONCompact
}

// headerField reads the value of the DataSetMessage header field bit.
func (d *JSONDecoder) headerField(dm *JSONDataSetMessage, bit JSONDataSetContent, typ *DataSetMessageType) error {
	r := &d.r
	var err error
	switch bit {
	case JSONWriterID:
		var n uint64
		n, err = r.Unsigned(math.MaxUint16, "UInt16")
		dm.WriterID = uint16(n)
	case JSONWriterName:
		dm.WriterName, err = d.str(dm.WriterName)
	case JSONPublisherID:
		err = d.publisherID(&dm.PublisherID)
	case JSONWriterGroupName:
		dm.WriterGroupName, err = d.str(dm.WriterGroupName)
	case JSONSequenceNumber:
		var n uint64
		n, err = r.Unsigned(math.MaxUint32, "UInt32")
		dm.SequenceNumber = uint32(n)
	case JSONMetaDataVersion:
		err = r.Value(&dm.MetaDataVersion)
	case JSONMinorVersion:
		var n uint64
		n, err = r.Unsigned(math.MaxUint32, "UInt32")
		dm.MinorVersion = uint32(n)
	case JSONTimestamp:
		err = r.DateTime(&dm.Timestamp)
	case JSONStatus:
		err = r.StatusCode(&dm.Status)
	case JSONMessageType:
		off := r.Pos()
		var s string
		s, err = r.String(messageTypeNames[*typ], 64)
		if err == nil {
			t, ok := jsonMessageType([]byte(s))
			if !ok {
				return r.Fail(off, wire.ErrInvalid, "DataSetMessage MessageType %q (want ua-keyframe, ua-deltaframe, ua-event or ua-keepalive)", s)
			}
			*typ = t
		}
	}
	return err
}

// payload reads a Payload object into dm.Fields and sets dm.Encoding.
func (d *JSONDecoder) payload(dm *JSONDataSetMessage, w *JSONWriter) error {
	r := &d.r
	start := r.Pos()
	raw := w != nil && w.RawData
	for {
		retry, err := d.payloadAs(dm, w, raw)
		if err != nil || !retry {
			return err
		}
		// A field value that is not an object: the fields are RawData.
		raw = true
		r.Seek(start)
	}
}

// payloadAs reads the Payload as RawData fields (raw) or as Variants and
// DataValues; retry says that a field was not an object, so the Payload is
// to be read again as RawData.
func (d *JSONDecoder) payloadAs(dm *JSONDataSetMessage, w *JSONWriter, raw bool) (retry bool, err error) {
	r := &d.r
	start := r.Pos()
	if err := r.Object("Payload"); err != nil {
		return false, err
	}
	fields := dm.Fields[:0]
	dataValue := false
	for first := true; ; first = false {
		name, off, ok, err := r.Member(first)
		if err != nil {
			return false, err
		}
		if !ok {
			break
		}
		if len(fields) >= d.lim.MaxFields {
			return false, r.Fail(start, wire.ErrLimitExceeded, "more than %d fields", d.lim.MaxFields)
		}
		if len(name) > d.r.Limits().MaxStringLength {
			return false, r.Fail(off, wire.ErrLimitExceeded, "field name of %d bytes, limit %d", len(name), d.r.Limits().MaxStringLength)
		}
		if len(fields) < cap(fields) {
			fields = fields[:len(fields)+1]
		} else {
			fields = append(fields, JSONField{})
		}
		i := len(fields) - 1
		f := &fields[i]
		if f.Name != string(name) {
			f.Name = string(name)
		}
		if err := d.uniqueName(fields, off); err != nil {
			dm.Fields = fields
			return false, err
		}
		if raw {
			err = d.rawField(f, w)
		} else {
			c := r.Peek()
			if c != '{' && c != 'n' {
				dm.Fields = fields
				return true, nil
			}
			f.Raw = nil
			err = r.DataValue(&f.Value)
			v := &f.Value
			if v.Status != 0 || v.SourceTimestamp != 0 || v.ServerTimestamp != 0 || v.SourcePicoseconds != 0 || v.ServerPicoseconds != 0 {
				dataValue = true
			}
		}
		if err != nil {
			dm.Fields = fields
			return false, wire.WithPath(err, "Fields"+wire.IndexPath(i))
		}
	}
	dm.Fields = fields
	switch {
	case raw:
		dm.Encoding = EncodingRawData
	case dataValue:
		dm.Encoding = EncodingDataValue
	default:
		dm.Encoding = EncodingVariant
	}
	return false, nil
}

// uniqueName fails if the last of fields has the name of an earlier one.
func (d *JSONDecoder) uniqueName(fields []JSONField, off int) error {
	last := &fields[len(fields)-1]
	if len(fields) <= 16 {
		for k := 0; k < len(fields)-1; k++ {
			if fields[k].Name == last.Name {
				return d.r.Duplicate(off, []byte(last.Name))
			}
		}
		return nil
	}
	if len(fields) == 17 {
		if d.names == nil {
			d.names = make(map[string]struct{}, 64)
		}
		clear(d.names)
		for k := 0; k < 16; k++ {
			d.names[fields[k].Name] = struct{}{}
		}
	}
	if _, dup := d.names[last.Name]; dup {
		return d.r.Duplicate(off, []byte(last.Name))
	}
	d.names[last.Name] = struct{}{}
	return nil
}

// rawField reads a RawData field: into Value when the writer's metadata
// gives its built-in type, else as its JSON text into Raw.
func (d *JSONDecoder) rawField(f *JSONField, w *JSONWriter) error {
	r := &d.r
	if t := rawType(w, f.Name); t != 0 {
		f.Raw = nil
		f.Value = types.DataValue{Value: f.Value.Value}
		if isNull, err := r.Null(); isNull || err != nil {
			f.Value.Value = types.Variant{}
			return err
		}
		return r.VariantValue(&f.Value.Value, t)
	}
	r.Peek()
	start := r.Pos()
	if err := r.Skip(); err != nil {
		return err
	}
	f.Value = types.DataValue{}
	f.Raw = append(f.Raw[:0], d.data[start:r.Pos()]...)
	return nil
}

// rawType returns the built-in type of the field name in w's metadata, or
// 0 when it is unknown or has no RawData form of its own (structures,
// Variants, matrices).
func rawType(w *JSONWriter, name string) types.BuiltinType {
	if w == nil || w.MetaData == nil {
		return 0
	}
	for i := range w.MetaData.Fields {
		f := &w.MetaData.Fields[i]
		if f.Name != name {
			continue
		}
		t := types.BuiltinType(f.BuiltInType)
		if t == 0 || t == types.TypeExtensionObject || t == types.TypeVariant || t == types.TypeDataValue || t == types.TypeDiagnosticInfo || f.ValueRank > 1 {
			return 0
		}
		return t
	}
	return 0
}
