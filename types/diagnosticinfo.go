package types

// DiagnosticInfo is an OPC UA DiagnosticInfo (Part 6 §5.2.2.12): vendor
// diagnostics for an operation. The four Int32 fields are indexes into the
// ResponseHeader's StringTable, where 0 is a valid index, so presence is not
// derived from the values: Mask says which fields are present, and only
// those are written (in field order, which puts Locale before
// LocalizedText). The zero value is the empty DiagnosticInfo, encoded as 00.
// A nil InnerDiagnosticInfo whose bit is set is written as an empty one.
type DiagnosticInfo struct {
	Mask                DiagnosticInfoMask `ua:"mask"`
	SymbolicID          int32              `ua:"Int32,bit=0"`
	NamespaceURI        int32              `ua:"Int32,bit=1"`
	Locale              int32              `ua:"Int32,bit=3"`
	LocalizedText       int32              `ua:"Int32,bit=2"`
	AdditionalInfo      string             `ua:"String,bit=4"`
	InnerStatusCode     StatusCode         `ua:"StatusCode,bit=5"`
	InnerDiagnosticInfo *DiagnosticInfo    `ua:"DiagnosticInfo,bit=6"`
}

// DiagnosticInfoMask is the encoding mask of a DiagnosticInfo.
type DiagnosticInfoMask uint8

// DiagnosticInfo mask bits (Part 6 §5.2.2.12).
const (
	DiagnosticInfoSymbolicID          DiagnosticInfoMask = 0x01
	DiagnosticInfoNamespaceURI        DiagnosticInfoMask = 0x02
	DiagnosticInfoLocalizedText       DiagnosticInfoMask = 0x04
	DiagnosticInfoLocale              DiagnosticInfoMask = 0x08
	DiagnosticInfoAdditionalInfo      DiagnosticInfoMask = 0x10
	DiagnosticInfoInnerStatusCode     DiagnosticInfoMask = 0x20
	DiagnosticInfoInnerDiagnosticInfo DiagnosticInfoMask = 0x40
)
