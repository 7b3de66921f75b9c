// Package uabin encodes and decodes Go values in the OPC UA Binary encoding
// (OPC UA Part 6 §5.2), the way encoding/json does for JSON: it reads `ua:`
// struct tags and builds, once per Go type, a plan that is cached for every
// later call.
//
//	b, err := uabin.Marshal(&v)        // = Append(nil, &v)
//	b, err = uabin.Append(buf[:0], &v) // no allocation into a reused buffer
//	err = uabin.Unmarshal(b, &v)       // all of b; bytes left over are an error
//	n, err := uabin.Decode(b, &v)      // a prefix of b; n bytes used
//	n, err = uabin.Size(&v)            // len(Marshal(&v))
//
// Options carries the decoder limits, the fast-path switch, the
// ExtensionObject type registry and the session's namespace table; the
// package functions use the zero Options. Encoder and Decoder work on
// streams. Service messages carry the type id of their structure
// (ReadRequest: 01 00 77 02, then the structure):
//
//	b, err := uabin.MarshalMessage(&req)   // = AppendMessage(nil, &req)
//	err = uabin.UnmarshalMessage(b, &resp) // *T registered: id checked, value reused
//	err = uabin.UnmarshalMessage(b, &v)    // v any: a new value of the registered type
//	n, err := uabin.DecodeMessage(b, &v)   // a prefix of b; n bytes used
//
// A message of another type than T is an error wrapping ErrUnknownType.
//
// Where one type is encoded or decoded in a loop, a Codec finds its plan
// once instead of from the interface value on every call, with the same
// bytes and errors; for integers, floats, strings and the built-ins
// (NodeID, ExpandedNodeID, time.Time, GUID, QualifiedName, LocalizedText,
// Variant, DataValue, DiagnosticInfo), which need no call state, a call is
// then little more than the wire rule:
//
//	ids, err := uabin.NewCodec[types.NodeID](uabin.Options{})
//	buf, err = ids.Append(buf[:0], &id)
//	err = ids.Unmarshal(b, &id)
//
// A MessageCodec is the same for the service messages of one registered
// type, its type id found once (NewMessageCodec[types.ReadRequest]). The
// general API comes close to both for a loop over one type: a call with a
// pointer to the type of the call before it skips the lookup.
//
// Values to encode may be given as values or pointers; values to decode
// must be non-nil pointers. Decoding into a value that already holds data
// overwrites every field and reuses the capacity of its slices.
//
// # Mapping of built-in types
//
// docs/types.md in the repository is the contract that these plans and the
// fast paths both implement. In short (wire bytes in stream order, hex):
//
//	Go                        OPC UA          example → bytes
//	bool                      Boolean         true → 01 (any non-zero byte decodes as true)
//	int8, uint8               SByte, Byte     -2 → fe
//	int16, uint16             Int16, UInt16   0x1234 → 34 12
//	int32, uint32             Int32, UInt32   1000000000 → 00 ca 9a 3b
//	int64, uint64             Int64, UInt64   -2 → fe ff ff ff ff ff ff ff
//	float32, float64          Float, Double   -6.5 → 00 00 d0 c0; NaN → 00 00 c0 ff / 00 00 00 00 00 00 f8 ff
//	string                    String          "水Boy" → 06 00 00 00 e6 b0 b4 42 6f 79
//	[]byte, types.ByteString  ByteString      {1, 2} → 02 00 00 00 01 02
//	time.Time, types.DateTime DateTime        2024-01-02T03:04:05.1234567Z → 07 97 5b 58 28 3d da 01
//	types.GUID                Guid            72962B91-FA75-4AE6-8D28-B404DC7DAF63 → 91 2b 96 72 75 fa e6 4a 8d 28 b4 04 dc 7d af 63
//	types.XmlElement          XmlElement      like String
//	types.NodeID              NodeId          ns=0;i=85 → 00 55; ns=2;i=1234 → 01 02 d2 04;
//	                                          ns=3;i=70000 → 02 03 00 70 11 01 00; ns=1;s=Hot水 → 03 01 00 06 00 00 00 48 6f 74 e6 b0 b4
//	types.ExpandedNodeID      ExpandedNodeId  nsu=http://example.org/UA/;s=Pump.Speed → 83 00 00 <"Pump.Speed"> <"http://example.org/UA/">
//	types.StatusCode          StatusCode      0x80070000 → 00 00 07 80
//	types.QualifiedName       QualifiedName   {0, ""} → 00 00 ff ff ff ff
//	types.LocalizedText       LocalizedText   {Text: "hi"} → 02 02 00 00 00 68 69
//	types.ExtensionObject     ExtensionObject null → 00 00 00
//	types.DataValue           DataValue       empty → 00
//	types.Variant             Variant         Double 3.14 → 0b 1f 85 eb 51 b8 1e 09 40
//	types.DiagnosticInfo      DiagnosticInfo  empty → 00
//	[]T                       array of T      nil → ff ff ff ff; []int32{1} → 01 00 00 00 01 00 00 00
//	[N]T                      array of T      [2]int32{5, 6} → 02 00 00 00 05 00 00 00 06 00 00 00
//	struct                    structure       the encoded fields in order, inline
//	*T                        T               nil is written as T's zero value; decoding allocates
//	named types               their underlying type (enumerations are named int32 types: Int32)
//
// A Variant holds an Int32 matrix {1..6} with dimensions [2 3] as
//
//	c6 06 00 00 00 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00
//	05 00 00 00 06 00 00 00 02 00 00 00 02 00 00 00 03 00 00 00
//
// and the DataValue {Double 42.5, Uncertain, T0, 10 ps, T0 + 1 ms, 20 ps} as
// 3f 0b 00 00 00 00 00 40 45 40 00 00 00 40 07 97 5b 58 28 3d da 01 0a 00
// 17 be 5b 58 28 3d da 01 14 00 (34 bytes).
//
// NodeIDs take the smallest form; ExtensionObjects whose Value is a
// registered Go type are written with that type's binary encoding id and a
// back-patched body length (Argument, i=298: 01 00 2a 01 01 <length> <body>),
// bodies of unregistered ids are kept raw in Body and written back
// unchanged. Variants store numeric scalars and strings unboxed and every
// other value in the Go types listed on types.Variant. The details, and
// every decoding rule, are in docs/types.md.
//
// A slice whose elements are 8-bit unsigned integers of any name is one
// ByteString unless its tag says Byte; a Go array of them ([N]byte) is an
// array of Byte (Int32 length N, then N bytes) unless its tag says raw.
//
// Go types with no OPC UA meaning are rejected when the plan is built, with
// an error wrapping ErrUnsupported that names the Go type and the field
// path: map, chan, func, complex64/128, interface, unsafe pointers, and int,
// uint and uintptr unless a tag names their wire type. Unexported fields
// and blank (_) fields are skipped, except a blank mask field.
//
// # Struct tags
//
// The `ua:` tag (grammar in docs/tags.md) is "-" to skip a field, or a
// comma-separated list: an optional WIRETYPE (an OPC UA built-in type name)
// followed by options.
//
// A wire type is checked against the Go type when the plan is built; for
// slices and arrays it names the element type. It is required where one Go
// type has several meanings:
//
//	A int    `ua:"Int32"`       A: -5 → fb ff ff ff (a value that does not fit is ErrInvalid)
//	B uint   `ua:"UInt16"`      B: 7 → 07 00
//	T int64  `ua:"DateTime"`    ticks, written unchanged
//	X string `ua:"XmlElement"`  like a String
//	P []byte `ua:"Byte"`        an array of Byte: the same bytes as a ByteString, but
//	                           bounded by MaxArrayLength and a Byte array in Variants
//
// Options:
//
//	empty     a string "" is written as an empty String:
//	          E string `ua:"empty"`            "" → 00 00 00 00 (default ff ff ff ff)
//	raw       a Go array is written without its length:
//	          D [8]byte `ua:"raw"`            {1,…,8} → 01 02 03 04 05 06 07 08
//	optional  Part 6 §5.2.7 optional field; the struct gets a UInt32 mask before its
//	          first field, bit i for the i-th optional field; a field is present iff
//	          it is not zero (non-nil pointer or slice, non-zero value):
//	              type Range struct {
//	                  Low  float64
//	                  High *float64 `ua:"optional"`   // bit 0
//	                  Unit string   `ua:"optional"`   // bit 1
//	              }
//	          {Low: 1, Unit: "m"} → 02 00 00 00 | 00 00 00 00 00 00 f0 3f | 01 00 00 00 6d
//	mask      this uint8 or uint32 field is the struct's encoding mask, written where
//	          it stands; bit=N fields after it are present iff bit N is set. A blank
//	          field (_) is computed: bit N is set iff field N is not zero
//	          (LocalizedText, DataValue). A named field is stored: its value decides,
//	          decoding sets it (DiagnosticInfo):
//	              type LocalizedText struct {
//	                  _      uint8  `ua:"mask"`
//	                  Locale string `ua:"String,bit=0"`
//	                  Text   string `ua:"String,bit=1"`
//	              }
//	          {Text: "hi"} → 02 | 02 00 00 00 68 69
//	zero      with mask on a named field: the mask is computed, and the field keeps
//	          the bits of the fields that were present with a zero value (decoding
//	          sets them, encoding writes those fields), so a decoded value re-encodes
//	          as it came (types.DataValue.SentZero):
//	              {SentZero: 0x02} (Status Good, sent) → 02 | 00 00 00 00
//	bit=N     presence bit N (0..7 for a Byte mask, 0..31 for UInt32); fields are
//	          written in field order, whatever their bit numbers.
//	max=N     decoding clamps an unsigned value above N to N:
//	          P uint16 `ua:"UInt16,max=9999"`   10 27 → 9999
//	name=NAME the field's OPC UA name (its StructureField name) where it differs
//	          from the Go name; it changes no byte of the binary encoding and is
//	          the name of the field in definitions, text views and OPC UA JSON:
//	          EndpointURL string `ua:"String,name=EndpointUrl"`
//	switch    Part 6 §5.2.8 union: this uint32 field, first in the struct, selects
//	          the field written after it (1 = the next field, ...; 0 = none; a larger
//	          value is ErrInvalid); decoding zeroes the alternatives not selected:
//	              type Value struct {
//	                  Switch uint32 `ua:"switch"`
//	                  Int    int32
//	                  Text   string
//	              }
//	          {Switch: 2, Text: "on"} → 02 00 00 00 | 02 00 00 00 6f 6e
//
// A mask bit that no field owns is ErrInvalid when decoding, and for a
// stored mask when encoding.
//
// # Null and empty values
//
// A Go "" is written as a null String (ff ff ff ff) unless the field has the
// empty option or Options.EmptyStrings is set; null and empty Strings both
// decode to "", but a String that was decoded re-encodes as it came: an
// empty one decodes to wire.EmptyString, which equals "" and is written as
// an empty String (00 00 00 00) whatever the options (docs/types.md, Null
// and empty Strings). ByteStrings and arrays keep the difference: nil is written
// as null (-1) and decoded from it, an empty non-nil slice is length 0 and
// decodes to an empty non-nil slice. Structures have no null form: a nil
// pointer to a struct is written as the struct's zero value (for recursive
// types use the optional option, or the encoding never ends and fails with
// ErrLimitExceeded at MaxDepth). A null NodeId is 00 00, a null
// ExtensionObject 00 00 00, a null Variant, empty LocalizedText, DataValue
// and DiagnosticInfo are 00.
//
// # Limits
//
// Decoding bounds what untrusted input can make it do; Options.Limits sets
// the bounds (a zero field means the default, a negative one no limit,
// except that nesting is always capped at 100000 levels, which keeps the
// recursion within the goroutine stack):
//
//	MaxDepth             200      nesting levels (Part 6 requires at least 100)
//	MaxArrayLength       65535    elements per array
//	MaxStringLength      65535    bytes per String or XmlElement
//	MaxByteStringLength  1048560  bytes per ByteString and ExtensionObject body
//	MaxMessageSize       2097152  bytes given to one Unmarshal, Decode or Decoder value
//
// One depth counter is shared by every recursive path: a level is entered
// for every Variant, DataValue, DiagnosticInfo, ExtensionObject body decoded
// into a Go value, and every value of a user struct type that can contain
// itself. Encoding counts the same levels against MaxDepth, so a cyclic Go
// value fails instead of overflowing the stack. Independently of the
// limits, no allocation is larger than what the remaining bytes can back (an
// array of Int32 needs 4 bytes per element), a length below -1 is
// ErrInvalid, and no input makes decoding panic.
//
// Limits.ShareInput (off by default) lets decoded Strings and ByteStrings
// point into the input instead of copying it, which saves allocations when
// decoding into new values; the caller then must not change the input while
// the decoded values live (docs/limits.md). Decoder ignores it.
//
// # Built-in codecs and fast paths
//
// The built-ins that tags cannot describe (NodeID, ExpandedNodeID,
// time.Time, Variant, ExtensionObject) have one codec each, in package
// fastpath, which the plans always use. The structure-shaped built-ins
// (GUID, QualifiedName, LocalizedText, DataValue, DiagnosticInfo) have a
// plan from their tags and a handwritten fast path beside it, and a user
// may register fast paths of their own types. Unless
// Options.DisableFastPaths is set, plan building asks the fast-path set
// (Options.FastPaths, else fastpath.Default) for every type it meets, at
// the top level, in fields and in elements, and tries that fast path
// first; a fast path may decline a value, which the plan then handles, and
// a value a fast path fails on is run through the plan, whose error is
// reported. Fast paths change speed, never bytes or errors: the package
// is complete and gives the same bytes and errors without them. Plans are
// cached per Go type and per fast-path set, so registering a fast path for
// a type after a plan has used it is refused by the set
// (fastpath.ErrInUse).
//
// Arrays of fixed-size integers and floats (not bool) are copied as one
// block of memory on little-endian hosts, where their memory layout is
// their wire layout (NaNs are then rewritten canonically); big-endian hosts
// use the element-by-element path.
//
// # Concurrency
//
// Marshal, Unmarshal and all other functions and Options methods are safe
// for concurrent use. Plans are built once, under a lock, and published in a
// sync.Map; recursive types are built with placeholders that no other
// goroutine sees before the whole plan is complete. A Registry is safe for
// concurrent use: a registration is visible to every call that starts after
// RegisterType returns. An Encoder or Decoder is not safe for concurrent
// use.
//
// # Errors
//
// Decoding errors are *DecodeError values (byte offset, field path such as
// "ReadRequest.NodesToRead[3].NodeID", cause); encoding errors are
// *EncodeError values (path, cause). Every cause wraps one of ErrTruncated,
// ErrLimitExceeded, ErrInvalid, ErrUnknownType and ErrUnsupported, so
// callers branch with errors.Is; messages start with "uabin: ", and read
// package, action, path, offset, kind and what was found:
//
//	uabin: decoding ReadRequest.NodesToRead[3].NodeID at offset 213: truncated input: need 4 bytes, 0 left
//
// uajson and pubsub report their errors with the same two types and the
// same words for the same fault; their Package field, the prefix of the
// message, names them ("uajson: encoding Pump.Count: invalid value: 70000
// does not fit in UInt16").
//
// The offset is that of the first byte of the value that is wrong: the
// encoding byte of a NodeId, the mask of a Variant or DataValue, the
// switch of a union, the length of an array (docs/limits.md lists them
// all). The path has [i] for every array element, and counts a repeated
// field instead of repeating it (List.Next×200). Offset, path and message
// are the same with fast paths on and off.
//
// Append returns the caller's buffer truncated to its original length on
// error; Unmarshal may leave the value partly decoded.
package uabin
