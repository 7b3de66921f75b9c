package xmlenc

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

// TestScanners holds the word-at-a-time scanners to byte-by-byte
// definitions on random texts rich in the bytes they stop at.
func TestScanners(t *testing.T) {
	const alphabet = "ab<>&]\t\n\r\x00\x1f\x7f \xc3\xa9~"
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var sb strings.Builder
		for n := r.IntN(40); n > 0; n-- {
			if r.IntN(4) == 0 {
				sb.WriteByte(alphabet[r.IntN(len(alphabet))])
			} else {
				sb.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		s := sb.String()
		plain := true
		for i := 0; i < len(s); i++ {
			c := s[i]
			plain = plain && c >= 0x20 && c < 0x80 && c != '<' && c != '&' && c != ']'
		}
		if got := plainText([]byte(s)); got != plain {
			t.Fatalf("plainText(%q) = %v, want %v", s, got, plain)
		}
		n := plainPrefix(s)
		if n%8 != 0 && n != len(s) || n > len(s) {
			t.Fatalf("plainPrefix(%q) = %d", s, n)
		}
		for i := 0; i < n; i++ {
			if textStop[s[i]] || s[i] == '\t' || s[i] == '\n' {
				t.Fatalf("plainPrefix(%q) = %d covers %q", s, n, s[i])
			}
		}
		if rest := s[n:]; len(rest) >= 8 && strings.IndexFunc(rest[:8], func(c rune) bool { return c < 0x20 || c > 0x7f || c == '<' || c == '>' || c == '&' }) < 0 {
			t.Fatalf("plainPrefix(%q) = %d stops before a plain word", s, n)
		}
	}
}

// TestIdentifierTexts: the NodeId, ExpandedNodeId and Guid texts written
// without a string are the types' String.
func TestIdentifierTexts(t *testing.T) {
	g := types.GUID{Data1: 0x72962B91, Data2: 0xFA75, Data3: 0x4AE6, Data4: [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}}
	ids := []types.NodeID{{}, types.NewNumericNodeID(0, 85), types.NewNumericNodeID(7, 1<<32-1), types.NewStringNodeID(2, "a;b=c<&>"),
		types.NewGUIDNodeID(4, g), types.NewOpaqueNodeID(1, []byte{0, 1, 2, 3, 0xff})}
	for _, id := range ids {
		if got := string(appendNodeIDText(nil, id)); got != id.String() {
			t.Errorf("NodeId %v: %q", id, got)
		}
		for _, x := range []types.ExpandedNodeID{{NodeID: id}, {NodeID: id, ServerIndex: 3}, {NodeID: id, NamespaceURI: "urn:a%b;c"}, {NodeID: id, NamespaceURI: "http://x/", ServerIndex: 1}} {
			if got := string(appendExpandedNodeIDText(nil, x)); got != x.String() {
				t.Errorf("ExpandedNodeId %v: %q", x, got)
			}
		}
	}
	if got := string(appendGUID(nil, g)); got != g.String() {
		t.Errorf("Guid: %q, want %q", got, g.String())
	}
}

// TestBuiltinOf: the codec of the top-level fast path is codecFor's.
func TestBuiltinOf(t *testing.T) {
	for _, v := range []any{new(bool), new(int32), new(uint32), new(int64), new(float32), new(float64), new(string), new([]byte),
		new(types.GUID), new(types.DateTime), new(types.StatusCode), new(types.NodeID), new(types.ExpandedNodeID), new(types.Variant), new(types.DataValue)} {
		bt := builtinOf(v)
		c, err := codecFor(reflect.TypeOf(v).Elem())
		if bt == 0 || err != nil || builtinCodec(bt) != c {
			t.Errorf("%T: built-in %v, codec %p, want %p (%v)", v, bt, builtinCodec(bt), c, err)
		}
	}
}

// TestParsePlainNodeID: the numeric and Guid forms read without a string are
// read as types.ParseExpandedNodeID reads them; the others are left to it.
func TestParsePlainNodeID(t *testing.T) {
	for _, s := range []string{"i=0", "i=85", "i=4294967295", "i=4294967296", "i=01", "i=", "i=+1", "i=-1", "i=1a", "ns=1;i=2",
		"ns=65535;i=7", "ns=65536;i=7", "ns=0;i=7", "ns=01;i=7", "ns=;i=7", "ns=2;s=x", "ns=2i=5", "s=i=5", "g=1", "i=12345678901", "nsu=a;i=1", "svr=1;i=1",
		"g=72962B91-FA75-4AE6-8D28-B404DC7DAF63", "ns=4;g=72962b91-fa75-4ae6-8d28-b404dc7daf63", "g={72962B91-FA75-4AE6-8D28-B404DC7DAF63}", "g=72962B91", "ns=4;g=",
		"s=x", "ns=3;s=x", "s=", "ns=2;s=a;b=c", "ns=2;s=x y", "s=é"} {
		id, ok := parsePlainNodeID([]byte(s), "x")
		if !ok {
			continue
		}
		want, err := types.ParseExpandedNodeID(s)
		if err != nil || want.ServerIndex != 0 || want.NamespaceURI != "" || want.NodeID != id {
			t.Errorf("%q: %v, want %v (%v)", s, id, want, err)
		}
	}
	for _, s := range []string{"i=0", "i=85", "ns=2;i=3", "ns=65535;i=4294967295", "ns=4;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63", "ns=2;s=x"} {
		if _, ok := parsePlainNodeID([]byte(s), ""); !ok {
			t.Errorf("%q: not read", s)
		}
	}
}

// TestTopOpen: the start tags written in one piece are open's for the
// codecs' names.
func TestTopOpen(t *testing.T) {
	for bt := types.TypeBoolean; bt <= types.TypeDiagnosticInfo; bt++ {
		e := encoder{top: true}
		e.open(builtinCodec(bt).name)
		if topOpen[bt] != string(e.b) {
			t.Errorf("%v: %q, want %q", bt, topOpen[bt], e.b)
		}
	}
}
