// Package uatext holds what the two text encodings of OPC UA, JSON
// (internal/jsonenc) and XML (internal/xmlenc), write and read alike: the
// text of a DateTime (ISO 8601 / xs:dateTime, with the clamping rules of
// Part 6 §5.1.4 and §5.2.2.5) and the Name_Value form of enumerations.
// Field names and presence come from internal/uamodel, which both plan
// from.
package uatext

import (
	"slices"

	"github.com/uabin/uabin/types"
)

// DateTimeText writes DateTimes as text; it keeps the text up to the
// seconds ("2024-01-02T03:04:05") of the DateTime written last, since the
// timestamps of one message are mostly of one second (W5: two timestamps
// per DataValue, 1 ms apart; 1000 DateTimes 1 ms apart: 42.0 -> 32.4 µs,
// -23 %, docs/performance.md, J6). The zero value is ready to use.
type DateTimeText struct {
	sec  uint64
	text [19]byte
	ok   bool
}

// Append appends the text of t, a DateTime above 0, to b: UTC with as many
// fraction digits as the 100 ns ticks need (none for a whole second, at
// most 7), "2024-01-02T03:04:05.1234567Z"; MaxDateTimeText for every
// DateTime at or after types.EndOfTimeTicks.
func (c *DateTimeText) Append(b []byte, t types.DateTime) []byte {
	if t >= types.EndOfTimeTicks {
		return append(b, MaxDateTimeText...)
	}
	// Unsigned, and 32 bits below a day: cheaper divisions by constants.
	ticks := uint64(t)
	frac := uint32(ticks % types.TicksPerSecond)
	secs := ticks / types.TicksPerSecond
	if !c.ok || c.sec != secs {
		days := secs / 86400
		y, m, dd := civil(int64(days) + epochDays1601)
		rem := uint32(secs - days*86400)
		h, mi, sc := rem/3600, rem/60%60, rem%60
		c.text = [19]byte{byte('0' + y/1000), byte('0' + y/100%10), byte('0' + y/10%10), byte('0' + y%10), '-',
			byte('0' + m/10), byte('0' + m%10), '-', byte('0' + dd/10), byte('0' + dd%10), 'T',
			digits2[2*h], digits2[2*h+1], ':', digits2[2*mi], digits2[2*mi+1], ':', digits2[2*sc], digits2[2*sc+1]}
		c.sec, c.ok = secs, true
	}
	// Written in place: at most 28 bytes ("YYYY-MM-DDTHH:MM:SS.fffffffZ").
	n := len(b)
	if cap(b)-n < 28 {
		b = slices.Grow(b, 28)
	}
	w := b[n : n+28]
	copy(w[:19], c.text[:])
	k := 19
	if frac != 0 {
		// Seven digits: one, then three pairs, trailing zeros dropped.
		r := frac % 1000000
		p1, p2, p3 := r/10000, r/100%100, r%100
		w[19] = '.'
		w[20] = byte('0' + frac/1000000)
		w[21], w[22] = digits2[2*p1], digits2[2*p1+1]
		w[23], w[24] = digits2[2*p2], digits2[2*p2+1]
		w[25], w[26] = digits2[2*p3], digits2[2*p3+1]
		k = 27
		for w[k-1] == '0' {
			k--
		}
	}
	w[k] = 'Z'
	return b[:n+k+1]
}

// MaxDateTimeText is written for every DateTime at or after
// types.EndOfTimeTicks.
const MaxDateTimeText = "9999-12-31T23:59:59Z"

// Days from 0000-03-01 (the epoch of the civil calendar algorithm below) to
// 1601-01-01, the DateTime epoch.
const epochDays1601 = 584694

// digits2 holds the two-digit texts of 00 to 99, back to back.
const digits2 = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

// civil converts a count of days since 0000-03-01 to a Gregorian date
// (Howard Hinnant's civil_from_days).
func civil(z int64) (y, m, d int64) {
	era := z / 146097
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	if mp < 10 {
		m = mp + 3
	} else {
		m = mp - 9
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

// daysFromCivil is the inverse of civil.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400
	mp := m - 3
	if m <= 2 {
		mp = m + 9
	}
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe
}

// ParseDateTime parses YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM) and clamps
// the instant to the DateTime range.
func ParseDateTime(s []byte) (types.DateTime, bool) {
	num := func(i, n int) (int64, bool) {
		if i+n > len(s) {
			return 0, false
		}
		var v int64
		for _, c := range s[i : i+n] {
			if c < '0' || c > '9' {
				return 0, false
			}
			v = v*10 + int64(c-'0')
		}
		return v, true
	}
	// The year has four digits, or more for the instants past 9999 that
	// some encoders write (open62541 writes Int64 max as year 30828); they
	// are clamped below.
	k := 0
	for k < len(s) && k < 12 && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k < 4 {
		return 0, false
	}
	y, _ := num(0, k)
	s = s[k-4:] // the rest as if the year had four digits
	if len(s) < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' && s[10] != 't' || s[13] != ':' || s[16] != ':' {
		return 0, false
	}
	mo, ok2 := num(5, 2)
	dd, ok3 := num(8, 2)
	h, ok4 := num(11, 2)
	mi, ok5 := num(14, 2)
	sec, ok6 := num(17, 2)
	if !(ok2 && ok3 && ok4 && ok5 && ok6) || mo < 1 || mo > 12 || dd < 1 || dd > daysIn(y, mo) || h > 23 || mi > 59 || sec > 59 {
		return 0, false
	}
	if y > 9999 {
		y = 10000 // past the end: clamped to MaxDateTime below
	}
	i := 19
	var frac int64 // in ticks
	if s[i] == '.' {
		i++
		j := i
		scale := int64(types.TicksPerSecond / 10)
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			frac += int64(s[i]-'0') * scale
			scale /= 10
			i++
		}
		if i == j {
			return 0, false
		}
	}
	var off int64 // seconds east of UTC
	switch {
	case i == len(s)-1 && (s[i] == 'Z' || s[i] == 'z'):
	case i == len(s)-6 && (s[i] == '+' || s[i] == '-') && s[i+3] == ':':
		oh, ok1 := num(i+1, 2)
		om, ok2 := num(i+4, 2)
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return 0, false
		}
		off = oh*3600 + om*60
		if s[i] == '-' {
			off = -off
		}
	default:
		return 0, false
	}
	days := daysFromCivil(y, mo, dd) - epochDays1601
	secs := days*86400 + h*3600 + mi*60 + sec - off
	const endSecs = int64(types.EndOfTimeTicks / types.TicksPerSecond)
	switch {
	case secs < 0 || secs == 0 && frac == 0:
		return 0, true
	case secs >= endSecs:
		return types.MaxDateTime, true
	}
	return types.DateTime(secs*types.TicksPerSecond + frac), true
}

// daysIn returns the number of days of month m of year y.
func daysIn(y, m int64) int64 {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
