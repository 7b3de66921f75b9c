package uatext

import (
	"math"
	"reflect"
	"strconv"
	"strings"
)

// AppendEnum appends the text form of the enumeration value v whose name
// is name, the same in OPC UA XML (Part 6 §5.3.4) and in JSON's Verbose
// form: "Name_Value" ("Both_2"), or the number alone ("7") for a value
// without a name ("").
func AppendEnum(b []byte, name string, v int32) []byte {
	if name != "" {
		b = append(b, name...)
		b = append(b, '_')
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// ParseEnum reads an enumeration value written as "Name_Value" or as the
// number alone: the decimal Int32 after the last '_' (or the whole text),
// without leading zeros. The name is not checked: the number is the value.
func ParseEnum(s []byte) (int32, bool) {
	num := s
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '_' {
			num = s[i+1:]
			break
		}
	}
	if len(num) == 0 {
		return 0, false
	}
	neg := num[0] == '-'
	digits := num
	if neg {
		digits = num[1:]
	}
	if len(digits) == 0 || digits[0] == '0' && len(digits) > 1 {
		return 0, false // no leading zeros
	}
	var x int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		if x = x*10 + int64(c-'0'); x > 1<<31 {
			return 0, false
		}
	}
	if neg {
		x = -x
	}
	if x < math.MinInt32 || x > math.MaxInt32 {
		return 0, false
	}
	return int32(x), true
}

// StringerNames returns the names of a Go enumeration type from its String
// method (the generated enumerations of package types and of uabingen's
// companion packages), which gives "Type(n)" for a value without a name.
func StringerNames(t reflect.Type) func(int32) (string, bool) {
	return func(v int32) (string, bool) {
		s := reflect.ValueOf(v).Convert(t).Interface().(interface{ String() string }).String()
		if strings.HasSuffix(s, ")") && strings.Contains(s, "(") {
			return "", false
		}
		return s, true
	}
}

// MapNames returns the names of a run-time enumeration from its map of
// names by value.
func MapNames(names map[int32]string) func(int32) (string, bool) {
	return func(v int32) (string, bool) {
		n, ok := names[v]
		return n, ok
	}
}
