// Package uajson encodes and decodes Go values in the OPC UA JSON encoding
// (OPC UA Part 6 v1.05 §5.4), the way package uabin does for OPC UA Binary
// and encoding/json for plain JSON:
//
//	b, err := uajson.Marshal(&v)            // the CompactEncoding
//	b, err = uajson.Append(buf[:0], &v)     // no allocation into a reused buffer
//	err = uajson.Unmarshal(b, &v)           // Compact, Verbose or the deprecated Reversible form
//	o := uajson.Options{Encoding: uajson.Verbose, NamespaceURIs: table}
//	b, err = o.Marshal(&v)
//
// The Go values are those of package types and of uabin, the same as for
// the binary encoding: the 25 built-in types; structures (the generated
// types, the packages of cmd/uabingen, user structs with ua: tags, and
// run-time structures, *uabin.Dynamic), with their enumerations, option
// sets, optional fields, unions and matrices; ExtensionObjects and
// Variants holding structures registered in Options.Types; and service
// messages (MarshalMessage, UnmarshalMessage). A structure's plan is made
// once per Go type from the same model as the binary one (internal/uamodel:
// the same tags, field names and presence rules). docs/json.md in the
// repository has the complete mapping, the options, the checks against
// open62541 and the measurements.
//
// # Structures
//
// A structure is a JSON object of its fields by their OPC UA names (the
// name= option of the generated tags: "NodeId", "AttributeId"): Compact
// omits the fields that are NULL or hold their default value, Verbose
// writes them (§5.4.2.1). A structure with optional fields carries its
// "EncodingMask" (§5.4.7); a union is {"SwitchField":2,"B":3.5} in Compact
// and {"B":3.5} in Verbose (§5.4.8); an enumeration is a number, and
// "Name_Value" in Verbose; a matrix field is
// {"Dimensions":[2,3],"Array":[...]}. An ExtensionObject holding a
// registered structure is the structure's object with "UaTypeId" (its
// DataType NodeId) first (§5.4.2.16); a Go type registered with
// uabin.RegisterType, which gives no DataType id, is named by its binary
// encoding id instead (register it with uabin.RegisterTypeIDs for other
// stacks).
//
// # Forms
//
// Options.Encoding selects the form written: Compact (the default) and
// Verbose of v1.05, and the deprecated Reversible and NonReversible forms of
// v1.04 (Part 6 Annex H), which publishers offer to older subscribers. The
// decoder reads Compact, Verbose and Reversible without being told which,
// in one pass over the input (no intermediate tree): a NodeId given as an
// object is the deprecated form, as a string the current one (Annex H).
//
// # Mapping of built-in types
//
//	Go                         OPC UA          Compact text
//	bool                       Boolean         true
//	int8 … int32, uint8 … uint32  SByte … UInt32  -5, 3735928559 (JSON numbers)
//	int64, uint64              Int64, UInt64   "-9007199254740993" (JSON strings, §5.4.2.3)
//	float32, float64           Float, Double   3.14, "NaN", "Infinity", "-Infinity"
//	string                     String          "Hot水" ("" is the null String: null)
//	types.DateTime, time.Time  DateTime        "2024-01-02T03:04:05.1234567Z"
//	types.GUID                 Guid            "72962B91-FA75-4AE6-8D28-B404DC7DAF63"
//	[]byte, types.ByteString   ByteString      "AQID" (base64)
//	types.XmlElement           XmlElement      "<A/>"
//	types.NodeID               NodeId          "i=85", "nsu=http://acme.org/;s=Pump", "ns=2;s=Pump"
//	types.ExpandedNodeID       ExpandedNodeId  "svu=urn:server;nsu=http://acme.org/;i=5"
//	types.StatusCode           StatusCode      {"Code":2150891520} (Verbose adds "Symbol":"BadNodeIdUnknown")
//	types.QualifiedName        QualifiedName   "nsu=http://acme.org/;Temperature", "2:Temperature"
//	types.LocalizedText        LocalizedText   {"Locale":"en","Text":"Pump"}
//	types.ExtensionObject      ExtensionObject {"UaTypeId":"i=298","UaEncoding":1,"UaBody":"AQID"}
//	types.Variant              Variant         {"UaType":11,"Value":3.14}; matrices add "Dimensions":[2,3]
//	types.DataValue            DataValue       {"UaType":11,"Value":42.5,"Status":{"Code":1073741824},"SourceTimestamp":"..."}
//	types.DiagnosticInfo       DiagnosticInfo  {"SymbolicId":3,"AdditionalInfo":"valve stuck"}
//	[]T, [N]T                  array of T      [1,2,3]; a nil slice is null; NULL elements are null
//	*T                         T               nil is null
//
// A NULL value of a nullable built-in (a "" String, a nil ByteString, the
// DateTime 0, the null Guid, NodeId and ExpandedNodeId, the empty
// LocalizedText, QualifiedName, DataValue and DiagnosticInfo, the null
// Variant and ExtensionObject) is written as null where it stands alone or
// as an array element (§5.4.2); structure fields omit it (Compact) or
// write null (Verbose). A String decoded from "" is wire.EmptyString and is
// written back as "", one decoded from null is "" and is written back as
// null, as in the binary encoding; Options.EmptyStrings writes every "" as "".
//
// NodeIds, ExpandedNodeIds and QualifiedNames outside namespace 0 are
// written with the namespace URI from Options.NamespaceURIs (and the server
// URI from Options.ServerURIs), or with the index when the table has none
// (§5.4.2.10); decoding maps URIs back to indexes, and a URI the table does
// not have gives, as §5.4.2.10 and §5.4.2.14 say, a String NodeId (a Name)
// in namespace 0 holding the whole text; an ExpandedNodeId keeps it in
// NamespaceURI.
//
// DateTimes are written with up to 7 fraction digits, none for a whole
// second; 0 (and anything at or before 1601) is null, anything at or after
// 9999-12-31T23:59:59Z is "9999-12-31T23:59:59Z", which decodes to
// types.MaxDateTime (§5.4.2.6 and the binary clamping of §5.2.2.5).
//
// ExtensionObject bodies that binary decoding kept raw (an unregistered
// type id) are written with UaEncoding and UaBody and decode back to the
// same TypeID, Encoding and Body; a JSON structure body whose UaTypeId no
// registry knows decodes to a RawStructure holding its members as they
// came, which encodes back unchanged. An XML body (UaEncoding 2) of a
// structure the registry knows decodes to its value, read with the OPC UA
// XML encoding (package uaxml); one of an unknown type stays XML text.
//
// # Limits
//
// Decoding is bounded by Options.Limits, the same budget as the binary
// encoding (uabin.Limits; zero fields give the defaults): MaxDepth counts
// Variants, DataValues, DiagnosticInfos, ExtensionObjects, and every array
// and object skipped as an unknown member (capped at 100000 levels when
// negative), and bounds encoding too; MaxArrayLength counts the elements of
// a JSON array; MaxStringLength and MaxByteStringLength the decoded bytes
// of a String (and of a NodeId or QualifiedName text) and of a ByteString
// or body; MaxMessageSize the bytes of JSON text given to one call. An
// allocation is never larger than the input can back: arrays grow as their
// elements are read.
//
// # Errors
//
// Decoding errors are *uabin.DecodeError values: the byte offset in the
// JSON text of the value that is wrong (the first byte of a string, number,
// object or array, of a member name given twice, of the input's end when it
// ends too soon), the path to it by OPC UA names from the top-level type
// ("ReadRequest.NodesToRead[3].NodeId", "Variant.Value[1]"), and a cause
// wrapping ErrTruncated, ErrLimitExceeded, ErrInvalid or ErrUnsupported.
// Their Package is "uajson", the prefix of the message, which otherwise
// says what the binary codec says of the same fault:
//
//	uajson: decoding Variant.Value[1] at offset 23: invalid value: "x" is not a decimal Int32
//
// The decoder checks RFC 8259 as strictly as it reads OPC UA: UTF-8,
// escapes (no lone surrogates), number syntax, control characters, nothing
// after the value, and no member name given twice in an object (§5.4.2.16),
// also inside unknown members it skips. Numbers outside their type's range
// are errors, not rounded. Encoding errors are *uabin.EncodeError values (a
// string that is not UTF-8 has no JSON form: ErrInvalid), and Append
// returns the caller's buffer as it was.
//
// # Concurrency
//
// Every function and Options method is safe for concurrent use.
package uajson
