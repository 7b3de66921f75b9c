package xmlenc

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// stdNode is an element as encoding/xml reads it.
type stdNode struct {
	name string
	text []byte
	nil  bool
	kids []*stdNode
}

// stdTree reads b with encoding/xml (strict), refusing what ReadTree
// refuses by design (directives, processing instructions other than the
// XML declaration), or returns an error.
func stdTree(b []byte) (*stdNode, error) {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // a byte order mark, which encoding/xml reads as text
	d := xml.NewDecoder(bytes.NewReader(b))
	var stack []*stdNode
	var root *stdNode
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &stdNode{name: t.Name.Local}
			for _, a := range t.Attr {
				if a.Name.Local == "nil" && (a.Name.Space == XSINamespace || a.Name.Space == "xsi") {
					n.nil = a.Value == "true" || a.Value == "1"
				}
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, errors.New("two roots")
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				if len(bytes.TrimSpace(t)) > 0 {
					return nil, errors.New("text outside")
				}
				continue
			}
			n := stack[len(stack)-1]
			if len(n.kids) == 0 {
				n.text = append(n.text, t...)
			}
		case xml.Directive:
			return nil, errors.New("directive")
		case xml.ProcInst:
			if t.Target != "xml" {
				return nil, errors.New("processing instruction")
			}
		}
	}
	if root == nil {
		return nil, errors.New("no root")
	}
	return root, nil
}

// sameTree compares a tree of ReadTree with encoding/xml's.
func sameTree(a *Node, b *stdNode) string {
	if a.Name != b.name || a.Nil != b.nil || len(a.Kids) != len(b.kids) {
		return "element " + a.Name + " / " + b.name
	}
	if len(a.Kids) == 0 && !bytes.Equal(a.Text, b.text) {
		return "text of " + a.Name + ": " + string(a.Text) + " / " + string(b.text)
	}
	for i := range a.Kids {
		if d := sameTree(a.Kids[i], b.kids[i]); d != "" {
			return d
		}
	}
	return ""
}

var unlimited = TextLimits{MaxDepth: 1000, MaxElements: 1 << 20, MaxTextLength: 1 << 24, MaxAttributeLength: 1 << 20}

// readerSeeds are inputs of every construct the reader knows.
var readerSeeds = []string{
	`<a/>`, `<a></a>`, `<?xml version="1.0" encoding="utf-8"?>` + "\n<a>x</a>\n<!-- c -->",
	"\xef\xbb\xbf<a>x</a>", `<a b="1" c='2'>t<!--c-->u<![CDATA[<v>]]>w</a>`,
	`<p:a xmlns:p="urn:x"><p:b>1</p:b><c xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/></p:a>`,
	`<a>&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x10FFFF;</a>`, "<a>x\r\ny\rz</a>", "<a b=\"x\r\ny\tz\"/>",
	`<a>  <b> x </b>  </a>`, `<a><b/>text</a>`, `<a>text<b/></a>`, `<a xsi:nil="true"/>`, `<a q:nil="true" xmlns:q="urn:other"/>`,
	`<Variant><Value><ListOfInt32><Int32>1</Int32><Int32>2</Int32></ListOfInt32></Value></Variant>`,
	`<a>水<b>ü</b></a>`, `<a.b-c_d:e/>`,
	// Refused by both, or by ReadTree alone (stricter): must not be read
	// by one and not the other the wrong way round.
	`<a>`, `<a></b>`, `<a b="1" b="2"/>`, `<a b=1/>`, `<a><!-- x -- y --></a>`, `<a>]]></a>`, "<a>\x01</a>",
	`<!DOCTYPE a><a/>`, `<a>&e;</a>`, `<a>&#0;</a>`, `<a/><b/>`, `x<a/>`, `<a><?pi x?></a>`, `<1a/>`, `<a b="<"/>`,
}

// TestReaderMatchesStd: every input that ReadTree reads, encoding/xml
// reads to the same tree (the reader may refuse more: "--" in comments,
// "]]>" in text, bad names).
func TestReaderMatchesStd(t *testing.T) {
	inputs := readerSeeds
	files, _ := filepath.Glob(filepath.Join("..", "..", "uaxml", "testdata", "golden", "*.xml"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(b))
	}
	read := 0
	for _, in := range inputs {
		n, err := ReadTree([]byte(in), unlimited)
		if err != nil {
			continue
		}
		read++
		s, serr := stdTree([]byte(in))
		if serr != nil {
			t.Errorf("%q: read, but encoding/xml says %v", in, serr)
			continue
		}
		if d := sameTree(n, s); d != "" {
			t.Errorf("%q: %s", in, d)
		}
	}
	if read < len(files)+15 {
		t.Errorf("only %d inputs read", read)
	}
	for _, in := range []string{`<a>`, `<a></b>`, `<a b="1" b="2"/>`, `<!DOCTYPE a><a/>`, `<a>&e;</a>`, `<a/><b/>`, `<a><!-- x -- y --></a>`, `<a>]]></a>`, "<a>\x01</a>"} {
		if _, err := ReadTree([]byte(in), unlimited); err == nil {
			t.Errorf("%q: read", in)
		}
	}
}

// FuzzReader holds ReadTree to encoding/xml: what it reads, encoding/xml
// reads to the same tree.
func FuzzReader(f *testing.F) {
	for _, s := range readerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		n, err := ReadTree(in, unlimited)
		if err != nil {
			return
		}
		s, serr := stdTree(in)
		if serr != nil {
			t.Fatalf("read, but encoding/xml says %v", serr)
		}
		if d := sameTree(n, s); d != "" {
			t.Fatal(d)
		}
	})
}

func TestParseIntegers(t *testing.T) {
	for _, c := range []struct {
		in   string
		bits int
		v    int64
		ok   bool
	}{
		{"0", 8, 0, true}, {"-128", 8, -128, true}, {"127", 8, 127, true}, {"128", 8, 0, false}, {"-129", 8, 0, false},
		{"+5", 32, 5, true}, {"007", 32, 7, true}, {"-9223372036854775808", 64, math.MinInt64, true},
		{"9223372036854775807", 64, math.MaxInt64, true}, {"9223372036854775808", 64, 0, false},
		{"", 32, 0, false}, {"-", 32, 0, false}, {"+-1", 32, 0, false}, {"--1", 32, 0, false}, {"1e3", 32, 0, false}, {" 1", 32, 0, false},
	} {
		if v, ok := parseInt([]byte(c.in), c.bits); v != c.v || ok != c.ok {
			t.Errorf("parseInt(%q, %d) = %d, %v", c.in, c.bits, v, ok)
		}
	}
	for _, c := range []struct {
		in   string
		bits int
		v    uint64
		ok   bool
	}{
		{"255", 8, 255, true}, {"256", 8, 0, false}, {"+1", 16, 1, true}, {"-0", 16, 0, false}, {"18446744073709551615", 64, math.MaxUint64, true},
		{"18446744073709551616", 64, 0, false}, {"99999999999999999999999", 64, 0, false}, {"4294967295", 32, math.MaxUint32, true}, {"++1", 32, 0, false},
	} {
		if v, ok := parseUint([]byte(c.in), c.bits); v != c.v || ok != c.ok {
			t.Errorf("parseUint(%q, %d) = %d, %v", c.in, c.bits, v, ok)
		}
	}
}

// chainSeeds are documents chain reads and near misses of them.
var chainSeeds = []string{
	`<UInt32 xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">3735928559</UInt32>`,
	`<Variant xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd"><Value><Double>3.5</Double></Value></Variant>`,
	`<NodeId xmlns="u"><Identifier>ns=1;i=5</Identifier></NodeId>` + "\n ",
	`<a b='1' c="2"></a>`, `<a b="1" b="2">x</a>`, `<a nil="true">x</a>`, `<a xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>`,
	`<a:b xmlns:a="u">x</a:b>`, `<a>x</b>`, `<a>x</a >`, `<a >x</a>`, `<a>x &amp; y</a>`, "<a>x\ty</a>", `<a>]]></a>`, `<a><b>x</b><c/></a>`,
	`<a><b>x</b> </a>`, `<a>x<b/></a>`, `<a>é</a>`, "<a>\xff</a>", `<a/>`, `<a></a>x`, `<a></a><!-- c -->`, `<?xml version="1.0"?><a>1</a>`,
	`<a b="<">x</a>`, `<a b="x&#10;">x</a>`, `<a b=1>x</a>`, `<a b = "1">x</a>`, `<a><b><c><d><e><f><g><h><i>deep</i></h></g></f></e></d></c></b></a>`,
}

// TestChainIsTheReader: what chain reads, the general reader reads to the
// same tree; what chain leaves, the general reader reads or refuses as it
// did (chain fails no input), under limits as well.
func TestChainIsTheReader(t *testing.T) {
	for i, s := range chainSeeds[:4] {
		r := reader{minNodes: 64}
		if _, ok := r.chain([]byte(s), unlimited); !ok {
			t.Errorf("chain does not read seed %d, %s", i, s)
		}
	}
	for _, s := range chainSeeds {
		for _, lim := range []TextLimits{unlimited, {MaxDepth: 2, MaxElements: 2, MaxTextLength: 3, MaxAttributeLength: 1}} {
			checkChain(t, []byte(s), lim)
		}
	}
}

// FuzzChain is TestChainIsTheReader on any input.
func FuzzChain(f *testing.F) {
	for _, s := range chainSeeds {
		f.Add([]byte(s), 3)
	}
	f.Fuzz(func(t *testing.T, in []byte, small int) {
		lim := unlimited
		if small > 0 && small < 100 {
			lim = TextLimits{MaxDepth: small, MaxElements: small, MaxTextLength: small, MaxAttributeLength: small}
		}
		checkChain(t, in, lim)
	})
}

func checkChain(t *testing.T, in []byte, lim TextLimits) {
	t.Helper()
	pooled := reader{minNodes: 64}
	got, gerr := pooled.read(in, lim)
	var fresh reader
	want, werr := fresh.read(in, lim)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Fatalf("%q: error %v, the general reader's %v", in, gerr, werr)
	}
	if werr == nil {
		if d := sameNodes(got, want); d != "" {
			t.Fatalf("%q: %s", in, d)
		}
	}
}

// sameNodes compares two trees field by field.
func sameNodes(a, b *Node) string {
	if a.Name != b.Name || !bytes.Equal(a.Text, b.Text) || (a.Text == nil) != (b.Text == nil) || a.Offset != b.Offset || a.End != b.End ||
		a.Nil != b.Nil || len(a.Kids) != len(b.Kids) || a.qlen != b.qlen {
		return fmt.Sprintf("node %+v, want %+v", *a, *b)
	}
	for i := range a.Kids {
		if d := sameNodes(a.Kids[i], b.Kids[i]); d != "" {
			return d
		}
	}
	return ""
}
