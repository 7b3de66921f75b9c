package uatext

import (
	"math"
	"strconv"
)

// AppendEnum appends the text form of the enumeration value v, the same in
// OPC UA XML and in JSON's Verbose form: "Name_Value" ("Both_2") when names gives v a
// name, else the number alone ("7").
func AppendEnum(b []byte, v int32, names func(int32) (string, bool)) []byte {
	if names != nil {
		if n, ok := names(v); ok {
			b = append(b, n...)
			b = append(b, '_')
		}
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// ParseEnum reads an enumeration value written as "Name_Value" or as the
// number alone: the decimal Int32 after the last '_' (or the whole text).
// The name is not checked: the number is the value.
func ParseEnum(s []byte) (int32, bool) {
	num := s
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '_' {
			num = s[i+1:]
			break
		}
	}
	if len(num) == 0 || len(num) > 11 {
		return 0, false
	}
	neg := num[0] == '-'
	digits := num
	if neg {
		digits = num[1:]
	}
	if len(digits) == 0 {
		return 0, false
	}
	var x int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		x = x*10 + int64(c-'0')
	}
	if neg {
		x = -x
	}
	if x < math.MinInt32 || x > math.MaxInt32 {
		return 0, false
	}
	return int32(x), true
}
