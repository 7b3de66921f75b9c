// Package json cross-checks the OPC UA JSON encoding of package uajson
// against open62541's (v1.5.7), through the program o6json (c/o6json.c beside
// this file, built by build.sh and run by run.sh). The tests find the
// program through the environment variable UABIN_O6JSON and skip when it is
// not set, so that a plain `go test ./...` stays hermetic.
//
// For every case o6json builds (the workloads W1-W7 and one or more values
// per clause of Part 6 §5.4.2), with and without namespace and server
// tables:
//
//  1. open62541's UA Binary of the value, decoded by uabin and encoded by
//     uajson (Compact), equals open62541's JSON as a JSON value (member
//     order and number spelling aside), except where the table
//     departures below records a difference and the clause behind it;
//  2. open62541's JSON, decoded by uajson and encoded by uabin, gives
//     open62541's UA Binary;
//  3. uajson's JSON, decoded by open62541, gives open62541's UA Binary.
//
// The structure rows W4-W7 (the service messages) are checked the same
// way, with their departures recorded by row in structDepartures.
package json

import (
	"bufio"
	"bytes"
	"encoding/hex"
	stdjson "encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

// ProgramVar names the environment variable holding the path of o6json.
const ProgramVar = "UABIN_O6JSON"

// Namespaces and Servers are the tables of `o6json encode ns` (NAMESPACES
// and SERVERS in o6json.c).
var (
	Namespaces = []string{"http://opcfoundation.org/UA/", "urn:uabin:ns1", "http://acme.org/UA/", "urn:uabin:ns3", "urn:uabin:ns4"}
	Servers    = []string{"urn:uabin:local", "urn:uabin:server1"}
)

func program(t testing.TB) string {
	t.Helper()
	p := os.Getenv(ProgramVar)
	if p == "" {
		t.Skipf("%s is not set: no open62541 JSON program to compare with (run bash test/interop/json/run.sh)", ProgramVar)
	}
	return p
}

// A record is one case of `o6json encode`.
type record struct {
	name, typ string
	bin       []byte
	json      string
	err       string
}

func encodeRecords(t *testing.T, prog string, ns bool) []record {
	t.Helper()
	args := []string{"encode"}
	if ns {
		args = append(args, "ns")
	}
	out, err := exec.Command(prog, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", prog, args, err)
	}
	var recs []record
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		tag, rest, _ := strings.Cut(line, " ")
		switch tag {
		case "CASE":
			name, typ, _ := strings.Cut(rest, " ")
			recs = append(recs, record{name: name, typ: typ})
		case "BIN":
			b, err := hex.DecodeString(rest)
			if err != nil {
				t.Fatalf("BIN line of %s: %v", recs[len(recs)-1].name, err)
			}
			recs[len(recs)-1].bin = b
		case "JSON":
			recs[len(recs)-1].json = rest
		case "ERR":
			recs[len(recs)-1].err = rest
		}
	}
	if len(recs) < 60 {
		t.Fatalf("only %d cases from %s", len(recs), prog)
	}
	return recs
}

// goTypes maps the built-in type names of o6json to Go types.
var goTypes = map[string]reflect.Type{
	"Boolean": reflect.TypeFor[bool](), "SByte": reflect.TypeFor[int8](), "Byte": reflect.TypeFor[uint8](),
	"Int16": reflect.TypeFor[int16](), "UInt16": reflect.TypeFor[uint16](), "Int32": reflect.TypeFor[int32](),
	"UInt32": reflect.TypeFor[uint32](), "Int64": reflect.TypeFor[int64](), "UInt64": reflect.TypeFor[uint64](),
	"Float": reflect.TypeFor[float32](), "Double": reflect.TypeFor[float64](), "String": reflect.TypeFor[string](),
	"DateTime": reflect.TypeFor[types.DateTime](), "Guid": reflect.TypeFor[types.GUID](),
	"ByteString": reflect.TypeFor[[]byte](), "XmlElement": reflect.TypeFor[types.XmlElement](),
	"NodeId": reflect.TypeFor[types.NodeID](), "ExpandedNodeId": reflect.TypeFor[types.ExpandedNodeID](),
	"StatusCode": reflect.TypeFor[types.StatusCode](), "QualifiedName": reflect.TypeFor[types.QualifiedName](),
	"LocalizedText": reflect.TypeFor[types.LocalizedText](), "ExtensionObject": reflect.TypeFor[types.ExtensionObject](),
	"DataValue": reflect.TypeFor[types.DataValue](), "Variant": reflect.TypeFor[types.Variant](),
	"DiagnosticInfo": reflect.TypeFor[types.DiagnosticInfo](),
	// The structures of the service messages W4-W6.
	"ReadRequest": reflect.TypeFor[types.ReadRequest](), "ReadResponse": reflect.TypeFor[types.ReadResponse](),
	"BrowseResponse": reflect.TypeFor[types.BrowseResponse](),
}

// A departure is a case where open62541's JSON differs from uajson's as a
// JSON value, or where one cannot read the other's text. o6 is open62541's
// text (checked, so that a change in either is noticed), "" where the two
// texts are equal; why names the clause and says who follows it. decode says
// what uajson makes of open62541's text: "" when it decodes to open62541's
// binary, else the error uajson gives. o6reads is false where open62541
// cannot read uajson's text.
type departure struct {
	o6, why, decode string
	o6NotReads      bool
	// defaults: open62541 writes the structure fields whose value is NULL
	// or the default (null, 0, false, "", {}, []), which the Compact form
	// omits; the texts are compared with those members of open62541's
	// dropped (jsonEqualDefaults). Every other member must be equal.
	defaults bool
	// nullArrays: open62541 writes a null array as [], which decodes to
	// an empty array (binary length 0) where its binary has the null
	// array (-1); its decoded text is compared with the empty arrays made
	// null (every other byte must be equal).
	nullArrays bool
	// fix, if not nil, rewrites open62541's text where it departs in a
	// built-in's form (recorded in departures for the built-in alone)
	// before the structure comparisons, which are then exact.
	fix func(string) string
}

// structDepartures are the departures of the structure rows W4-W7, by the
// prefix of the case name.
var structDepartures = map[string]departure{
	"W4.ReadRequest": {defaults: true,
		why: "§5.4.2.1: in the CompactEncoding a structure field that is NULL or has its default value is omitted; open62541 has one form and writes them (\"ReturnDiagnostics\":0, \"AuditEntryId\":null, \"MaxAge\":0.0, ...)"},
	"W5.ReadResponse": {defaults: true, nullArrays: true,
		why: "defaults written, as W4; and §5.4.5/§5.4.2.1: the null array StringTable (binary -1) is NULL, omitted in the CompactEncoding; open62541 writes it as [] (an empty array, binary 0), so its text cannot give its binary"},
	"W6.BrowseResponse": {defaults: true, nullArrays: true,
		why: "as W5 (null StringTable written as [], defaults written)"},
	"ns:W6.BrowseResponse": {defaults: true, nullArrays: true, o6NotReads: true,
		fix: func(s string) string {
			return strings.ReplaceAll(s, `"BrowseName":"http://acme.org/UA/;`, `"BrowseName":"nsu=http://acme.org/UA/;`)
		},
		why: "as W6, and the BrowseNames of namespace 2 in the QualifiedName form of ns:B.QualifiedName.Ns2 (no \"nsu=\", which open62541 also cannot read back); compared with \"nsu=\" put back"},
	"W7.ExtensionObject": {defaults: true, nullArrays: true, o6NotReads: true,
		why: "defaults written (the null ArrayDimensions of each Argument as []); and open62541 cannot decode an array of structures in a Variant, not even its own text of W7 (UA_decodeJson gives BadDecodingError)"},
}

// departures lists every difference, by case name; ns marks the cases of
// the run with namespace tables (key "ns:" + name).
var departures = map[string]departure{
	"W1.NodeId.Guid": {o6: `"ns=4;g=72962b91-fa75-4ae6-8d28-b404dc7daf63"`,
		why: "letter case only: the Guid of a NodeId is written in lower case, a Guid value in upper case; §5.1.12 (ABNF HEXDIG) allows both, uajson writes upper case everywhere"},
	"ns:W1.NodeId.Guid": {o6: `"nsu=urn:uabin:ns4;g=72962b91-fa75-4ae6-8d28-b404dc7daf63"`,
		why: "letter case only, as without tables"},
	"B.Double.-0": {o6: `0.0`,
		why:    "§5.4.2.4: -0 is a normal Double, a JSON number; open62541 drops the sign (its binary of the decoded text is +0), uajson writes -0",
		decode: "binary differs: open62541's text is +0"},
	"B.DateTime.Min": {o6: `"1601-01-01T00:00:00Z"`,
		why:        "§5.4.2.6: DateTime.MinValue (binary 0) is NULL, \"0001-01-01T00:00:00Z\" in JSON, null as an array element; open62541 writes the instant 1601-01-01, uajson null (both decode to 0); open62541 cannot read a top-level null",
		o6NotReads: true},
	"B.DateTime.Max": {o6: `"30828-09-14T02:48:05.4775807Z"`,
		why:        "§5.4.2.6: values past the JSON maximum shall be \"9999-12-31T23:59:59Z\", and decoders shall turn that into the platform's maximum; open62541 writes Int64 max as a five-digit year, which is not ISO 8601 without a sign (uajson reads it, clamped), and reads \"9999-12-31T23:59:59Z\" as that instant, not as its maximum",
		o6NotReads: true},
	"B.NodeId.Null": {o6: `"i=0"`,
		why:        "top-level NULL: §5.4.2 writes NULL built-ins as null where they are array elements; uajson writes a top-level NULL the same way, open62541 the value's text, and cannot read a top-level null",
		o6NotReads: true},
	"B.Variant.Null": {o6: `{}`,
		why: "top-level NULL Variant: uajson null (§5.4.2, as an array element; Annex H.8 \"omitted or replaced by null\"), open62541 an empty object"},
	"B.DataValue.Empty": {o6: `{}`,
		why: "top-level empty DataValue: uajson null, open62541 an empty object"},
	"B.StatusCode.Bad": {o6: `{"Code":2150891520,"Symbol":"BadNodeIdUnknown"}`,
		why: "§5.4.2.12 Table 36: Symbol is omitted in the CompactEncoding; open62541 has one form and always writes it"},
	"B.StatusCode.InfoBits": {o6: `{"Code":2150892544,"Symbol":"BadNodeIdUnknown"}`,
		why: "Symbol in the CompactEncoding, as B.StatusCode.Bad"},
	"B.StatusCode.Unknown": {o6: `{"Code":2415853568,"Symbol":"Unknown StatusCode"}`,
		why: "§5.4.2.12 Table 36: a symbol not known to the encoder is omitted; open62541 writes \"Unknown StatusCode\" (and a Symbol in the CompactEncoding)"},
	"B.Variant.StatusCode": {o6: `{"UaType":19,"Value":{"Code":2150891520,"Symbol":"BadNodeIdUnknown"}}`,
		why: "Symbol in the CompactEncoding, as B.StatusCode.Bad"},
	"B.DataValue.StatusBad": {o6: `{"UaType":12,"Value":"x","Status":{"Code":2150891520,"Symbol":"BadNodeIdUnknown"}}`,
		why: "Symbol in the CompactEncoding, as B.StatusCode.Bad"},
	"W3.DataValue.Full": {o6: `{"UaType":11,"Value":42.5,"Status":{"Code":1073741824,"Symbol":"Uncertain"},"SourceTimestamp":"2024-01-02T03:04:05.1234567Z","SourcePicoseconds":10,"ServerTimestamp":"2024-01-02T03:04:05.1244567Z","ServerPicoseconds":20}`,
		why: "Symbol in the CompactEncoding, as B.StatusCode.Bad"},
	"B.DiagnosticInfo": {o6: `{"SymbolicId":3,"LocalizedText":4,"AdditionalInfo":"valve stuck","InnerStatusCode":{"Code":2148139008,"Symbol":"BadTimeout"},"InnerDiagnosticInfo":{"SymbolicId":5}}`,
		why: "Symbol in the CompactEncoding, as B.StatusCode.Bad"},
	"B.LocalizedText.TextOnly": {o6: `{"Locale":null,"Text":"Pump"}`,
		why: "§5.4.2 and §5.4.2.15: a NULL member is not encoded; open62541 writes the null Locale as null"},
	"B.ExpandedNodeId.EscapedUri": {o6: `"nsu=urn:a%3bb%25c;s=x"`,
		why:        "§5.1.12 ENCODEDURI is RFC 3986 percent-encoding, whose §2.1 asks for upper-case hex digits; open62541 writes lower case, and does not undo the percent-encoding of a URI it keeps in the ExpandedNodeId (\"urn:a%3Bb%25c\" stays as it is)",
		o6NotReads: true},
	"B.ExtensionObject.Binary": {o6: `{"UaTypeId":"ns=3;i=5001","UaEncoding":1,"UaBody":"\u0001\u0002\u0003"}`,
		why:        "§5.4.2.16 Table 40: UaBody is a ByteString, so base64 (§5.4.2.8); open62541 writes the body bytes as the characters of a JSON string",
		decode:     "invalid value",
		o6NotReads: true},
	"ns:B.ExtensionObject.Binary": {o6: `{"UaTypeId":"nsu=urn:uabin:ns3;i=5001","UaEncoding":1,"UaBody":"\u0001\u0002\u0003"}`,
		why:        "UaBody not base64, as without tables",
		decode:     "invalid value",
		o6NotReads: true},
	"ns:B.ExpandedNodeId.Server": {
		why:        "§5.4.2.11: open62541 writes the namespace of an ExpandedNodeId on another server as a URI from its table (as uajson does), but its decoder keeps that URI instead of mapping it back, so its own text does not read back as its value",
		o6NotReads: true},
	"ns:B.QualifiedName.Ns2": {o6: `"http://acme.org/UA/;Temperature"`,
		why:    "§5.4.2.14 and §5.1.12: the namespace URI form of a QualifiedName is \"nsu=<uri>;<name>\"; open62541 leaves out \"nsu=\" (and cannot read it back: it maps the text to a name in namespace 0)",
		decode: "binary differs: the name is the whole text in namespace 0", o6NotReads: true},
}

// lookup returns the departure of a case: in the run with tables its "ns:"
// entry if there is one, else the entry of the run without.
func lookup(name string, ns bool) (departure, bool) {
	if ns {
		if d, ok := departures["ns:"+name]; ok {
			return d, true
		}
	}
	if d, ok := departures[name]; ok {
		return d, ok
	}
	if ns {
		for prefix, d := range structDepartures {
			if strings.HasPrefix("ns:"+name, prefix+".") {
				return d, true
			}
		}
	}
	for prefix, d := range structDepartures {
		if strings.HasPrefix(name, prefix+".") {
			return d, true
		}
	}
	return departure{}, false
}

// jsonEqualDefaults is jsonEqual where members of b's objects that a's
// objects lack are ignored if their value is null or a default (0, false,
// "", {}, []); it reports whether any was.
func jsonEqualDefaults(a, b string) (equal, dropped bool) {
	var x, y any
	if stdjson.Unmarshal([]byte(a), &x) != nil || stdjson.Unmarshal([]byte(b), &y) != nil {
		return false, false
	}
	var eq func(x, y any) bool
	eq = func(x, y any) bool {
		switch xv := x.(type) {
		case map[string]any:
			yv, ok := y.(map[string]any)
			if !ok {
				return false
			}
			for k, v := range xv {
				w, ok := yv[k]
				if !ok || !eq(v, w) {
					return false
				}
			}
			for k, w := range yv {
				if _, ok := xv[k]; !ok {
					if !isDefault(w) {
						return false
					}
					dropped = true
				}
			}
			return true
		case []any:
			yv, ok := y.([]any)
			if !ok || len(xv) != len(yv) {
				return false
			}
			for i := range xv {
				if !eq(xv[i], yv[i]) {
					return false
				}
			}
			return true
		}
		return reflect.DeepEqual(x, y)
	}
	return eq(x, y), dropped
}

// isDefault reports whether a JSON value is null or a default.
func isDefault(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case float64:
		return v == 0
	case string:
		return v == ""
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

// nullEmptyArrays sets every empty slice reachable from v (a pointer) to
// nil: the null arrays that open62541 writes as [].
func nullEmptyArrays(v reflect.Value) {
	if x, ok := v.Interface().(types.Variant); ok {
		nullEmptyArrays(reflect.ValueOf(x.Value())) // the structures it holds, through their pointers
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			nullEmptyArrays(v.Elem())
		}
	case reflect.Pointer:
		if !v.IsNil() {
			nullEmptyArrays(v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				nullEmptyArrays(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // a ByteString, not an array
		}
		if v.Len() == 0 && !v.IsNil() {
			v.SetZero()
			return
		}
		for i := 0; i < v.Len(); i++ {
			nullEmptyArrays(v.Index(i))
		}
	}
}

// jsonEqual compares two JSON texts as values: objects as sets of members,
// numbers by value (as float64, or as float32 where asFloat32 is set).
func jsonEqual(a, b string, asFloat32 bool) bool {
	var x, y any
	da := stdjson.NewDecoder(strings.NewReader(a))
	da.UseNumber()
	db := stdjson.NewDecoder(strings.NewReader(b))
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return valueEqual(x, y, asFloat32)
}

func valueEqual(x, y any, f32 bool) bool {
	switch a := x.(type) {
	case stdjson.Number:
		b, ok := y.(stdjson.Number)
		if !ok {
			return false
		}
		fa, err1 := strconv.ParseFloat(a.String(), 64)
		fb, err2 := strconv.ParseFloat(b.String(), 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if f32 {
			return float32(fa) == float32(fb)
		}
		return fa == fb && math.Signbit(fa) == math.Signbit(fb)
	case []any:
		b, ok := y.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !valueEqual(a[i], b[i], f32) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := y.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !valueEqual(v, w, f32) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(x, y)
}

// o6Decode runs `o6json decode` on the given lines ("TYPE\tJSON") and
// returns its answers.
func o6Decode(t *testing.T, prog string, ns bool, lines []string) []string {
	t.Helper()
	args := []string{"decode"}
	if ns {
		args = append(args, "ns")
	}
	cmd := exec.Command(prog, args...)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v", prog, args, err)
	}
	answers := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(answers) != len(lines) {
		t.Fatalf("o6json decode answered %d lines for %d", len(answers), len(lines))
	}
	return answers
}

func TestAgainstOpen62541(t *testing.T) {
	prog := program(t)
	for _, ns := range []bool{false, true} {
		t.Run(fmt.Sprintf("tables=%v", ns), func(t *testing.T) { compare(t, prog, ns) })
	}
}

func compare(t *testing.T, prog string, ns bool) {
	o := uajson.Options{}
	if ns {
		o.NamespaceURIs, o.ServerURIs = Namespaces, Servers
	}
	recs := encodeRecords(t, prog, ns)
	type ours struct {
		rec  record
		json []byte
	}
	var mine []ours
	checked := 0
	for _, r := range recs {
		dep, isDep := lookup(r.name, ns)
		typ, known := goTypes[r.typ]
		if !known {
			t.Errorf("%s: o6json type %s has no Go type here", r.name, r.typ)
			continue
		}
		t.Run(r.name, func(t *testing.T) {
			if r.err != "" {
				t.Fatalf("open62541 failed: %s", r.err)
			}
			// 1. binary → uabin → uajson, against open62541's JSON.
			v := reflect.New(typ)
			if err := uabin.Unmarshal(r.bin, v.Interface()); err != nil {
				t.Fatalf("uabin cannot decode open62541's binary %x: %v", r.bin, err)
			}
			got, err := o.Marshal(v.Interface())
			if err != nil {
				t.Fatalf("uajson: %v", err)
			}
			mine = append(mine, ours{r, got})
			same := jsonEqual(string(got), r.json, r.typ == "Float")
			if isDep && dep.defaults {
				// The structure rows: equal once open62541's null and
				// default members are dropped, which some must be.
				o6 := r.json
				if dep.fix != nil {
					o6 = dep.fix(o6)
				}
				eq, dropped := jsonEqualDefaults(string(got), o6)
				if !eq {
					t.Errorf("uajson %s, open62541 %s (differ beyond null and default members)", got, r.json)
				} else if !dropped {
					t.Errorf("recorded as a departure (%s) but no member was dropped", dep.why)
				}
				same, dep.o6 = false, r.json
			}
			switch {
			case isDep && dep.o6 == "" && !same:
				t.Errorf("uajson %s, open62541 %s (the departure table says they are equal)", got, r.json)
			case isDep && dep.o6 == "":
			case isDep && dep.o6 != r.json:
				t.Errorf("open62541 wrote %s, the departure table has %s", r.json, dep.o6)
			case isDep && same:
				t.Errorf("recorded as a departure (%s) but uajson's %s equals open62541's %s", dep.why, got, r.json)
			case !isDep && !same:
				t.Errorf("uajson %s, open62541 %s", got, r.json)
			}
			// 2. open62541's JSON → uajson → uabin, against open62541's binary.
			w := reflect.New(typ)
			o6 := r.json
			if dep.fix != nil {
				o6 = dep.fix(o6)
			}
			err = o.Unmarshal([]byte(o6), w.Interface())
			want := ""
			if isDep {
				want = dep.decode
			}
			switch {
			case err != nil && (want == "" || !strings.Contains(err.Error(), want)):
				t.Errorf("uajson cannot decode open62541's %s: %v", r.json, err)
			case err != nil:
				// The recorded departure: uajson rejects the text.
			default:
				if dep.nullArrays {
					nullEmptyArrays(w)
				}
				bin, err := uabin.Marshal(w.Interface())
				if err != nil {
					t.Fatalf("uabin cannot encode %v: %v", w.Elem().Interface(), err)
				}
				if !bytes.Equal(bin, r.bin) && (want == "" || !strings.HasPrefix(want, "binary differs")) {
					t.Errorf("open62541's %s decodes to binary %x, open62541's binary is %x", r.json, bin, r.bin)
				}
			}
			checked++
		})
	}
	// 3. uajson's JSON → open62541 → binary, against open62541's binary.
	lines := make([]string, len(mine))
	for i, m := range mine {
		lines[i] = m.rec.typ + "\t" + string(m.json)
	}
	answers := o6Decode(t, prog, ns, lines)
	for i, m := range mine {
		dep, _ := lookup(m.rec.name, ns)
		a := answers[i]
		switch {
		case strings.HasPrefix(a, "OK "):
			bin, _ := hex.DecodeString(strings.TrimPrefix(a, "OK "))
			if !bytes.Equal(bin, m.rec.bin) && !dep.o6NotReads {
				t.Errorf("%s: open62541 decodes uajson's %s to %x, its own binary is %x", m.rec.name, m.json, bin, m.rec.bin)
			}
		case dep.o6NotReads:
		default:
			t.Errorf("%s: open62541 cannot decode uajson's %s: %s", m.rec.name, m.json, a)
		}
	}
	if checked < 76 {
		t.Errorf("only %d cases compared (68 built-in values and 8 structure rows expected)", checked)
	}
}
