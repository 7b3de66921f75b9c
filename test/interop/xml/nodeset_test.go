// Package xml cross-checks the OPC UA XML encoding (Part 6 §5.3) of the
// values of NodeSet2 files against two other stacks: open62541 v1.5.7's
// UA_decodeXml (through the program o6xml, c/o6xml.c, built by build.sh) and
// node-opcua's NodeSet2 loader (through dump.mjs, which writes the values
// it loads to a file). run.sh builds and runs both and then these tests,
// which find them through the environment variables UABIN_O6XML and
// UABIN_NODEOPCUA_DUMP and skip without them, so that a plain
// `go test ./...` stays hermetic.
//
// Every <Value> of a UAVariable or UAVariableType of the namespace-0 file
// (schema/) and of the ten companion files (test/companion/testdata/nodesets)
// is compared as the UA Binary encoding of the Variant each stack reads
// from it, namespace indexes being the file's own. Where a stack reads a
// value otherwise than the reference, its known departures from Part 6
// (open62541Departures, nodeOPCUADepartures) are tried: each rewrites the
// XML so that the reference reads what the stack reads, and a difference
// is explained only when such a rewrite reproduces the stack's bytes. A
// difference no departure explains fails the test. README.md gives the
// report and the departures, with the clauses behind them.
package xml

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// Environment variables naming the other stacks' programs and outputs.
const (
	O6XMLVar = "UABIN_O6XML"          // path of o6xml (build.sh)
	DumpVar  = "UABIN_NODEOPCUA_DUMP" // path of the TSV dump.mjs wrote
)

const runHint = "run bash test/interop/xml/run.sh"

// A stackRun is one stack's readings of the values of every file.
type stackRun struct {
	name       string
	departures []departure
	read       func(file string, values []fileValue) []reading
}

// fileRun is the values of one file and the reference's readings of them.
type fileRun struct {
	file   string
	values []fileValue
	ref    []reading
}

func innersOf(values []fileValue) [][]byte {
	out := make([][]byte, len(values))
	for i, v := range values {
		out[i] = v.inner
	}
	return out
}

// crossCheck compares every other stack with the reference on every file,
// prints the report, and fails on a difference no departure explains, and
// with mustRead on a value the reference does not read.
func crossCheck(t *testing.T, refName string, ref reader, refDeps []departure, mustRead bool, others []stackRun) {
	var files []fileRun
	for _, path := range nodesetFiles(t) {
		values, err := readValues(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(values) == 0 {
			t.Fatalf("%s: no <Value>", path)
		}
		f := fileRun{file: values[0].file, values: values}
		f.ref = ref(f.file, innersOf(values))
		files = append(files, f)
	}
	var report strings.Builder
	fmt.Fprintf(&report, "reference: %s\n\n", refName)
	header := "| file | values | " + refName + " read |"
	rule := "| --- | ---: | ---: |"
	for _, o := range others {
		header += fmt.Sprintf(" %s read | agreed | departures | unexplained |", o.name)
		rule += " ---: | ---: | ---: | ---: |"
	}
	fmt.Fprintln(&report, header)
	fmt.Fprintln(&report, rule)
	verdicts := make([][][]verdict, len(others)) // [stack][file][value]
	for k, o := range others {
		verdicts[k] = make([][]verdict, len(files))
		for i, f := range files {
			verdicts[k][i] = compareStack(t, f.file, f.values, f.ref, o.read(f.file, f.values), ref, o.departures, refDeps)
		}
	}
	var totValues, totRef int
	totals := make([]tally, len(others))
	for i, f := range files {
		refRead := 0
		for j, r := range f.ref {
			if r.state == readOK {
				refRead++
			} else if mustRead {
				t.Errorf("%s line %d, %s: %s does not read the value: %s %s", f.file, f.values[j].line, f.values[j].nodeID, refName, r.state, r.err)
			}
		}
		totValues += len(f.values)
		totRef += refRead
		line := fmt.Sprintf("| %s | %d | %d |", f.file, len(f.values), refRead)
		for k := range others {
			c := count(verdicts[k][i])
			line += fmt.Sprintf(" %d | %d | %d | %d |", c.read, c.agreed, c.explained, c.unexplained)
			totals[k].read += c.read
			totals[k].agreed += c.agreed
			totals[k].explained += c.explained
			totals[k].unexplained += c.unexplained
		}
		fmt.Fprintln(&report, line)
	}
	line := fmt.Sprintf("| **all** | %d | %d |", totValues, totRef)
	for k := range others {
		line += fmt.Sprintf(" %d | %d | %d | %d |", totals[k].read, totals[k].agreed, totals[k].explained, totals[k].unexplained)
	}
	fmt.Fprintln(&report, line)

	for k, o := range others {
		fmt.Fprintf(&report, "\n%s:\n", o.name)
		byDep := map[string][]string{}
		notRead := map[string]int{}
		for i, f := range files {
			for _, v := range verdicts[k][i] {
				switch {
				case v.ref.state != readOK:
				case v.other.state != readOK:
					notRead[f.file+": "+v.other.state+" ("+v.other.err+")"]++
				case v.agreed:
				case len(v.explained) > 0:
					name := strings.Join(v.explained, " + ")
					byDep[name] = append(byDep[name], fmt.Sprintf("%s %s", f.file, v.v.nodeID))
				default:
					t.Errorf("%s line %d, %s: %s and %s read different values (%s), and no departure of %s explains it",
						f.file, v.v.line, v.v.nodeID, o.name, refName, firstDifference(v.other.bin, v.ref.bin), o.name)
					byDep["UNEXPLAINED"] = append(byDep["UNEXPLAINED"], fmt.Sprintf("%s line %d %s", f.file, v.v.line, v.v.nodeID))
				}
			}
		}
		names := make([]string, 0, len(byDep))
		for n := range byDep {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&report, "  %s: %d values, e.g. %s\n", n, len(byDep[n]), byDep[n][0])
		}
		keys := make([]string, 0, len(notRead))
		for n := range notRead {
			keys = append(keys, n)
		}
		sort.Strings(keys)
		for _, n := range keys {
			fmt.Fprintf(&report, "  not read: %d× %s\n", notRead[n], n)
		}
	}
	t.Logf("NodeSet2 values cross-check\n%s", report.String())
}

// nodeOPCUAStack is node-opcua's stack run from its dump, or nil when
// DumpVar is not set.
func nodeOPCUAStack(t *testing.T) *stackRun {
	path := os.Getenv(DumpVar)
	if path == "" {
		return nil
	}
	dump, err := readNodeDump(path)
	if err != nil {
		t.Fatal(err)
	}
	return &stackRun{name: "node-opcua", departures: nodeOPCUADepartures,
		read: func(_ string, values []fileValue) []reading { return nodeReadings(dump, values) }}
}

// TestNodeSetValuesOpen62541NodeOPCUA compares node-opcua's readings with
// open62541's.
func TestNodeSetValuesOpen62541NodeOPCUA(t *testing.T) {
	prog := os.Getenv(O6XMLVar)
	node := nodeOPCUAStack(t)
	if prog == "" || node == nil {
		t.Skipf("%s and %s are not both set (%s)", O6XMLVar, DumpVar, runHint)
	}
	crossCheck(t, "open62541", o6Reader(t, prog), open62541Departures, false, []stackRun{*node})
}
