package interop

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// sessionDir holds the session recorded by record.mjs (see its README).
const sessionDir = "testdata/session"

// recorded is one line of testdata/session/index.tsv.
type recorded struct {
	seq       string
	conn      int
	dir       string // c2s or s2c
	chunk     string // OPN, MSG or CLO
	requestID uint32
	chunks    int
	typ       string // the structure's name, as in package types
	typeID    uint32
	bytes     int
	file      string
}

// readSessionIndex parses index.tsv (tab separated, one header line).
func readSessionIndex(t *testing.T) []recorded {
	t.Helper()
	f, err := os.Open(filepath.Join(sessionDir, "index.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []recorded
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		if line == 1 {
			if want := "seq\tconn\tdir\tchunk\trequestId\tchunks\ttype\ttypeId\tbytes\tfile"; sc.Text() != want {
				t.Fatalf("index.tsv header %q, want %q", sc.Text(), want)
			}
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 10 {
			t.Fatalf("index.tsv:%d: %d columns, want 10", line, len(c))
		}
		num := func(s string) uint64 {
			n, err := strconv.ParseUint(s, 10, 32)
			if err != nil {
				t.Fatalf("index.tsv:%d: %v", line, err)
			}
			return n
		}
		out = append(out, recorded{
			seq: c[0], conn: int(num(c[1])), dir: c[2], chunk: c[3], requestID: uint32(num(c[4])),
			chunks: int(num(c[5])), typ: c[6], typeID: uint32(num(c[7])), bytes: int(num(c[8])), file: c[9],
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRecordedSession decodes every message of the recorded node-opcua
// session with uabin.UnmarshalMessage and checks it against the index: one
// file per line and no other, each of the recorded length, decoding to the
// Go type of package types that the index names; every request answered on
// its connection under its request id; and the session covers every
// service of its README, data-change and event notifications, history data
// and a message of many chunks. Every message must re-encode byte for
// byte with the default options (a decoded String keeps null or empty, a
// DataValue the fields sent with zero values); how many also do with
// EmptyStrings is logged.
func TestRecordedSession(t *testing.T) {
	index := readSessionIndex(t)
	if len(index) == 0 {
		t.Fatal("index.tsv lists no message")
	}

	// The directory holds exactly the files of the index.
	names, err := filepath.Glob(filepath.Join(sessionDir, "*.bin"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range index {
		listed[m.file] = true
	}
	if len(names) != len(index) || len(listed) != len(index) {
		t.Errorf("%d .bin files, %d index lines, %d distinct files in the index", len(names), len(index), len(listed))
	}
	for _, n := range names {
		if !listed[filepath.Base(n)] {
			t.Errorf("%s is not in index.tsv", filepath.Base(n))
		}
	}

	type key struct {
		conn int
		id   uint32
	}
	requests := map[key]recorded{}
	responses := map[key]recorded{}
	decoded := 0
	sameDefault, sameEmpty, sameEither := 0, 0, 0
	var neither []string
	maxChunks := 0
	diffByType := map[string]int{}
	perType := map[string]int{}
	for _, m := range index {
		b, err := os.ReadFile(filepath.Join(sessionDir, m.file))
		if err != nil {
			t.Error(err)
			continue
		}
		maxChunks = max(maxChunks, m.chunks)
		if len(b) != m.bytes {
			t.Errorf("%s: %d bytes, index says %d", m.file, len(b), m.bytes)
		}
		// The first bytes are the encoding id: four-byte form, ns=0.
		if len(b) < 4 || b[0] != 0x01 || b[1] != 0 || uint32(b[2])|uint32(b[3])<<8 != m.typeID {
			t.Errorf("%s: does not start with the encoding id i=%d: % x", m.file, m.typeID, b[:min(len(b), 4)])
		}
		var v any
		if err := uabin.UnmarshalMessage(b, &v); err != nil {
			t.Errorf("%s: %v", m.file, err)
			continue
		}
		// The index has node-opcua's name of the type; package types
		// knows it by the same OPC UA name (its Go name may differ in the
		// case of initialisms: NodeIds, NodeIDs).
		info, ok := types.TypeInfoByName(m.typ)
		if !ok {
			t.Errorf("%s: package types has no structure named %s", m.file, m.typ)
			continue
		}
		if info.BinaryEncodingID != m.typeID {
			t.Errorf("%s: %s has the binary encoding i=%d in package types, i=%d in the index", m.file, m.typ, info.BinaryEncodingID, m.typeID)
		}
		rt := reflect.TypeOf(v)
		if rt.Kind() == reflect.Pointer {
			rt = rt.Elem()
		}
		if rt != info.Type {
			t.Errorf("%s: decoded as %v, index says %s (%v)", m.file, rt, m.typ, info.Type)
			continue
		}
		decoded++
		perType[m.typ]++
		switch x := v.(type) {
		case *types.PublishResponse:
			for _, n := range x.NotificationMessage.NotificationData {
				perType[fmt.Sprintf("%T", n.Value)]++
			}
		case *types.HistoryReadResponse:
			for _, r := range x.Results {
				if _, ok := r.HistoryData.Value.(*types.HistoryData); ok {
					perType["*types.HistoryData"]++
				}
			}
		}

		k := key{m.conn, m.requestID}
		switch {
		case m.dir == "c2s":
			if _, dup := requests[k]; dup {
				t.Errorf("%s: a second request with id %d on connection %d", m.file, m.requestID, m.conn)
			}
			requests[k] = m
		case m.dir == "s2c":
			if _, dup := responses[k]; dup {
				t.Errorf("%s: a second response with id %d on connection %d", m.file, m.requestID, m.conn)
			}
			responses[k] = m
		default:
			t.Errorf("%s: direction %q", m.file, m.dir)
		}

		enc, err := uabin.MarshalMessage(v)
		if err != nil {
			t.Errorf("%s: re-encoding: %v", m.file, err)
			continue
		}
		encEmpty, err := uabin.Options{EmptyStrings: true}.MarshalMessage(v)
		if err != nil {
			t.Errorf("%s: re-encoding with EmptyStrings: %v", m.file, err)
			continue
		}
		if bytes.Equal(enc, b) {
			sameDefault++
		} else {
			diffByType[m.typ]++
		}
		if bytes.Equal(encEmpty, b) {
			sameEmpty++
		}
		if bytes.Equal(enc, b) || bytes.Equal(encEmpty, b) {
			sameEither++
		} else {
			neither = append(neither, fmt.Sprintf("%s@%d", m.file, firstDiff(enc, b)))
		}
	}
	if decoded != len(index) {
		t.Errorf("%d of %d messages decoded to the type of the index", decoded, len(index))
	}

	// Every request has its response (a ServiceFault counts), under the
	// same request id on the same connection, and every response a request,
	// except CloseSecureChannel, which has none.
	for k, req := range requests {
		resp, ok := responses[k]
		switch {
		case req.chunk == "CLO":
			if ok {
				t.Errorf("%s: CloseSecureChannelRequest answered by %s", req.file, resp.file)
			}
		case !ok:
			t.Errorf("%s: no response to request %d on connection %d", req.file, k.id, k.conn)
		case resp.typ != "ServiceFault" && resp.typ != strings.TrimSuffix(req.typ, "Request")+"Response":
			t.Errorf("%s answers %s with %s", resp.file, req.typ, resp.typ)
		}
	}
	for k, resp := range responses {
		if _, ok := requests[k]; !ok {
			t.Errorf("%s: no request with id %d on connection %d", resp.file, k.id, k.conn)
		}
	}

	// The session covers what its README says.
	for _, want := range []string{
		"OpenSecureChannelRequest", "GetEndpointsResponse", "FindServersResponse", "CreateSessionResponse",
		"ActivateSessionResponse", "ReadResponse", "ServiceFault", "BrowseResponse", "BrowseNextResponse",
		"TranslateBrowsePathsToNodeIdsResponse", "RegisterNodesResponse", "UnregisterNodesResponse",
		"WriteResponse", "CallResponse", "CreateSubscriptionResponse", "CreateMonitoredItemsResponse",
		"PublishResponse", "*types.DataChangeNotification", "*types.EventNotificationList",
		"ModifySubscriptionResponse", "ModifyMonitoredItemsResponse", "SetMonitoringModeResponse",
		"SetPublishingModeResponse", "DeleteMonitoredItemsResponse", "DeleteSubscriptionsResponse",
		"HistoryReadResponse", "*types.HistoryData", "CloseSessionResponse", "CloseSecureChannelRequest",
	} {
		if perType[want] == 0 {
			t.Errorf("the session has no %s", want)
		}
	}
	if maxChunks < 2 {
		t.Errorf("no message of the session took more than one chunk")
	}
	delete(perType, "*types.DataChangeNotification")
	delete(perType, "*types.EventNotificationList")
	delete(perType, "*types.HistoryData")

	var counts []string
	for typ, n := range perType {
		counts = append(counts, fmt.Sprintf("%s %d", typ, n))
	}
	sort.Strings(counts)
	t.Logf("%d messages of %d types decoded: %s", decoded, len(perType), strings.Join(counts, ", "))
	var diffs []string
	for typ, n := range diffByType {
		diffs = append(diffs, fmt.Sprintf("%s %d", typ, n))
	}
	sort.Strings(diffs)
	t.Logf("re-encoded byte for byte: %d of %d with the default options, %d with EmptyStrings, %d with either", sameDefault, decoded, sameEmpty, sameEither)
	if len(diffs) > 0 {
		// uabin writes the shortest NodeId form, and so does node-opcua in
		// this session, so every message must come back exactly.
		t.Errorf("not byte for byte with the default options: %s", strings.Join(diffs, ", "))
	}
	if len(neither) > 0 {
		t.Logf("not byte for byte under either string setting (file@first difference with the default options): %s", strings.Join(neither, ", "))
	}
}

// firstDiff is the offset of the first byte where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
