package pubsub_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

// gridSize and gridAt mirror test/interop/pubsub/c/grid.h: the grid of
// header configurations that open62541's encoder wrote into
// testdata/open62541-grid.txt.gz (see testdata/README.md).
const gridSize = 6 * 6 * 2 * 2 * 3 * 2 * 2 * 3 * 2

type gridCfg struct {
	pubType, group, payloadHdr, classID, ts, promoted, sec, enc, count, dsBits, dsType int
	configured                                                                         bool
}

func gridAt(idx int) gridCfg {
	var g gridCfg
	k := idx
	g.pubType = k % 6
	k /= 6
	g.group = k % 6
	k /= 6
	g.payloadHdr = k % 2
	k /= 2
	g.classID = k % 2
	k /= 2
	g.ts = k % 3
	k /= 3
	g.promoted = k % 2
	k /= 2
	g.sec = k % 2
	k /= 2
	g.enc = k % 3
	k /= 3
	g.count = 1
	if g.payloadHdr == 1 {
		g.count = k%2 + 1
	}
	g.dsBits = (idx * 7) % 64
	if g.dsBits&16 == 0 {
		g.dsBits &^= 32
	}
	g.dsType = (idx / 5) % 3
	if g.enc == 1 {
		g.dsType = 0
	}
	g.configured = idx%11 == 0
	return g
}

var gridClassID = types.GUID{Data1: 0x72962B91, Data2: 0xFA75, Data3: 0x4AE6, Data4: [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}}

func gridMeta() types.DataSetMetaDataType {
	return types.DataSetMetaDataType{Name: "grid", Fields: []types.FieldMetaData{
		{Name: "i", BuiltInType: uint8(types.TypeInt32), DataType: types.NewNumericNodeID(0, 6), ValueRank: -1},
		{Name: "d", BuiltInType: uint8(types.TypeDouble), DataType: types.NewNumericNodeID(0, 11), ValueRank: -1},
		{Name: "s", BuiltInType: uint8(types.TypeString), DataType: types.NewNumericNodeID(0, 12), ValueRank: -1},
	}}
}

func gridValue(enc, which, idx int) types.DataValue {
	var v types.Variant
	switch which {
	case 0:
		v = types.VariantFromInt32(int32(idx))
	case 1:
		v = types.VariantFromFloat64(2.5)
	default:
		v = types.VariantFromString("uabin")
	}
	dv := types.DataValue{Value: v}
	if enc == 2 {
		dv.Status = 0x40000000
		dv.SourceTimestamp = 132000000000000000
	}
	return dv
}

// gridMessage builds configuration idx and the encoder Config it needs.
func gridMessage(t testing.TB, idx int) (pubsub.NetworkMessage, pubsub.Config) {
	g := gridAt(idx)
	layout, err := pubsub.NewLayout(gridMeta(), pubsub.LayoutOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var cfg pubsub.Config
	var m pubsub.NetworkMessage
	switch g.pubType {
	case 1:
		m.PublisherID = pubsub.ByteID(7)
	case 2:
		m.PublisherID = pubsub.UInt16ID(1234)
	case 3:
		m.PublisherID = pubsub.UInt32ID(123456)
	case 4:
		m.PublisherID = pubsub.UInt64ID(0x0102030405060708)
	case 5:
		m.PublisherID = pubsub.StringID("pub-1")
	}
	if g.pubType != 0 {
		m.Content |= pubsub.ContentPublisherID
	}
	if g.group != 0 {
		m.Content |= pubsub.ContentGroupHeader
		bits := []pubsub.NetworkContent{0, pubsub.ContentWriterGroupID, pubsub.ContentGroupVersion, pubsub.ContentNetworkMessageNumber, pubsub.ContentSequenceNumber,
			pubsub.ContentWriterGroupID | pubsub.ContentGroupVersion | pubsub.ContentNetworkMessageNumber | pubsub.ContentSequenceNumber}
		m.Content |= bits[g.group]
		m.WriterGroupID, m.GroupVersion, m.NetworkMessageNumber, m.SequenceNumber = 100, 12345678, 3, uint16(idx&0xff)
	}
	if g.payloadHdr == 1 {
		m.Content |= pubsub.ContentPayloadHeader
	}
	if g.classID == 1 {
		m.Content |= pubsub.ContentDataSetClassID
		m.DataSetClassID = gridClassID
	}
	if g.ts >= 1 {
		m.Content |= pubsub.ContentTimestamp
		m.Timestamp = 134000000000000000
	}
	if g.ts == 2 {
		m.Content |= pubsub.ContentPicoSeconds
		m.PicoSeconds = 99
	}
	if g.promoted == 1 {
		m.Content |= pubsub.ContentPromotedFields
		m.PromotedFields = []types.Variant{types.VariantFromUint32(7), types.VariantFromString("p")}
	}
	if g.sec == 1 {
		m.Security = pubsub.SecurityHeader{Enabled: true, Signed: true, Encrypted: idx%2 == 1, ForceKeyReset: idx%4 == 1, TokenID: 7, NonceLen: 8,
			Nonce: [16]byte{0, 1, 2, 3, 4, 5, 6, 7}}
		m.SecurityFooter = []byte{1, 2, 3, 4}
	}
	for i := 0; i < g.count; i++ {
		d := pubsub.DataSetMessage{WriterID: uint16(62541 + i), Encoding: pubsub.FieldEncoding([]int{0, 1, 2}[g.enc])}
		w := pubsub.Writer{ID: d.WriterID, Layout: layout}
		if g.configured {
			w.ConfiguredSize = 128
		}
		cfg.Writers = append(cfg.Writers, w)
		bits := []pubsub.DataSetContent{pubsub.DataSetSequenceNumber, pubsub.DataSetStatus, pubsub.DataSetMajorVersion, pubsub.DataSetMinorVersion, pubsub.DataSetTimestamp, pubsub.DataSetPicoSeconds}
		for b, c := range bits {
			if g.dsBits&(1<<b) != 0 {
				d.Content |= c
			}
		}
		d.SequenceNumber, d.Status, d.MajorVersion, d.MinorVersion = uint16(idx), 0x80000000, uint32(1000+idx), 2000
		d.Timestamp, d.PicoSeconds = types.DateTime(133000000000000000+int64(idx)), 123
		switch g.dsType {
		case 0:
			d.Type = pubsub.KeyFrame
			for f := 0; f < 3; f++ {
				d.Fields = append(d.Fields, pubsub.Field{Value: gridValue(g.enc, f, idx)})
			}
		case 1:
			d.Type = pubsub.DeltaFrame
			d.Fields = []pubsub.Field{{Index: 0, Value: gridValue(g.enc, 0, idx)}, {Index: 2, Value: gridValue(g.enc, 2, idx)}}
		default:
			d.Type = pubsub.KeepAlive
		}
		m.Messages = append(m.Messages, d)
	}
	return m, cfg
}

func readGrid(t *testing.T, path string, gz bool) map[int]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rd *bufio.Scanner
	if gz {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		rd = bufio.NewScanner(zr)
	} else {
		rd = bufio.NewScanner(bytes.NewReader(raw))
	}
	rd.Buffer(make([]byte, 1<<16), 1<<20)
	out := map[int]string{}
	for rd.Scan() {
		idx, rest, _ := strings.Cut(rd.Text(), " ")
		i, err := strconv.Atoi(idx)
		if err != nil {
			t.Fatalf("bad grid line %q", rd.Text())
		}
		out[i] = rest
	}
	return out
}

// TestGridAgainstOpen62541 encodes every configuration of the header-flag
// grid and compares the bytes with what open62541's
// UA_NetworkMessage_encodeBinary wrote for it; then decodes open62541's bytes
// and encodes the result again. UABIN_O6_GRID names a live nmgrid output to
// compare instead of the recorded one (test/interop/pubsub/run.sh sets it).
func TestGridAgainstOpen62541(t *testing.T) {
	path, gz := "testdata/open62541-grid.txt.gz", true
	if p := os.Getenv("UABIN_O6_GRID"); p != "" {
		path, gz = p, false
	}
	want := readGrid(t, path, gz)
	if len(want) != gridSize {
		t.Fatalf("%s has %d configurations, want %d", path, len(want), gridSize)
	}
	failed := 0
	for idx := 0; idx < gridSize && failed < 5; idx++ {
		m, cfg := gridMessage(t, idx)
		enc, err := pubsub.NewEncoder(cfg)
		if err != nil {
			t.Fatal(err)
		}
		pubsub.WriteSecurityAsIs(enc) // open62541's grid has SecurityHeaders and no signatures
		got, err := enc.Marshal(&m)
		if err != nil {
			t.Errorf("grid %d (%+v): %v", idx, gridAt(idx), err)
			failed++
			continue
		}
		if g := gridAt(idx); g.configured && g.count == 2 && g.dsType == 2 {
			// open62541 1.5.7 writes the Sizes of padded keep-alive
			// DataSetMessages without their ConfiguredSize padding
			// (UA_DataSetMessage_calcSizeBinary leaves it out for
			// keep-alives), so its Sizes disagree with the bytes it
			// sends; ours count the padding (Part 14 §7.2.4.5.3: the
			// byte sizes of the DataSetMessages). Everything else must
			// match, and the differing bytes must be the four of Sizes.
			if !sizesOnlyDiffer(t, got, want[idx]) {
				t.Errorf("grid %d (%+v):\n uabin      %x\n open62541  %s", idx, gridAt(idx), got, want[idx])
				failed++
			}
			continue
		}
		if hex.EncodeToString(got) != want[idx] {
			t.Errorf("grid %d (%+v):\n uabin      %x\n open62541  %s", idx, gridAt(idx), got, want[idx])
			failed++
			continue
		}
		if gridAt(idx).sec == 1 {
			continue // a SecurityHeader that claims a signature the grid does not add: the Decoder refuses it (see security_test.go)
		}
		dec, err := pubsub.NewDecoder(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var back pubsub.NetworkMessage
		if err := dec.Decode(got, &back); err != nil {
			t.Errorf("grid %d: decoding open62541's bytes: %v", idx, err)
			failed++
			continue
		}
		again, err := enc.Marshal(&back)
		if err != nil || !bytes.Equal(again, got) {
			t.Errorf("grid %d: decode+encode gives %x (%v), want %x", idx, again, err, got)
			failed++
		}
	}
}

// sizesOnlyDiffer reports whether got and the hex want differ only in a run of
// at most four bytes holding two UInt16 sizes.
func sizesOnlyDiffer(t *testing.T, got []byte, want string) bool {
	w, err := hex.DecodeString(want)
	if err != nil || len(w) != len(got) {
		return false
	}
	first, last := -1, -1
	for i := range got {
		if got[i] != w[i] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	return first >= 0 && last-first < 4
}
