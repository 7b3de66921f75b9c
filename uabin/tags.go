package uabin

// The ua: struct tag grammar (docs/tags.md):
//
//	tag      = "-" | [WIRETYPE] { "," option }
//	option   = "empty" | "raw" | "optional" | "mask" | "zero" | "switch" | "bit=" N | "max=" N | "name=" NAME
//	WIRETYPE = one of the 25 OPC UA built-in type names (wireTypes)
//	NAME     = the field's OPC UA name (StructureField.Name), when it differs from the Go name
//
// parseTag reads a tag into a tagInfo; checkWire checks a WIRETYPE against
// the Go type it is written on. What the options mean for a struct is
// decided by the struct planner (struct.go) and the leaf codecs
// (builder.go).

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uabin/uabin/types"
)

// tagInfo is a parsed ua: tag.
type tagInfo struct {
	skip     bool   // "-": the field is not encoded
	wire     string // the WIRETYPE, or ""
	empty    bool   // "" is written as an empty String
	raw      bool   // a Go array is written without its length
	optional bool   // Part 6 §5.2.7 optional field
	mask     bool   // the field is the struct's encoding mask
	zero     bool   // with mask: a computed mask whose field keeps the bits of fields sent although zero
	bit      int    // bit=N: the mask bit that decides presence; -1 if none
	max      uint64 // max=N: decoding clamps to N
	hasMax   bool   // max=N was given
	sw       bool   // the union switch field (Part 6 §5.2.8)
	name     string // name=NAME: the OPC UA field name; "" means the Go field name
}

// wireTypes are the WIRETYPE names of the tag grammar: the OPC UA names of
// the built-in types 1..25 (types.BuiltinType.String).
var wireTypes = func() map[string]bool {
	m := map[string]bool{}
	for t := types.TypeBoolean; t <= types.TypeDiagnosticInfo; t++ {
		m[t.String()] = true
	}
	return m
}()

// parseTag parses the value of a ua: tag.
func parseTag(s string) (tagInfo, error) {
	ti := tagInfo{bit: -1}
	if s == "-" {
		ti.skip = true
		return ti, nil
	}
	if s == "" {
		return ti, nil
	}
	parts := strings.Split(s, ",")
	if wireTypes[parts[0]] {
		ti.wire = parts[0]
		parts = parts[1:]
	} else if parts[0] == "" {
		parts = parts[1:]
	}
	for _, o := range parts {
		switch {
		case o == "empty":
			ti.empty = true
		case o == "raw":
			ti.raw = true
		case o == "optional":
			ti.optional = true
		case o == "mask":
			ti.mask = true
		case o == "zero":
			ti.zero = true
		case o == "switch":
			ti.sw = true
		case strings.HasPrefix(o, "bit="):
			n, err := strconv.Atoi(o[4:])
			if err != nil || n < 0 || n > 31 || strconv.Itoa(n) != o[4:] {
				return ti, fmt.Errorf("bad tag option %q (want bit=0..31)", o)
			}
			ti.bit = n
		case strings.HasPrefix(o, "max="):
			n, err := strconv.ParseUint(o[4:], 10, 64)
			if err != nil || strconv.FormatUint(n, 10) != o[4:] {
				return ti, fmt.Errorf("bad tag option %q (want max=N)", o)
			}
			ti.max, ti.hasMax = n, true
		case strings.HasPrefix(o, "name="):
			if ti.name != "" {
				return ti, fmt.Errorf("tag option %q: the name is given twice", o)
			}
			if msg := checkFieldName(o[5:]); msg != "" {
				return ti, fmt.Errorf("bad tag option %q (%s)", o, msg)
			}
			ti.name = o[5:]
		default:
			return ti, fmt.Errorf("unknown wire type or tag option %q", o)
		}
	}
	return ti, nil
}

// checkFieldName checks the NAME of a name= option and returns a message,
// or "" if it is valid: a non-empty string of printable characters (the
// ASCII space among them: AutoID's WGS84Coordinate has a field
// "N/S Hemisphere"), without a space at either end, and without a comma
// (it ends the option), a double quote or a backquote (they would end the
// struct tag or its value).
func checkFieldName(n string) string {
	if n == "" {
		return "want name=NAME with a non-empty NAME"
	}
	if !utf8.ValidString(n) {
		return "the name is not valid UTF-8"
	}
	if n[0] == ' ' || n[len(n)-1] == ' ' {
		return "the name begins or ends with a space"
	}
	for _, r := range n {
		if !unicode.IsPrint(r) || r == '"' || r == '`' {
			return fmt.Sprintf("the name has the character %q", r)
		}
	}
	return ""
}

// checkWire checks a tag's wire type against the Go type of the field and
// returns a message, or "" if they agree. For slices and arrays the wire
// type names the element type, except that a []byte may be one ByteString
// or an array of Byte.
func checkWire(wt string, t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	k := t.Kind()
	if (k == reflect.Slice || k == reflect.Array) && t.Elem().Kind() == reflect.Uint8 {
		if wt == "Byte" || (wt == "ByteString" && k == reflect.Slice) {
			return ""
		}
	}
	if k == reflect.Slice || k == reflect.Array {
		return checkWire(wt, t.Elem())
	}
	platform := k == reflect.Int || k == reflect.Uint || k == reflect.Uintptr
	if k == reflect.Struct {
		t = builtinOf(t) // a named type of a built-in takes its wire type
	}
	var ok bool
	switch wt {
	case "Boolean":
		ok = k == reflect.Bool
	case "SByte":
		ok = k == reflect.Int8 || platform
	case "Byte":
		ok = k == reflect.Uint8 || platform
	case "Int16":
		ok = k == reflect.Int16 || platform
	case "UInt16":
		ok = k == reflect.Uint16 || platform
	case "Int32":
		ok = k == reflect.Int32 || platform
	case "UInt32":
		ok = k == reflect.Uint32 || platform
	case "Int64":
		ok = k == reflect.Int64 || platform
	case "UInt64":
		ok = k == reflect.Uint64 || platform
	case "Float":
		ok = k == reflect.Float32
	case "Double":
		ok = k == reflect.Float64
	case "String", "XmlElement":
		ok = k == reflect.String
	case "DateTime":
		ok = t == typeDateTime || t == typeTime || k == reflect.Int64
	case "Guid":
		ok = t == typeGUID
	case "NodeId":
		ok = t == typeNodeID
	case "ExpandedNodeId":
		ok = t == typeExpandedNodeID
	case "StatusCode":
		ok = k == reflect.Uint32
	case "QualifiedName":
		ok = t == typeQualifiedName
	case "LocalizedText":
		ok = t == typeLocalizedText
	case "ExtensionObject":
		ok = t == typeExtObject
	case "DataValue":
		ok = t == typeDataValue
	case "Variant":
		ok = t == typeVariant
	case "DiagnosticInfo":
		ok = t == typeDiagInfo
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("wire type %s does not match the Go type %v", wt, t)
}

// builtinOf returns the built-in struct type that t is a named type of
// (the same underlying struct: type Stamp time.Time), or t itself.
func builtinOf(t reflect.Type) reflect.Type {
	for bt := range builtinStruct {
		if t.ConvertibleTo(bt) && bt.ConvertibleTo(t) {
			return bt
		}
	}
	return t
}
