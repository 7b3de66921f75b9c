package xml

import (
	"bytes"
	"fmt"
	"regexp"
)

// A reading is what one stack made of one <Value>.
type reading struct {
	state string // readOK, readRaw, readErr or readMissing
	bin   []byte // the UA Binary of the Variant, when state is readOK
	err   string // why not, otherwise
}

const (
	readOK      = "ok"      // decoded; bin holds the value
	readRaw     = "raw"     // decoded, with an ExtensionObject of unknown type left as XML
	readErr     = "error"   // the stack's decoder failed
	readMissing = "missing" // the stack has no reading of the node
)

// A reader decodes the contents of <Value> elements of one file (v.inner,
// which may differ from the file's), in the file's context (its namespace
// table, the types of the loaded files).
type reader func(values []fileValue) []reading

// A departure is a known way in which a stack reads a <Value> otherwise than
// Part 6 says. transform, when set, rewrites the XML so that a decoder that
// follows the specification reads what the stack reads from the original
// (the emulation); applies, when set, names the values the departure
// concerns without an emulation.
type departure struct {
	name, why string
	transform func(inner []byte) []byte
	applies   func(v fileValue) bool
}

// leafText matches the text of a leaf element: from the end of a start tag
// to the start of the next end tag, without markup in between.
var leafText = regexp.MustCompile(`>([^<]*)</`)

// mapLeafText applies f to the text of every leaf element of inner.
func mapLeafText(inner []byte, f func(text []byte) []byte) []byte {
	return leafText.ReplaceAllFunc(inner, func(m []byte) []byte {
		text := m[1 : len(m)-2]
		out := append([]byte{'>'}, f(text)...)
		return append(out, '<', '/')
	})
}

// emptyLocale matches a <Locale> element with nothing but white space.
var emptyLocale = regexp.MustCompile(`<(\w+:)?Locale\s*/>|<(\w+:)?Locale>\s*</(\w+:)?Locale>`)

// argumentBody matches the body of an Argument structure (any prefix).
var (
	argumentBody  = regexp.MustCompile(`(?s)<(\w+:)?Argument>.*?</(\w+:)?Argument>`)
	argValueRank  = regexp.MustCompile(`<(\w+:)?ValueRank>\s*(-?\d+)\s*</`)
	argDimensions = regexp.MustCompile(`(?s)<(\w+:)?ArrayDimensions\s*/>|<(\w+:)?ArrayDimensions>.*?</(\w+:)?ArrayDimensions>`)
)

// open62541Departures are the departures of open62541 v1.5.7's
// UA_decodeXml (src/ua_types_encoding_xml.c).
var open62541Departures = []departure{{
	name: "open62541-raw-text",
	why: "open62541 takes the text of an element as the bytes of the document, so an entity or character reference " +
		"(&amp;, &lt;, &gt;, &#10;) stays in the value as written; XML 1.0 §4.4 (which Part 6 §5.3 builds on) replaces it with its character",
	transform: func(inner []byte) []byte {
		return mapLeafText(inner, func(text []byte) []byte { return bytes.ReplaceAll(text, []byte("&"), []byte("&amp;")) })
	},
}, {
	name: "open62541-nil",
	why: "open62541 ignores the xsi:nil attribute: <String xsi:nil=\"true\"/> reads as the empty string, not as a null one " +
		"(Part 6 §5.3.1.5: a null String is an element with xsi:nil)",
	transform: func(inner []byte) []byte { return nilAttr.ReplaceAll(inner, nil) },
}}

// nilAttr matches an xsi:nil="true" attribute (any prefix).
var nilAttr = regexp.MustCompile(`\s+\w+:nil="true"`)

// nodeOPCUADepartures are the departures of node-opcua 2.186.4's NodeSet2
// loader (node-opcua-address-space, loader/parsers).
var nodeOPCUADepartures = []departure{{
	name: "node-opcua-trim",
	why: "node-opcua trims the white space around the text of strings, LocalizedText locales and texts and QualifiedName names " +
		"(this.text.trim()); an xs:string keeps it (XML Schema Part 2 §3.2.1, whiteSpace preserve)",
	transform: func(inner []byte) []byte {
		return mapLeafText(inner, func(text []byte) []byte { return bytes.TrimSpace(text) })
	},
}, {
	name: "node-opcua-empty-locale",
	why: "node-opcua writes a LocalizedText whose <Locale> is empty (or white space, trimmed) without a locale; " +
		"the XML gives an empty locale, which UA Binary keeps (encoding mask bit 0x01 with a zero-length string)",
	transform: func(inner []byte) []byte {
		return emptyLocale.ReplaceAll(inner, nil)
	},
}, {
	name: "node-opcua-argument-dimensions",
	why: "node-opcua ignores the <ArrayDimensions> of an Argument and writes [0] when ValueRank is 1, [] otherwise; " +
		"the value is the list the XML gives (Part 6 §5.3.3: an empty ListOf element is an empty array)",
	transform: func(inner []byte) []byte {
		return argumentBody.ReplaceAllFunc(inner, func(arg []byte) []byte {
			dims := "<ArrayDimensions />"
			if m := argValueRank.FindSubmatch(arg); m != nil && string(m[2]) == "1" {
				dims = "<ArrayDimensions><UInt32>0</UInt32></ArrayDimensions>"
			}
			if !argDimensions.Match(arg) {
				return arg
			}
			return argDimensions.ReplaceAll(arg, []byte(dims))
		})
	},
}, {
	name: "node-opcua-structured-component",
	why: "node-opcua binds a variable that is a HasStructuredComponent of a structured variable to the parent's field, " +
		"so the node's own <Value> is replaced by the parent's (or lost when the parent's value did not load)",
	applies: func(v fileValue) bool { return v.structured },
}}

// A verdict is the comparison of a stack's reading of one value with the
// reference's (uabin).
type verdict struct {
	v          fileValue
	ref, other reading
	agreed     bool
	explained  []string // the departures of the other stack that account for a difference
}

// compareStack compares, for the values of one file, the other stack's
// readings with the reference's: a value both read is agreed when the bytes
// are equal; otherwise the other stack's departures are tried, each
// emulation on the XML read again by the reference.
//
// refDeps are the reference's own departures: a difference on a value whose
// XML one of them concerns (its emulation changes the XML) is put down to
// the reference.
func compareStack(values []fileValue, ref, other []reading, refRead reader, deps, refDeps []departure) []verdict {
	out := make([]verdict, len(values))
	var retry []int
	for i, v := range values {
		out[i] = verdict{v: v, ref: ref[i], other: other[i]}
		if ref[i].state == readOK && other[i].state == readOK && bytes.Equal(ref[i].bin, other[i].bin) {
			out[i].agreed = true
			continue
		}
		if ref[i].state == readOK && other[i].state == readOK {
			retry = append(retry, i)
		}
	}
	if len(retry) == 0 {
		return out
	}
	// Each emulation alone, then all of them (the stack's reading is their
	// composition): a difference is explained by the first that accounts
	// for it, or by the composition.
	type attempt struct {
		names  []string
		inners []fileValue // the values with their XML rewritten
		idx    []int       // indexes into retry of the inners
	}
	var attempts []attempt
	all := attempt{}
	for _, d := range deps {
		if d.transform == nil {
			continue
		}
		a := attempt{names: []string{d.name}}
		for k, i := range retry {
			if y := d.transform(values[i].inner); !bytes.Equal(y, values[i].inner) {
				a.inners = append(a.inners, values[i].with(y))
				a.idx = append(a.idx, k)
			}
		}
		attempts = append(attempts, a)
		all.names = append(all.names, d.name)
	}
	for k, i := range retry {
		x := values[i].inner
		for _, d := range deps {
			if d.transform != nil {
				x = d.transform(x)
			}
		}
		all.inners = append(all.inners, values[i].with(x))
		all.idx = append(all.idx, k)
	}
	attempts = append(attempts, all)
	for _, a := range attempts {
		if len(a.inners) == 0 {
			continue
		}
		again := refRead(a.inners)
		for j, k := range a.idx {
			i := retry[k]
			if out[i].explained == nil && again[j].state == readOK && bytes.Equal(again[j].bin, other[i].bin) {
				out[i].explained = a.names
			}
		}
	}
	for _, i := range retry {
		if out[i].explained != nil {
			continue
		}
		for _, d := range deps {
			if d.applies != nil && d.applies(values[i]) {
				out[i].explained = append(out[i].explained, d.name)
			}
		}
		for _, d := range refDeps {
			if d.transform != nil && !bytes.Equal(d.transform(values[i].inner), values[i].inner) {
				out[i].explained = append(out[i].explained, "the reference's "+d.name)
			}
		}
	}
	return out
}

// A tally is one file's line of the report for one stack.
type tally struct {
	read, agreed, explained, unexplained, notRead int
	byDeparture                                   map[string]int
}

func count(vs []verdict) tally {
	t := tally{byDeparture: map[string]int{}}
	for _, v := range vs {
		switch {
		case v.ref.state != readOK:
		case v.other.state != readOK:
			t.notRead++
		case v.agreed:
			t.read++
			t.agreed++
		case len(v.explained) > 0:
			t.read++
			t.explained++
			for _, d := range v.explained {
				t.byDeparture[d]++
			}
		default:
			t.read++
			t.unexplained++
		}
	}
	return t
}

// firstDifference describes where a and b differ, for a short message.
func firstDifference(a, b []byte) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	lo := max(n-8, 0)
	excerpt := func(x []byte) []byte { return x[lo:min(n+16, len(x))] }
	return fmt.Sprintf("%d and %d bytes, first difference at byte %d: % x and % x (from byte %d)", len(a), len(b), n, excerpt(a), excerpt(b), lo)
}
