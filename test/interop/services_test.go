package interop

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/examples/client/uaclient"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/types/id"
)

// TestBrowseContinuation browses BigFolder, whose 120 children take five
// pages at the server's limit of 25 references per node, following the
// continuation points with BrowseNext.
func TestBrowseContinuation(t *testing.T) {
	endpoint(t)
	for _, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			c := dial(t, s, newChecker(t), 0)
			refs, st, err := c.Browse(context.Background(), node("ns=1;s=BigFolder"), 0)
			if err != nil {
				t.Fatal(err)
			}
			// 120 Organizes references and one HasTypeDefinition.
			wantRefs := bigFolderChildren + 1
			if len(refs) != wantRefs {
				t.Fatalf("%d references, want %d", len(refs), wantRefs)
			}
			if want := (wantRefs + maxReferencesPerNode - 1) / maxReferencesPerNode; st.Requests != want {
				t.Errorf("%d Browse/BrowseNext requests, want %d", st.Requests, want)
			}
			seen := map[string]bool{}
			for _, r := range refs {
				switch r.ReferenceTypeID {
				case types.NewNumericNodeID(0, id.HasTypeDefinition):
					if r.NodeID != types.NewExpandedNodeID(types.NewNumericNodeID(0, id.FolderType)) || r.NodeClass != types.NodeClassObjectType {
						t.Errorf("type definition %v (%v)", r.NodeID, r.NodeClass)
					}
				case types.NewNumericNodeID(0, id.Organizes):
					name := r.BrowseName.Name
					if seen[name] {
						t.Errorf("%s twice", name)
					}
					seen[name] = true
					if want := types.MustParseExpandedNodeID("ns=1;s=BigFolder." + name); r.NodeID != want || r.NodeClass != types.NodeClassVariable || r.BrowseName.NamespaceIndex != 1 ||
						r.DisplayName.Text != name || !r.IsForward {
						t.Errorf("reference %+v", r)
					}
				default:
					t.Errorf("unexpected reference type %v", r.ReferenceTypeID)
				}
			}
			for i := range bigFolderChildren {
				if name := fmt.Sprintf("Child%03d", i); !seen[name] {
					t.Errorf("%s missing", name)
				}
			}

			// A small page size asked by the client wins over the server's.
			refs, st, err = c.Browse(context.Background(), node("ns=1;s=BigFolder"), 50)
			if err != nil || len(refs) != wantRefs {
				t.Fatalf("browse with 50 per page: %d references, %v", len(refs), err)
			}
			if st.Requests != 5 {
				t.Errorf("browse with 50 per page: %d requests", st.Requests)
			}
			refs, st, err = c.Browse(context.Background(), node("ns=1;s=BigFolder"), 7)
			if err != nil || len(refs) != wantRefs || st.Requests != (wantRefs+6)/7 {
				t.Fatalf("browse with 7 per page: %d references in %d requests, %v", len(refs), st.Requests, err)
			}
		})
	}
}

// TestCall calls Methods.Add, and checks that a call with a missing
// argument fails with a bad status in its result.
func TestCall(t *testing.T) {
	endpoint(t)
	for _, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			c := dial(t, s, newChecker(t), 0)
			res, err := c.Call(context.Background(), []types.CallMethodRequest{
				{
					ObjectID:       node("ns=1;s=Methods"),
					MethodID:       node("ns=1;s=Methods.Add"),
					InputArguments: []types.Variant{types.VariantFromFloat64(1.5), types.VariantFromFloat64(2.25)},
				},
				{
					ObjectID:       node("ns=1;s=Methods"),
					MethodID:       node("ns=1;s=Methods.Add"),
					InputArguments: []types.Variant{types.VariantFromFloat64(1.5)},
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			if res[0].StatusCode != types.StatusGood || len(res[0].OutputArguments) != 1 || !res[0].OutputArguments[0].Equal(types.VariantFromFloat64(3.75)) {
				t.Errorf("Add(1.5, 2.25) = %+v", res[0])
			}
			if !res[1].StatusCode.IsBad() {
				t.Errorf("Add(1.5) = %+v, want a bad status", res[1])
			}
		})
	}
}

// TestWriteReadBack writes the writable variables (a Double, a String, an
// Int32 array) and reads them back; a write to a read-only variable is
// refused.
func TestWriteReadBack(t *testing.T) {
	endpoint(t)
	for i, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			c := dial(t, s, newChecker(t), 0)
			values := []struct {
				node string
				v    types.Variant
			}{
				{"ns=1;s=Writable.Double", types.VariantFromFloat64(42.25 + float64(i))},
				{"ns=1;s=Writable.String", types.VariantFromString("written with " + s.name)},
				{"ns=1;s=Writable.Int32Array", mustVariant([]int32{10, 20, 30, int32(40 + i)})},
			}
			var wv []types.WriteValue
			var nodes []types.NodeID
			for _, v := range values {
				wv = append(wv, types.WriteValue{NodeID: node(v.node), AttributeID: uint32(types.AttributeIDValue), Value: types.NewDataValue(v.v)})
				nodes = append(nodes, node(v.node))
			}
			wv = append(wv, types.WriteValue{NodeID: node("ns=1;s=Scalar.Double"), AttributeID: uint32(types.AttributeIDValue), Value: types.NewDataValue(types.VariantFromFloat64(1))})
			codes, err := c.Write(context.Background(), wv)
			if err != nil {
				t.Fatal(err)
			}
			for j, code := range codes[:len(values)] {
				if code != types.StatusGood {
					t.Errorf("write %s: %v", values[j].node, code)
				}
			}
			if last := codes[len(values)]; !last.IsBad() {
				t.Errorf("write to the read-only Scalar.Double: %v, want a bad status", last)
			}
			dvs, err := c.ReadValues(context.Background(), nodes...)
			if err != nil {
				t.Fatal(err)
			}
			for j, dv := range dvs {
				if dv.Status != types.StatusGood || !dv.Value.Equal(values[j].v) {
					t.Errorf("read back %s: %v %v, want %v", values[j].node, dv.Value, dv.Status, values[j].v)
				}
			}
		})
	}
}

// TestLargeArray reads the 20,000 Doubles (160 kB) with a receive buffer
// of 8 KiB: the response comes in about twenty chunks.
func TestLargeArray(t *testing.T) {
	endpoint(t)
	for _, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			rc := newChecker(t)
			c := dial(t, s, rc, 8192)
			dvs, err := c.ReadValues(context.Background(), node("ns=1;s=LargeDoubleArray"))
			if err != nil {
				t.Fatal(err)
			}
			v := dvs[0].Value
			got, ok := v.Raw().([]float64)
			if dvs[0].Status != types.StatusGood || v.Type() != types.TypeDouble || !v.IsArray() || !ok || len(got) != largeLength {
				t.Fatalf("got %v %v (%d elements)", v.Type(), dvs[0].Status, v.Len())
			}
			for i, x := range got {
				if x != float64(i)/4 {
					t.Fatalf("element %d = %v, want %v", i, x, float64(i)/4)
				}
			}
			if minChunks := largeLength * 8 / 8192; rc.maxChunks < minChunks {
				t.Errorf("the response came in %d chunks, want at least %d", rc.maxChunks, minChunks)
			}
		})
	}
}

// TestServiceFault sends a Read of no nodes, which the server answers with
// a ServiceFault (Bad_NothingToDo); the session stays usable.
func TestServiceFault(t *testing.T) {
	endpoint(t)
	c := dial(t, settings[0], newChecker(t), 0)
	_, err := c.Read(context.Background(), nil)
	if code := uaclient.StatusCode(err); code != types.StatusBadNothingToDo {
		t.Fatalf("read of no nodes: %v, want BadNothingToDo", err)
	}
	if !strings.Contains(err.Error(), "BadNothingToDo") {
		t.Errorf("error %q does not name the status code", err)
	}
	if _, err := c.ReadValues(context.Background(), node("i=2259")); err != nil {
		t.Fatalf("read after the fault: %v", err)
	}
}

// TestRenewToken asks node-opcua for its shortest token lifetime (2.5 s;
// it drops a token 125 % of its lifetime after issuing it) and reads across
// two renewals, each opened with RequestType Renew under the channel's
// policy and mode.
func TestRenewToken(t *testing.T) {
	ep := endpoint(t)
	if testing.Short() {
		t.Skip("waits for token renewals")
	}
	for _, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			rc := newChecker(t)
			opens := 0
			cfg := uaclient.Config{Policy: s.policy, Mode: s.mode, Timeout: 30 * time.Second, Lifetime: 2500 * time.Millisecond,
				Inspect: func(m chunk.Message) {
					rc.inspect(m)
					if m.Type == chunk.TypeOpen {
						opens++
					}
				}}
			if !s.policy.IsNone() {
				id, err := clientIdentity()
				if err != nil {
					t.Fatal(err)
				}
				cfg.Certificate, cfg.PrivateKey = id.cert, id.key
			}
			c, err := uaclient.Dial(context.Background(), ep, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := c.Close(context.Background()); err != nil {
					t.Errorf("close: %v", err)
				}
			}()
			for i := range 3 {
				if i > 0 {
					time.Sleep(2 * time.Second)
				}
				dvs, err := c.ReadValues(context.Background(), node("ns=1;s=Scalar.Int32"))
				if err != nil {
					t.Fatalf("read %d: %v", i, err)
				}
				if !dvs[0].Value.Equal(types.VariantFromInt32(-2000000000)) {
					t.Fatalf("read %d: %v", i, dvs[0].Value)
				}
			}
			wantOpens := 3 // Issue, Renew, Renew
			if !s.policy.IsNone() {
				wantOpens++ // the GetEndpoints channel's
			}
			if c.Renewals != 2 || opens != wantOpens {
				t.Errorf("%d renewals, %d OPN responses; want 2 and %d", c.Renewals, opens, wantOpens)
			}
		})
	}
}

// TestDiagnostics asks for every DiagnosticInfo (ReturnDiagnostics 0x3FF)
// on a Call whose second method fails: node-opcua returns one
// DiagnosticInfo per result, the failing one with its symbolic id and
// namespace as indexes into the response's string table.
func TestDiagnostics(t *testing.T) {
	ep := endpoint(t)
	rc := newChecker(t)
	c, err := uaclient.Dial(context.Background(), ep, uaclient.Config{ReturnDiagnostics: 0x3ff, Timeout: 30 * time.Second, Inspect: rc.inspect})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	add := func(args ...float64) types.CallMethodRequest {
		r := types.CallMethodRequest{ObjectID: node("ns=1;s=Methods"), MethodID: node("ns=1;s=Methods.Add")}
		for _, a := range args {
			r.InputArguments = append(r.InputArguments, types.VariantFromFloat64(a))
		}
		return r
	}
	res, err := uaclient.Do[types.CallResponse](context.Background(), c, &types.CallRequest{MethodsToCall: []types.CallMethodRequest{add(1, 2), add(1)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != 2 || !res.Results[1].StatusCode.IsBad() {
		t.Fatalf("results %+v", res.Results)
	}
	if len(res.DiagnosticInfos) != 2 {
		t.Fatalf("%d DiagnosticInfos, want 2: %v", len(res.DiagnosticInfos), res.DiagnosticInfos)
	}
	st := res.ResponseHeader.StringTable
	str := func(i int32) string {
		if i < 0 || int(i) >= len(st) {
			t.Fatalf("string table index %d of %d", i, len(st))
		}
		return st[i]
	}
	di := res.DiagnosticInfos[1]
	if !di.Has(types.DiagnosticInfoSymbolicID) || !di.Has(types.DiagnosticInfoNamespaceURI) {
		t.Fatalf("DiagnosticInfo %v has no symbolic id or namespace", di)
	}
	if got, want := str(di.SymbolicID), res.Results[1].StatusCode.Name(); got != want {
		t.Errorf("symbolic id %q, want %q", got, want)
	}
	if got := str(di.NamespaceURI); got != "http://opcfoundation.org/UA/" {
		t.Errorf("namespace %q", got)
	}
	if di.Has(types.DiagnosticInfoLocalizedText) && str(di.LocalizedText) == "" {
		t.Error("empty localized text")
	}
	t.Logf("DiagnosticInfos %v, string table %q", res.DiagnosticInfos, st)
}
