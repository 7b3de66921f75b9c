package types

// DataValue is an OPC UA DataValue (Part 6 §5.2.2.17): a value with its
// status and timestamps. Wire form: an encoding mask Byte, then each field
// whose value is not zero, in the order of the fields below (which is not
// bit order: SourcePicoseconds, bit 0x10, comes before ServerTimestamp, bit
// 0x08). Picoseconds count 10 ps units (0..9999) added to their timestamp.
type DataValue struct {
	_                 uint8      `ua:"mask"`
	Value             Variant    `ua:"Variant,bit=0"`
	Status            StatusCode `ua:"StatusCode,bit=1"`
	SourceTimestamp   DateTime   `ua:"DateTime,bit=2"`
	SourcePicoseconds uint16     `ua:"UInt16,bit=4,max=9999"`
	ServerTimestamp   DateTime   `ua:"DateTime,bit=3"`
	ServerPicoseconds uint16     `ua:"UInt16,bit=5,max=9999"`
}
