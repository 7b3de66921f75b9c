package uamodel

// The ua: struct tag grammar (docs/tags.md):
//
//	tag      = "-" | [WIRETYPE] { "," option }
//	option   = "empty" | "raw" | "optional" | "mask" | "zero" | "switch" | "bit=" N | "max=" N | "name=" NAME
//	WIRETYPE = one of the 25 OPC UA built-in type names (types.BuiltinType.String)
//	NAME     = the field's OPC UA name (StructureField.Name), when it differs from the Go name
//
// ParseTag reads a tag into a Tag; checkWire checks a WIRETYPE against the
// Go type it is written on. What the options mean for a structure is
// decided when its model is built (build.go).

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uabin/uabin/types"
)

// Tag is a parsed ua: tag.
type Tag struct {
	Skip     bool              // "-": the field is not encoded
	Wire     types.BuiltinType // the WIRETYPE, or 0
	Empty    bool              // "" is written as an empty String
	Raw      bool              // a Go array is written without its length
	Optional bool              // Part 6 §5.2.7 optional field
	Mask     bool              // the field is the structure's encoding mask
	Zero     bool              // with Mask: a computed mask whose field keeps the bits of fields sent although zero
	Bit      int               // bit=N: the mask bit that decides presence; -1 if none
	Max      uint64            // max=N: decoding clamps to N
	HasMax   bool              // max=N was given
	Switch   bool              // the union switch field (Part 6 §5.2.8)
	Name     string            // name=NAME: the OPC UA field name; "" means the Go field name
}

// wireType returns the built-in type a WIRETYPE names, or 0.
func wireType(name string) types.BuiltinType {
	for id := types.TypeBoolean; id <= types.TypeDiagnosticInfo; id++ {
		if id.String() == name {
			return id
		}
	}
	return 0
}

// ParseTag parses the value of a ua: tag.
func ParseTag(s string) (Tag, error) {
	ti := Tag{Bit: -1}
	if s == "-" {
		ti.Skip = true
		return ti, nil
	}
	if s == "" {
		return ti, nil
	}
	parts := strings.Split(s, ",")
	if wt := wireType(parts[0]); wt != 0 {
		ti.Wire = wt
		parts = parts[1:]
	} else if parts[0] == "" {
		parts = parts[1:]
	}
	for _, o := range parts {
		switch {
		case o == "empty":
			ti.Empty = true
		case o == "raw":
			ti.Raw = true
		case o == "optional":
			ti.Optional = true
		case o == "mask":
			ti.Mask = true
		case o == "zero":
			ti.Zero = true
		case o == "switch":
			ti.Switch = true
		case strings.HasPrefix(o, "bit="):
			n, err := strconv.Atoi(o[4:])
			if err != nil || n < 0 || n > 31 || strconv.Itoa(n) != o[4:] {
				return ti, fmt.Errorf("bad tag option %q (want bit=0..31)", o)
			}
			ti.Bit = n
		case strings.HasPrefix(o, "max="):
			n, err := strconv.ParseUint(o[4:], 10, 64)
			if err != nil || strconv.FormatUint(n, 10) != o[4:] {
				return ti, fmt.Errorf("bad tag option %q (want max=N)", o)
			}
			ti.Max, ti.HasMax = n, true
		case strings.HasPrefix(o, "name="):
			if ti.Name != "" {
				return ti, fmt.Errorf("tag option %q: the name is given twice", o)
			}
			if msg := checkFieldName(o[5:]); msg != "" {
				return ti, fmt.Errorf("bad tag option %q (%s)", o, msg)
			}
			ti.Name = o[5:]
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
func checkWire(wt types.BuiltinType, t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	k := t.Kind()
	if (k == reflect.Slice || k == reflect.Array) && t.Elem().Kind() == reflect.Uint8 {
		if wt == types.TypeByte || (wt == types.TypeByteString && k == reflect.Slice) {
			return ""
		}
	}
	if k == reflect.Slice || k == reflect.Array {
		return checkWire(wt, t.Elem())
	}
	platform := k == reflect.Int || k == reflect.Uint || k == reflect.Uintptr
	var bt types.BuiltinType
	if k == reflect.Struct {
		if b := builtinOf(t); b != nil {
			t, bt = b.Go, b.ID // a named type of a built-in takes its wire type
		}
	}
	var ok bool
	switch wt {
	case types.TypeBoolean:
		ok = k == reflect.Bool
	case types.TypeSByte:
		ok = k == reflect.Int8 || platform
	case types.TypeByte:
		ok = k == reflect.Uint8 || platform
	case types.TypeInt16:
		ok = k == reflect.Int16 || platform
	case types.TypeUInt16:
		ok = k == reflect.Uint16 || platform
	case types.TypeInt32:
		ok = k == reflect.Int32 || platform
	case types.TypeUInt32:
		ok = k == reflect.Uint32 || platform
	case types.TypeInt64:
		ok = k == reflect.Int64 || platform
	case types.TypeUInt64:
		ok = k == reflect.Uint64 || platform
	case types.TypeFloat:
		ok = k == reflect.Float32
	case types.TypeDouble:
		ok = k == reflect.Float64
	case types.TypeString, types.TypeXmlElement:
		ok = k == reflect.String
	case types.TypeDateTime:
		ok = t == typeDateTime || bt == types.TypeDateTime || k == reflect.Int64
	case types.TypeStatusCode:
		ok = k == reflect.Uint32
	default: // the built-ins with a Go struct type
		ok = bt == wt
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("wire type %s does not match the Go type %v", wt, t)
}
