package message

import (
	"fmt"
	"math"
	"time"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// The workload values, built for both libraries from the definitions of W4
// and W5 in docs/workloads.md. bench/compare has the same
// values, but it is a main package, so they are built again here.

// Binary encoding ids of the two services (ReadRequest_Encoding_DefaultBinary
// and ReadResponse_Encoding_DefaultBinary).
const (
	readRequestEncodingID  = 631
	readResponseEncodingID = 634
)

// T0 of the workloads, 2024-01-02T03:04:05.1234567Z.
var t0 = time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)

const (
	t0Ticks int64 = 133_486_382_451_234_567 // T0 in 100 ns ticks since 1601
	tickMs  int64 = 10_000                  // ticks in one millisecond
	tickSec int64 = 10_000_000              // ticks in one second
)

// A Case is one service message of the benchmark, built for both libraries.
type Case struct {
	// Name names the case in benchmark names: "ReadRequest50".
	Name string
	// Workload is "W4" (ReadRequest) or "W5" (ReadResponse).
	Workload string
	// N is the number of nodes (W4) or values (W5).
	N int
	// Response is true when the message goes from server to client (W5):
	// it is then signed with the server's keys.
	Response bool

	encodingID uint32
	// newUabin and newGopcua build the case's pipeline for one library.
	newUabin  func(plansOnly bool, p Policy) (*Pipeline, error)
	newGopcua func(p Policy) (*Pipeline, error)
}

// Cases returns the three messages of the benchmark: W4 ReadRequest with 1
// and 50 nodes and W5 ReadResponse with 100 values.
func Cases() []*Case {
	return []*Case{ReadRequest(1), ReadRequest(50), ReadResponse(100)}
}

// NewCase returns the case of workload "W4" or "W5" with n nodes or values
// (n from 0 to 1,000,000).
func NewCase(workload string, n int) (*Case, error) {
	if n < 0 || n > 1_000_000 {
		return nil, fmt.Errorf("message: %s with %d elements: n must be between 0 and 1000000", workload, n)
	}
	switch workload {
	case "W4":
		return ReadRequest(n), nil
	case "W5":
		return ReadResponse(n), nil
	}
	return nil, fmt.Errorf("message: unknown workload %q (W4 or W5)", workload)
}

// ReadRequest returns workload W4 with n nodes to read.
func ReadRequest(n int) *Case {
	u, g := uabinReadRequest(n), gopcuaReadRequest(n)
	c := &Case{Name: fmt.Sprintf("ReadRequest%d", n), Workload: "W4", N: n, encodingID: readRequestEncodingID}
	c.newUabin = func(plansOnly bool, p Policy) (*Pipeline, error) {
		return newUabinPipeline(c, plansOnly, p, &u)
	}
	c.newGopcua = func(p Policy) (*Pipeline, error) { return newGopcuaPipeline(c, p, g) }
	return c
}

// ReadResponse returns workload W5 with n values.
func ReadResponse(n int) *Case {
	u, g := uabinReadResponse(n), gopcuaReadResponse(n)
	c := &Case{Name: fmt.Sprintf("ReadResponse%d", n), Workload: "W5", N: n, Response: true, encodingID: readResponseEncodingID}
	c.newUabin = func(plansOnly bool, p Policy) (*Pipeline, error) {
		return newUabinPipeline(c, plansOnly, p, &u)
	}
	c.newGopcua = func(p Policy) (*Pipeline, error) { return newGopcuaPipeline(c, p, g) }
	return c
}

// authToken is the AuthenticationToken's opaque identifier, byte i = i.
func authToken() []byte {
	b := make([]byte, 16)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// nodeName is the string identifier of W4's node i.
func nodeName(i int) string { return fmt.Sprintf("Demo.Static.Scalar.Double.%d", i) }

func uabinReadRequest(n int) types.ReadRequest {
	req := types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewOpaqueNodeID(0, authToken()),
			Timestamp:           types.DateTime(t0Ticks),
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead:        make([]types.ReadValueID, n),
	}
	for i := range req.NodesToRead {
		req.NodesToRead[i] = types.ReadValueID{NodeID: types.NewStringNodeID(2, nodeName(i)), AttributeID: 13}
	}
	return req
}

func gopcuaReadRequest(n int) *ua.ReadRequest {
	req := &ua.ReadRequest{
		RequestHeader: &ua.RequestHeader{
			AuthenticationToken: ua.NewByteStringNodeID(0, authToken()),
			Timestamp:           t0,
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		TimestampsToReturn: ua.TimestampsToReturnBoth,
		NodesToRead:        make([]*ua.ReadValueID, n),
	}
	for i := range req.NodesToRead {
		req.NodesToRead[i] = &ua.ReadValueID{
			NodeID:       ua.NewStringNodeID(2, nodeName(i)),
			AttributeID:  ua.AttributeIDValue,
			DataEncoding: &ua.QualifiedName{}, // a nil pointer would be written as nothing
		}
	}
	return req
}

// valueString is the String value of W5's result i (i mod 5 = 3).
func valueString(i int) string { return fmt.Sprintf("value-%d", i) }

func uabinReadResponse(n int) types.ReadResponse {
	resp := types.ReadResponse{
		ResponseHeader: types.ResponseHeader{Timestamp: types.DateTime(t0Ticks), RequestHandle: 42},
		Results:        make([]types.DataValue, n),
	}
	for i := range resp.Results {
		var v types.Variant
		switch i % 5 {
		case 0:
			v.SetBits(types.TypeDouble, math.Float64bits(float64(i)*1.5))
		case 1:
			v.SetBits(types.TypeInt32, uint64(int64(i)))
		case 2:
			v.SetBits(types.TypeBoolean, uint64(1-i%2))
		case 3:
			v.SetString(types.TypeString, valueString(i))
		case 4:
			v.SetBits(types.TypeDateTime, uint64(t0Ticks+int64(i)*tickSec))
		}
		ts := types.DateTime(t0Ticks + int64(i)*tickMs)
		resp.Results[i] = types.DataValue{Value: v, SourceTimestamp: ts, ServerTimestamp: ts}
	}
	return resp
}

func gopcuaReadResponse(n int) *ua.ReadResponse {
	resp := &ua.ReadResponse{
		ResponseHeader: &ua.ResponseHeader{
			Timestamp:          t0,
			RequestHandle:      42,
			ServiceDiagnostics: &ua.DiagnosticInfo{}, // gopcua panics on a nil one
		},
		Results: make([]*ua.DataValue, n),
	}
	for i := range resp.Results {
		var v any
		switch i % 5 {
		case 0:
			v = float64(i) * 1.5
		case 1:
			v = int32(i)
		case 2:
			v = i%2 == 0
		case 3:
			v = valueString(i)
		case 4:
			v = t0.Add(time.Duration(i) * time.Second)
		}
		ts := t0.Add(time.Duration(i) * time.Millisecond)
		dv := &ua.DataValue{Value: ua.MustVariant(v), SourceTimestamp: ts, ServerTimestamp: ts}
		dv.UpdateMask()
		resp.Results[i] = dv
	}
	return resp
}
