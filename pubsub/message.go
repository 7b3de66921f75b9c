package pubsub

import (
	"fmt"
	"strconv"

	"github.com/uabin/uabin/types"
)

// PublisherIDType is the DataType of a PublisherId, bits 0-2 of
// ExtendedFlags1 (Part 14 §7.2.4.4.2, Table 154).
type PublisherIDType uint8

// PublisherId types; 5-7 are reserved and refused on decoding.
const (
	PublisherIDByte   PublisherIDType = 0 // Byte, the default when ExtendedFlags1 is omitted
	PublisherIDUInt16 PublisherIDType = 1
	PublisherIDUInt32 PublisherIDType = 2
	PublisherIDUInt64 PublisherIDType = 3
	PublisherIDString PublisherIDType = 4
)

// String returns the OPC UA name of the DataType.
func (t PublisherIDType) String() string {
	switch t {
	case PublisherIDByte:
		return "Byte"
	case PublisherIDUInt16:
		return "UInt16"
	case PublisherIDUInt32:
		return "UInt32"
	case PublisherIDUInt64:
		return "UInt64"
	case PublisherIDString:
		return "String"
	}
	return "reserved(" + strconv.Itoa(int(t)) + ")"
}

// PublisherID identifies a Publisher: a number of one of four widths or a
// String. It is comparable, so it can be a map key.
type PublisherID struct {
	Type PublisherIDType
	// Num holds the Byte, UInt16, UInt32 or UInt64 value.
	Num uint64
	// Str holds the String value.
	Str string
}

// ByteID returns a Byte PublisherID.
func ByteID(v uint8) PublisherID { return PublisherID{Type: PublisherIDByte, Num: uint64(v)} }

// UInt16ID returns a UInt16 PublisherID.
func UInt16ID(v uint16) PublisherID { return PublisherID{Type: PublisherIDUInt16, Num: uint64(v)} }

// UInt32ID returns a UInt32 PublisherID.
func UInt32ID(v uint32) PublisherID { return PublisherID{Type: PublisherIDUInt32, Num: uint64(v)} }

// UInt64ID returns a UInt64 PublisherID.
func UInt64ID(v uint64) PublisherID { return PublisherID{Type: PublisherIDUInt64, Num: v} }

// StringID returns a String PublisherID.
func StringID(s string) PublisherID { return PublisherID{Type: PublisherIDString, Str: s} }

// String returns the PublisherId as `UInt16(2234)` or as a quoted string.
func (p PublisherID) String() string {
	if p.Type == PublisherIDString {
		return strconv.Quote(p.Str)
	}
	return p.Type.String() + "(" + strconv.FormatUint(p.Num, 10) + ")"
}

// NetworkContent says which optional fields a NetworkMessage carries. Its
// bits are those of the UadpNetworkMessageContentMask (Part 14 §6.3.1.1.4),
// so a WriterGroup's configured mask can be used as it is.
type NetworkContent uint32

// NetworkContent bits.
const (
	ContentPublisherID          NetworkContent = 1 << 0
	ContentGroupHeader          NetworkContent = 1 << 1
	ContentWriterGroupID        NetworkContent = 1 << 2 // in the GroupHeader
	ContentGroupVersion         NetworkContent = 1 << 3 // in the GroupHeader
	ContentNetworkMessageNumber NetworkContent = 1 << 4 // in the GroupHeader
	ContentSequenceNumber       NetworkContent = 1 << 5 // in the GroupHeader
	ContentPayloadHeader        NetworkContent = 1 << 6
	ContentTimestamp            NetworkContent = 1 << 7
	ContentPicoSeconds          NetworkContent = 1 << 8
	ContentDataSetClassID       NetworkContent = 1 << 9
	ContentPromotedFields       NetworkContent = 1 << 10
)

// NetworkMessageType is the UADP NetworkMessage type, bits 2-4 of
// ExtendedFlags2 (Part 14 §7.2.4.4.2).
type NetworkMessageType uint8

// NetworkMessage types. Other values are reserved (or belong to later
// versions of Part 14, such as action messages) and are refused on decoding.
const (
	DataSetPayload        NetworkMessageType = 0 // DataSetMessages (§7.2.4.5)
	DiscoveryProbe        NetworkMessageType = 1 // discovery probe, "discovery request" in 1.04 (§7.2.4.6.12)
	DiscoveryAnnouncement NetworkMessageType = 2 // discovery announcement, "discovery response" in 1.04 (§7.2.4.6.3)
)

// NetworkMessage is one UADP NetworkMessage (Part 14 §7.2.4.4): headers, a
// payload of DataSetMessages, one chunk of a DataSetMessage, or a discovery
// message, and the security footer. The signature is not part of the value:
// it is added and checked by the Encoder and Decoder.
type NetworkMessage struct {
	// Content says which optional header fields are present.
	Content NetworkContent
	// Type is the NetworkMessage type (ExtendedFlags2 bits 2-4).
	Type NetworkMessageType

	PublisherID    PublisherID // if ContentPublisherID
	DataSetClassID types.GUID  // if ContentDataSetClassID

	// The GroupHeader fields, each present if its Content bit and
	// ContentGroupHeader are set.
	WriterGroupID        uint16
	GroupVersion         uint32 // a VersionTime
	NetworkMessageNumber uint16
	SequenceNumber       uint16

	Timestamp   types.DateTime // if ContentTimestamp
	PicoSeconds uint16         // if ContentPicoSeconds (it refines Timestamp, but is written whenever set, as it is read)

	// PromotedFields are written as Variants behind their UInt16 byte size
	// if ContentPromotedFields is set.
	PromotedFields []types.Variant

	// Security is the SecurityHeader; Security.Enabled says whether the
	// NetworkMessage has one (ExtendedFlags1 bit 4). It is an output: the
	// Encoder fills it from its own Config.Security (the zero value when
	// there is none), never writing what it held before; the Decoder
	// reports what arrived.
	Security SecurityHeader

	// Messages are the DataSetMessages of a DataSetPayload message.
	Messages []DataSetMessage

	// IsChunk marks a chunk NetworkMessage (ExtendedFlags2 bit 0): its
	// payload is Chunk instead of Messages.
	IsChunk bool
	Chunk   Chunk

	// Probe and Announcement are the payloads of the discovery types.
	Probe        *Probe
	Announcement *Announcement

	// SecurityFooter holds the footer bytes; nil when there is no footer.
	SecurityFooter []byte
}

// SecurityHeader is the UADP SecurityHeader (Part 14 §7.2.4.4.3).
type SecurityHeader struct {
	Enabled bool
	// Signed and Encrypted are SecurityFlags bits 0 and 1.
	Signed, Encrypted bool
	// ForceKeyReset is SecurityFlags bit 3.
	ForceKeyReset bool
	// TokenID is the SecurityTokenId of the keys used.
	TokenID uint32
	// Nonce is the MessageNonce; NonceLen bytes of it are used (8 for the
	// AES-CTR policies: 4 random bytes and a UInt32 sequence number).
	Nonce    [MaxNonceLength]byte
	NonceLen uint8
}

// MaxNonceLength bounds the MessageNonce length a Decoder accepts.
const MaxNonceLength = 16

// MessageNonce returns the nonce bytes in use.
func (h *SecurityHeader) MessageNonce() []byte { return h.Nonce[:h.NonceLen] }

// FieldEncoding is the field encoding of a DataSetMessage, DataSetFlags1
// bits 1-2 (Part 14 §7.2.4.5.4).
type FieldEncoding uint8

// Field encodings; 3 is reserved.
const (
	EncodingVariant   FieldEncoding = 0
	EncodingRawData   FieldEncoding = 1
	EncodingDataValue FieldEncoding = 2
)

// String returns the encoding's name.
func (e FieldEncoding) String() string {
	switch e {
	case EncodingVariant:
		return "Variant"
	case EncodingRawData:
		return "RawData"
	case EncodingDataValue:
		return "DataValue"
	}
	return "reserved(" + strconv.Itoa(int(e)) + ")"
}

// DataSetMessageType is DataSetFlags2 bits 0-3 (Part 14 §7.2.4.5.4).
type DataSetMessageType uint8

// DataSetMessage types; other values are reserved.
const (
	KeyFrame   DataSetMessageType = 0 // Data Key Frame (§7.2.4.5.5)
	DeltaFrame DataSetMessageType = 1 // Data Delta Frame (§7.2.4.5.6)
	Event      DataSetMessageType = 2 // Event (§7.2.4.5.7)
	KeepAlive  DataSetMessageType = 3 // Keep Alive (§7.2.4.5.8)
)

// String returns the type's name.
func (t DataSetMessageType) String() string {
	switch t {
	case KeyFrame:
		return "KeyFrame"
	case DeltaFrame:
		return "DeltaFrame"
	case Event:
		return "Event"
	case KeepAlive:
		return "KeepAlive"
	}
	return "reserved(" + strconv.Itoa(int(t)) + ")"
}

// DataSetContent says which optional header fields a DataSetMessage carries.
// Its bits are those of the UadpDataSetMessageContentMask (Part 14
// §6.3.1.3.1).
type DataSetContent uint32

// DataSetContent bits.
const (
	DataSetTimestamp      DataSetContent = 1 << 0
	DataSetPicoSeconds    DataSetContent = 1 << 1
	DataSetStatus         DataSetContent = 1 << 2
	DataSetMajorVersion   DataSetContent = 1 << 3
	DataSetMinorVersion   DataSetContent = 1 << 4
	DataSetSequenceNumber DataSetContent = 1 << 5
)

// DataSetMessage is one UADP DataSetMessage (Part 14 §7.2.4.5.4-8).
type DataSetMessage struct {
	// WriterID is the DataSetWriterId: from the PayloadHeader, or from the
	// Config's writers when the NetworkMessage has no PayloadHeader.
	WriterID uint16
	// Invalid clears DataSetFlags1 bit 0 ("DataSetMessage is valid"):
	// the message carries no usable data (for example a reserved
	// ConfiguredSize slot).
	Invalid  bool
	Encoding FieldEncoding
	Type     DataSetMessageType
	Content  DataSetContent

	SequenceNumber uint16         // if DataSetSequenceNumber
	Timestamp      types.DateTime // if DataSetTimestamp
	PicoSeconds    uint16         // if DataSetPicoSeconds
	// Status is written as its high 16 bits (severity and sub-code), as
	// the UInt16 Status field holds them, if DataSetStatus.
	Status       types.StatusCode
	MajorVersion uint32 // ConfigurationVersion.MajorVersion, if DataSetMajorVersion
	MinorVersion uint32 // ConfigurationVersion.MinorVersion, if DataSetMinorVersion

	// Fields are the DataSet fields: for key frames and events every field
	// in DataSetMetaData order; for delta frames the changed fields with
	// their Index. With the Variant encoding and for events only
	// Value.Value is used; with RawData too, in the type the layout gives.
	Fields []Field

	// Raw holds the undecoded field bytes of a RawData message whose
	// writer has no Layout in the Decoder's Config (a copy, reused by the
	// next decode into this value; non-nil, possibly empty, when it was
	// read). The Encoder writes a non-nil Raw as it is for a writer with no
	// Layout, key frame or delta frame.
	Raw []byte
}

// Field is one DataSet field of a DataSetMessage.
type Field struct {
	// Index is the field's position in the DataSetMetaData, sent with
	// delta frames only.
	Index uint16
	Value types.DataValue
}

// Chunk is the payload of a chunk NetworkMessage (Part 14 §7.2.4.4.4): a
// piece of the encoded DataSetMessage (or discovery payload) that did not fit
// one NetworkMessage.
type Chunk struct {
	// WriterID is the DataSetWriterId of the chunked DataSetMessage (the
	// chunk PayloadHeader; 0 for discovery payloads).
	WriterID uint16
	// MessageSequenceNumber identifies the chunked payload.
	MessageSequenceNumber uint16
	// Offset is the position of Data in the whole payload, TotalSize the
	// size of the whole payload.
	Offset, TotalSize uint32
	// Data are the chunk bytes (the ChunkData ByteString).
	Data []byte
}

// String summarises m for logs.
func (m *NetworkMessage) String() string {
	return fmt.Sprintf("NetworkMessage{Publisher %v, WriterGroup %d, Seq %d, %d DataSetMessages}",
		m.PublisherID, m.WriterGroupID, m.SequenceNumber, len(m.Messages))
}
