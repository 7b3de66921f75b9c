package uaclient

import (
	"context"
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/types/id"
)

// ReadValues reads the Value attribute of each node and returns one
// DataValue per node, in order; a node's own failure is in its DataValue's
// Status, not in the error.
func (c *Client) ReadValues(ctx context.Context, nodes ...types.NodeID) ([]types.DataValue, error) {
	rv := make([]types.ReadValueID, len(nodes))
	for i, n := range nodes {
		rv[i] = types.ReadValueID{NodeID: n, AttributeID: uint32(types.AttributeIDValue)}
	}
	return c.Read(ctx, rv)
}

// Read reads the given attributes (timestamps of source and server) and
// returns one DataValue per ReadValueID.
func (c *Client) Read(ctx context.Context, nodes []types.ReadValueID) ([]types.DataValue, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	res, err := roundTrip[types.ReadResponse](ctx, c, "read", &types.ReadRequest{
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead:        nodes,
	})
	if err != nil {
		return nil, err
	}
	if len(res.Results) != len(nodes) {
		return nil, &Error{Op: "read", Code: types.StatusBadUnknownResponse, Err: fmt.Errorf("%d results for %d nodes", len(res.Results), len(nodes))}
	}
	return res.Results, nil
}

// BrowseStats counts the requests a Browse needed.
type BrowseStats struct {
	// Requests is the number of Browse and BrowseNext requests.
	Requests int
}

// Browse returns every forward reference of node (of any reference type),
// following continuation points with BrowseNext until the server has
// returned them all. maxPerRequest is the RequestedMaxReferencesPerNode (0:
// no limit asked; the server may still impose one).
func (c *Client) Browse(ctx context.Context, node types.NodeID, maxPerRequest uint32) ([]types.ReferenceDescription, BrowseStats, error) {
	var st BrowseStats
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	res, err := roundTrip[types.BrowseResponse](ctx, c, "browse", &types.BrowseRequest{
		RequestedMaxReferencesPerNode: maxPerRequest,
		NodesToBrowse: []types.BrowseDescription{{
			NodeID:          node,
			BrowseDirection: types.BrowseDirectionForward,
			ReferenceTypeID: types.NewNumericNodeID(0, id.References),
			IncludeSubtypes: true,
			ResultMask:      uint32(types.BrowseResultMaskAll),
		}},
	})
	st.Requests++
	if err != nil {
		return nil, st, err
	}
	refs, cp, err := browseResult("browse", res.Results)
	for err == nil && len(cp) > 0 {
		// Each BrowseNext has its own timeout: a long browse is many
		// requests.
		var next *types.BrowseNextResponse
		func() {
			ctx, cancel := context.WithTimeout(parent, c.cfg.Timeout)
			defer cancel()
			next, err = roundTrip[types.BrowseNextResponse](ctx, c, "browse next", &types.BrowseNextRequest{ContinuationPoints: [][]byte{cp}})
		}()
		st.Requests++
		if err != nil {
			return refs, st, err
		}
		var more []types.ReferenceDescription
		more, cp, err = browseResult("browse next", next.Results)
		refs = append(refs, more...)
	}
	return refs, st, err
}

// browseResult checks the one result of a Browse or BrowseNext.
func browseResult(op string, rs []types.BrowseResult) ([]types.ReferenceDescription, []byte, error) {
	if len(rs) != 1 {
		return nil, nil, &Error{Op: op, Code: types.StatusBadUnknownResponse, Err: fmt.Errorf("%d results for 1 node", len(rs))}
	}
	if rs[0].StatusCode.IsBad() {
		return nil, nil, &Error{Op: op, Code: rs[0].StatusCode}
	}
	return rs[0].References, rs[0].ContinuationPoint, nil
}

// Call calls the methods and returns one result per request; a method's
// own failure is in its result's StatusCode.
func (c *Client) Call(ctx context.Context, calls []types.CallMethodRequest) ([]types.CallMethodResult, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	res, err := roundTrip[types.CallResponse](ctx, c, "call", &types.CallRequest{MethodsToCall: calls})
	if err != nil {
		return nil, err
	}
	if len(res.Results) != len(calls) {
		return nil, &Error{Op: "call", Code: types.StatusBadUnknownResponse, Err: fmt.Errorf("%d results for %d calls", len(res.Results), len(calls))}
	}
	return res.Results, nil
}

// Write writes the values and returns one status code per value.
func (c *Client) Write(ctx context.Context, values []types.WriteValue) ([]types.StatusCode, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	res, err := roundTrip[types.WriteResponse](ctx, c, "write", &types.WriteRequest{NodesToWrite: values})
	if err != nil {
		return nil, err
	}
	if len(res.Results) != len(values) {
		return nil, &Error{Op: "write", Code: types.StatusBadUnknownResponse, Err: fmt.Errorf("%d results for %d values", len(res.Results), len(values))}
	}
	return res.Results, nil
}
