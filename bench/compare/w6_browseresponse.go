package main

import (
	"fmt"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// W6: BrowseResponse with one result of 500 references, as a service
// message (docs/workloads.md, W6).

// browseResponseEncodingID is BrowseResponse_Encoding_DefaultBinary.
const browseResponseEncodingID = 530

const w6References = 500

func w6Node(i int) string        { return fmt.Sprintf("Demo.Node.%d", i) }
func w6BrowseName(i int) string  { return fmt.Sprintf("Node%d", i) }
func w6DisplayName(i int) string { return fmt.Sprintf("Node %d", i) }

func w6Cases() []*testCase {
	c := &testCase{
		id:         "W6BrowseResponse500",
		workload:   "W6",
		title:      "BrowseResponse[500]",
		dirs:       encodeDecode,
		measureNew: true,
		expected:   w6Expected(),
	}
	u := uabinMessageOf(browseResponseEncodingID, w6Uabin())
	c.codecs[implFast] = u.codec(false)
	c.typed = u.typed()
	c.codecs[implPlans] = u.codec(true)
	c.codecs[implGopcua] = gopcuaServiceCodec(browseResponseEncodingID, w6Gopcua())
	return []*testCase{c}
}

func w6Uabin() types.BrowseResponse {
	refs := make([]types.ReferenceDescription, w6References)
	for i := range refs {
		refs[i] = types.ReferenceDescription{
			ReferenceTypeID: types.NewNumericNodeID(0, 35), // Organizes
			IsForward:       true,
			NodeID:          types.ExpandedNodeID{NodeID: types.NewStringNodeID(2, w6Node(i))},
			BrowseName:      types.QualifiedName{NamespaceIndex: 2, Name: w6BrowseName(i)},
			DisplayName:     types.LocalizedText{Locale: "en", Text: w6DisplayName(i)},
			NodeClass:       types.NodeClassVariable,
			TypeDefinition:  types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 63)}, // BaseDataVariableType
		}
	}
	return types.BrowseResponse{
		ResponseHeader: uabinResponseHeader(),
		Results:        []types.BrowseResult{{References: refs}},
	}
}

func w6Gopcua() *ua.BrowseResponse {
	refs := make([]*ua.ReferenceDescription, w6References)
	for i := range refs {
		refs[i] = &ua.ReferenceDescription{
			ReferenceTypeID: ua.NewTwoByteNodeID(35),
			IsForward:       true,
			NodeID:          ua.NewStringExpandedNodeID(2, w6Node(i)),
			BrowseName:      &ua.QualifiedName{NamespaceIndex: 2, Name: w6BrowseName(i)},
			DisplayName:     ua.NewLocalizedTextWithLocale(w6DisplayName(i), "en"),
			NodeClass:       ua.NodeClassVariable,
			TypeDefinition:  ua.NewTwoByteExpandedNodeID(63),
		}
	}
	return &ua.BrowseResponse{
		ResponseHeader: gopcuaResponseHeader(),
		Results:        []*ua.BrowseResult{{References: refs}},
	}
}

// w6Expected works out the bytes of W6 from the rules.
func w6Expected() ref {
	r := refResponseHeader(ref{}.numericNodeID(0, browseResponseEncodingID)) // 01 00 12 02
	r = r.i32(1)                                                             // Results
	r = r.u32(0)                                                             // StatusCode Good
	r = r.bytes(nil)                                                         // ContinuationPoint null
	r = r.i32(w6References)
	for i := 0; i < w6References; i++ {
		r = r.numericNodeID(0, 35)                  // ReferenceTypeId
		r = r.u8(1)                                 // IsForward
		r = r.stringNodeID(2, w6Node(i))            // NodeId: an ExpandedNodeId without flags
		r = r.qualifiedName(2, w6BrowseName(i))     // BrowseName
		r = r.localizedText("en", w6DisplayName(i)) // DisplayName
		r = r.i32(2)                                // NodeClass Variable
		r = r.numericNodeID(0, 63)                  // TypeDefinition
	}
	return r.i32(-1) // DiagnosticInfos null
}
