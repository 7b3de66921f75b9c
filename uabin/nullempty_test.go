package uabin

import (
	"bytes"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// TestNullAndEmptyStrings pins the String rule of docs/types.md (and the
// DataValue fields sent with a zero value, DataValue.SentZero): a String
// that uabin decoded re-encodes as it came (null stays null, empty stays
// empty), in both modes, also where presence depends on the string (masks,
// optional fields, the ExpandedNodeId URI flag); a "" that the program
// builds is null by default and empty with EmptyStrings.
func TestNullAndEmptyStrings(t *testing.T) {
	type withOptional struct {
		A string
		B string `ua:"optional"`
	}
	cases := []struct {
		name  string
		value func() any // a new value to decode into
		wire  []byte
	}{
		{"String/null", func() any { return new(string) }, hx("ff ff ff ff")},
		{"String/empty", func() any { return new(string) }, hx("00 00 00 00")},
		{"[]string", func() any { return new([]string) }, hx("03 00 00 00 ff ff ff ff 00 00 00 00 01 00 00 00 78")},
		{"QualifiedName/empty", func() any { return new(types.QualifiedName) }, hx("01 00 00 00 00 00")},
		{"LocalizedText/empty text", func() any { return new(types.LocalizedText) }, hx("03 00 00 00 00 00 00 00 00")},
		{"LocalizedText/empty locale", func() any { return new(types.LocalizedText) }, hx("01 00 00 00 00")},
		{"NodeId/empty string id", func() any { return new(types.NodeID) }, hx("03 02 00 00 00 00 00")},
		{"ExpandedNodeId/empty URI", func() any { return new(types.ExpandedNodeID) }, hx("81 00 2c 01 00 00 00 00")},
		{"Variant/empty String", func() any { return new(types.Variant) }, hx("0c 00 00 00 00")},
		{"Variant/null String", func() any { return new(types.Variant) }, hx("0c ff ff ff ff")},
		{"optional/empty present", func() any { return new(withOptional) }, hx("01 00 00 00 ff ff ff ff 00 00 00 00")},
		{"optional/absent", func() any { return new(withOptional) }, hx("00 00 00 00 00 00 00 00")},
		{"DiagnosticInfo/empty AdditionalInfo", func() any { return new(types.DiagnosticInfo) }, hx("10 00 00 00 00")},
		{"DataValue/Good sent", func() any { return new(types.DataValue) }, hx("02 00 00 00 00")},
		{"DataValue/null Variant sent", func() any { return new(types.DataValue) }, hx("01 00")},
		{"DataValue/zero picoseconds", func() any { return new(types.DataValue) }, hx("14 07 97 5b 58 28 3d da 01 00 00")},
		{"DataValue/all zero", func() any { return new(types.DataValue) }, hx("3f" + strings.Repeat(" 00", 25))},
	}
	for _, c := range cases {
		for _, o := range []Options{{}, {DisableFastPaths: true}} {
			v := c.value()
			if err := o.Unmarshal(c.wire, v); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			b, err := o.Marshal(v)
			if err != nil || !bytes.Equal(b, c.wire) {
				t.Errorf("%s (fast paths off: %v): re-encoded % x, %v; decoded from % x", c.name, o.DisableFastPaths, b, err, c.wire)
			}
		}
	}
	// A "" the program builds: null by default, empty with EmptyStrings or
	// when it is wire.EmptyString (given by pointer: a "" converted to an
	// interface loses which "" it was).
	for _, c := range []struct {
		o    Options
		s    string
		wire string
	}{
		{Options{}, "", "ff ff ff ff"},
		{Options{EmptyStrings: true}, "", "00 00 00 00"},
		{Options{}, wire.EmptyString, "00 00 00 00"},
		{Options{}, "x"[:0], "ff ff ff ff"},
	} {
		if b, err := c.o.Marshal(&c.s); err != nil || !bytes.Equal(b, hx(c.wire)) {
			t.Errorf("Marshal(%q) with EmptyStrings=%v: % x, %v; want %s", c.s, c.o.EmptyStrings, b, err, c.wire)
		}
	}
	if wire.EmptyString != "" || !wire.IsEmptyString(wire.EmptyString) || wire.IsEmptyString("") {
		t.Errorf("EmptyString is not an empty string told apart from \"\"")
	}
}
