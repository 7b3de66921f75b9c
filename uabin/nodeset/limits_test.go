package nodeset_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// limitError returns the *Error and *LimitError of err, failing the test
// unless err is such an error for file wrapping ErrLimitExceeded (which is
// uabin.ErrLimitExceeded).
func limitError(t *testing.T, err error, file string) (*nodeset.Error, *nodeset.LimitError) {
	t.Helper()
	var e *nodeset.Error
	var le *nodeset.LimitError
	if !errors.As(err, &e) || !errors.As(err, &le) || e.File != file ||
		!errors.Is(err, nodeset.ErrLimitExceeded) || !errors.Is(err, uabin.ErrLimitExceeded) || errors.Is(err, nodeset.ErrInvalid) {
		t.Fatalf("error %v, want an *Error for %s with a *LimitError", err, file)
	}
	return e, le
}

// skipHeavy skips the rest of a test that reads inputs of many MB (or
// measures the heap) under the race detector: the reader runs on one
// goroutine, so the detector has nothing to check there and only makes it
// slow (or changes what it allocates). go test without -race runs it.
func skipHeavy(t *testing.T, what string) {
	t.Helper()
	if raceEnabled {
		t.Skipf("skipping %s under the race detector, which only makes it slow (one goroutine); go test without -race runs it", what)
	}
}

// errOf returns the error of Parse or ParseReader.
func errOf(_ *nodeset.NodeSet, err error) error { return err }

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLimitDepth: a million nested elements stop at level 101 (the root
// is level 1), after reading only those, at the exact place.
func TestLimitDepth(t *testing.T) {
	const prefix = `<UANodeSet><UAVariable NodeId="i=1">`
	deep := func(n int) []byte {
		return []byte(prefix + strings.Repeat("<a>", n) + strings.Repeat("</a>", n) + "</UAVariable></UANodeSet>")
	}
	data := deep(1_000_000)
	var err error
	if n := allocated(func() { _, err = nodeset.Parse("deep.xml", data) }); n > 64<<10 {
		t.Errorf("%d bytes allocated for an error at level 101", n)
	}
	e, le := limitError(t, err, "deep.xml")
	path := "UANodeSet/UAVariable/" + strings.Repeat("a/", 98) + "a"
	want := nodeset.LimitError{Limit: "MaxDepth", Max: 100, Value: 101, Line: 1, Column: 331, Offset: 330, Path: path}
	if *le != want || e.Node != "i=1" || e.BrowseName != "" {
		t.Errorf("got %+v, node %q\nwant %+v", *le, e.Node, want)
	}
	if msg := "nodeset: deep.xml: node i=1: " + path +
		" at line 1, column 331 (offset 330): limit exceeded: element at depth 101, above MaxDepth 100"; err.Error() != msg {
		t.Errorf("error\n%v\nwant\n%s", err, msg)
	}

	if _, err := nodeset.Parse("deep.xml", deep(98)); err != nil {
		t.Errorf("100 levels: %v", err)
	}

	// A deeper limit: the path keeps its last 256 bytes.
	_, le = limitError(t, errOf(nodeset.ParseOptions{MaxDepth: 200}.Parse("deep.xml", data)), "deep.xml")
	if want := ".../" + strings.Repeat("a/", 127) + "a"; le.Value != 201 || le.Path != want {
		t.Errorf("%+v, want path %s", le, want)
	}

	// No limit: 100 000 levels parse, without recursion.
	skipHeavy(t, "100 000 nested elements without a limit")
	if _, err := (nodeset.ParseOptions{MaxDepth: -1}).Parse("deep.xml", deep(100_000)); err != nil {
		t.Errorf("no limit: %v", err)
	}
}

// TestLimitNodes: the elements inside UANodeSet are counted, header
// included.
func TestLimitNodes(t *testing.T) {
	data := []byte(`<UANodeSet><NamespaceUris/><UAVariable/><UAObject NodeId="i=1"/><UAMethod NodeId="i=7" BrowseName="M"/></UANodeSet>`)
	o := nodeset.ParseOptions{MaxNodes: 3}
	_, err := o.Parse("nodes.xml", data)
	e, le := limitError(t, err, "nodes.xml")
	want := nodeset.LimitError{Limit: "MaxNodes", Max: 3, Value: 4, Line: 1, Column: 65, Offset: 64, Path: "UANodeSet/UAMethod"}
	if *le != want || e.Node != "i=7" || e.BrowseName != "M" {
		t.Errorf("got %+v, node %q (%q)\nwant %+v", *le, e.Node, e.BrowseName, want)
	}
	if msg := "nodeset: nodes.xml: node i=7 (M): UANodeSet/UAMethod at line 1, column 65 (offset 64): limit exceeded: element number 4 inside UANodeSet, above MaxNodes 3"; err.Error() != msg {
		t.Errorf("error\n%v\nwant\n%s", err, msg)
	}
	o.MaxNodes = 4
	if _, err := o.Parse("nodes.xml", data); err != nil {
		t.Errorf("4 nodes: %v", err)
	}

	// The default: a million nodes, not one more.
	skipHeavy(t, "a million nodes")
	flood := []byte("<UANodeSet>" + strings.Repeat("<UAVariable/>", nodeset.DefaultMaxNodes+1) + "</UANodeSet>")
	_, le = limitError(t, errOf(nodeset.Parse("flood.xml", flood)), "flood.xml")
	if le.Limit != "MaxNodes" || le.Value != 1_000_001 || le.Offset != 11+13*1_000_000 {
		t.Errorf("%+v", le)
	}
}

// TestLimitAttribute: a BrowseName of 64 KiB, counted after entities are
// replaced.
func TestLimitAttribute(t *testing.T) {
	const old = `BrowseName="2:Flags"`
	long := strings.Repeat("x", nodeset.DefaultMaxAttributeLength)
	if _, err := nodeset.Parse("acme.xml", edit(t, old, `BrowseName="`+long+`"`)); err != nil {
		t.Errorf("an attribute of %d bytes: %v", len(long), err)
	}
	_, err := nodeset.Parse("acme.xml", edit(t, old, `BrowseName="`+long+`y"`))
	e, le := limitError(t, err, "acme.xml")
	want := nodeset.LimitError{Limit: "MaxAttributeLength", Max: 65535, Value: 65536, Line: 37, Column: 3, Offset: 1486,
		Path: "UANodeSet/UADataType", Attribute: "BrowseName"}
	if *le != want || e.Node != "ns=2;i=3002" || e.BrowseName != "" {
		t.Errorf("got %+v, node %q (%q)\nwant %+v", *le, e.Node, e.BrowseName, want)
	}
	if msg := "nodeset: acme.xml: node ns=2;i=3002: UANodeSet/UADataType at line 37, column 3 (offset 1486): limit exceeded: attribute BrowseName of 65536 bytes, above MaxAttributeLength 65535"; err.Error() != msg {
		t.Errorf("error\n%v\nwant\n%s", err, msg)
	}

	data := []byte(`<UANodeSet><UAVariable NodeId="i=1" BrowseName="` + strings.Repeat("&amp;", 11) + `"/></UANodeSet>`)
	_, le = limitError(t, errOf(nodeset.ParseOptions{MaxAttributeLength: 10}.Parse("amp.xml", data)), "amp.xml")
	if le.Value != 11 || le.Attribute != "BrowseName" || le.Offset != 11 {
		t.Errorf("%+v", le)
	}
	if _, err := (nodeset.ParseOptions{MaxAttributeLength: 11}).Parse("amp.xml", data); err != nil {
		t.Error(err)
	}
}

// TestLimitText: the texts the reader keeps are counted whole; every run
// of character data (between two tags or comments) is counted, in the
// elements it skips too.
func TestLimitText(t *testing.T) {
	const old = `<Documentation>https://example.org/acme/mode</Documentation>`
	skipHeavy(t, "texts of 16 MiB")
	long := strings.Repeat("x", nodeset.DefaultMaxTextLength)
	ns, err := nodeset.Parse("acme.xml", edit(t, old, "<Documentation>"+long+"</Documentation>"))
	if err != nil || ns.DataTypes[0].Documentation != long {
		t.Fatalf("a text of %d bytes: %v", len(long), err)
	}
	_, err = nodeset.Parse("acme.xml", edit(t, old, "<Documentation>"+long+"y</Documentation>"))
	e, le := limitError(t, err, "acme.xml")
	want := nodeset.LimitError{Limit: "MaxTextLength", Max: 16 << 20, Value: 16<<20 + 1, Line: 27, Column: 20, Offset: 1101,
		Path: "UANodeSet/UADataType/Documentation"}
	if *le != want || e.Node != "ns=2;i=3001" || e.BrowseName != "2:Mode" {
		t.Errorf("got %+v, node %q (%q)\nwant %+v", *le, e.Node, e.BrowseName, want)
	}
	if msg := "nodeset: acme.xml: node ns=2;i=3001 (2:Mode): UANodeSet/UADataType/Documentation at line 27, column 20 (offset 1101): limit exceeded: text of 16777217 bytes, above MaxTextLength 16777216"; err.Error() != msg {
		t.Errorf("error\n%v\nwant\n%s", err, msg)
	}

	// A kept text is counted across comments; the error is at the run
	// that goes beyond the limit.
	o := nodeset.ParseOptions{MaxTextLength: 50}
	split := "<Documentation>" + strings.Repeat("0123456789<!---->", 6) + "</Documentation>"
	_, le = limitError(t, errOf(o.Parse("acme.xml", edit(t, old, split))), "acme.xml")
	if le.Value != 60 || le.Offset != 1101+5*17 || le.Path != "UANodeSet/UADataType/Documentation" {
		t.Errorf("%+v", le)
	}
	// A Value is kept too (Value.XML): its texts count across comments.
	value := func(text string) []byte {
		return []byte(`<UANodeSet><UAVariable NodeId="i=1"><Value><ByteString>` + text + `</ByteString></Value></UAVariable></UANodeSet>`)
	}
	_, le = limitError(t, errOf(o.Parse("value.xml", value(strings.Repeat("0123456789<!---->", 6)))), "value.xml")
	if le.Value != 60 || le.Offset != 55+5*17 || le.Path != "UANodeSet/UAVariable/Value/ByteString" {
		t.Errorf("%+v", le)
	}
	// In a skipped element, each run counts alone.
	skipped := []byte(`<UANodeSet><UAObject NodeId="i=1"><Description>` + strings.Repeat("0123456789<!---->", 6) + `</Description></UAObject></UANodeSet>`)
	if _, err := o.Parse("object.xml", skipped); err != nil {
		t.Errorf("runs of 10 bytes in a skipped element: %v", err)
	}
	_, le = limitError(t, errOf(o.Parse("value.xml", value(strings.Repeat("x", 51)))), "value.xml")
	if le.Value != 51 || le.Offset != 55 || le.Path != "UANodeSet/UAVariable/Value/ByteString" {
		t.Errorf("%+v", le)
	}
}

// TestLimitSize: Parse refuses a file above MaxSize before reading it;
// ParseReader and Load stop reading one byte after it.
func TestLimitSize(t *testing.T) {
	data := []byte(`<UANodeSet><UAVariable NodeId="i=1"><Value><Int32>1</Int32></Value></UAVariable></UANodeSet>`)
	o := nodeset.ParseOptions{MaxSize: len(data)}
	if _, err := o.Parse("size.xml", data); err != nil {
		t.Errorf("Parse at MaxSize: %v", err)
	}
	if _, err := o.ParseReader("size.xml", bytes.NewReader(data)); err != nil {
		t.Errorf("ParseReader at MaxSize: %v", err)
	}
	o.MaxSize--
	_, err := o.Parse("size.xml", data)
	_, le := limitError(t, err, "size.xml")
	if want := (nodeset.LimitError{Limit: "MaxSize", Max: 91, Value: 92, Offset: 91}); *le != want {
		t.Errorf("Parse: %+v, want %+v", *le, want)
	}
	if msg := "nodeset: size.xml: at offset 91: limit exceeded: file of at least 92 bytes, above MaxSize 91"; err.Error() != msg {
		t.Errorf("error\n%v\nwant\n%s", err, msg)
	}
	_, err = o.ParseReader("size.xml", bytes.NewReader(append(data, "   "...)))
	_, le = limitError(t, err, "size.xml")
	if want := (nodeset.LimitError{Limit: "MaxSize", Max: 91, Value: 92, Offset: 91}); *le != want {
		t.Errorf("ParseReader: %+v, want %+v", *le, want)
	}
	if msg := "nodeset: size.xml: at offset 91: limit exceeded: file of at least 92 bytes, above MaxSize 91"; err.Error() != msg {
		t.Errorf("error\n%v\nwant\n%s", err, msg)
	}

	// The default, refused before parsing.
	_, le = limitError(t, errOf(nodeset.Parse("big.xml", make([]byte, nodeset.DefaultMaxSize+1))), "big.xml")
	if le.Limit != "MaxSize" || le.Max != 64<<20 || le.Value != 64<<20+1 {
		t.Errorf("%+v", le)
	}
	// A file without end: spaces in a tag, forever.
	endless := io.MultiReader(strings.NewReader("<UANodeSet"), endlessSpaces{})
	_, le = limitError(t, errOf(nodeset.ParseOptions{MaxSize: 1 << 20}.ParseReader("endless.xml", endless)), "endless.xml")
	if le.Limit != "MaxSize" || le.Value != 1<<20+1 {
		t.Errorf("%+v", le)
	}

	_, err = nodeset.ParseOptions{MaxSize: 1000}.Load(filepath.Join("testdata", "Acme.NodeSet2.xml"))
	_, le = limitError(t, err, "Acme.NodeSet2.xml")
	if le.Limit != "MaxSize" || le.Value != 1001 {
		t.Errorf("Load: %+v", le)
	}
}

type endlessSpaces struct{}

func (endlessSpaces) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = ' '
	}
	return len(b), nil
}

// TestParseReaderError: an error of the io.Reader is returned as it is, in
// an *Error.
func TestParseReaderError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("<UANodeSet><UAVariable>"), iotest.ErrReader(boom))
	_, err := nodeset.ParseOptions{}.ParseReader("r.xml", r)
	var e *nodeset.Error
	if !errors.As(err, &e) || e.File != "r.xml" || !errors.Is(err, boom) || errors.Is(err, nodeset.ErrInvalid) ||
		err.Error() != "nodeset: r.xml: disk on fire" {
		t.Errorf("error %v", err)
	}
	_, err = nodeset.ParseOptions{}.Load(filepath.Join("testdata", "none.xml"))
	if !errors.As(err, &e) || e.File != "none.xml" || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load: %v", err)
	}
}

// TestParseReader: ParseReader gives what Parse gives, on the test
// nodeset, the OPC Foundation's files, the fuzzing seeds and flat files.
func TestParseReader(t *testing.T) {
	skipHeavy(t, "reading the files twice, in reads of half a buffer")
	inputs := map[string][]byte{}
	for _, path := range foundationFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(path)] = data
	}
	for i, s := range fuzzSeeds {
		inputs[fmt.Sprint("seed", i)] = fuzzFile([]byte(s))
	}
	for _, shape := range flatShapes {
		inputs[shape] = flatNodeSet(shape, 256<<10)
	}
	for name, data := range inputs {
		a, errA := nodeset.Parse(name, data)
		b, errB := nodeset.ParseOptions{}.ParseReader(name, iotest.HalfReader(bytes.NewReader(data)))
		if errText(errA) != errText(errB) || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: Parse %v, ParseReader %v", name, errA, errB)
		}
	}
}

// foundationFiles returns the paths of the test nodeset and of the OPC
// Foundation's files in the repository: namespace 0 and the ten companion
// specifications.
func foundationFiles(t *testing.T) []string {
	paths := []string{filepath.Join("testdata", "Acme.NodeSet2.xml"), requireFile(t, schemaDir, servicesFile)}
	for _, files := range companions {
		for _, f := range files {
			if p := requireFile(t, nodesetDir, f); !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
	}
	return paths
}

// TestDefaultsHaveRoom: the OPC Foundation's files are read with every
// limit at an eighth of its default.
func TestDefaultsHaveRoom(t *testing.T) {
	eighth := nodeset.ParseOptions{MaxSize: nodeset.DefaultMaxSize / 8, MaxDepth: nodeset.DefaultMaxDepth / 8,
		MaxNodes: nodeset.DefaultMaxNodes / 8, MaxAttributeLength: nodeset.DefaultMaxAttributeLength / 8,
		MaxTextLength: nodeset.DefaultMaxTextLength / 8}
	paths := foundationFiles(t)
	if len(paths) != 12 {
		t.Errorf("%d files, want the test nodeset, namespace 0 and 10 companions", len(paths))
	}
	skipHeavy(t, "reading the 12 files (11 MB)")
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = eighth.ParseReader(filepath.Base(path), f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// TestStructure: what the one-pass reader refuses that encoding/xml's
// Unmarshal accepted.
func TestStructure(t *testing.T) {
	tests := []struct{ name, old, new, msg string }{
		{"second root", "</UANodeSet>", "</UANodeSet><UANodeSet/>",
			"nodeset: acme.xml: invalid NodeSet2: a second root element, UANodeSet, after UANodeSet"},
		{"late aliases", "</UANodeSet>", "<Aliases/></UANodeSet>",
			"nodeset: acme.xml: invalid NodeSet2: Aliases after the first node (UANodeSet.xsd has it before the nodes)"},
		{"late namespaces", "</UANodeSet>", "<NamespaceUris><Uri>urn:x</Uri></NamespaceUris></UANodeSet>",
			"nodeset: acme.xml: invalid NodeSet2: NamespaceUris after the first node (UANodeSet.xsd has it before the nodes)"},
		{"second definition", `</Definition>
  </UADataType>
  <UADataType NodeId="ns=2;i=3002"`, `</Definition><Definition/>
  </UADataType>
  <UADataType NodeId="ns=2;i=3002"`, "nodeset: acme.xml: invalid NodeSet2: UADataType ns=2;i=3001: a second Definition"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := nodeset.Parse("acme.xml", edit(t, tt.old, tt.new))
			if !errors.Is(err, nodeset.ErrInvalid) || errText(err) != tt.msg {
				t.Errorf("error\n%v\nwant\n%s", err, tt.msg)
			}
		})
	}
}

// floods are the inputs of TestHeapPerInputByte: files that make the
// reader keep, or allocate, the most per byte, and the flat files.
var floods = map[string]func(n int) string{
	// The smallest DataTypes.
	"datatypes": func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `<UADataType NodeId="i=%d" BrowseName="a"/>`, i+1000)
		}
		return b.String()
	},
	// The smallest fields.
	"fields": func(n int) string {
		return `<UADataType NodeId="i=1000" BrowseName="a"><Definition>` + strings.Repeat(`<Field Name="a"/>`, n) + `</Definition></UADataType>`
	},
	// Encodings of one DataType.
	"encodings": func(n int) string {
		var b strings.Builder
		b.WriteString(`<UADataType NodeId="i=1000" BrowseName="a"><References>`)
		for i := range n {
			fmt.Fprintf(&b, `<Reference ReferenceType="i=38">i=%d</Reference>`, i+2000)
		}
		b.WriteString(`</References></UADataType>`)
		return b.String()
	},
	// Objects that are encodings of a DataType of another file.
	"inverse": func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `<UAObject NodeId="i=%d"><References><Reference ReferenceType="i=38" IsForward="false">i=1</Reference></References></UAObject>`, i+1000)
		}
		return b.String()
	},
	"objects": func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `<UAObject NodeId="i=%d"/>`, i+1000)
		}
		return b.String()
	},
	"aliases": func(n int) string {
		var b strings.Builder
		b.WriteString("<Aliases>")
		for i := range n {
			fmt.Fprintf(&b, `<Alias Alias="%d">i=1</Alias>`, i)
		}
		b.WriteString("</Aliases>")
		return b.String()
	},
	"models": func(n int) string {
		return "<Models>" + strings.Repeat("<Model/>", n) + "</Models>"
	},
	// One element with many attributes.
	"attributes": func(n int) string {
		return "<UAVariable" + strings.Repeat(` a=""`, n) + "/>"
	},
	"uris": func(n int) string {
		return "<NamespaceUris>" + strings.Repeat("<Uri>u</Uri>", n) + "</NamespaceUris>"
	},
	// Elements skipped: allocation only.
	"skipped": func(n int) string {
		return `<UAVariable NodeId="i=1"><Value>` + strings.Repeat(`<a b="c"/>`, n) + `</Value></UAVariable>`
	},
}

// Heap bounds of Parse per input byte (docs/limits.md): what the result
// keeps, and all that Parse allocates.
const (
	maxKeptPerByte  = 16
	maxAllocPerByte = 128
)

// TestHeapPerInputByte parses files of 256 to 512 KiB of each flood and
// flat shape and checks the heap that Parse allocates and that its result
// keeps, per input byte.
func TestHeapPerInputByte(t *testing.T) {
	skipHeavy(t, "heap measurements")
	inputs := map[string][]byte{}
	for name, flood := range floods {
		n := 1
		for len(flood(n)) < 256<<10 {
			n *= 2
		}
		inputs[name] = []byte("<UANodeSet>" + flood(n) + "</UANodeSet>")
	}
	for _, shape := range flatShapes {
		inputs["flat-"+shape] = flatNodeSet(shape, 256<<10)
	}
	for name, data := range inputs {
		var ns *nodeset.NodeSet
		var err error
		var before, after, kept runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ns, err = nodeset.Parse(name, data)
		runtime.ReadMemStats(&after)
		runtime.GC()
		runtime.ReadMemStats(&kept)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		runtime.KeepAlive(ns)
		alloc := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(data))
		k := float64(int64(kept.HeapAlloc)-int64(before.HeapAlloc)) / float64(len(data))
		t.Logf("%-16s %8d bytes: %5.2f bytes allocated, %5.2f kept per byte", name, len(data), alloc, k)
		if alloc > maxAllocPerByte || k > maxKeptPerByte {
			t.Errorf("%s: %.2f bytes allocated (at most %d), %.2f kept (at most %d) per input byte", name, alloc, maxAllocPerByte, k, maxKeptPerByte)
		}
	}
}

// TestLimitsDoc checks the defaults in the NodeSet2 table of
// docs/limits.md against the constants.
func TestLimitsDoc(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "limits.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## NodeSet2 files (package uabin/nodeset)\n")
	if !ok {
		t.Fatal("docs/limits.md has no section NodeSet2 files (package uabin/nodeset)")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	defaults := map[string]int{"MaxSize": nodeset.DefaultMaxSize, "MaxDepth": nodeset.DefaultMaxDepth, "MaxNodes": nodeset.DefaultMaxNodes,
		"MaxAttributeLength": nodeset.DefaultMaxAttributeLength, "MaxTextLength": nodeset.DefaultMaxTextLength}
	seen := 0
	for _, l := range strings.Split(section, "\n") {
		name, rest, ok := strings.Cut(strings.TrimPrefix(l, "| `"), "` | ")
		if !ok || !strings.HasPrefix(l, "| `Max") {
			continue
		}
		text, _, _ := strings.Cut(rest, " |")
		n, unit := strings.ReplaceAll(text, " ", ""), 1
		if m, ok := strings.CutSuffix(n, "MiB"); ok {
			n, unit = m, 1<<20
		}
		var v int
		if _, err := fmt.Sscan(n, &v); err != nil || v*unit != defaults[name] {
			t.Errorf("docs/limits.md: %s default %q, the code says %d", name, text, defaults[name])
		}
		seen++
	}
	if seen != len(defaults) {
		t.Errorf("docs/limits.md: the NodeSet2 table has %d of the %d limits", seen, len(defaults))
	}
}
