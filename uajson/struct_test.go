package uajson_test

import (
	"github.com/uabin/uabin/types"
)

// Exact texts of the structure kinds (Part 6 v1.05 §5.4.6-5.4.8, Annex H
// for the deprecated forms), run by TestEncodeText and TestDecodeText with
// the built-ins' cases.

// named is a structure whose fields have OPC UA names of their own and
// tag options.
type named struct {
	Count   int    `ua:"Int64,name=Count64"`
	Small   uint8  `ua:"Byte,max=10,name=Level"`
	Label   string `ua:"String,empty"`
	Skipped string `ua:"-"`
}

func readValueID() types.ReadValueID {
	return types.ReadValueID{NodeID: types.NewNumericNodeID(2, 5), AttributeID: 13}
}

func init() {
	textCases = append(textCases, structCases...)
}

var structCases = []textCase{
	{name: "structure", value: readValueID(),
		compact:       `{"NodeId":"ns=2;i=5","AttributeId":13}`,
		verbose:       `{"NodeId":"ns=2;i=5","AttributeId":13,"IndexRange":null,"DataEncoding":null}`,
		reversible:    `{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13}`,
		nonReversible: `{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13,"IndexRange":null,"DataEncoding":null}`},
	{name: "structure with URIs", value: readValueID(), tables: true,
		compact:       `{"NodeId":"nsu=http://acme.org/;i=5","AttributeId":13}`,
		verbose:       `{"NodeId":"nsu=http://acme.org/;i=5","AttributeId":13,"IndexRange":null,"DataEncoding":null}`,
		reversible:    `{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13}`,
		nonReversible: `{"NodeId":{"Id":5,"Namespace":"http://acme.org/"},"AttributeId":13,"IndexRange":null,"DataEncoding":null}`},
	{name: "structure zero", value: types.ReadValueID{},
		compact:       `{}`,
		verbose:       `{"NodeId":null,"AttributeId":0,"IndexRange":null,"DataEncoding":null}`,
		nonReversible: `{"NodeId":null,"AttributeId":0,"IndexRange":null,"DataEncoding":null}`},
	{name: "nested structures, arrays, enumeration", value: types.ReadRequest{
		RequestHeader:      types.RequestHeader{Timestamp: T0, RequestHandle: 7},
		MaxAge:             0.5,
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead:        []types.ReadValueID{readValueID(), {AttributeID: 1}},
	},
		compact:       `{"RequestHeader":{"Timestamp":"2024-01-02T03:04:05.1234567Z","RequestHandle":7},"MaxAge":0.5,"TimestampsToReturn":2,"NodesToRead":[{"NodeId":"ns=2;i=5","AttributeId":13},{"AttributeId":1}]}`,
		verbose:       `{"RequestHeader":{"AuthenticationToken":null,"Timestamp":"2024-01-02T03:04:05.1234567Z","RequestHandle":7,"ReturnDiagnostics":0,"AuditEntryId":null,"TimeoutHint":0,"AdditionalHeader":null},"MaxAge":0.5,"TimestampsToReturn":"Both_2","NodesToRead":[{"NodeId":"ns=2;i=5","AttributeId":13,"IndexRange":null,"DataEncoding":null},{"NodeId":null,"AttributeId":1,"IndexRange":null,"DataEncoding":null}]}`,
		reversible:    `{"RequestHeader":{"Timestamp":"2024-01-02T03:04:05.1234567Z","RequestHandle":7},"MaxAge":0.5,"TimestampsToReturn":2,"NodesToRead":[{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13},{"AttributeId":1}]}`,
		nonReversible: `{"RequestHeader":{"AuthenticationToken":null,"Timestamp":"2024-01-02T03:04:05.1234567Z","RequestHandle":7,"ReturnDiagnostics":0,"AuditEntryId":null,"TimeoutHint":0,"AdditionalHeader":null},"MaxAge":0.5,"TimestampsToReturn":"Both_2","NodesToRead":[{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13,"IndexRange":null,"DataEncoding":null},{"NodeId":null,"AttributeId":1,"IndexRange":null,"DataEncoding":null}]}`},
	{name: "null array field", value: types.BrowseResult{StatusCode: types.StatusCode(0x80340000)},
		compact:       `{"StatusCode":{"Code":2150891520}}`,
		verbose:       `{"StatusCode":{"Code":2150891520,"Symbol":"BadNodeIdUnknown"},"ContinuationPoint":null,"References":null}`,
		reversible:    `{"StatusCode":2150891520}`,
		nonReversible: `{"StatusCode":{"Code":2150891520,"Symbol":"BadNodeIdUnknown"},"ContinuationPoint":null,"References":null}`},
	{name: "empty array field", value: types.BrowseResult{References: []types.ReferenceDescription{}},
		compact:       `{"References":[]}`,
		verbose:       `{"StatusCode":{},"ContinuationPoint":null,"References":[]}`,
		reversible:    `{"References":[]}`,
		nonReversible: `{"StatusCode":{},"ContinuationPoint":null,"References":[]}`},
	{name: "array of structures with null elements", value: []*types.ReadValueID{nil, ptrTo(readValueID())},
		compact:       `[null,{"NodeId":"ns=2;i=5","AttributeId":13}]`,
		verbose:       `[null,{"NodeId":"ns=2;i=5","AttributeId":13,"IndexRange":null,"DataEncoding":null}]`,
		reversible:    `[null,{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13}]`,
		nonReversible: `[null,{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13,"IndexRange":null,"DataEncoding":null}]`},
	{name: "optional fields", value: optStruct{C: "x"},
		compact:       `{"EncodingMask":2,"C":"x"}`,
		verbose:       `{"EncodingMask":2,"A":0,"C":"x"}`,
		reversible:    `{"EncodingMask":2,"C":"x"}`,
		nonReversible: `{"A":0,"C":"x"}`},
	{name: "optional fields all", value: optStruct{A: 1, B: 2, C: "x"},
		compact:       `{"EncodingMask":3,"A":1,"B":2,"C":"x"}`,
		nonReversible: `{"A":1,"B":2,"C":"x"}`},
	{name: "union", value: unionStruct{Switch: 2, B: "x"},
		compact:       `{"SwitchField":2,"B":"x"}`,
		verbose:       `{"B":"x"}`,
		reversible:    `{"SwitchField":2,"Value":"x"}`,
		nonReversible: `"x"`},
	{name: "union default value", value: unionStruct{Switch: 1},
		compact:       `{"SwitchField":1,"A":0}`,
		verbose:       `{"A":0}`,
		reversible:    `{"SwitchField":1,"Value":0}`,
		nonReversible: `0`},
	{name: "union none", value: unionStruct{},
		compact:       `{}`,
		nonReversible: `null`},
	{name: "enumeration", value: types.NodeClassVariable,
		compact: `2`, verbose: `"Variable_2"`, nonReversible: `"Variable_2"`},
	{name: "enumeration value without a name", value: types.NodeClass(3), compact: `3`},
	{name: "enumeration array", value: []types.NodeClass{types.NodeClassObject, types.NodeClassView},
		compact: `[1,128]`, verbose: `["Object_1","View_128"]`, nonReversible: `["Object_1","View_128"]`},
	{name: "option set", value: types.AttributeWriteMask(5), compact: `5`},
	{name: "names and tag options", value: named{Count: -3, Small: 4, Skipped: "no"},
		compact:       `{"Count64":"-3","Level":4,"Label":""}`,
		nonReversible: `{"Count64":"-3","Level":4,"Label":""}`,
		decoded:       named{Count: -3, Small: 4}},
	{name: "ExtensionObject with a registered structure", value: types.NewExtensionObject(ptrTo(readValueID())),
		compact:       `{"UaTypeId":"i=626","NodeId":"ns=2;i=5","AttributeId":13}`,
		verbose:       `{"UaTypeId":"i=626","NodeId":"ns=2;i=5","AttributeId":13,"IndexRange":null,"DataEncoding":null}`,
		reversible:    `{"TypeId":{"Id":626},"Body":{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13}}`,
		nonReversible: `{"NodeId":{"Id":5,"Namespace":2},"AttributeId":13,"IndexRange":null,"DataEncoding":null}`,
		decoded:       types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 628), Encoding: types.ExtensionObjectBinary, Value: ptrTo(readValueID())}},
	{name: "Variant with a registered structure", value: mustVariant(types.NewExtensionObject(ptrTo(types.Range{Low: 1, High: 2}))),
		compact:       `{"UaType":22,"Value":{"UaTypeId":"i=884","Low":1,"High":2}}`,
		reversible:    `{"Type":22,"Body":{"TypeId":{"Id":884},"Body":{"Low":1,"High":2}}}`,
		nonReversible: `{"Low":1,"High":2}`,
		decoded:       mustVariant(types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 886), Encoding: types.ExtensionObjectBinary, Value: ptrTo(types.Range{Low: 1, High: 2})})},
}
