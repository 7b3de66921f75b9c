package nodeset_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/uabin/nodeset"
)

// FuzzParse reads its input as a NodeSet2 file written with a
// dictionary: each byte below 0x20 stands for one of fuzzWords (XML
// fragments of NodeSet2 files), every other byte for itself. A few dozen
// bytes so write a file of several KB, with every kind of DataType,
// encodings and nodes to skip, while any byte sequence still writes any
// text.
//
// Inputs are bounded (maxFuzzInput bytes, maxFuzzFile bytes once
// written) because the fuzzing engine minimises each input that finds
// new coverage by trying to cut out every run of its bytes, about n²/2
// runs of the target for n bytes: with raw XML of 5.8 KB (the test
// nodeset) one minimisation used the whole default -fuzzminimizetime (a
// minute), and even 1 KiB took more than 10 s, during which the fuzzer
// tries nothing new.
const (
	maxFuzzInput = 128
	maxFuzzFile  = 4 << 10
)

// fuzzWords are the fragments that the bytes 0x00 to 0x1f of a FuzzParse
// input stand for.
var fuzzWords = [32]string{
	"<UANodeSet>", "</UANodeSet>",
	"<NamespaceUris><Uri>urn:a</Uri></NamespaceUris>",
	`<Models><Model ModelUri="urn:a" Version="1.0"><RequiredModel ModelUri="urn:b" Version="2"/></Model><Model ModelUri="urn:b" Version="2.1"/></Models>`,
	`<Aliases><Alias Alias="HasSubtype">i=45</Alias><Alias Alias="HasEncoding">i=38</Alias></Aliases>`,
	// The namespace-0 DataTypes that the others derive from, so that
	// NewSet can succeed.
	`<UADataType NodeId="i=22" BrowseName="Structure"/><UADataType NodeId="i=29" BrowseName="Enumeration"/>` +
		`<UADataType NodeId="i=6" BrowseName="Int32"/><UADataType NodeId="i=12756" BrowseName="Union"><References>` +
		`<Reference ReferenceType="HasSubtype" IsForward="false">i=22</Reference></References></UADataType>`,
	`<UADataType NodeId="ns=1;i=`, `" BrowseName="1:T`, `">`, "</UADataType>",
	"<References>", "</References>",
	`<Reference ReferenceType="HasSubtype" IsForward="false">`, `<Reference ReferenceType="HasEncoding"`, "</Reference>",
	"i=22", "i=29", "i=12756", "ns=1;i=",
	`<Definition Name="T"`, "</Definition>", `<Field Name="F"`, ` DataType="`, `"/>`,
	` ValueRank="1" ArrayDimensions="2,3" MaxStringLength="8"`, ` IsOptional="true" Value="1"`,
	` IsUnion="true"`, ` IsOptionSet="true"`,
	`<UAObject NodeId="ns=1;i=`, "</UAObject>",
	`<UAVariable NodeId="ns=1;i=99"><Value><a><b>x<!-- c --><![CDATA[y]]>&amp;</b></a></Value></UAVariable>`,
	`<DisplayName>d</DisplayName><Description>e</Description><Documentation>f</Documentation>`,
}

// fuzzFile writes the NodeSet2 file of a FuzzParse input.
func fuzzFile(data []byte) []byte {
	var b []byte
	for _, c := range data {
		if int(c) < len(fuzzWords) {
			b = append(b, fuzzWords[c]...)
		} else {
			b = append(b, c)
		}
	}
	return b
}

// fuzzSeeds are inputs of FuzzParse, in the dictionary of fuzzWords.
var fuzzSeeds = []string{
	// A structure with optional and array fields, its encoding by a
	// forward and an inverse HasEncoding reference, a node to skip.
	"\x00\x02\x03\x04\x05\x061\x071\x08\x0a\x0c\x0f\x0e\x0d>\x122\x0e\x0b\x13>\x15\x18\x16i=6\x17\x15\x19\x16i=6\x17\x14\x1f\x09\x1c2\" BrowseName=\"Default Binary\x08\x0a\x0d IsForward=\"false\">\x121\x0e\x0b\x1d\x1e\x01",
	// An enumeration, an option set and a union, each with a field.
	"\x00\x02\x04\x05\x063\x073\x08\x0a\x0c\x10\x0e\x0b\x13>\x15\x19\x16i=6\x17\x14\x09\x064\x074\x08\x0a\x0ci=6\x0e\x0b\x13\x1b>\x15\x16i=6\x17\x14\x09\x065\x075\x08\x0a\x0c\x11\x0e\x0b\x13\x1a>\x15\x16\x123\x17\x14\x09\x01",
	// Raw XML: text outside the root, an unclosed element.
	"0000000000000000000000000<UANodeSet><a>",
}

// FuzzParse holds Parse, ParseReader, their limits, NewSet and the methods
// of a Set to their contract on any file (written from the input with
// fuzzWords): no panic; every error an *Error
// wrapping ErrInvalid or ErrLimitExceeded; a *LimitError that names the
// limit it exceeds, with a value above it and the exact line, column and
// offset of the element or text; ParseReader giving what Parse gives;
// tighter limits giving the same result or a *LimitError, and a result
// within them.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		if len(s) > maxFuzzInput || len(fuzzFile([]byte(s))) > maxFuzzFile {
			f.Fatalf("seed %q is above maxFuzzInput or maxFuzzFile", s)
		}
		f.Add([]byte(s))
	}
	tight := nodeset.ParseOptions{MaxSize: 1024, MaxDepth: 6, MaxNodes: 8, MaxAttributeLength: 12, MaxTextLength: 24}
	f.Fuzz(func(t *testing.T, input []byte) {
		if len(input) > maxFuzzInput {
			return
		}
		data := fuzzFile(input)
		if len(data) > maxFuzzFile {
			return
		}
		ns, err := nodeset.Parse("fuzz.xml", data)
		checkParseError(t, data, err, nodeset.ParseOptions{})
		ns2, err2 := nodeset.ParseOptions{}.ParseReader("fuzz.xml", bytes.NewReader(data))
		if errText(err) != errText(err2) || !reflect.DeepEqual(ns, ns2) {
			t.Fatalf("Parse: %v\nParseReader: %v", err, err2)
		}

		nt, errT := tight.Parse("fuzz.xml", data)
		checkParseError(t, data, errT, tight)
		switch {
		case errT == nil:
			if err != nil || !reflect.DeepEqual(nt, ns) {
				t.Fatalf("within the tight limits but not the defaults: %v", err)
			}
			checkWithin(t, nt, tight)
		case !errors.Is(errT, nodeset.ErrLimitExceeded) && errText(errT) != errText(err):
			t.Fatalf("tight limits: %v\ndefault limits: %v", errT, err)
		}
		if len(data) <= tight.MaxSize {
			nt2, errT2 := tight.ParseReader("fuzz.xml", bytes.NewReader(data))
			if errText(errT) != errText(errT2) || !reflect.DeepEqual(nt, nt2) {
				t.Fatalf("tight Parse: %v\ntight ParseReader: %v", errT, errT2)
			}
		}

		if err != nil {
			return
		}
		s, err := nodeset.NewSet(ns)
		if err != nil {
			return
		}
		for _, dt := range s.DataTypes {
			_ = s.Fields(dt)
			_, _ = dt.BinaryEncoding()
			_, _ = s.StructureDefinition(dt, ns.NamespaceURIs)
			_, _ = s.EnumDefinition(dt)
		}
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// checkParseError checks an error of Parse or ParseReader with the limits
// o: an *Error for the file "fuzz.xml" wrapping ErrInvalid or
// ErrLimitExceeded; for the latter, a *LimitError that names a limit of o,
// a value above it and the exact place.
func checkParseError(t *testing.T, data []byte, err error, o nodeset.ParseOptions) {
	t.Helper()
	if err == nil {
		return
	}
	var e *nodeset.Error
	if !errors.As(err, &e) || e.File != "fuzz.xml" {
		t.Fatalf("not an *Error for fuzz.xml: %#v", err)
	}
	invalid, limit := errors.Is(err, nodeset.ErrInvalid), errors.Is(err, nodeset.ErrLimitExceeded)
	if invalid == limit {
		t.Fatalf("wraps ErrInvalid %v and ErrLimitExceeded %v: %v", invalid, limit, err)
	}
	if !limit {
		return
	}
	var le *nodeset.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("no *LimitError in %v", err)
	}
	max := map[string]int{"MaxSize": o.MaxSize, "MaxDepth": o.MaxDepth, "MaxNodes": o.MaxNodes,
		"MaxAttributeLength": o.MaxAttributeLength, "MaxTextLength": o.MaxTextLength}
	defaults := map[string]int{"MaxSize": nodeset.DefaultMaxSize, "MaxDepth": nodeset.DefaultMaxDepth, "MaxNodes": nodeset.DefaultMaxNodes,
		"MaxAttributeLength": nodeset.DefaultMaxAttributeLength, "MaxTextLength": nodeset.DefaultMaxTextLength}
	want, ok := max[le.Limit]
	if want == 0 {
		want = defaults[le.Limit]
	}
	if !ok || le.Max != want || le.Value <= le.Max {
		t.Fatalf("%+v: limit %s is %d", le, le.Limit, want)
	}
	if le.Limit == "MaxSize" {
		if le.Offset != int64(le.Max) || le.Line != 0 || le.Path != "" {
			t.Fatalf("%+v", le)
		}
		return
	}
	off := int(le.Offset)
	if off < 0 || off >= len(data) {
		t.Fatalf("%+v: offset outside the %d bytes", le, len(data))
	}
	line, column := 1+bytes.Count(data[:off], []byte("\n")), off-bytes.LastIndexByte(data[:off], '\n')
	if le.Line != line || le.Column != column {
		t.Fatalf("%+v: offset %d is line %d, column %d", le, off, line, column)
	}
	text := le.Limit == "MaxTextLength"
	if text == (data[off] == '<') && !(text && bytes.HasPrefix(data[off:], []byte("<![CDATA["))) {
		t.Fatalf("%+v: %q is not the start of an element or text", le, data[off:])
	}
	if (le.Path == "" && !text) || (le.Attribute != "") != (le.Limit == "MaxAttributeLength") { // text may be outside the root
		t.Fatalf("%+v", le)
	}
}

// checkWithin checks that what Parse kept is within the limits o.
func checkWithin(t *testing.T, ns *nodeset.NodeSet, o nodeset.ParseOptions) {
	t.Helper()
	if len(ns.DataTypes) > o.MaxNodes {
		t.Fatalf("%d DataTypes, above MaxNodes %d", len(ns.DataTypes), o.MaxNodes)
	}
	check := func(max int, what string, ss ...string) {
		for _, s := range ss {
			if len(s) > max {
				t.Fatalf("%s %q is longer than %d", what, s, max)
			}
		}
	}
	for _, dt := range ns.DataTypes {
		check(o.MaxAttributeLength, "attribute", dt.NodeIDText, dt.BrowseNameText, dt.SymbolicName, dt.ReleaseStatus)
		check(o.MaxTextLength, "text", dt.DisplayName, dt.Description, dt.Documentation)
		if dt.Definition != nil {
			for _, f := range dt.Definition.Fields {
				check(o.MaxAttributeLength, "attribute", f.Name, f.SymbolicName)
				check(o.MaxTextLength, "text", f.DisplayName, f.Description)
			}
		}
	}
	for _, u := range ns.NamespaceURIs[1:] {
		check(o.MaxTextLength, "text", u)
	}
}
