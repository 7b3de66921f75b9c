package cases

import (
	"reflect"
	"time"

	"github.com/uabin/uabin/types"
)

// Target is one thing a decoding case or a FuzzDecodeAny input can decode:
// a Go type for uabin.Unmarshal, or the service-message entry point
// (uabin.UnmarshalMessage), whose Type is nil.
type Target struct {
	// Name identifies the target in case files: the OPC UA name of a
	// built-in ("Variant"), the OPC UA name of a generated structure
	// ("ReadRequest"), an extra Go mapping ("DateTime/time.Time") or
	// MessageTarget.
	Name string
	// Type is the Go type decoded into; nil for MessageTarget.
	Type reflect.Type
}

// MessageTarget is the name of the target that decodes a whole service
// message with uabin.UnmarshalMessage.
const MessageTarget = "message"

// Targets lists every decoding target, in a fixed order: the 25 built-in
// types in the order of their type ids, two extra Go mappings of built-ins
// (time.Time and []byte), every non-abstract structure of
// types.StandardTypes in schema order, one recursive user type (Tree), and
// the service-message target last.
// FuzzDecodeAny picks Targets[i] with i taken from the first two bytes of
// its input (big-endian, modulo len(Targets)).
var Targets = buildTargets()

func buildTargets() []Target {
	ts := []Target{
		{"Boolean", reflect.TypeFor[bool]()},
		{"SByte", reflect.TypeFor[int8]()},
		{"Byte", reflect.TypeFor[uint8]()},
		{"Int16", reflect.TypeFor[int16]()},
		{"UInt16", reflect.TypeFor[uint16]()},
		{"Int32", reflect.TypeFor[int32]()},
		{"UInt32", reflect.TypeFor[uint32]()},
		{"Int64", reflect.TypeFor[int64]()},
		{"UInt64", reflect.TypeFor[uint64]()},
		{"Float", reflect.TypeFor[float32]()},
		{"Double", reflect.TypeFor[float64]()},
		{"String", reflect.TypeFor[string]()},
		{"DateTime", reflect.TypeFor[types.DateTime]()},
		{"Guid", reflect.TypeFor[types.GUID]()},
		{"ByteString", reflect.TypeFor[types.ByteString]()},
		{"XmlElement", reflect.TypeFor[types.XmlElement]()},
		{"NodeId", reflect.TypeFor[types.NodeID]()},
		{"ExpandedNodeId", reflect.TypeFor[types.ExpandedNodeID]()},
		{"StatusCode", reflect.TypeFor[types.StatusCode]()},
		{"QualifiedName", reflect.TypeFor[types.QualifiedName]()},
		{"LocalizedText", reflect.TypeFor[types.LocalizedText]()},
		{"ExtensionObject", reflect.TypeFor[types.ExtensionObject]()},
		{"DataValue", reflect.TypeFor[types.DataValue]()},
		{"Variant", reflect.TypeFor[types.Variant]()},
		{"DiagnosticInfo", reflect.TypeFor[types.DiagnosticInfo]()},
		{"DateTime/time.Time", reflect.TypeFor[time.Time]()},
		{"ByteString/[]byte", reflect.TypeFor[[]byte]()},
	}
	for _, ti := range types.StandardTypes {
		if ti.Abstract || ti.Type == nil {
			continue
		}
		ts = append(ts, Target{ti.Name, ti.Type})
	}
	ts = append(ts, Target{"user/Tree", reflect.TypeFor[Tree]()})
	return append(ts, Target{MessageTarget, nil})
}

// Tree is a user structure that can contain itself: the engine counts one
// nesting level per Tree value, so a deep tree is a recursion bomb like a
// deep Variant.
type Tree struct {
	Value    int32  `ua:"Int32"`
	Children []Tree // nil is the null array: the leaves end the recursion
}

// TargetIndex returns the index of the target called name in Targets, or
// -1.
func TargetIndex(name string) int {
	for i, t := range Targets {
		if t.Name == name {
			return i
		}
	}
	return -1
}

// FuzzInput returns the FuzzDecodeAny input that decodes data as the
// target called name, with the fast paths off if noFastPaths is set. It
// panics if there is no such target (a bug in the generator).
func FuzzInput(name string, noFastPaths bool, data []byte) []byte {
	i := TargetIndex(name)
	if i < 0 {
		panic("cases: no target " + name)
	}
	var fp byte
	if noFastPaths {
		fp = 1
	}
	return append([]byte{byte(i >> 8), byte(i), fp}, data...)
}

// SplitFuzzInput is the inverse of FuzzInput: it returns the target, the
// fast-path switch and the data of a FuzzDecodeAny input, and false if the
// input is shorter than its three-byte prefix.
func SplitFuzzInput(in []byte) (t Target, noFastPaths bool, data []byte, ok bool) {
	if len(in) < 3 {
		return Target{}, false, nil, false
	}
	i := (int(in[0])<<8 | int(in[1])) % len(Targets)
	return Targets[i], in[2]&1 != 0, in[3:], true
}
