package uabin

import (
	"time"

	"github.com/uabin/uabin/types"
)

// User types exercising every tag feature; shared by the wire table, the
// error tests, the round-trip properties and the fuzz target.

type Prims struct {
	B   bool
	I8  int8
	U8  uint8
	I16 int16
	U16 uint16
	I32 int32
	U32 uint32
	I64 int64
	U64 uint64
	F32 float32
	F64 float64
	S   string
}

type IntTags struct {
	A int    `ua:"Int32"`
	B uint   `ua:"UInt16"`
	C []int  `ua:"Int64"`
	D *int   `ua:"SByte"`
	E uint64 `ua:"UInt64"`
}

type Overrides struct {
	T  int64    `ua:"DateTime"`
	X  string   `ua:"XmlElement"`
	Bs []byte   `ua:"Byte"`
	Bt []byte   `ua:"ByteString"`
	E  string   `ua:"String,empty"`
	Es []string `ua:"empty"`
}

type RawArrays struct {
	A [3]uint16 `ua:"raw"`
	B [2]uint16
	C [2]byte `ua:"raw"`
}

type Optionals struct {
	A int32
	B *int32 `ua:"optional"`
	C string `ua:"optional"`
	D uint8
	E []int32 `ua:"optional"`
}

type Computed struct {
	_ uint8  `ua:"mask"`
	A uint16 `ua:"bit=1"`
	B string `ua:"bit=0"`
	C int32
}

type Stored struct {
	M uint32 `ua:"mask"`
	A int32  `ua:"bit=0"`
	B int32  `ua:"bit=2"`
}

type Union struct {
	Switch uint32 `ua:"switch"`
	I      int32
	S      string
	D      float64
}

type Clamp struct {
	P uint16 `ua:"max=9999"`
	Q uint8  `ua:"Byte,max=10"`
}

type Skip struct {
	A int32
	B int32 `ua:"-"`
	c int32
	D int32
}

type Node struct {
	V    int32
	Next *Node `ua:"optional"`
}

type Enum int32

type Named struct {
	E  Enum
	L  []Enum
	T  time.Time
	P  *Prims
	SC types.StatusCode
}

type Arrays struct {
	I32 []int32
	F64 []float64
	F32 []float32
	Fix [2]int32
	S   []string
	BS  [][]byte
	N   []types.NodeID
	B   []bool
}

// The test registry holds the types the ExtensionObject and message cases
// use, under ids of namespace 0 as the generated table will.
type Argument struct {
	Name        string
	DataType    types.NodeID
	ValueRank   int32
	ArrayDims   []uint32
	Description types.LocalizedText
}

type RequestHeader struct {
	AuthenticationToken types.NodeID
	Timestamp           types.DateTime
	RequestHandle       uint32
	ReturnDiagnostics   uint32
	AuditEntryID        string
	TimeoutHint         uint32
	AdditionalHeader    types.ExtensionObject
}

type ReadValueID struct {
	NodeID       types.NodeID
	AttributeID  uint32
	IndexRange   string
	DataEncoding types.QualifiedName
}

type ReadRequest struct {
	RequestHeader      RequestHeader
	MaxAge             float64
	TimestampsToReturn int32
	NodesToRead        []ReadValueID
}

// Rich is the struct of the round-trip properties and the fuzz target.
type Rich struct {
	P   Prims
	O   Optionals
	C   Computed
	U   Union
	N   []types.NodeID
	X   types.ExpandedNodeID
	V   types.Variant
	DV  types.DataValue
	DI  *types.DiagnosticInfo
	LT  types.LocalizedText
	QN  types.QualifiedName
	G   types.GUID
	T   time.Time
	EO  types.ExtensionObject
	Arr Arrays
	Ptr *Node
}

var testRegistry = func() *Registry {
	r := newRegistry(nil)
	must(RegisterType[Argument](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 298)}))
	must(RegisterType[ReadRequest](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 631)}))
	must(RegisterType[ReadValueID](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 628)}))
	must(RegisterType[Prims](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 5001), NamespaceURI: "urn:test"}))
	return r
}()

func must(err error) {
	if err != nil {
		panic(err)
	}
}
