package uabin

// The text view of Dynamic values: String and Format.

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
)

// Format implements fmt.Formatter: every verb prints String's text (%q
// quoted; %+v in parentheses, so that it reads well after a %T, as
// types.ExtensionObject.String prints its Value), so that a Dynamic shows
// its fields wherever fmt prints it, also inside an ExtensionObject or a Go
// struct.
func (x Dynamic) Format(f fmt.State, verb rune) {
	s := x.String()
	switch {
	case verb == 'q':
		s = strconv.Quote(s)
	case verb == 'v' && f.Flag('+'):
		s = "(" + s + ")"
	}
	_, _ = f.Write([]byte(s))
}

// String returns the value as text: Name{Field: value, ...}, present
// fields only, enumerations as Name(value), integer option sets as the
// names of their bits (Name1|Name2), structures held by ExtensionObject
// and Variant fields as ExtensionObject{Name{...}}, Go structures
// (types.Range, ...) as Range{Low: 0, High: 100} with the OPC UA names of
// the fields their encoding sends.
func (x *Dynamic) String() string {
	var sb strings.Builder
	x.appendText(&sb, 0)
	return sb.String()
}

// maxTextDepth bounds how deep String descends into nested values.
const maxTextDepth = 64

func (x *Dynamic) appendText(sb *strings.Builder, depth int) {
	if x == nil || x.h.T == nil {
		sb.WriteString("<nil>")
		return
	}
	sb.WriteString(x.h.T.Name)
	if depth > maxTextDepth {
		sb.WriteString("{...}")
		return
	}
	sb.WriteByte('{')
	first := true
	for i := range x.h.T.Fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		if !first {
			sb.WriteString(", ")
		}
		first = false
		f := &x.h.T.Fields[i]
		sb.WriteString(f.Name)
		sb.WriteString(": ")
		if f.Bits != nil {
			appendBits(sb, v, f.Bits)
			continue
		}
		appendDynText(sb, v, f.Enum, depth+1)
	}
	sb.WriteByte('}')
}

func appendDynText(sb *strings.Builder, v any, enum *uamodel.Enum, depth int) {
	switch v := v.(type) {
	case *Dynamic:
		v.appendText(sb, depth)
	case []*Dynamic:
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteString(", ")
			}
			e.appendText(sb, depth)
		}
		sb.WriteByte(']')
	case int32:
		if enum != nil {
			if n, ok := enum.Names[v]; ok {
				fmt.Fprintf(sb, "%s(%d)", n, v)
				return
			}
		}
		fmt.Fprint(sb, v)
	case []int32:
		if enum == nil {
			fmt.Fprint(sb, v)
			return
		}
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteString(" ")
			}
			appendDynText(sb, e, enum, depth)
		}
		sb.WriteByte(']')
	case string:
		sb.WriteString(strconv.Quote(v))
	case types.ExtensionObject:
		if d, ok := v.Value.(*Dynamic); ok {
			sb.WriteString("ExtensionObject{")
			d.appendText(sb, depth)
			sb.WriteByte('}')
			return
		}
		fmt.Fprint(sb, v)
	case []types.ExtensionObject:
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteString(", ")
			}
			appendDynText(sb, e, nil, depth)
		}
		sb.WriteByte(']')
	case types.Variant:
		if d := variantDynamic(v); d != nil {
			sb.WriteString("Variant{ExtensionObject{")
			d.appendText(sb, depth)
			sb.WriteString("}}")
			return
		}
		fmt.Fprint(sb, v)
	default:
		rv := reflect.ValueOf(v)
		if names, values, ok := structFields(rv); ok && rv.IsValid() {
			structText(sb, rv.Type(), names, values, depth)
			return
		}
		fmt.Fprint(sb, v)
	}
}

// appendBits writes the value of an option set field: the names of the
// bits set, separated by "|", unnamed bits as one hexadecimal number, 0 for
// the empty set; an array as [a b].
func appendBits(sb *strings.Builder, v any, bits *uamodel.Enum) {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice {
		sb.WriteByte('[')
		for i := 0; i < rv.Len(); i++ {
			if i > 0 {
				sb.WriteByte(' ')
			}
			appendBits(sb, rv.Index(i).Interface(), bits)
		}
		sb.WriteByte(']')
		return
	}
	if !rv.CanUint() {
		fmt.Fprint(sb, v)
		return
	}
	u := rv.Uint()
	if u == 0 {
		sb.WriteByte('0')
		return
	}
	first := true
	for _, b := range bits.Values {
		if u&(1<<uint(b)) == 0 {
			continue
		}
		if !first {
			sb.WriteByte('|')
		}
		first = false
		sb.WriteString(bits.Names[b])
		u &^= 1 << uint(b)
	}
	if u != 0 {
		if !first {
			sb.WriteByte('|')
		}
		fmt.Fprintf(sb, "%#x", u)
	}
}

// structText writes v, a structure of structFields, as
// Name{Field: value, ...}.
func structText(sb *strings.Builder, t reflect.Type, names []string, values []reflect.Value, depth int) {
	sb.WriteString(structName(t))
	if depth > maxTextDepth {
		sb.WriteString("{...}")
		return
	}
	sb.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(n)
		sb.WriteString(": ")
		appendDynText(sb, values[i].Interface(), nil, depth+1)
	}
	sb.WriteByte('}')
}
