package types

// StatusCode is an OPC UA StatusCode (Part 4 §7.39, Part 6 §5.2.2.11): a
// UInt32 with severity in bits 30-31, sub-code in bits 16-27 and info bits
// below. The zero value is Good.
type StatusCode uint32
