// Package interop tests the uabin packages against a real, independent OPC
// UA stack: the node-opcua server of server.mjs, which run.sh installs and
// starts on 127.0.0.1. The tests find it through the environment variable
// UABIN_INTEROP_ENDPOINT and skip when it is not set, so that a plain
// `go test ./...` stays hermetic.
package interop

import (
	"bytes"
	"context"
	"crypto/rsa"
	"fmt"
	"os"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/examples/client/uaclient"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// EndpointVar names the environment variable holding the server's endpoint
// URL (opc.tcp://127.0.0.1:PORT/uabin).
const EndpointVar = "UABIN_INTEROP_ENDPOINT"

func endpoint(t testing.TB) string {
	t.Helper()
	ep := os.Getenv(EndpointVar)
	if ep == "" {
		t.Skipf("%s is not set: no node-opcua server to test against (run bash test/interop/run.sh)", EndpointVar)
	}
	return ep
}

// securitySetting is one of the three channel configurations tested.
type securitySetting struct {
	name   string
	policy *chunk.Policy
	mode   chunk.SecurityMode
}

var settings = []securitySetting{
	{"None", chunk.PolicyNone, chunk.ModeNone},
	{"Basic256Sha256-Sign", chunk.PolicyBasic256Sha256, chunk.ModeSign},
	{"Basic256Sha256-SignAndEncrypt", chunk.PolicyBasic256Sha256, chunk.ModeSignAndEncrypt},
}

// identity is a client certificate and its key.
type identity struct {
	cert []byte
	key  *rsa.PrivateKey
}

// clientIdentity is one client certificate for every secure test (RSA key
// generation is the slow part of a secure connection).
var clientIdentity = sync.OnceValues(func() (identity, error) {
	c, k, err := uaclient.NewCertificate(uaclient.DefaultApplicationURI, 2048)
	return identity{c, k}, err
})

// roundTripChecker is the Inspect hook of every test client: each message
// received must decode, and decode → encode → decode must be stable (the
// second encoding equal to the first, the two decoded values deeply equal).
// It also counts the messages, the chunks and the messages whose first
// re-encoding is not byte-identical to what node-opcua sent.
type roundTripChecker struct {
	t                  *testing.T
	messages, chunks   int
	maxChunks          int
	notIdentical       int
	notIdenticalByType map[string]int
}

func newChecker(t *testing.T) *roundTripChecker {
	return &roundTripChecker{t: t, notIdenticalByType: map[string]int{}}
}

func (rc *roundTripChecker) inspect(m chunk.Message) {
	t := rc.t
	t.Helper()
	rc.messages++
	rc.chunks += m.Chunks
	rc.maxChunks = max(rc.maxChunks, m.Chunks)
	raw := append([]byte(nil), m.Body...)
	var v1 any
	if err := uabin.UnmarshalMessage(raw, &v1); err != nil {
		t.Errorf("%v message %d: decode: %v", m.Type, m.RequestID, err)
		return
	}
	b1, err := uabin.MarshalMessage(v1)
	if err != nil {
		t.Errorf("%v %T: encode: %v", m.Type, v1, err)
		return
	}
	var v2 any
	if err := uabin.UnmarshalMessage(b1, &v2); err != nil {
		t.Errorf("%v %T: decode of the re-encoding: %v", m.Type, v1, err)
		return
	}
	b2, err := uabin.MarshalMessage(v2)
	if err != nil {
		t.Errorf("%v %T: second encode: %v", m.Type, v1, err)
		return
	}
	if !bytes.Equal(b1, b2) {
		t.Errorf("%T: encode(decode(encode(decode(x)))) differs from encode(decode(x))", v1)
	}
	if !reflect.DeepEqual(v1, v2) {
		t.Errorf("%T: decode(encode(decode(x))) differs from decode(x): %s", v1, cmp.Diff(v1, v2, cmp.Exporter(func(reflect.Type) bool { return true })))
	}
	if !bytes.Equal(raw, b1) {
		rc.notIdentical++
		rc.notIdenticalByType[fmt.Sprintf("%T", v1)]++
		if off, ok := onlyEmptyStrings(raw, b1); !ok {
			lo := max(0, off-24)
			t.Errorf("%T: re-encoding differs at byte %d (lengths %d and %d) beyond empty/null Strings:\n sent % x\n ours % x",
				v1, off, len(raw), len(b1), raw[lo:min(len(raw), off+24)], b1[lo:min(len(b1), off+24)])
		}
	}
}

// onlyEmptyStrings reports whether ours differs from sent only where sent
// has the length 0 of an empty String and ours the length -1 of a null
// String: uabin decodes both to "" and writes "" as null by default
// (docs/tags.md), while node-opcua writes empty Strings. Otherwise it
// returns the offset of the first other difference.
func onlyEmptyStrings(sent, ours []byte) (int, bool) {
	if len(sent) != len(ours) {
		return min(len(sent), len(ours)), false
	}
	empty, null := []byte{0, 0, 0, 0}, []byte{0xff, 0xff, 0xff, 0xff}
	for i := 0; i < len(sent); i++ {
		if sent[i] == ours[i] {
			continue
		}
		if i+4 > len(sent) || !bytes.Equal(sent[i:i+4], empty) || !bytes.Equal(ours[i:i+4], null) {
			return i, false
		}
		i += 3
	}
	return 0, true
}

// dial connects with setting s and the round-trip checker.
func dial(t *testing.T, s securitySetting, rc *roundTripChecker, bufsize uint32) *uaclient.Client {
	t.Helper()
	cfg := uaclient.Config{
		Policy:            s.policy,
		Mode:              s.mode,
		ReceiveBufferSize: bufsize,
		Timeout:           30 * time.Second,
		Inspect:           rc.inspect,
	}
	if !s.policy.IsNone() {
		id, err := clientIdentity()
		if err != nil {
			t.Fatal(err)
		}
		cfg.Certificate, cfg.PrivateKey = id.cert, id.key
	}
	c, err := uaclient.Dial(context.Background(), endpoint(t), cfg)
	if err != nil {
		t.Fatalf("dial %s: %v", s.name, err)
	}
	t.Cleanup(func() {
		if err := c.Close(context.Background()); err != nil {
			t.Errorf("close: %v", err)
		}
		t.Logf("%d messages received in %d chunks (at most %d per message); %d not byte-identical on re-encoding %v",
			rc.messages, rc.chunks, rc.maxChunks, rc.notIdentical, rc.notIdenticalByType)
	})
	return c
}

func node(s string) types.NodeID { return types.MustParseNodeID(s) }

// TestValues reads every variable of server.mjs under each security setting
// and compares each value with values_test.go.
func TestValues(t *testing.T) {
	endpoint(t)
	for _, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			rc := newChecker(t)
			c := dial(t, s, rc, 0)
			var nodes []types.NodeID
			var want []types.Variant
			var names []string
			for _, v := range scalarValues {
				nodes, want, names = append(nodes, node("ns=1;s=Scalar."+v.name)), append(want, v.want), append(names, "Scalar."+v.name)
			}
			for _, v := range arrayValues {
				nodes, want, names = append(nodes, node("ns=1;s=Array."+v.name)), append(want, v.want), append(names, "Array."+v.name)
			}
			nodes, want, names = append(nodes, node("ns=1;s=Matrix.Int32")), append(want, matrixValue), append(names, "Matrix.Int32")
			dvs, err := c.ReadValues(context.Background(), nodes...)
			if err != nil {
				t.Fatal(err)
			}
			for i, dv := range dvs {
				if dv.Status != types.StatusGood {
					t.Errorf("%s: status %v", names[i], dv.Status)
				}
				if !dv.Value.Equal(want[i]) {
					t.Errorf("%s:\n got %v (%v)\nwant %v (%v)", names[i], dv.Value, dv.Value.Type(), want[i], want[i].Type())
				}
				if dv.ServerTimestamp == 0 {
					t.Errorf("%s: no server timestamp", names[i])
				}
			}
			if rc.messages < 4 { // OPN, CreateSession, ActivateSession, Read
				t.Errorf("only %d messages inspected", rc.messages)
			}
		})
	}
}

// TestExpandedNodeIDOnTheWire shows that the scalar ExpandedNodeId is
// shortened by node-opcua, not by our decoder: the response bytes do not
// hold the namespace URI that server.mjs set.
func TestExpandedNodeIDOnTheWire(t *testing.T) {
	rc := newChecker(t)
	var found, read bool
	inner := rc.inspect
	cfg := uaclient.Config{Timeout: 30 * time.Second, Inspect: func(m chunk.Message) {
		inner(m)
		if read {
			found = bytes.Contains(m.Body, []byte("urn:uabin:other"))
		}
	}}
	c, err := uaclient.Dial(context.Background(), endpoint(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	read = true
	if _, err := c.ReadValues(context.Background(), node("ns=1;s=Scalar.ExpandedNodeId")); err != nil {
		t.Fatal(err)
	}
	if found {
		t.Error("the ReadResponse holds the namespace URI: the expected value in values_test.go must keep it")
	}
}
