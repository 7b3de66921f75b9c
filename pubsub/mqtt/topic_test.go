package mqtt

import (
	"errors"
	"strings"
	"testing"

	"github.com/uabin/uabin/pubsub"
)

func TestTreeTopics(t *testing.T) {
	pub := pubsub.UInt16ID(2234)
	json := Tree{Encoding: JSON}
	cases := []struct {
		name string
		got  func() (string, error)
		want string
	}{
		{"data group", func() (string, error) { return Tree{}.Data(pub, "Group1", "") }, "opcua/uadp/data/2234/Group1"},
		{"data writer", func() (string, error) { return json.Data(pub, "Group1", "Writer 1") }, "opcua/json/data/2234/Group1/Writer 1"},
		{"metadata", func() (string, error) { return json.MetaData(pub, "Group1", "Writer1") }, "opcua/json/metadata/2234/Group1/Writer1"},
		{"status", func() (string, error) { return json.Status(pubsub.StringID("pump-7")) }, "opcua/json/status/pump-7"},
		{"connection", func() (string, error) { return json.Connection(pubsub.ByteID(7)) }, "opcua/json/connection/7"},
		{"application", func() (string, error) { return json.Application(pubsub.UInt64ID(1 << 40)) }, "opcua/json/application/1099511627776"},
		{"endpoints", func() (string, error) { return json.Endpoints(pubsub.UInt32ID(9)) }, "opcua/json/endpoints/9"},
		{"prefix", func() (string, error) { return Tree{Prefix: "plant1/line2"}.Status(pub) }, "plant1/line2/uadp/status/2234"},
		{"filter", func() (string, error) { return json.Filter("data") }, "opcua/json/data/#"},
		{"filter publisher", func() (string, error) { return json.Filter("metadata", "2234") }, "opcua/json/metadata/2234/#"},
	}
	for _, c := range cases {
		got, err := c.got()
		if err != nil || got != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	if (Tree{}).Retained("data") || !(Tree{}).Retained("metadata") || !(Tree{}).Retained("status") {
		t.Error("Retained: data must not be retained, metadata and status must")
	}
}

// TestTopicInjection: names with a level separator, a wildcard or NUL are
// refused wherever they would become a topic level, so "Group1/#" cannot
// subscribe to, nor "x/../status" publish into, another part of the tree.
func TestTopicInjection(t *testing.T) {
	bad := []string{"", "a/b", "Group1/#", "#", "+", "a+b", "x#", "nul\x00", "\xff\xfe", "../status"}
	tree := Tree{Encoding: JSON}
	for _, name := range bad {
		checks := map[string]func() (string, error){
			"publisher": func() (string, error) { return tree.Status(pubsub.StringID(name)) },
			"group":     func() (string, error) { return tree.Data(pubsub.ByteID(1), name, "") },
			"writer":    func() (string, error) { return tree.MetaData(pubsub.ByteID(1), "G", name) },
			"filter":    func() (string, error) { return tree.Filter("data", name) },
		}
		if name != "" && !strings.Contains(name, "/") { // a prefix may have several levels; "" is the default
			checks["prefix"] = func() (string, error) { return Tree{Prefix: name}.Status(pubsub.ByteID(1)) }
		}
		for where, f := range checks {
			got, err := f()
			if !errors.Is(err, ErrTopic) {
				t.Errorf("%s %q: got %q, %v; want ErrTopic", where, name, got, err)
			}
		}
	}
	// '/' is allowed between the levels of a prefix, '$' not at its start
	if _, err := (Tree{Prefix: "$SYS"}).Status(pubsub.ByteID(1)); !errors.Is(err, ErrTopic) {
		t.Errorf("prefix $SYS: %v, want ErrTopic", err)
	}
	if _, err := (Tree{Prefix: "a//b"}).Status(pubsub.ByteID(1)); !errors.Is(err, ErrTopic) {
		t.Errorf("prefix with an empty level: %v, want ErrTopic", err)
	}
	if _, err := (Tree{Encoding: "xml"}).Status(pubsub.ByteID(1)); !errors.Is(err, ErrTopic) {
		t.Errorf("encoding xml: %v, want ErrTopic", err)
	}
	long := strings.Repeat("a", maxTopicLen)
	if _, err := tree.Data(pubsub.ByteID(1), long, ""); !errors.Is(err, ErrTopic) {
		t.Errorf("topic over 65535 bytes: %v, want ErrTopic", err)
	}
	// the error names the offending character and where it is
	_, err := tree.Data(pubsub.ByteID(1), "Line1/Pump", "")
	if err == nil || !strings.Contains(err.Error(), `"Line1/Pump" has '/' at 5`) || !strings.Contains(err.Error(), "(level 5 of opcua/json/data/1)") {
		t.Errorf("error text: %v", err)
	}
}

func TestCheckTopicAndFilter(t *testing.T) {
	for _, ok := range []string{"a", "a/b", "/", "a//b", "opcua/json/data/1/G"} {
		if err := CheckTopic(ok); err != nil {
			t.Errorf("CheckTopic(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "a/+", "a/#", "a\x00"} {
		if err := CheckTopic(bad); !errors.Is(err, ErrTopic) {
			t.Errorf("CheckTopic(%q): %v, want ErrTopic", bad, err)
		}
	}
	for _, ok := range []string{"#", "+", "a/+/c", "a/#", "+/+", "a"} {
		if err := CheckFilter(ok); err != nil {
			t.Errorf("CheckFilter(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "a/#/c", "a+", "a/b#", "#/a", "a\x00"} {
		if err := CheckFilter(bad); !errors.Is(err, ErrTopic) {
			t.Errorf("CheckFilter(%q): %v, want ErrTopic", bad, err)
		}
	}
}

func TestMatch(t *testing.T) {
	cases := []struct {
		filter, topic string
		want          bool
	}{
		{"a/b", "a/b", true},
		{"a/b", "a/c", false},
		{"a/+", "a/b", true},
		{"a/+", "a/b/c", false},
		{"a/+/c", "a/b/c", true},
		{"a/#", "a", true},
		{"a/#", "a/b/c", true},
		{"#", "a/b", true},
		{"+", "a", true},
		{"+", "a/b", false},
		{"a/b", "a", false},
		{"a", "a/b", false},
		{"+/+", "/a", true},
		{"#", "$SYS/x", false},
		{"+/x", "$SYS/x", false},
		{"$SYS/#", "$SYS/x", true},
		{"opcua/json/data/#", "opcua/json/data/1/G/W", true},
		{"opcua/json/data/#", "opcua/json/metadata/1/G/W", false},
	}
	for _, c := range cases {
		if got := Match(c.filter, c.topic); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.filter, c.topic, got, c.want)
		}
	}
}

// TestTopicLevelsProperty: whatever names go in, a topic the Tree returns
// has exactly the levels it was given and no wildcard, or there is an error
// (names of every byte, alone and around other text).
func TestTopicLevelsProperty(t *testing.T) {
	var names []string
	for c := range 256 {
		ch := string([]byte{byte(c)})
		names = append(names, ch, "a"+ch, ch+"b", "a"+ch+"b")
	}
	names = append(names, "\u00e9", "\u2028", "a/", "/a", "//", "+/#", "\xc3")
	tree := Tree{Encoding: JSON, Prefix: "p/q"}
	for _, g := range names {
		for _, w := range []string{"W", g} {
			topic, err := tree.Data(pubsub.StringID(g), g, w)
			if err != nil {
				if !errors.Is(err, ErrTopic) {
					t.Fatalf("%q: error %v does not wrap ErrTopic", g, err)
				}
				continue
			}
			if n := strings.Count(topic, "/") + 1; n != 7 || strings.ContainsAny(topic, "+#\x00") || CheckTopic(topic) != nil {
				t.Fatalf("names %q, %q gave topic %q (%d levels)", g, w, topic, n)
			}
			if !Match("p/q/json/data/+/+/+", topic) {
				t.Fatalf("topic %q does not match its filter", topic)
			}
		}
	}
}

// TestMatchReference compares Match with a direct reading of MQTT 3.1.1
// §4.7 (level by level, recursively) on every filter and topic of up to
// four levels over a small alphabet.
func TestMatchReference(t *testing.T) {
	var ref func(f, tp []string) bool
	ref = func(f, tp []string) bool {
		switch {
		case len(f) == 0:
			return len(tp) == 0
		case f[0] == "#":
			return true // matches the parent level and everything under it
		case len(tp) == 0:
			return false
		case f[0] == "+" || f[0] == tp[0]:
			return ref(f[1:], tp[1:])
		}
		return false
	}
	var topics, filters []string
	var gen func(prefix string, depth int, alphabet []string, out *[]string)
	gen = func(prefix string, depth int, alphabet []string, out *[]string) {
		if depth == 0 {
			return
		}
		for _, l := range alphabet {
			s := l
			if prefix != "" || depth < 4 {
				s = prefix + "/" + l
			}
			*out = append(*out, s)
			gen(s, depth-1, alphabet, out)
		}
	}
	gen("", 4, []string{"a", "b", "", "$s"}, &topics)
	gen("", 4, []string{"a", "", "+", "#", "$s"}, &filters)
	n := 0
	for _, f := range filters {
		if CheckFilter(f) != nil {
			continue
		}
		for _, tp := range topics {
			want := ref(strings.Split(f, "/"), strings.Split(tp, "/"))
			if strings.HasPrefix(tp, "$") && (f[0] == '+' || f[0] == '#') {
				want = false
			}
			if got := Match(f, tp); got != want {
				t.Fatalf("Match(%q, %q) = %v, want %v", f, tp, got, want)
			}
			n++
		}
	}
	if n < 10000 {
		t.Fatalf("only %d pairs compared", n)
	}
}
