package types

// GUID is an OPC UA Guid (Part 6 §5.1.3, §5.2.2.6) in its wire layout:
// Data1 UInt32, Data2 and Data3 UInt16 (all little-endian on the wire) and
// Data4 as 8 raw bytes. The zero value is the null Guid. GUID is comparable.
type GUID struct {
	Data1 uint32
	Data2 uint16
	Data3 uint16
	Data4 [8]byte `ua:"raw"`
}
