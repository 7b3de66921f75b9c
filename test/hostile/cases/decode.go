package cases

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
)

// Sizes of the recursion bombs: deep enough that decoding them without a
// depth limit needs far more stack than the subprocess allows (see
// docs/limits.md), small enough to keep testdata small.
const (
	bombLevels   = 10000
	eoBombLevels = 1500
)

func le32(v int64) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }

func join(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func rep(b []byte, n int) []byte { return bytes.Repeat(b, n) }

// nestVariantArrays returns n Variant arrays of one Variant each, nested,
// around a null Variant: n levels (a null Variant enters no level).
func nestVariantArrays(n int) []byte {
	return join(rep([]byte{0x98, 1, 0, 0, 0}, n), []byte{0})
}

// nestDiagnosticInfos returns n DiagnosticInfos, each holding the next as
// its InnerDiagnosticInfo (mask 0x40), the last one empty: n levels.
func nestDiagnosticInfos(n int) []byte {
	return join(rep([]byte{0x40}, n-1), []byte{0})
}

// kvEncodingID is KeyValuePair_Encoding_DefaultBinary (ns=0;i=14846) in the
// FourByte NodeId form: a standard structure with a Variant field.
var kvEncodingID = []byte{0x01, 0x00, 0xfe, 0x39}

// nestExtensionObjects returns a Variant holding an ExtensionObject whose
// KeyValuePair body's Value is a Variant holding an ExtensionObject ...,
// n ExtensionObjects deep, with a null Variant at the bottom: 2n levels
// (each Variant and each decoded body is one).
func nestExtensionObjects(n int) []byte {
	v := []byte{0x00}
	for i := 0; i < n; i++ {
		body := join([]byte{0, 0, 0xff, 0xff, 0xff, 0xff}, v) // Key: QualifiedName{0, null}
		v = join([]byte{0x16}, kvEncodingID, []byte{0x01}, le32(int64(len(body))), body)
	}
	return v
}

// nestDataValues returns n DataValues, each holding a Variant array of one
// DataValue holding the next, the last one empty: 2n-1 levels.
func nestDataValues(n int) []byte {
	return join(rep([]byte{0x01, 0x97, 1, 0, 0, 0}, n-1), []byte{0})
}

// nestTrees returns n Trees, each the only child of the one before: n
// levels.
func nestTrees(n int) []byte {
	return join(rep(join(le32(7), le32(1)), n-1), le32(7), le32(-1))
}

// Nesting is one family of nested input: Build(n) nests n levels of it
// for Target.
type Nesting struct {
	Name   string
	Target string
	Build  func(n int) []byte
	// Levels returns the nesting depth of Build(n).
	Levels func(n int) int
}

func times(k, minus int) func(int) int { return func(n int) int { return k*n - minus } }

// Nestings are the recursive shapes of the recursion cases, for tests that
// vary the depth.
var Nestings = []Nesting{
	{"variant-arrays", "Variant", nestVariantArrays, times(1, 0)},
	{"diagnosticinfos", "DiagnosticInfo", nestDiagnosticInfos, times(1, 0)},
	{"extensionobjects", "Variant", nestExtensionObjects, times(2, 0)},
	{"datavalues", "DataValue", nestDataValues, times(2, 1)},
	{"user-type", "user/Tree", nestTrees, times(1, 0)},
}

// readResponseWith returns a ReadResponse service message (ns=0;i=634)
// with the W5 header and one result whose bytes are dv.
func readResponseWith(dv []byte) []byte {
	return join(
		[]byte{0x01, 0x00, 0x7a, 0x02},
		[]byte{0x07, 0x97, 0x5b, 0x58, 0x28, 0x3d, 0xda, 0x01}, // Timestamp T0
		le32(42), le32(0), []byte{0x00}, le32(-1), []byte{0, 0, 0}, // handle, result, diagnostics, string table, header
		le32(1), dv, le32(-1),
	)
}

// readRequestWithNodes returns a ReadRequest message (ns=0;i=631) with the
// W4 header whose NodesToRead array claims n elements, followed by tail.
func readRequestWithNodes(n int64, tail []byte) []byte {
	return join(
		[]byte{0x01, 0x00, 0x77, 0x02},
		[]byte{0x05, 0x00, 0x00, 0x10, 0, 0, 0}, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, // token
		[]byte{0x07, 0x97, 0x5b, 0x58, 0x28, 0x3d, 0xda, 0x01}, le32(42), le32(0), le32(-1), le32(10000), []byte{0, 0, 0},
		make([]byte, 8), le32(2), le32(n), tail,
	)
}

// inverse32 returns a pair of positive Int32 values whose product is 1
// modulo 2^32: matrix dimensions whose product a decoder computing in 32
// bits would take for 1.
func inverse32() (int64, int64) {
	for a := uint32(3); ; a += 2 {
		// Newton's iteration for the inverse modulo 2^32.
		x := a
		for i := 0; i < 5; i++ {
			x *= 2 - a*x
		}
		if a*x == 1 && x > 1 && x < 1<<31 {
			return int64(a), int64(x)
		}
	}
}

// decodeCases returns the decoding cases: recursion bombs, length bombs,
// matrix tricks, configured limits, invalid encodings and positive
// controls.
func decodeCases() []*Case {
	var out []*Case
	add := func(c *Case) { out = append(out, c) }
	ten := []byte("0123456789")
	unl := func(k string) map[string]int { return map[string]int{k: -1} }

	// Recursion bombs, run in a subprocess with a small stack.
	rec := func(name, target, doc string, limits map[string]int, want string, in []byte) {
		add(&Case{Name: name, Class: "recursion", Target: target, Doc: doc, Limits: limits, Want: want, Subprocess: true, Input: in})
	}
	rec("recursion-variant-arrays", "Variant", fmt.Sprintf("%d Variant arrays nested one in another", bombLevels),
		nil, "ErrLimitExceeded", nestVariantArrays(bombLevels))
	rec("recursion-diagnosticinfo-chain", "DiagnosticInfo", fmt.Sprintf("%d DiagnosticInfos chained by InnerDiagnosticInfo", bombLevels),
		nil, "ErrLimitExceeded", nestDiagnosticInfos(bombLevels))
	rec("recursion-extensionobject-variant", "Variant", fmt.Sprintf("Variant -> ExtensionObject(KeyValuePair) -> Variant ..., %d ExtensionObjects deep", eoBombLevels),
		nil, "ErrLimitExceeded", nestExtensionObjects(eoBombLevels))
	rec("recursion-extensionobject-variant-in-struct", "KeyValuePair", "a KeyValuePair whose Value nests ExtensionObjects and Variants",
		nil, "ErrLimitExceeded", join([]byte{0, 0, 0xff, 0xff, 0xff, 0xff}, nestExtensionObjects(eoBombLevels)))
	rec("recursion-datavalue-variant", "DataValue", fmt.Sprintf("DataValue -> Variant array of DataValue -> ..., %d DataValues deep", bombLevels),
		nil, "ErrLimitExceeded", nestDataValues(bombLevels))
	rec("recursion-in-message", MessageTarget, "a ReadResponse whose first result nests DataValues and Variants",
		nil, "ErrLimitExceeded", readResponseWith(nestDataValues(bombLevels/2)))
	rec("recursion-diagnosticinfo-in-message", MessageTarget, "a ReadResponse whose ServiceDiagnostics is a DiagnosticInfo chain",
		nil, "ErrLimitExceeded", join([]byte{0x01, 0x00, 0x7a, 0x02}, make([]byte, 16), nestDiagnosticInfos(bombLevels), le32(-1), []byte{0, 0, 0}, le32(-1), le32(-1)))
	rec("recursion-user-type", "user/Tree", fmt.Sprintf("a user struct Tree with one child, %d levels deep", bombLevels),
		nil, "ErrLimitExceeded", nestTrees(bombLevels))
	rec("control-user-type-100", "user/Tree", "a user struct Tree 100 levels deep",
		nil, "ok", nestTrees(100))
	rec("recursion-variant-arrays-depth-500", "Variant", "501 nested Variant arrays with MaxDepth 500",
		map[string]int{"depth": 500}, "ErrLimitExceeded", nestVariantArrays(501))
	// Positive controls for recursion: Part 6 requires 100 levels.
	rec("control-variant-arrays-100", "Variant", "100 nested Variant arrays decode with the default options (Part 6 §5.2.2.16)",
		nil, "ok", nestVariantArrays(100))
	rec("control-variant-arrays-at-limit", "Variant", "200 nested Variant arrays: exactly the default MaxDepth",
		nil, "ok", nestVariantArrays(200))
	rec("recursion-variant-arrays-above-limit", "Variant", "201 nested Variant arrays: one above the default MaxDepth",
		nil, "ErrLimitExceeded", nestVariantArrays(201))
	rec("control-extensionobject-variant-100", "Variant", "100 levels of Variant/ExtensionObject nesting (50 of each) decode with the default options",
		nil, "ok", nestExtensionObjects(50))
	rec("control-diagnosticinfo-100", "DiagnosticInfo", "100 chained DiagnosticInfos decode with the default options",
		nil, "ok", nestDiagnosticInfos(100))
	rec("control-datavalue-variant-100", "DataValue", "DataValue/Variant nesting 99 levels deep decodes with the default options",
		nil, "ok", nestDataValues(50))
	rec("control-variant-arrays-depth-500", "Variant", "500 nested Variant arrays with MaxDepth 500 (fits the subprocess stack twice)",
		map[string]int{"depth": 500}, "ok", nestVariantArrays(500))

	// Lengths that ask for gigabytes with ten bytes behind them. With the
	// default limits the limit refuses them; with no limits the bytes
	// that remain do.
	length := func(name, target, doc string, in []byte, unlimited string) {
		add(&Case{Name: "length-" + name, Class: "length", Target: target, Doc: doc + ", default limits", Want: "ErrLimitExceeded", Input: in})
		if unlimited != "" {
			add(&Case{Name: "length-" + name + "-unlimited", Class: "length", Target: target, Doc: doc + ", no configured limit: the remaining bytes refuse it",
				Limits: unl(unlimited), Want: "ErrTruncated", Input: in})
		}
	}
	length("variant-double-array", "Variant", "Variant Double array of 2^31-1 elements", join([]byte{0x8b}, le32(0x7fffffff), ten), "array")
	length("variant-variant-array", "Variant", "Variant array of 2^31-1 Variants", join([]byte{0x98}, le32(0x7fffffff), ten), "array")
	length("variant-guid-array", "Variant", "Variant Guid array of 2^31-1 elements", join([]byte{0x8e}, le32(0x7fffffff), ten), "array")
	length("variant-datavalue-array", "Variant", "Variant DataValue array of 2^31-1 elements", join([]byte{0x97}, le32(0x7fffffff), ten), "array")
	length("string", "String", "String of 2^31-1 bytes", join(le32(0x7fffffff), ten), "string")
	length("xmlelement", "XmlElement", "XmlElement of 2^31-1 bytes", join(le32(0x7fffffff), ten), "string")
	length("bytestring", "ByteString", "ByteString of 2^31-1 bytes", join(le32(0x7fffffff), ten), "bytestring")
	length("bytestring-slice", "ByteString/[]byte", "[]byte ByteString of 2^31-1 bytes", join(le32(0x7fffffff), ten), "bytestring")
	length("variant-string", "Variant", "Variant String scalar of 2^31-1 bytes", join([]byte{0x0c}, le32(0x7fffffff), ten), "string")
	length("variant-bytestring", "Variant", "Variant ByteString scalar of 2^31-1 bytes", join([]byte{0x0f}, le32(0x7fffffff), ten), "bytestring")
	length("nodeid-string", "NodeId", "String NodeId with a 2^31-1-byte identifier", join([]byte{0x03, 0x01, 0x00}, le32(0x7fffffff), ten), "string")
	length("nodeid-opaque", "NodeId", "Opaque NodeId with a 2^31-1-byte identifier", join([]byte{0x05, 0x01, 0x00}, le32(0x7fffffff), ten), "bytestring")
	length("expandednodeid-uri", "ExpandedNodeId", "ExpandedNodeId with a 2^31-1-byte namespace URI", join([]byte{0x80, 0x05}, le32(0x7fffffff), ten), "string")
	length("localizedtext", "LocalizedText", "LocalizedText with a 2^31-1-byte text", join([]byte{0x02}, le32(0x7fffffff), ten), "string")
	length("qualifiedname", "QualifiedName", "QualifiedName with a 2^31-1-byte name", join([]byte{0x01, 0x00}, le32(0x7fffffff), ten), "string")
	length("diagnosticinfo-additional-info", "DiagnosticInfo", "DiagnosticInfo AdditionalInfo of 2^31-1 bytes", join([]byte{0x10}, le32(0x7fffffff), ten), "string")
	length("extensionobject-known-body", "ExtensionObject", "ExtensionObject (KeyValuePair) body of 2^31-1 bytes", join(kvEncodingID, []byte{0x01}, le32(0x7fffffff), ten), "bytestring")
	length("extensionobject-unknown-body", "ExtensionObject", "ExtensionObject of an unknown type, body of 2^31-1 bytes", join([]byte{0x00, 0x01, 0x01}, le32(0x7fffffff), ten), "bytestring")
	length("extensionobject-xml-body", "ExtensionObject", "ExtensionObject with an XML body of 2^31-1 bytes", join([]byte{0x00, 0x01, 0x02}, le32(0x7fffffff), ten), "bytestring")
	length("matrix-dimensions-count", "Variant", "Int32 matrix whose ArrayDimensions array claims 2^31-1 entries", join([]byte{0xc6}, le32(0), le32(0x7fffffff), ten), "array")
	length("message-array", MessageTarget, "ReadRequest whose NodesToRead claims 2^31-1 elements", readRequestWithNodes(0x7fffffff, ten), "array")
	length("struct-array", "BrowseResult", "BrowseResult whose References claims 2^31-1 elements", join(le32(0), le32(-1), le32(0x7fffffff), ten), "array")
	length("struct-uint32-array", "Argument", "Argument whose ArrayDimensions claims 2^31-1 elements", join(le32(-1), []byte{0, 0}, le32(-1), le32(0x7fffffff), ten), "array")
	// Within the limits but beyond the bytes.
	within := func(name, target, doc string, in []byte) {
		add(&Case{Name: "length-" + name, Class: "length", Target: target, Doc: doc, Want: "ErrTruncated", Input: in})
	}
	within("string-at-limit", "String", "String of 65535 bytes (the default limit) with 10 behind it", join(le32(65535), ten))
	within("bytestring-at-limit", "ByteString", "ByteString of 1048560 bytes (the default limit) with 10 behind it", join(le32(1048560), ten))
	within("variant-array-at-limit", "Variant", "Variant Int64 array of 65535 elements with 10 bytes behind it", join([]byte{0x88}, le32(65535), ten))
	within("extensionobject-body-1mib", "ExtensionObject", "ExtensionObject body of 1000000 bytes with 10 behind it", join(kvEncodingID, []byte{0x01}, le32(1000000), ten))
	within("message-array-at-limit", MessageTarget, "ReadRequest whose NodesToRead claims 65535 elements with 10 bytes behind", readRequestWithNodes(65535, ten))
	within("datavalue-array-at-limit", MessageTarget, "ReadResponse whose Results claims 65535 DataValues with 10 bytes behind",
		join([]byte{0x01, 0x00, 0x7a, 0x02}, make([]byte, 16), []byte{0}, le32(-1), []byte{0, 0, 0}, le32(65535), ten))
	// Negative lengths other than -1.
	inv := func(name, target, doc string, in []byte) {
		add(&Case{Name: "invalid-" + name, Class: "invalid", Target: target, Doc: doc, Want: "ErrInvalid", Input: in})
	}
	inv("string-length-minus-2", "String", "String length -2", le32(-2))
	inv("array-length-min-int32", "Variant", "Variant Int32 array of length -2^31", join([]byte{0x86}, le32(-1<<31)))
	inv("bytestring-length-minus-2", "ByteString", "ByteString length -2", le32(-2))
	inv("extensionobject-negative-body", "ExtensionObject", "ExtensionObject body length -2 (-1 is the legacy empty body)", join(kvEncodingID, []byte{0x01}, le32(-2)))

	// Matrix dimensions.
	mat := func(name, target, doc string, in []byte) {
		add(&Case{Name: "invalid-" + name, Class: "matrix", Target: target, Doc: doc, Want: "ErrInvalid", Input: in})
	}
	a, b := inverse32()
	mat("matrix-product-wraps-32", "Variant", fmt.Sprintf("Int32 matrix of 1 element with dimensions [%d, %d], whose product is 1 modulo 2^32", a, b),
		join([]byte{0xc6}, le32(1), le32(7), le32(2), le32(a), le32(b)))
	mat("matrix-product-2^32", "Variant", "Int32 matrix of 0 elements with dimensions [65536, 65536] (product 0 modulo 2^32)",
		join([]byte{0xc6}, le32(0), le32(2), le32(65536), le32(65536)))
	mat("matrix-product-2^64", "Variant", "Int32 matrix of 0 elements with dimensions [65536 x4] (product 0 modulo 2^64)",
		join([]byte{0xc6}, le32(0), le32(4), le32(65536), le32(65536), le32(65536), le32(65536)))
	mat("matrix-product-huge", "Variant", "Int32 matrix of 1 element with dimensions [2^31-1 x3]",
		join([]byte{0xc6}, le32(1), le32(7), le32(3), le32(0x7fffffff), le32(0x7fffffff), le32(0x7fffffff)))
	mat("matrix-negative-dimensions", "Variant", "Int32 matrix of 1 element with dimensions [-1, -1] (product 1)",
		join([]byte{0xc6}, le32(1), le32(7), le32(2), le32(-1), le32(-1)))
	mat("matrix-zero-dimension", "Variant", "Int32 matrix of 0 elements with dimensions [0, 5]",
		join([]byte{0xc6}, le32(0), le32(2), le32(0), le32(5)))
	mat("matrix-one-dimension", "Variant", "Int32 matrix with a single dimension [2]",
		join([]byte{0xc6}, le32(2), le32(1), le32(2), le32(1), le32(2)))
	mat("matrix-product-mismatch", "Variant", "Int32 matrix of 5 elements with dimensions [2, 3]",
		join([]byte{0xc6}, le32(5), le32(1), le32(2), le32(3), le32(4), le32(5), le32(2), le32(2), le32(3)))
	mat("matrix-null-array", "Variant", "Int32 matrix with a null array (-1) and dimensions [1, 1]",
		join([]byte{0xc6}, le32(-1), le32(2), le32(1), le32(1)))
	mat("matrix-dimensions-without-array", "Variant", "mask 0x46: ArrayDimensions without the array bit",
		join([]byte{0x46}, le32(7)))
	add(&Case{Name: "control-matrix-2x3", Class: "matrix", Target: "Variant", Doc: "the W2 Int32 2x3 matrix decodes", Want: "ok",
		Input: join([]byte{0xc6}, le32(6), le32(1), le32(2), le32(3), le32(4), le32(5), le32(6), le32(2), le32(2), le32(3))})

	// Other invalid encodings a fuzzer finds first.
	inv("nodeid-form-6", "NodeId", "NodeId encoding byte 6", []byte{0x06, 0x00})
	inv("nodeid-expanded-flags", "NodeId", "a plain NodeId with the ExpandedNodeId flag 0x80", []byte{0x80, 0x05})
	inv("extensionobject-encoding-3", "ExtensionObject", "ExtensionObject encoding byte 3", []byte{0x00, 0x00, 0x03})
	inv("variant-type-40", "Variant", "Variant of type id 40", []byte{0x28, 0x00})
	inv("variant-scalar-variant", "Variant", "a scalar Variant inside a Variant (type 24)", []byte{0x18, 0x00})
	inv("variant-diagnosticinfo", "Variant", "a DiagnosticInfo inside a Variant (type 25)", []byte{0x19, 0x00})
	inv("datavalue-mask-0x40", "DataValue", "DataValue mask bit 0x40", []byte{0x40})
	inv("localizedtext-mask-0x04", "LocalizedText", "LocalizedText mask bit 0x04", []byte{0x04})
	inv("diagnosticinfo-mask-0x80", "DiagnosticInfo", "DiagnosticInfo mask bit 0x80", []byte{0x80})
	inv("trailing-bytes", "UInt32", "a UInt32 followed by one more byte (Unmarshal uses all input)", []byte{1, 2, 3, 4, 5})
	inv("extensionobject-body-left-over", "ExtensionObject", "a KeyValuePair body with one byte more than the structure uses",
		join(kvEncodingID, []byte{0x01}, le32(8), []byte{0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00}))
	add(&Case{Name: "unknown-message-type", Class: "invalid", Target: MessageTarget, Doc: "a service message whose type id ns=0;i=1 is not registered",
		Want: "ErrUnknownType", Input: []byte{0x00, 0x01, 0x00}})

	// Amplification: valid inputs with the most Go heap per wire byte. They
	// must decode, within the heap bound of the promise.
	amp := func(name, target, doc string, in []byte) {
		add(&Case{Name: "amplification-" + name, Class: "amplification", Target: target, Doc: doc, Want: "ok", Input: in})
	}
	amp("variant-datavalue-scalars", "Variant", "a Variant array of 65535 Variants, each an empty DataValue scalar (17 00)",
		join([]byte{0x98}, le32(65535), rep([]byte{0x17, 0x00}, 65535)))
	amp("variant-datavalue-array", "Variant", "a Variant array of 65535 empty DataValues (1 byte each)",
		join([]byte{0x97}, le32(65535), rep([]byte{0x00}, 65535)))
	amp("variant-null-variants", "Variant", "a Variant array of 65535 null Variants (1 byte each)",
		join([]byte{0x98}, le32(65535), rep([]byte{0x00}, 65535)))
	amp("variant-extensionobject-scalars", "Variant", "a Variant array of 65535 Variants, each a null ExtensionObject scalar (16 00 00 00)",
		join([]byte{0x98}, le32(65535), rep([]byte{0x16, 0x00, 0x00, 0x00}, 65535)))
	amp("variant-localizedtext-array", "Variant", "a Variant array of 65535 empty LocalizedTexts (1 byte each)",
		join([]byte{0x95}, le32(65535), rep([]byte{0x00}, 65535)))
	amp("readresponse-datavalues", MessageTarget, "a ReadResponse with 65535 empty DataValues and 65535 empty DiagnosticInfos",
		join([]byte{0x01, 0x00, 0x7a, 0x02}, make([]byte, 16), []byte{0}, le32(-1), []byte{0, 0, 0},
			le32(65535), rep([]byte{0x00}, 65535), le32(65535), rep([]byte{0x00}, 65535)))
	amp("extensionobject-keyvaluepairs", "Variant", "a Variant array of 4096 ExtensionObjects, each a KeyValuePair holding an empty DataValue",
		join([]byte{0x96}, le32(4096), rep(join(kvEncodingID, []byte{0x01}, le32(8), []byte{0, 0, 0xff, 0xff, 0xff, 0xff, 0x17, 0x00}), 4096)))

	// Configured limits.
	lim := func(name, target, doc string, limits map[string]int, want string, in []byte) {
		add(&Case{Name: name, Class: "limits", Target: target, Doc: doc, Limits: limits, Want: want, Input: in})
	}
	lim("limits-message-size", "ByteString", "17 bytes of input with MaxMessageSize 16", map[string]int{"message": 16}, "ErrLimitExceeded", join(le32(13), make([]byte, 13)))
	lim("limits-array-length", "Variant", "an Int32 array of 4 with MaxArrayLength 3", map[string]int{"array": 3}, "ErrLimitExceeded", join([]byte{0x86}, le32(4), make([]byte, 16)))
	lim("control-limits-array-length", "Variant", "an Int32 array of 3 with MaxArrayLength 3", map[string]int{"array": 3}, "ok", join([]byte{0x86}, le32(3), make([]byte, 12)))
	lim("limits-string-length", "String", "a 5-byte String with MaxStringLength 4", map[string]int{"string": 4}, "ErrLimitExceeded", join(le32(5), []byte("hello")))
	lim("limits-bytestring-length", "ByteString", "a 5-byte ByteString with MaxByteStringLength 4", map[string]int{"bytestring": 4}, "ErrLimitExceeded", join(le32(5), []byte("hello")))
	lim("limits-depth", "DiagnosticInfo", "5 chained DiagnosticInfos with MaxDepth 4", map[string]int{"depth": 4}, "ErrLimitExceeded", nestDiagnosticInfos(5))
	lim("control-limits-depth", "DiagnosticInfo", "4 chained DiagnosticInfos with MaxDepth 4", map[string]int{"depth": 4}, "ok", nestDiagnosticInfos(4))

	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// All returns every case of the suite: the decoding cases, then the chunk
// cases.
func All() ([]*Case, error) {
	out := append(decodeCases(), chunkCases()...)
	out = append(out, gcmCases()...)
	return append(out, eccNonceCases()...), nil
}
