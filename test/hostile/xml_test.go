package hostile_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uaxml"
)

// Hostile OPC UA XML (package uaxml): each input is refused with the
// error kind the table gives (or read, "ok"), as a *uabin.DecodeError,
// without a panic and without allocating more than the input allows.
var xmlCases = []struct {
	name string
	in   string
	o    uaxml.Options
	v    func() any
	kind error // nil: decodes
}{
	{"billion-laughs", `<!DOCTYPE v [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><String>&b;</String>`,
		uaxml.Options{}, newString, wire.ErrInvalid},
	{"external-entity", `<!DOCTYPE v [<!ENTITY e SYSTEM "file:///etc/passwd">]><String>&e;</String>`, uaxml.Options{}, newString, wire.ErrInvalid},
	{"undeclared-entity", `<String>&e;</String>`, uaxml.Options{}, newString, wire.ErrInvalid},
	{"processing-instruction", `<String><?php x ?></String>`, uaxml.Options{}, newString, wire.ErrInvalid},
	{"depth-variant-arrays", strings.Repeat(`<Variant><Value><ListOfVariant>`, 300) + strings.Repeat(`</ListOfVariant></Value></Variant>`, 300),
		uaxml.Options{}, newVariant, wire.ErrLimitExceeded},
	{"depth-diagnosticinfo", `<DiagnosticInfo>` + strings.Repeat(`<InnerDiagnosticInfo>`, 300) + strings.Repeat(`</InnerDiagnosticInfo>`, 300) + `</DiagnosticInfo>`,
		uaxml.Options{}, func() any { return new(types.DiagnosticInfo) }, wire.ErrLimitExceeded},
	{"depth-elements", strings.Repeat(`<a>`, 10000) + strings.Repeat(`</a>`, 10000), uaxml.Options{}, newVariant, wire.ErrLimitExceeded},
	{"element-count", `<ListOfInt32>` + strings.Repeat(`<Int32>1</Int32>`, 2000) + `</ListOfInt32>`,
		uaxml.Options{MaxElements: 1000}, func() any { return new([]int32) }, wire.ErrLimitExceeded},
	{"array-length", `<ListOfBoolean>` + strings.Repeat(`<Boolean/>`, 200) + `</ListOfBoolean>`,
		uaxml.Options{Limits: uabin.Limits{MaxArrayLength: 100}}, func() any { return new([]bool) }, wire.ErrLimitExceeded},
	{"text-length", `<String>` + strings.Repeat("x", 5000) + `</String>`, uaxml.Options{MaxTextLength: 4096}, newString, wire.ErrLimitExceeded},
	{"text-across-comments", `<String>` + strings.Repeat("xxxxxxxxxx<!---->", 500) + `</String>`, uaxml.Options{MaxTextLength: 4096}, newString, wire.ErrLimitExceeded},
	{"string-length", `<String>` + strings.Repeat("x", 5000) + `</String>`, uaxml.Options{Limits: uabin.Limits{MaxStringLength: 4096}}, newString, wire.ErrLimitExceeded},
	{"bytestring-length", `<ByteString>` + strings.Repeat("AAAA", 2000) + `</ByteString>`,
		uaxml.Options{Limits: uabin.Limits{MaxByteStringLength: 4096}}, func() any { return new([]byte) }, wire.ErrLimitExceeded},
	{"attribute-length", `<String a="` + strings.Repeat("x", 70000) + `">x</String>`, uaxml.Options{}, newString, wire.ErrLimitExceeded},
	{"message-size", `<String>` + strings.Repeat("x", 5000) + `</String>`, uaxml.Options{Limits: uabin.Limits{MaxMessageSize: 4096}}, newString, wire.ErrLimitExceeded},
	{"matrix-product-2^64", `<Variant><Value><Matrix><Dimensions>` + strings.Repeat(`<Int32>65536</Int32>`, 4) + `</Dimensions><Elements><Int32>1</Int32></Elements></Matrix></Value></Variant>`,
		uaxml.Options{}, newVariant, wire.ErrLimitExceeded},
	{"matrix-negative", `<Variant><Value><Matrix><Dimensions><Int32>-1</Int32><Int32>-1</Int32></Dimensions><Elements><Int32>1</Int32></Elements></Matrix></Value></Variant>`,
		uaxml.Options{}, newVariant, wire.ErrInvalid},
	{"extensionobject-nesting", `<Variant>` + strings.Repeat(`<Value><ExtensionObject><TypeId><Identifier>i=14533</Identifier></TypeId><Body><KeyValuePair><Value>`, 150) +
		strings.Repeat(`</Value></KeyValuePair></Body></ExtensionObject></Value>`, 150) + `</Variant>`, uaxml.Options{}, newVariant, wire.ErrLimitExceeded},
	{"extensionobject-unknown-nesting", `<Variant>` + strings.Repeat(`<Value><ExtensionObject><TypeId><Identifier>i=24</Identifier></TypeId><Body><X>`, 150) +
		strings.Repeat(`</X></Body></ExtensionObject></Value>`, 150) + `</Variant>`, uaxml.Options{}, newVariant, nil},
	{"extensionobject-typeid-of-a-builtin", `<Variant><Value><ExtensionObject><TypeId><Identifier>i=15</Identifier></TypeId><Body><X/></Body></ExtensionObject></Value></Variant>`,
		uaxml.Options{}, newVariant, nil},
	{"invalid-utf8", "<String>\xc3\x28</String>", uaxml.Options{}, newString, wire.ErrInvalid},
	{"number-overflow", `<UInt64>18446744073709551616</UInt64>`, uaxml.Options{}, func() any { return new(uint64) }, wire.ErrInvalid},
	{"wide-element", `<ListOfString>` + strings.Repeat(`<String/>`, 20000) + `</ListOfString>`, uaxml.Options{}, func() any { return new([]string) }, nil},
}

func newString() any  { return new(string) }
func newVariant() any { return new(types.Variant) }

func TestXMLHostile(t *testing.T) {
	for _, c := range xmlCases {
		t.Run(c.name, func(t *testing.T) {
			in := []byte(c.in)
			err := c.o.Unmarshal(in, c.v())
			if c.kind == nil {
				if err != nil {
					t.Fatal(err)
				}
			} else {
				var de *wire.DecodeError
				if !errors.Is(err, c.kind) || !errors.As(err, &de) {
					t.Fatalf("error %v, want a *uabin.DecodeError wrapping %v", err, c.kind)
				}
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			for range 10 {
				_ = c.o.Unmarshal(in, c.v())
			}
			runtime.ReadMemStats(&ms)
			if per := (ms.TotalAlloc - before) / 10; per > uint64(heapPerByte*len(in)+heapConst) {
				t.Fatalf("%d bytes allocated per decode of %d input bytes", per, len(in))
			}
		})
	}
}
