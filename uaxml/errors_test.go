package uaxml_test

import (
	"errors"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uaxml"
)

// TestDecodeErrors: malformed input gives a *uabin.DecodeError of the
// right kind, at the offset of the element at fault, with its field path.
func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		in     string
		v      any
		kind   error
		offset int
		path   string
	}{
		{"int32-range", `<Int32>2147483648</Int32>`, new(int32), uabin.ErrInvalid, 0, "Int32"},
		{"boolean-word", `<Boolean>yes</Boolean>`, new(bool), uabin.ErrInvalid, 0, "Boolean"},
		{"double-word", `<Double>Infinity</Double>`, new(float64), uabin.ErrInvalid, 0, "Double"},
		{"datetime-no-zone", `<DateTime>2002-10-09T19:00:00</DateTime>`, new(types.DateTime), uabin.ErrInvalid, 0, "DateTime"},
		{"guid", `<Guid><String>72962B91</String></Guid>`, new(types.GUID), uabin.ErrInvalid, 6, "Guid"},
		{"base64", `<ByteString>A*==</ByteString>`, new([]byte), uabin.ErrInvalid, 0, "ByteString"},
		{"nodeid", `<NodeId><Identifier>x=1</Identifier></NodeId>`, new(types.NodeID), uabin.ErrInvalid, 8, "NodeId"},
		{"nodeid-unknown-uri", `<NodeId><Identifier>nsu=http://x/;i=1</Identifier></NodeId>`, new(types.NodeID), uabin.ErrInvalid, 8, "NodeId"},
		{"structure-unknown-field", `<ReadValueId><Bogus>1</Bogus></ReadValueId>`, new(types.ReadValueID), uabin.ErrInvalid, 13, "ReadValueId"},
		{"structure-order", `<ReadValueId><AttributeId>1</AttributeId><NodeId></NodeId></ReadValueId>`, new(types.ReadValueID), uabin.ErrInvalid, 41, "ReadValueId"},
		{"structure-field", `<ReadRequest><NodesToRead><ReadValueId><AttributeId>x</AttributeId></ReadValueId></NodesToRead></ReadRequest>`,
			new(types.ReadRequest), uabin.ErrInvalid, 39, "ReadRequest.NodesToRead[0].AttributeId"},
		{"list-element-name", `<ListOfInt32><Int32>1</Int32><Int16>2</Int16></ListOfInt32>`, new([]int32), uabin.ErrInvalid, 29, "ListOfInt32[1]"},
		{"variant-two-values", `<Variant><Value><Int32>1</Int32><Int32>2</Int32></Value></Variant>`, new(types.Variant), uabin.ErrInvalid, 32, "Variant.Value"},
		{"variant-not-builtin", `<Variant><Value><Argument/></Value></Variant>`, new(types.Variant), uabin.ErrInvalid, 16, "Variant.Value"},
		{"matrix-count", `<Variant><Value><Matrix><Dimensions><Int32>2</Int32><Int32>2</Int32></Dimensions><Elements><Int32>1</Int32></Elements></Matrix></Value></Variant>`,
			new(types.Variant), uabin.ErrInvalid, 16, "Variant.Value"},
		{"optional-mask", `<Optional><EncodingMask>1</EncodingMask><A>1</A></Optional>`, new(Optional), uabin.ErrInvalid, 0, "Optional"},
		{"union-switch", `<Union><SwitchField>4</SwitchField></Union>`, new(Union), uabin.ErrInvalid, 0, "Union"},
		{"union-field", `<Union><SwitchField>1</SwitchField><T>x</T></Union>`, new(Union), uabin.ErrInvalid, 35, "Union"},
		{"enum", `<TimestampsToReturn>Both</TimestampsToReturn>`, new(types.TimestampsToReturn), uabin.ErrInvalid, 0, "TimestampsToReturn"},
		{"text-in-structure", `<ReadValueId>text</ReadValueId>`, new(types.ReadValueID), uabin.ErrInvalid, 0, "ReadValueId"},
		{"element-in-number", `<Int32><A/></Int32>`, new(int32), uabin.ErrInvalid, 7, "Int32"},
		{"syntax", `<Int32>1</Int16>`, new(int32), uabin.ErrInvalid, 8, ""},
		{"dtd", `<!DOCTYPE x [<!ENTITY a "b">]><Int32>1</Int32>`, new(int32), uabin.ErrInvalid, 0, ""},
		{"entity", `<String>&a;</String>`, new(string), uabin.ErrInvalid, 8, ""},
		{"two-roots", `<Int32>1</Int32><Int32>2</Int32>`, new(int32), uabin.ErrInvalid, 16, ""},
		{"not-utf8", "<String>\xff</String>", new(string), uabin.ErrInvalid, 8, ""},
		{"extensionobject-two-bodies", `<ExtensionObject><TypeId><Identifier>i=297</Identifier></TypeId><Body><Argument/><Argument/></Body></ExtensionObject>`,
			new(types.ExtensionObject), uabin.ErrInvalid, 81, "ExtensionObject"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := uaxml.Unmarshal([]byte(c.in), c.v)
			var de *uabin.DecodeError
			if !errors.As(err, &de) || !errors.Is(err, c.kind) {
				t.Fatalf("got %v, want a *uabin.DecodeError wrapping %v", err, c.kind)
			}
			if de.Offset != c.offset || de.Path != c.path {
				t.Fatalf("offset %d path %q, want %d %q: %v", de.Offset, de.Path, c.offset, c.path, err)
			}
		})
	}
}
