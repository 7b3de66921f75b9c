package pubsub

import (
	"strconv"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uajson"
)

// This file holds the values and the configuration of the JSON message
// mapping (Part 14 v1.05 §7.2.5): JSON NetworkMessages of DataSetMessages
// ("ua-data") and the discovery messages. json_encode.go writes them,
// json_decode.go reads them, json_discovery.go has the discovery messages.

// JSONNetworkContent says which parts a JSON NetworkMessage has. Its bits are
// those of the JsonNetworkMessageContentMask (Part 14 v1.05 §6.3.2.1.1), so a
// WriterGroup's configured mask can be used as it is.
type JSONNetworkContent uint32

// JSONNetworkContent bits.
const (
	// JSONNetworkHeader: the NetworkMessage is an object with MessageId,
	// MessageType and Messages; without it the message is what Messages
	// would hold.
	JSONNetworkHeader JSONNetworkContent = 1 << 0
	// JSONDataSetHeader: each DataSetMessage is an object with its header
	// fields and Payload; without it a DataSetMessage is its Payload
	// object alone.
	JSONDataSetHeader JSONNetworkContent = 1 << 1
	// JSONSingleMessage: the message holds one DataSetMessage, an object
	// instead of an array of them.
	JSONSingleMessage JSONNetworkContent = 1 << 2
	// JSONNetworkPublisherID: the NetworkMessage header has PublisherId.
	JSONNetworkPublisherID JSONNetworkContent = 1 << 3
	// JSONNetworkDataSetClassID: the NetworkMessage header has
	// DataSetClassId.
	JSONNetworkDataSetClassID JSONNetworkContent = 1 << 4
	// JSONNetworkReplyTo is reserved in v1.05: an Encoder refuses it.
	JSONNetworkReplyTo JSONNetworkContent = 1 << 5
	// JSONNetworkWriterGroupName: the NetworkMessage header has
	// WriterGroupName.
	JSONNetworkWriterGroupName JSONNetworkContent = 1 << 6
)

// JSONDataSetContent says which header fields a JSON DataSetMessage has and
// how its fields are written. Its bits are those of the
// JsonDataSetMessageContentMask (Part 14 v1.05 §6.3.2.3.1).
type JSONDataSetContent uint32

// JSONDataSetContent bits.
const (
	JSONWriterID        JSONDataSetContent = 1 << 0 // DataSetWriterId
	JSONMetaDataVersion JSONDataSetContent = 1 << 1 // MetaDataVersion (ConfigurationVersionDataType)
	JSONSequenceNumber  JSONDataSetContent = 1 << 2 // SequenceNumber
	JSONTimestamp       JSONDataSetContent = 1 << 3 // Timestamp
	JSONStatus          JSONDataSetContent = 1 << 4 // Status
	JSONMessageType     JSONDataSetContent = 1 << 5 // MessageType ("ua-keyframe", ...)
	JSONWriterName      JSONDataSetContent = 1 << 6 // DataSetWriterName
	// JSONFieldEncoding1 and JSONFieldEncoding2 select the JSON form of
	// the header values and fields (Part 14 v1.05 Table 112): both set,
	// the CompactEncoding; only FieldEncoding2, the VerboseEncoding; only
	// FieldEncoding1, the deprecated ReversibleEncoding; neither, the
	// deprecated NonReversibleEncoding (Part 6 Annex H).
	JSONFieldEncoding1  JSONDataSetContent = 1 << 7
	JSONPublisherID     JSONDataSetContent = 1 << 8  // PublisherId (not with the NetworkMessage header)
	JSONWriterGroupName JSONDataSetContent = 1 << 9  // WriterGroupName (not when the NetworkMessage header has it)
	JSONMinorVersion    JSONDataSetContent = 1 << 10 // MinorVersion (VersionTime)
	JSONFieldEncoding2  JSONDataSetContent = 1 << 11
)

// JSONCompact is the FieldEncoding bits of the CompactEncoding, which
// uajson writes by default.
const JSONCompact = JSONFieldEncoding1 | JSONFieldEncoding2

// Form returns the JSON form the FieldEncoding bits of c select.
func (c JSONDataSetContent) Form() uajson.Encoding {
	switch c & JSONCompact {
	case JSONCompact:
		return uajson.Compact
	case JSONFieldEncoding2:
		return uajson.Verbose
	case JSONFieldEncoding1:
		return uajson.Reversible
	}
	return uajson.NonReversible
}

// JSONNetworkMessage is one JSON NetworkMessage of MessageType "ua-data"
// (Part 14 v1.05 §7.2.5.3), or, without the NetworkMessage header, the
// DataSetMessages that stand for it.
type JSONNetworkMessage struct {
	// Content says which parts are present; its bits JSONNetworkHeader,
	// JSONDataSetHeader and JSONSingleMessage give the layout.
	Content JSONNetworkContent

	// MessageID is the MessageId, a globally unique identifier
	// (mandatory in the header; the program chooses it).
	MessageID string
	// PublisherID is the PublisherId, if JSONNetworkPublisherID. JSON
	// carries it as a String: numbers are written in decimal, and a
	// Decoder returns a String PublisherID (see PublisherID.Text).
	PublisherID     PublisherID
	WriterGroupName string     // if JSONNetworkWriterGroupName
	DataSetClassID  types.GUID // if JSONNetworkDataSetClassID

	// Messages are the DataSetMessages; exactly one with
	// JSONSingleMessage.
	Messages []JSONDataSetMessage

	// Extra holds the members of the NetworkMessage object that Part 14
	// does not define (a publisher's extensions), as the JSON text of the
	// members without the braces (`"Vendor":{"x":1},"Zone":"A"`): a
	// Decoder keeps them (reused by the next decode into this value) and
	// an Encoder writes them after the defined members. nil: none.
	Extra []byte
}

// JSONDataSetMessage is one JSON DataSetMessage (Part 14 v1.05 §7.2.5.4).
type JSONDataSetMessage struct {
	// Content says which header fields are present and the JSON form of
	// the values (FieldEncoding bits). A Decoder sets the bits of the
	// fields that arrived, and the FieldEncoding bits of the writer's
	// JSONWriter (JSONCompact without one): the text does not say which
	// form the publisher chose.
	Content JSONDataSetContent
	// Encoding is the field encoding of the Payload: Variant ({"UaType":
	// 11,"Value":3.5}), DataValue (with Status and timestamps) or RawData
	// (the value alone, 3.5: the RawData bit of the
	// DataSetFieldContentMask).
	Encoding FieldEncoding
	// Type is the MessageType: KeyFrame ("ua-keyframe"), DeltaFrame
	// ("ua-deltaframe"), Event ("ua-event") or KeepAlive ("ua-keepalive",
	// no Payload). Without JSONMessageType a message with a Payload is a
	// key frame and one without a keep-alive.
	Type DataSetMessageType

	WriterID        uint16                             // DataSetWriterId, if JSONWriterID
	WriterName      string                             // DataSetWriterName, if JSONWriterName
	PublisherID     PublisherID                        // if JSONPublisherID
	WriterGroupName string                             // if JSONWriterGroupName
	SequenceNumber  uint32                             // if JSONSequenceNumber
	MetaDataVersion types.ConfigurationVersionDataType // if JSONMetaDataVersion
	MinorVersion    uint32                             // if JSONMinorVersion
	Timestamp       types.DateTime                     // if JSONTimestamp
	Status          types.StatusCode                   // if JSONStatus

	// Fields are the Payload's members in order: every field of the
	// DataSet for key frames and events, the changed ones for delta
	// frames.
	Fields []JSONField

	// Extra holds the members of the DataSetMessage object that Part 14
	// does not define, as JSONNetworkMessage.Extra does.
	Extra []byte
}

// JSONField is one member of a DataSetMessage's Payload.
type JSONField struct {
	// Name is the field's name (FieldMetaData.Name), the member name.
	Name string
	// Value is the field's value. The Variant and RawData encodings use
	// Value.Value only.
	Value types.DataValue
	// Raw is the JSON text of a RawData field whose type the Decoder does
	// not know (no JSONWriter.MetaData field of that name with a built-in
	// type), as it came; reused by the next decode into this value. An
	// Encoder writes Raw, when it is not nil, instead of Value.
	Raw []byte
}

// JSONConfig configures a JSONEncoder or a JSONDecoder.
type JSONConfig struct {
	// Limits bound what decoding accepts, as for UADP: MaxMessageSize the
	// bytes of JSON text, MaxDataSetMessages the DataSetMessages of one
	// NetworkMessage, MaxFields the Payload members of one
	// DataSetMessage, Values the values (depth, strings, arrays).
	Limits Limits
	// Values configures the JSON codec of the values: namespace and
	// server tables, the structure registry, EmptyStrings, Indent. Its
	// Encoding and Limits are not used: the form comes from each
	// DataSetMessage's FieldEncoding bits (the headers of NetworkMessages
	// and discovery messages are Compact) and the limits from Limits.
	Values uajson.Options
	// Network gives a Decoder the layout to expect: the bits
	// JSONNetworkHeader, JSONDataSetHeader and JSONSingleMessage (the text
	// cannot tell a header-less DataSetMessage from a header). An Encoder
	// takes the layout from each message's Content instead.
	Network JSONNetworkContent
	// Writers describe the DataSetWriters whose messages a Decoder
	// expects (an Encoder does not use them). A DataSetMessage is matched
	// by its DataSetWriterId, or, without one, by its position.
	Writers []JSONWriter
}

// JSONWriter is what a Decoder knows of one DataSetWriter.
type JSONWriter struct {
	// ID is the DataSetWriterId.
	ID uint16
	// Content gives the FieldEncoding bits of the writer's messages
	// (other bits are ignored: what arrives is reported).
	Content JSONDataSetContent
	// RawData says that the writer's fields are RawData. Without it a
	// Decoder reads fields as Variants or DataValues, and takes a message
	// whose fields are not objects as RawData.
	RawData bool
	// MetaData, if not nil, gives the built-in types of RawData fields by
	// their names, so that they decode into Value; fields it does not
	// know stay JSONField.Raw.
	MetaData *types.DataSetMetaDataType
}

// Text returns the PublisherId as JSON messages and MQTT topics carry it
// (Part 14 v1.05 §7.2.5.3): the String, or the number in decimal without
// leading zeros.
func (p PublisherID) Text() string {
	if p.Type == PublisherIDString {
		return p.Str
	}
	return strconv.FormatUint(p.Num, 10)
}

// CheckTopicLevel reports whether name (a PublisherId, WriterGroupName or
// DataSetWriterName) can be one level of an MQTT topic (Part 14 v1.05
// §7.3.5, MQTT 3.1.1 §4.7): not empty, and without '/', which would add
// levels, '+' and '#', the wildcards, and U+0000. The JSON codec carries
// any UTF-8 name unchanged (it is data, escaped as JSON); a transport that
// builds topics from names checks them with this first. The error wraps
// wire.ErrInvalid.
func CheckTopicLevel(name string) error {
	if name == "" {
		return wire.Errorf(wire.ErrInvalid, "an empty name cannot be an MQTT topic level")
	}
	if i := strings.IndexAny(name, "/+#\x00"); i >= 0 {
		return wire.Errorf(wire.ErrInvalid, "name %q has %q at %d, which an MQTT topic level cannot hold", name, name[i], i)
	}
	return nil
}

// messageTypeNames are the JSON MessageType values of the DataSetMessage
// types (Part 14 v1.05 §7.2.5.4.1).
var messageTypeNames = [...]string{KeyFrame: "ua-keyframe", DeltaFrame: "ua-deltaframe", Event: "ua-event", KeepAlive: "ua-keepalive"}

// jsonMessageType returns the DataSetMessage type of a MessageType value.
func jsonMessageType(s []byte) (DataSetMessageType, bool) {
	for t, n := range messageTypeNames {
		if string(s) == n {
			return DataSetMessageType(t), true
		}
	}
	return 0, false
}

// The JSON MessageType values of NetworkMessages (Part 14 v1.05 §7.2.5.3,
// §7.2.5.5).
const (
	JSONTypeData        = "ua-data"
	JSONTypeMetaData    = "ua-metadata"
	JSONTypeStatus      = "ua-status"
	JSONTypeConnection  = "ua-connection"
	JSONTypeApplication = "ua-application"
	JSONTypeEndpoints   = "ua-endpoints"
)
