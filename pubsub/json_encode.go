package pubsub

import (
	"github.com/uabin/uabin/internal/jsonenc"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uajson"
)

// JSONEncoder writes JSON NetworkMessages and discovery messages. It is for
// one goroutine at a time; keep one and reuse it, and append into a reused
// buffer, and a message costs no allocation.
type JSONEncoder struct {
	cfg jsonenc.Config
	w   jsonenc.Writer
	// check reads Raw field text and Extra members, to write only JSON
	// of the right shape; scratch holds the Extra members in braces.
	check   jsonenc.Reader
	scratch []byte
	// checked are the field names of the last Payload, quoted their JSON
	// strings (the i-th from ends[i] to ends[i+1]), written by quoter;
	// seen finds a name given twice in a large Payload (names).
	checked []string
	quoted  []byte
	ends    []int
	quoter  jsonenc.Writer
	seen    map[string]struct{}
}

// NewJSONEncoder returns an Encoder with the options of c (c.Values; c.Network
// and c.Writers are for Decoders).
func NewJSONEncoder(c JSONConfig) (*JSONEncoder, error) {
	return &JSONEncoder{cfg: jsonConfig(&c)}, nil
}

// jsonConfig returns the codec configuration of c: its Values with the
// Compact form and the value limits of c.Limits.
func jsonConfig(c *JSONConfig) jsonenc.Config {
	o := c.Values
	o.Encoding = uajson.Compact
	o.Limits = c.Limits.Values
	return jsonenc.FromOptions(&o)
}

// Append appends m as a JSON NetworkMessage and returns the extended
// buffer; on error it returns b as it was and a *wire.EncodeError with the
// path of the value ("NetworkMessage.Messages[1].Fields[3]").
func (e *JSONEncoder) Append(b []byte, m *JSONNetworkMessage) ([]byte, error) {
	e.w.Reset(&e.cfg, b)
	if err := e.network(m); err != nil {
		return b, wire.WithPath(err, "NetworkMessage")
	}
	return e.w.Bytes(), nil
}

// network writes the NetworkMessage header and its DataSetMessages.
func (e *JSONEncoder) network(m *JSONNetworkMessage) error {
	c := m.Content
	if c&JSONNetworkReplyTo != 0 {
		return encodeError("", wire.ErrInvalid, "ReplyTo is reserved in the JsonNetworkMessageContentMask")
	}
	if c&JSONSingleMessage != 0 && len(m.Messages) != 1 {
		return encodeError("Messages", wire.ErrInvalid, "SingleDataSetMessage with %d DataSetMessages", len(m.Messages))
	}
	if c&JSONNetworkHeader == 0 {
		if c&(JSONNetworkPublisherID|JSONNetworkDataSetClassID|JSONNetworkWriterGroupName) != 0 {
			return encodeError("", wire.ErrInvalid, "PublisherId, DataSetClassId and WriterGroupName need the NetworkMessage header")
		}
		if len(m.Extra) != 0 {
			return encodeError("Extra", wire.ErrInvalid, "undefined members need the NetworkMessage header")
		}
		return e.messages(m)
	}
	w := &e.w
	w.Open('{')
	w.Key("MessageId", true)
	if err := w.String(m.MessageID); err != nil {
		return wire.WithPath(err, "MessageId")
	}
	w.Key("MessageType", false)
	_ = w.String(JSONTypeData)
	if c&JSONNetworkPublisherID != 0 {
		w.Key("PublisherId", false)
		if err := e.publisherID(m.PublisherID); err != nil {
			return wire.WithPath(err, "PublisherId")
		}
	}
	if c&JSONNetworkWriterGroupName != 0 {
		w.Key("WriterGroupName", false)
		if err := w.String(m.WriterGroupName); err != nil {
			return wire.WithPath(err, "WriterGroupName")
		}
	}
	if c&JSONNetworkDataSetClassID != 0 {
		w.Key("DataSetClassId", false)
		if err := w.GUID(m.DataSetClassID); err != nil {
			return wire.WithPath(err, "DataSetClassId")
		}
	}
	w.Key("Messages", false)
	if err := e.messages(m); err != nil {
		return err
	}
	if err := e.extra(m.Extra, false, nmBit); err != nil {
		return err
	}
	w.Close('}', false)
	return nil
}

// extra writes the undefined members of an object (the Extra of a
// message) after checking that they are JSON members, none of them a
// member Part 14 defines (known).
func (e *JSONEncoder) extra(extra []byte, first bool, known func([]byte) int) error {
	if len(extra) == 0 {
		return nil
	}
	e.scratch = append(append(append(e.scratch[:0], '{'), extra...), '}')
	e.check.Reset(&e.cfg, e.scratch)
	err := e.checkMembers(known)
	e.check.Release()
	if err != nil {
		return encodeError("Extra", wire.ErrInvalid, "not JSON object members: %v", err)
	}
	if !first {
		e.w.Raw([]byte{','})
	}
	e.w.Raw(extra)
	return nil
}

// checkMembers reads the object in e.check: its members may be anything
// but those known says Part 14 defines.
func (e *JSONEncoder) checkMembers(known func([]byte) int) error {
	r := &e.check
	if err := r.Object("Extra"); err != nil {
		return err
	}
	var names jsonenc.Names
	for first := true; ; first = false {
		name, off, ok, err := r.Member(first)
		if err != nil {
			return err
		}
		if !ok {
			return r.End()
		}
		if known(name) != 0 {
			return r.Fail(off, wire.ErrInvalid, "member %q is defined by Part 14", name)
		}
		if err := r.Unknown(&names, name, off); err != nil {
			return err
		}
	}
}

// messages writes the Messages: one DataSetMessage, or an array of them.
func (e *JSONEncoder) messages(m *JSONNetworkMessage) error {
	if m.Content&JSONSingleMessage != 0 {
		if err := e.dataSetMessage(m, &m.Messages[0]); err != nil {
			return wire.WithPath(wire.WithPath(err, wire.IndexPath(0)), "Messages")
		}
		return nil
	}
	e.w.Open('[')
	for i := range m.Messages {
		e.w.Elem(i == 0)
		if err := e.dataSetMessage(m, &m.Messages[i]); err != nil {
			return wire.WithPath(wire.WithPath(err, wire.IndexPath(i)), "Messages")
		}
	}
	e.w.Close(']', len(m.Messages) == 0)
	return nil
}

// dataSetMessage writes one DataSetMessage: its header and Payload, or,
// without JSONDataSetHeader, the Payload alone.
func (e *JSONEncoder) dataSetMessage(m *JSONNetworkMessage, d *JSONDataSetMessage) error {
	w := &e.w
	c := d.Content
	w.SetEncoding(c.Form())
	defer w.SetEncoding(uajson.Compact)
	if d.Type > KeepAlive {
		return encodeError("Type", wire.ErrInvalid, "DataSetMessage type %v has no JSON form", d.Type)
	}
	if m.Content&JSONDataSetHeader == 0 {
		if d.Type != KeyFrame {
			return encodeError("Type", wire.ErrInvalid, "a %v needs the DataSetMessage header (only key frames are sent as a Payload alone)", d.Type)
		}
		if len(d.Extra) != 0 {
			return encodeError("Extra", wire.ErrInvalid, "undefined members need the DataSetMessage header")
		}
		return e.payload(d)
	}
	if (d.Type == DeltaFrame || d.Type == Event) && c&JSONMessageType == 0 {
		return encodeError("Type", wire.ErrInvalid, "a %v needs the MessageType field (JSONMessageType)", d.Type)
	}
	if m.Content&JSONNetworkHeader != 0 {
		if c&JSONPublisherID != 0 {
			return encodeError("PublisherID", wire.ErrInvalid, "the PublisherId of a DataSetMessage is omitted when the NetworkMessage header is present")
		}
		if c&JSONWriterGroupName != 0 && m.Content&JSONNetworkWriterGroupName != 0 {
			return encodeError("WriterGroupName", wire.ErrInvalid, "the WriterGroupName of a DataSetMessage is omitted when the NetworkMessage header has it")
		}
	}
	w.Open('{')
	first := true
	key := func(name string) {
		w.Key(name, first)
		first = false
	}
	if c&JSONWriterID != 0 {
		key("DataSetWriterId")
		w.Uint(uint64(d.WriterID))
	}
	if c&JSONWriterName != 0 {
		key("DataSetWriterName")
		if err := w.String(d.WriterName); err != nil {
			return wire.WithPath(err, "WriterName")
		}
	}
	if c&JSONPublisherID != 0 {
		key("PublisherId")
		if err := e.publisherID(d.PublisherID); err != nil {
			return wire.WithPath(err, "PublisherID")
		}
	}
	if c&JSONWriterGroupName != 0 {
		key("WriterGroupName")
		if err := w.String(d.WriterGroupName); err != nil {
			return wire.WithPath(err, "WriterGroupName")
		}
	}
	if c&JSONSequenceNumber != 0 {
		key("SequenceNumber")
		w.Uint(uint64(d.SequenceNumber))
	}
	if c&JSONMetaDataVersion != 0 {
		key("MetaDataVersion")
		if err := w.Value(&d.MetaDataVersion); err != nil {
			return wire.WithPath(err, "MetaDataVersion")
		}
	}
	if c&JSONMinorVersion != 0 {
		key("MinorVersion")
		w.Uint(uint64(d.MinorVersion))
	}
	if c&JSONTimestamp != 0 {
		key("Timestamp")
		w.DateTime(d.Timestamp)
	}
	if c&JSONStatus != 0 {
		key("Status")
		if err := w.StatusCode(d.Status); err != nil {
			return wire.WithPath(err, "Status")
		}
	}
	if c&JSONMessageType != 0 {
		key("MessageType")
		_ = w.String(messageTypeNames[d.Type])
	}
	if d.Type != KeepAlive {
		key("Payload")
		if err := e.payload(d); err != nil {
			return err
		}
	} else if len(d.Fields) != 0 {
		return encodeError("Fields", wire.ErrInvalid, "a keep-alive with %d fields (it has no Payload)", len(d.Fields))
	}
	if err := e.extra(d.Extra, first, dsBit); err != nil {
		return err
	}
	w.Close('}', first && len(d.Extra) == 0)
	return nil
}

// payload writes the Payload object: the fields by name.
func (e *JSONEncoder) payload(d *JSONDataSetMessage) error {
	if err := e.names(d.Fields); err != nil {
		return err
	}
	w := &e.w
	w.Open('{')
	for i := range d.Fields {
		f := &d.Fields[i]
		w.KeyQuoted(e.quoted[e.ends[i]:e.ends[i+1]], i == 0)
		if err := e.field(d.Encoding, f); err != nil {
			return wire.WithPath(wire.WithPath(err, wire.IndexPath(i)), "Fields")
		}
	}
	w.Close('}', len(d.Fields) == 0)
	return nil
}

// field writes one field value in the message's field encoding.
func (e *JSONEncoder) field(enc FieldEncoding, f *JSONField) error {
	switch enc {
	case EncodingVariant:
		if err := e.w.Variant(&f.Value.Value); err != nil {
			return wire.WithPath(err, "Value")
		}
	case EncodingDataValue:
		return e.w.DataValue(&f.Value)
	case EncodingRawData:
		if f.Raw != nil {
			return e.raw(f.Raw)
		}
		if err := e.w.VariantBody(&f.Value.Value); err != nil {
			return wire.WithPath(err, "Value")
		}
	default:
		return encodeError("", wire.ErrInvalid, "field encoding %v", enc)
	}
	return nil
}

// raw writes the JSON text of a RawData field after checking that it is one
// JSON value.
func (e *JSONEncoder) raw(text []byte) error {
	e.check.Reset(&e.cfg, text)
	err := e.check.Skip()
	if err == nil {
		err = e.check.End()
	}
	e.check.Release()
	if err != nil {
		return encodeError("Raw", wire.ErrInvalid, "not one JSON value: %v", err)
	}
	e.w.Raw(text)
	return nil
}

// names prepares the member names of a Payload: it fails if two fields
// have the same name (a JSON object has each member name once, Part 6
// §5.4.2.16) or a name has no JSON form (not UTF-8), and leaves the names
// as quoted JSON strings in e.quoted, the i-th from e.ends[i] to
// e.ends[i+1]. A publisher sends the same names again and again: when they
// are those of the last Payload, this is len(fields) comparisons.
func (e *JSONEncoder) names(fields []JSONField) error {
	if len(fields) == len(e.checked) {
		same := true
		for i := range fields {
			if fields[i].Name != e.checked[i] {
				same = false
				break
			}
		}
		if same {
			return nil
		}
	}
	e.checked = e.checked[:0]
	if len(fields) <= 16 {
		for i := 1; i < len(fields); i++ {
			for j := 0; j < i; j++ {
				if fields[i].Name == fields[j].Name {
					return dupName(i, fields[i].Name)
				}
			}
		}
	} else {
		if e.seen == nil {
			e.seen = make(map[string]struct{}, len(fields))
		}
		clear(e.seen)
		for i := range fields {
			if _, dup := e.seen[fields[i].Name]; dup {
				return dupName(i, fields[i].Name)
			}
			e.seen[fields[i].Name] = struct{}{}
		}
	}
	e.ends = append(e.ends[:0], 0)
	e.quoter.Reset(&e.cfg, e.quoted[:0])
	for i := range fields {
		if err := e.quoter.String(fields[i].Name); err != nil {
			return wire.WithPath(wire.WithPath(err, wire.IndexPath(i)), "Fields")
		}
		e.ends = append(e.ends, len(e.quoter.Bytes()))
	}
	e.quoted = e.quoter.Bytes()
	for i := range fields {
		e.checked = append(e.checked, fields[i].Name)
	}
	return nil
}

func dupName(i int, name string) error {
	return encodeError("Fields"+wire.IndexPath(i), wire.ErrInvalid, "field name %q given twice in one Payload", name)
}

// discoveryHeader writes the members every discovery message starts with.
func (e *JSONEncoder) discoveryHeader(messageID, messageType string, pub PublisherID) error {
	w := &e.w
	w.Open('{')
	w.Key("MessageId", true)
	if err := w.String(messageID); err != nil {
		return wire.WithPath(err, "MessageId")
	}
	w.Key("MessageType", false)
	_ = w.String(messageType)
	w.Key("PublisherId", false)
	if err := e.publisherID(pub); err != nil {
		return wire.WithPath(err, "PublisherId")
	}
	return nil
}

// publisherID writes a PublisherId as the JSON String of p.Text.
func (e *JSONEncoder) publisherID(p PublisherID) error {
	if p.Type == PublisherIDString {
		return e.w.String(p.Str)
	}
	e.w.QuotedUint(p.Num)
	return nil
}

// timestamp writes the Timestamp member.
func (e *JSONEncoder) timestamp(name string, t types.DateTime) {
	e.w.Key(name, false)
	e.w.DateTime(t)
}
