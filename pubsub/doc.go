// Package pubsub implements the UADP message mapping of OPC UA PubSub (Part
// 14 §7.2.4): NetworkMessages with DataSetMessages, chunks and discovery
// messages, their PubSub-Aes128-CTR and PubSub-Aes256-CTR security, and a UDP
// Publisher and Subscriber. The field values are encoded with uabin's codecs
// (Variants, DataValues, and RawData laid out by a DataSetMetaData).
//
//	enc, err := pubsub.NewEncoder(pubsub.Config{Writers: writers, Security: sec})
//	b, err := enc.Append(buf[:0], &msg)   // headers, payload, footer, signature
//	dec, err := pubsub.NewDecoder(pubsub.Config{Writers: writers, Security: sec})
//	err = dec.Decode(b, &msg)             // verified, decrypted, decoded into msg
//
// # Wire layout
//
// A NetworkMessage is, in this order (every part but the first byte
// optional, as its flag says):
//
//	UADPVersion/UADPFlags   Byte     version 1 in bits 0-3; PublisherId, GroupHeader, PayloadHeader, ExtendedFlags1
//	ExtendedFlags1          Byte     PublisherId type, DataSetClassId, Security, Timestamp, PicoSeconds, ExtendedFlags2
//	ExtendedFlags2          Byte     Chunk, PromotedFields, NetworkMessage type (bits 2-4)
//	PublisherId             Byte, UInt16, UInt32, UInt64 or String
//	DataSetClassId          Guid
//	GroupHeader             GroupFlags, WriterGroupId UInt16, GroupVersion UInt32, NetworkMessageNumber UInt16, SequenceNumber UInt16
//	PayloadHeader           Count Byte, DataSetWriterIds UInt16[Count] (a chunk: one DataSetWriterId)
//	Timestamp, PicoSeconds  DateTime, UInt16
//	PromotedFields          UInt16 byte size, Variants
//	SecurityHeader          SecurityFlags, SecurityTokenId UInt32, NonceLength Byte, MessageNonce, SecurityFooterSize UInt16
//	Payload                 Sizes UInt16[Count] (Count > 1), DataSetMessages; or a chunk; or a discovery probe/announcement
//	SecurityFooter          Byte[SecurityFooterSize]
//	Signature               32 bytes of HMAC-SHA256 over everything before it
//
// and a DataSetMessage is DataSetFlags1 (valid, field encoding, sequence
// number, status, major/minor version, DataSetFlags2), DataSetFlags2
// (message type, timestamp, picoseconds), the header fields those flags
// enable, then the fields: a FieldCount and Variants or DataValues, or the
// RawData of a Layout (no count), or for delta frames a FieldCount and
// (index, value) pairs; keep-alives have none. ConfiguredSize pads with zero
// bytes. docs/pubsub.md in the repository has the full table with the
// clauses and the bytes of an example.
//
// NetworkContent and DataSetContent carry the bits of the
// UadpNetworkMessageContentMask and UadpDataSetMessageContentMask, so a
// WriterGroup or DataSetWriter configuration maps onto them directly. The
// Encoder writes ExtendedFlags1 and ExtendedFlags2 only when a bit in them
// is set, as the clause requires, which gives the bytes open62541 writes.
//
// # Security
//
// With Config.Security, an Encoder fills the SecurityHeader (the KeyRing's
// current SecurityTokenId, a MessageNonce of 4 random bytes and a UInt32
// sequence number restarting at 1 with each new key), encrypts the payload
// and footer with AES-CTR (counter block: KeyNonce, MessageNonce, big-endian
// block counter from 1) and appends the HMAC-SHA256 signature. An Encoder
// takes the security of a message from its own Config alone: without
// Config.Security it writes no SecurityHeader, whatever the
// NetworkMessage's Security field holds (a value reused after another
// Encoder signed it, or after a Decoder filled it). A Decoder
// reads the headers up to the SecurityHeader without decoding any value
// (PromotedFields are skipped by their size), checks the security mode,
// finds the key by SecurityTokenId, compares the signature in constant time
// (hmac.Equal), checks the MessageNonce sequence number against a replay
// window per PublisherId and token, and only then decrypts and decodes.
// Keys come from the program through a KeyRing (Add, Activate, Rotate,
// Remove); a Security Key Service client is not part of this package.
//
// # Limits and errors
//
// Limits bound every count, length and size a Decoder and Reassembler take
// from the network; the defaults are listed with Limits. Errors wrap one of
// the sentinels of package uabin, or ErrSecurity (ErrReplay); decoding
// errors are *uabin.DecodeError values with the offset in the
// NetworkMessage and a path such as "NetworkMessage.Messages[1].Fields[3]",
// encoding errors *uabin.EncodeError values, both with Package "pubsub".
//
// # Transport
//
// Transport is the interface a Publisher sends on and a Subscriber reads
// from; UDP implements it (unicast and multicast, with the outgoing interface
// and TTL), and so does the MQTT transport of module
// github.com/uabin/uabin/pubsub/mqtt (a module of its own, so that programs
// without MQTT do not depend on its client). Publisher sends
// messages too large for one datagram in chunks; Subscriber verifies,
// reassembles, filters by PublisherId, WriterGroupId and DataSetWriterId,
// and hands DataSetMessages to a Handler until its context ends or it is
// closed.
//
// # JSON message mapping
//
// JSONEncoder and JSONDecoder write and read the JSON message mapping (Part 14
// v1.05 §7.2.5), the form MQTT brokers and cloud consumers carry: "ua-data"
// NetworkMessages (JSONNetworkMessage, JSONDataSetMessage) in every layout of
// the JsonNetworkMessageContentMask, with the header fields of the
// JsonDataSetMessageContentMask, Variant, DataValue or RawData fields in the
// Compact, Verbose or deprecated forms, and the discovery messages
// ua-metadata, ua-status, ua-connection, ua-application and ua-endpoints.
// The values go through package uajson's codecs. Like Encoder and Decoder,
// they are for one goroutine at a time, and allocate nothing into reused
// values. docs/pubsub.md in the repository has the mapping table.
//
// # Concurrency
//
// Encoder, Decoder, Reassembler and Subscriber are for one goroutine at a
// time; Publisher and KeyRing are safe for concurrent use; Layout is
// immutable.
package pubsub
