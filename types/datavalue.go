package types

import "strconv"

// DataValue is an OPC UA DataValue (Part 6 §5.2.2.17): a value with its
// status and timestamps. Wire form: an encoding mask Byte, then each field
// whose value is not zero (or whose bit SentZero holds), in the order of
// the fields below (which is not
// bit order: SourcePicoseconds, bit 0x10, comes before ServerTimestamp, bit
// 0x08). Picoseconds count 10 ps units (0..9999) added to their timestamp.
type DataValue struct {
	// SentZero holds the encoding-mask bits (Value 0x01, Status 0x02,
	// SourceTimestamp 0x04, ServerTimestamp 0x08, SourcePicoseconds 0x10,
	// ServerPicoseconds 0x20) of the fields that were sent with a zero
	// value (a null Variant, Good, 0): decoding
	// sets them, and encoding writes a zero field whose bit is set here, so
	// that a DataValue re-encodes to the bytes it was decoded from. A
	// program leaves it 0; a zero field is then not written.
	SentZero          uint8      `ua:"mask,zero"`
	Value             Variant    `ua:"Variant,bit=0"`
	Status            StatusCode `ua:"StatusCode,bit=1"`
	SourceTimestamp   DateTime   `ua:"DateTime,bit=2"`
	SourcePicoseconds uint16     `ua:"UInt16,bit=4,max=9999"`
	ServerTimestamp   DateTime   `ua:"DateTime,bit=3"`
	ServerPicoseconds uint16     `ua:"UInt16,bit=5,max=9999"`
}

// NewDataValue returns a DataValue holding v with status Good and no
// timestamps.
func NewDataValue(v Variant) DataValue { return DataValue{Value: v} }

// String returns the fields of d that are not zero (those the encoder
// writes), named: "{Value: Double(3.14), Status: BadNodeIdUnknown, SourceTimestamp:
// 2024-01-02T03:04:05.1234567Z, SourcePicoseconds: 10}"; the empty
// DataValue is "{}".
func (d DataValue) String() string { return string(d.appendText(nil, 0)) }

// appendText appends the String form of d; depth counts the nesting.
func (d DataValue) appendText(b []byte, depth int) []byte {
	b = append(b, '{')
	sep := func(b []byte, name string) []byte {
		if b[len(b)-1] != '{' {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		return append(b, ": "...)
	}
	if !d.Value.IsNull() || d.Value.IsArray() {
		b = sep(b, "Value")
		b = d.Value.appendText(b, depth+1)
	}
	if d.Status != 0 {
		b = sep(b, "Status")
		b = append(b, d.Status.String()...)
	}
	if d.SourceTimestamp != 0 {
		b = sep(b, "SourceTimestamp")
		b = append(b, d.SourceTimestamp.String()...)
	}
	if d.SourcePicoseconds != 0 {
		b = sep(b, "SourcePicoseconds")
		b = strconv.AppendUint(b, uint64(d.SourcePicoseconds), 10)
	}
	if d.ServerTimestamp != 0 {
		b = sep(b, "ServerTimestamp")
		b = append(b, d.ServerTimestamp.String()...)
	}
	if d.ServerPicoseconds != 0 {
		b = sep(b, "ServerPicoseconds")
		b = strconv.AppendUint(b, uint64(d.ServerPicoseconds), 10)
	}
	return append(b, '}')
}

// Equal reports whether d and o are equal: equal status, timestamps and
// picoseconds, and Values equal by Variant.Equal (any NaN equals any NaN).
func (d DataValue) Equal(o DataValue) bool { return dataValueEqual(d, o, 0) }
