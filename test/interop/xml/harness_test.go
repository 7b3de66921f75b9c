package xml

import (
	"os"
	"path/filepath"
	"testing"
)

// The harness itself, without the other stacks: how values are cut out of
// a NodeSet2 file, and what each departure's emulation does to XML.

func TestReadValues(t *testing.T) {
	const doc = `<?xml version="1.0" encoding="utf-8"?>
<UANodeSet xmlns="http://opcfoundation.org/UA/2011/03/UANodeSet.xsd" xmlns:uax="http://opcfoundation.org/UA/2008/02/Types.xsd">
  <UAObject NodeId="ns=1;i=1" BrowseName="1:O"><Value><uax:Int32>9</uax:Int32></Value></UAObject>
  <UAVariable NodeId="ns=1;i=2" BrowseName="1:A">
    <Value>
      <uax:Int32>5</uax:Int32>
    </Value>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=3" BrowseName="1:B"/>
  <UAVariableType NodeId="ns=1;i=4" BrowseName="1:C">
    <References>
      <Reference ReferenceType="HasStructuredComponent" IsForward="false">ns=1;i=2</Reference>
    </References>
    <Value><uax:String /></Value>
  </UAVariableType>
  <UAVariable NodeId="ns=1;i=5" BrowseName="1:D"><Value/></UAVariable>
</UANodeSet>
`
	path := filepath.Join(t.TempDir(), "T.NodeSet2.xml")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readValues(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []fileValue{
		{nodeID: "ns=1;i=2", line: 5, inner: []byte("<uax:Int32>5</uax:Int32>")},
		{nodeID: "ns=1;i=4", line: 14, inner: []byte("<uax:String />"), structured: true},
		{nodeID: "ns=1;i=5", line: 16, inner: []byte("")},
	}
	if len(got) != len(want) {
		t.Fatalf("%d values, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.file != "T.NodeSet2.xml" || g.nodeID != w.nodeID || g.line != w.line || string(g.inner) != string(w.inner) || g.structured != w.structured {
			t.Errorf("value %d: %s line %d %q structured %v, want %s line %d %q structured %v",
				i, g.nodeID, g.line, g.inner, g.structured, w.nodeID, w.line, w.inner, w.structured)
		}
		if doc[g.start:g.end] != string(w.inner) {
			t.Errorf("value %d: offsets %d-%d hold %q, want %q", i, g.start, g.end, doc[g.start:g.end], w.inner)
		}
	}
}

func TestDepartureTransforms(t *testing.T) {
	byName := map[string]departure{}
	for _, d := range append(append([]departure{}, open62541Departures...), nodeOPCUADepartures...) {
		byName[d.name] = d
	}
	for _, tt := range []struct{ departure, in, out string }{
		{"open62541-raw-text", `<uax:String>a &lt; b &amp;&#10;</uax:String>`, `<uax:String>a &amp;lt; b &amp;amp;&amp;#10;</uax:String>`},
		{"open62541-nil", `<String xmlns:xsi="x" xsi:nil="true" />`, `<String xmlns:xsi="x" />`},
		{"node-opcua-trim", "<LocalizedText><Locale> en </Locale><Text>\n hi \n</Text></LocalizedText>",
			"<LocalizedText><Locale>en</Locale><Text>hi</Text></LocalizedText>"},
		{"node-opcua-empty-locale", "<LocalizedText><Locale>\n  </Locale><Text>t</Text></LocalizedText><uax:Locale/>",
			"<LocalizedText><Text>t</Text></LocalizedText>"},
		{"node-opcua-argument-dimensions",
			"<uax:Argument><uax:ValueRank>1</uax:ValueRank><uax:ArrayDimensions /></uax:Argument>" +
				"<Argument><ValueRank>-1</ValueRank><ArrayDimensions><UInt32>2</UInt32></ArrayDimensions></Argument>",
			"<uax:Argument><uax:ValueRank>1</uax:ValueRank><ArrayDimensions><UInt32>0</UInt32></ArrayDimensions></uax:Argument>" +
				"<Argument><ValueRank>-1</ValueRank><ArrayDimensions /></Argument>"},
	} {
		d, ok := byName[tt.departure]
		if !ok || d.transform == nil {
			t.Fatalf("no emulation %s", tt.departure)
		}
		if got := string(d.transform([]byte(tt.in))); got != tt.out {
			t.Errorf("%s:\n got %s\nwant %s", tt.departure, got, tt.out)
		}
	}
}
