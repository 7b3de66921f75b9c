package nodeset_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/uabin/nodeset"
)

// maxFuzzInput bounds the inputs of FuzzParse. The fuzzing engine
// minimises every input that finds new coverage by trying to cut out each
// run of its bytes, about n²/2 runs of Parse for n bytes: at the 5.8 KB of
// testdata/Acme.NodeSet2.xml one minimisation used the whole default
// -fuzzminimizetime (a minute) and the fuzzer seemed to stall. Within
// 1 KiB the seeds below still declare namespaces, aliases, every kind of
// DataType, encodings both ways and nodes to skip, and a minimisation
// takes seconds.
const maxFuzzInput = 1 << 10

// fuzzSeeds are small NodeSet2 files for FuzzParse, each under
// maxFuzzInput.
var fuzzSeeds = []string{
	// A structure with optional fields and array fields, its encodings by
	// a forward and an inverse HasEncoding reference, a Variable to skip.
	`<UANodeSet><NamespaceUris><Uri>urn:a</Uri></NamespaceUris>
<Models><Model ModelUri="urn:a" Version="1.0"><RequiredModel ModelUri="urn:z"/></Model></Models>
<Aliases><Alias Alias="HasSubtype">i=45</Alias><Alias Alias="E">i=38</Alias></Aliases>
<UADataType NodeId="ns=1;i=1" BrowseName="1:P"><References>
<Reference ReferenceType="HasSubtype" IsForward="false">i=22</Reference><Reference ReferenceType="E">ns=1;i=2</Reference></References>
<Definition Name="1:P"><Field Name="X" DataType="i=11" ValueRank="1" ArrayDimensions="2,3"><Description>x</Description></Field>
<Field Name="N" DataType="i=12" IsOptional="true" MaxStringLength="8"/></Definition></UADataType>
<UAObject NodeId="ns=1;i=2" BrowseName="Default Binary"/>
<UAObject NodeId="ns=1;i=3" BrowseName="Default XML"><References><Reference ReferenceType="E" IsForward="false">ns=1;i=1</Reference></References></UAObject>
<UAVariable NodeId="ns=1;i=4"><Value><ExtensionObject><Body><P/></Body></ExtensionObject></Value></UAVariable>
</UANodeSet>`,
	// A set of its own (the namespace-0 types it uses declared, so that
	// NewSet succeeds): a structure with an optional field, an enumeration
	// and a union.
	`<UANodeSet><NamespaceUris><Uri>u</Uri></NamespaceUris>
<UADataType NodeId="i=22" BrowseName="S"/><UADataType NodeId="i=29" BrowseName="E"/>
<UADataType NodeId="i=12756" BrowseName="N"><References><Reference ReferenceType="i=45" IsForward="false">i=22</Reference></References></UADataType>
<UADataType NodeId="ns=1;i=1" BrowseName="1:P"><References><Reference ReferenceType="i=45" IsForward="false">i=22</Reference></References>
<Definition Name="P"><Field Name="A" DataType="ns=1;i=2" IsOptional="true"/></Definition></UADataType>
<UADataType NodeId="ns=1;i=2" BrowseName="1:M"><References><Reference ReferenceType="i=45" IsForward="false">i=29</Reference></References>
<Definition Name="M"><Field Name="On" Value="1"/></Definition></UADataType>
<UADataType NodeId="ns=1;i=4" BrowseName="1:C"><References><Reference ReferenceType="i=45" IsForward="false">i=12756</Reference></References>
<Definition IsUnion="true"><Field Name="I" DataType="ns=1;i=2"/></Definition></UADataType></UANodeSet>`,
	// Text in CDATA and split by comments, an entity, an option set,
	// nesting to skip.
	`<?xml version="1.0"?><UANodeSet><UADataType NodeId="i=9000" BrowseName="T"><Documentation>a<!-- c -->b<![CDATA[<c>]]>&amp;</Documentation>
<Description>d</Description><Description>e</Description></UADataType>
<UADataType NodeId="i=9002" BrowseName="O"><Definition IsOptionSet="1"><Field Name="A" Value="0"/></Definition></UADataType><UAMethod NodeId="i=9001"><a><b><c><d><e/></d></c></b></a></UAMethod></UANodeSet>`,
}

// FuzzParse holds Parse, ParseReader, their limits, NewSet and the methods
// of a Set to their contract on any input: no panic; every error an *Error
// wrapping ErrInvalid or ErrLimitExceeded; a *LimitError that names the
// limit it exceeds, with a value above it and the exact line, column and
// offset of the element or text; ParseReader giving what Parse gives;
// tighter limits giving the same result or a *LimitError, and a result
// within them.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		if len(s) > maxFuzzInput {
			f.Fatalf("a seed of %d bytes, above maxFuzzInput", len(s))
		}
		f.Add([]byte(s))
	}
	tight := nodeset.ParseOptions{MaxSize: 512, MaxDepth: 6, MaxNodes: 8, MaxAttributeLength: 12, MaxTextLength: 24}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
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
	if le.Path == "" || (le.Attribute != "") != (le.Limit == "MaxAttributeLength") {
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
