package main

// The OPC UA XML rows: W1-W7 (the Go values of the binary rows, as the
// JSON rows take them) encoded and decoded with package uaxml. The C side
// (open62541's UA_encodeXml and UA_decodeXml) is added beside them by the
// XML cross-check (test/interop/xml); BenchmarkXML times the Go side:
//
//	go test -run XXX -bench BenchmarkXML -benchmem
//
// A row of a type open62541's XML codec does not support (DataValue,
// matrices) still has its Go figures.

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uaxml"
)

// An xmlCase is one W1-W7 row in XML.
type xmlCase struct {
	id    string
	codec codec
	text  []byte // the XML of the value
}

var (
	xmlOnce     sync.Once
	xmlAllCases []*xmlCase
)

// xmlBinaryRows are the rows whose values come from the expected bytes of
// the binary row of the same id, with the Go type they decode into.
var xmlBinaryRows = []struct {
	id    string
	fresh func() any
}{
	{"W1UInt32", func() any { return new(uint32) }}, {"W1Double", func() any { return new(float64) }},
	{"W1String", func() any { return new(string) }}, {"W1ByteString", func() any { return new([]byte) }},
	{"W1Guid", func() any { return new(types.GUID) }}, {"W1DateTime", func() any { return new(types.DateTime) }},
	{"W1NodeIdTwoByte", newNodeID}, {"W1NodeIdFourByte", newNodeID}, {"W1NodeIdNumeric", newNodeID},
	{"W1NodeIdString", newNodeID}, {"W1NodeIdGuid", newNodeID},
	{"W1ExpandedNodeId", func() any { return new(types.ExpandedNodeID) }},
	{"W2VariantDouble", newVariant}, {"W2VariantUInt32", newVariant}, {"W2VariantString", newVariant},
	{"W2VariantDouble1000", newVariant}, {"W2VariantInt32Matrix", newVariant},
	{"W3DataValueFull", func() any { return new(types.DataValue) }},
}

func newNodeID() any  { return new(types.NodeID) }
func newVariant() any { return new(types.Variant) }

// xmlCases returns the rows, built once: W1-W3 from the binary rows'
// expected bytes, W4-W7 from the functions the binary rows use.
func xmlCases() []*xmlCase {
	xmlOnce.Do(func() {
		for _, r := range xmlBinaryRows {
			c := caseByID(r.id)
			if c == nil {
				panic("no binary case " + r.id)
			}
			v := r.fresh()
			if err := uabin.Unmarshal(c.expected, v); err != nil {
				panic(fmt.Sprintf("%s: the expected bytes do not decode: %v", r.id, err))
			}
			xmlAllCases = append(xmlAllCases, newXMLCase(r.id, v, r.fresh))
		}
		forMessageValues(func(id string, v any, fresh func() any) {
			xmlAllCases = append(xmlAllCases, newXMLCase(id, v, fresh))
		})
	})
	return xmlAllCases
}

// newXMLCase makes the codec of the value v (a pointer): encoding appends
// into a reused buffer, decoding reads into a reused value made by fresh,
// and the check is that the decoded value has the binary encoding of v.
func newXMLCase(id string, v any, fresh func() any) *xmlCase {
	want, err := uabin.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", id, err))
	}
	text, err := uaxml.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", id, err))
	}
	got := fresh()
	var o uaxml.Options
	return &xmlCase{id: id, text: text, codec: codec{
		encode: func(dst []byte) ([]byte, error) { return o.Append(dst, v) },
		decode: func(src []byte) error { return o.Unmarshal(src, got) },
		check: func() error {
			b, err := uabin.Marshal(got)
			if err != nil {
				return err
			}
			if !bytes.Equal(b, want) {
				return fmt.Errorf("the decoded value encodes in binary as % x, want % x", b, want)
			}
			return nil
		},
	}}
}
