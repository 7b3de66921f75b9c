package pubsub

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// Config configures an Encoder or a Decoder.
type Config struct {
	// Limits bound what decoding accepts; Limits.Values also bounds the
	// Variants, DataValues and RawData values.
	Limits Limits
	// Values configures the codecs of the field values: the
	// ExtensionObject registry, EmptyStrings, fast paths. Its Limits are
	// replaced by Limits.Values.
	Values uabin.Options
	// Writers describes the DataSetWriters whose messages are encoded or
	// expected: their RawData layouts and ConfiguredSizes. Without a
	// PayloadHeader a Decoder takes the DataSetMessages to be those of
	// Writers, in this order (or one DataSetMessage if Writers is empty).
	Writers []Writer
	// Security signs and encrypts (Encoder) or verifies and decrypts
	// (Decoder) NetworkMessages; nil means SecurityMode None.
	Security *Security
}

// Writer is the configuration of one DataSetWriter that both sides share
// (Part 14 §6.2.4, §6.3.1.3).
type Writer struct {
	// ID is the DataSetWriterId.
	ID uint16
	// Layout lays out RawData fields; nil if the writer does not use
	// RawData (a RawData message is then decoded into DataSetMessage.Raw).
	Layout *Layout
	// ConfiguredSize is the fixed size of the writer's DataSetMessages:
	// smaller messages are padded with zero bytes, larger ones are sent
	// as invalid (header only, padded), as §6.3.1.3.3 requires. 0 means
	// no fixed size.
	ConfiguredSize uint16
}

// writerTable finds a Writer by id.
type writerTable struct {
	list []Writer
}

func (t *writerTable) find(id uint16) *Writer {
	for i := range t.list {
		if t.list[i].ID == id {
			return &t.list[i]
		}
	}
	return nil
}

// valueCodecs are the uabin codecs of the two self-describing field
// encodings.
type valueCodecs struct {
	opts      uabin.Options
	variant   *uabin.Codec[types.Variant]
	dataValue *uabin.Codec[types.DataValue]
}

func newValueCodecs(c *Config) (valueCodecs, error) {
	o := c.Values
	o.Limits = c.Limits.Values
	v, err := uabin.NewCodec[types.Variant](o)
	if err != nil {
		return valueCodecs{}, err
	}
	d, err := uabin.NewCodec[types.DataValue](o)
	if err != nil {
		return valueCodecs{}, err
	}
	return valueCodecs{opts: o, variant: v, dataValue: d}, nil
}
