package xml

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// open62541EncoderDepartures are the departures of UA_encodeXml, each with
// a rewrite of its XML into what a conforming encoder writes for the value.
var open62541EncoderDepartures = []struct {
	name, why string
	fix       func(x []byte) []byte
}{{
	name: "open62541-null-as-empty",
	why: "UA_encodeXml writes the null Locale or Text of a LocalizedText as an empty element, which is the empty string " +
		"(Part 6 §5.3.1.15 leaves a null field out); the value loses null against empty",
	fix: func(x []byte) []byte { return emptyLocaleOrText.ReplaceAll(x, nil) },
}}

// emptyLocaleOrText matches an empty <Locale> or <Text> element.
var emptyLocaleOrText = regexp.MustCompile(`<(Locale|Text)></(Locale|Text)>|<(Locale|Text)\s*/>`)

// TestWeReadOpen62541XML writes every value uabin read from the files with
// open62541's UA_encodeXml (o6xml encode of its UA Binary, as a Variant)
// and has uabin read that XML in the file's context: it must be the value,
// or differ only by a departure of UA_encodeXml (whose rewrite of the XML
// then reads as the value). Values UA_encodeXml cannot write (structures)
// are counted.
func TestWeReadOpen62541XML(t *testing.T) {
	prog := os.Getenv(O6XMLVar)
	if prog == "" {
		t.Skipf("%s is not set (%s)", O6XMLVar, runHint)
	}
	u := newUabinStack(t, nodesetFiles(t))
	var report strings.Builder
	report.WriteString("| file | values | open62541 writes | uabin reads as written | departures |\n| --- | ---: | ---: | ---: | ---: |\n")
	byDep := map[string]int{}
	notWritten := map[string]int{}
	var tot [4]int
	for _, values := range allValues(t) {
		original := u.read(values)
		lines := make([]string, len(values))
		for i := range values {
			lines[i] = "Variant\t" + hex.EncodeToString(original[i].bin)
		}
		written := runO6(t, prog, "encode", lines)
		var theirs []fileValue
		var idx []int
		for i, w := range written {
			if w.kind != "OK" {
				notWritten[w.text]++
				continue
			}
			x, err := base64.StdEncoding.DecodeString(w.text)
			if err != nil {
				t.Fatal(err)
			}
			inner, ok := variantContent(x)
			if !ok {
				t.Fatalf("%s %s: o6xml encode wrote %.200s", values[i].file, values[i].nodeID, x)
			}
			theirs = append(theirs, values[i].with(inner))
			idx = append(idx, i)
		}
		var read []reading
		if len(theirs) > 0 {
			read = u.read(theirs)
		}
		same, departed := 0, 0
		var retry []int // indexes into theirs
		for k, i := range idx {
			if read[k].state == readOK && bytes.Equal(read[k].bin, original[i].bin) {
				same++
			} else {
				retry = append(retry, k)
			}
		}
		explained := map[int]string{}
		for _, d := range open62541EncoderDepartures {
			var fixed []fileValue
			var which []int
			for _, k := range retry {
				if _, done := explained[k]; done {
					continue
				}
				if y := d.fix(theirs[k].inner); !bytes.Equal(y, theirs[k].inner) {
					fixed = append(fixed, theirs[k].with(y))
					which = append(which, k)
				}
			}
			if len(fixed) == 0 {
				continue
			}
			again := u.read(fixed)
			for j, k := range which {
				if again[j].state == readOK && bytes.Equal(again[j].bin, original[idx[k]].bin) {
					explained[k] = d.name
				}
			}
		}
		for _, k := range retry {
			i := idx[k]
			if name, ok := explained[k]; ok {
				departed++
				byDep[name]++
				continue
			}
			if read[k].state != readOK {
				t.Errorf("%s line %d, %s: uabin does not read open62541's XML %.300s: %s", values[i].file, values[i].line, values[i].nodeID, theirs[k].inner, read[k].err)
			} else {
				t.Errorf("%s line %d, %s: uabin reads open62541's XML %.300s as another value (%s)",
					values[i].file, values[i].line, values[i].nodeID, theirs[k].inner, firstDifference(read[k].bin, original[i].bin))
			}
		}
		fmt.Fprintf(&report, "| %s | %d | %d | %d | %d |\n", values[0].file, len(values), len(idx), same, departed)
		for j, n := range []int{len(values), len(idx), same, departed} {
			tot[j] += n
		}
	}
	fmt.Fprintf(&report, "| **all** | %d | %d | %d | %d |\n", tot[0], tot[1], tot[2], tot[3])
	for _, d := range open62541EncoderDepartures {
		if byDep[d.name] > 0 {
			fmt.Fprintf(&report, "\n%s: %d values: %s\n", d.name, byDep[d.name], d.why)
		}
	}
	writeCounts(&report, "not written", notWritten)
	t.Logf("The NodeSet2 values written by open62541's UA_encodeXml, as uabin reads them\n%s", report.String())
}
