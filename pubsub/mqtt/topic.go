package mqtt

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/uabin/uabin/pubsub"
)

// ErrTopic: a topic name, topic filter or topic level is not allowed. Topic
// levels built from names (PublisherId, WriterGroup, DataSetWriter) must not
// contain '/', '+', '#' or NUL: a name holding them would otherwise publish
// into, or subscribe to, another part of the topic tree (topic injection).
// They are refused, not escaped, so that the topic is the name every other
// OPC UA application derives from the configuration.
var ErrTopic = errors.New("mqtt: invalid topic")

// Encoding is the <Encoding> topic level: the message mapping of the
// NetworkMessages (Part 14 v1.05 §7.3.5.7.1, Table 206's TransportProfileUris
// pubsub-mqtt-json and pubsub-mqtt-uadp).
type Encoding string

// The two encodings of the MQTT mapping.
const (
	JSON Encoding = "json"
	UADP Encoding = "uadp"
)

// DefaultPrefix is the <Prefix> of the default topic tree.
const DefaultPrefix = "opcua"

// maxTopicLen is the longest topic MQTT allows (a UTF-8 string with a UInt16
// length, MQTT 3.1.1 §1.5.3).
const maxTopicLen = 65535

// Tree builds the topics of the OPC UA topic tree of Part 14 v1.05 §7.3.5.7:
//
//	<Prefix>/<Encoding>/data/<PublisherId>/<WriterGroup>[/<DataSetWriter>]
//	<Prefix>/<Encoding>/metadata/<PublisherId>/<WriterGroup>/<DataSetWriter>   (retained)
//	<Prefix>/<Encoding>/status/<PublisherId>                                   (retained)
//	<Prefix>/<Encoding>/connection/<PublisherId>                               (retained)
//	<Prefix>/<Encoding>/application/<PublisherId>                              (retained)
//	<Prefix>/<Encoding>/endpoints/<PublisherId>                                (retained)
//
// The zero Tree has the prefix "opcua" and the encoding "uadp". Every method
// checks the levels it puts in and returns an error wrapping ErrTopic for a
// name that is empty, holds '/', '+', '#' or NUL, or is not UTF-8.
type Tree struct {
	// Prefix is the first part of every topic: one or several levels
	// ("opcua", "plant1/opcua"); "" means DefaultPrefix. It must not
	// hold '+', '#', NUL, an empty level or start with '$' (the broker's
	// own topics).
	Prefix string
	// Encoding is "json" or "uadp"; "" means UADP.
	Encoding Encoding
}

// Data returns the data topic of a WriterGroup, or of one DataSetWriter
// in it when writer is not "" (§7.3.5.7.3).
func (t Tree) Data(publisher pubsub.PublisherID, group, writer string) (string, error) {
	if writer == "" {
		return t.topic("data", publisher.Text(), group)
	}
	return t.topic("data", publisher.Text(), group, writer)
}

// MetaData returns the metadata topic of a DataSetWriter (§7.3.5.7.4); its
// messages are retained.
func (t Tree) MetaData(publisher pubsub.PublisherID, group, writer string) (string, error) {
	return t.topic("metadata", publisher.Text(), group, writer)
}

// Status returns the status topic of a Publisher (§7.3.5.7.7); its messages,
// and the Will message registered on it, are retained.
func (t Tree) Status(publisher pubsub.PublisherID) (string, error) {
	return t.topic("status", publisher.Text())
}

// Connection returns the connection topic of a Publisher (§7.3.5.7.8,
// retained).
func (t Tree) Connection(publisher pubsub.PublisherID) (string, error) {
	return t.topic("connection", publisher.Text())
}

// Application returns the application topic of a Publisher (§7.3.5.7.5,
// retained).
func (t Tree) Application(publisher pubsub.PublisherID) (string, error) {
	return t.topic("application", publisher.Text())
}

// Endpoints returns the endpoints topic of a Publisher (§7.3.5.7.6,
// retained).
func (t Tree) Endpoints(publisher pubsub.PublisherID) (string, error) {
	return t.topic("endpoints", publisher.Text())
}

// Filter returns a topic filter of one kind of message ("data", "metadata",
// "status", ...) under the tree: the levels given, then '#' for the rest.
// Filter("data") subscribes to every data topic of the tree's encoding;
// Filter("data", "42") to those of PublisherId 42. The levels are checked
// as names are.
func (t Tree) Filter(kind string, levels ...string) (string, error) {
	all := append([]string{kind}, levels...)
	topic, err := t.topic(all...)
	if err != nil {
		return "", err
	}
	return topic + "/#", nil
}

// Retained reports whether the messages of a topic of this tree are
// published retained, as Table 178 says: everything but data.
func (t Tree) Retained(kind string) bool { return kind != "data" }

func (t Tree) topic(levels ...string) (string, error) {
	prefix := t.Prefix
	if prefix == "" {
		prefix = DefaultPrefix
	}
	if err := checkPrefix(prefix); err != nil {
		return "", err
	}
	enc := t.Encoding
	if enc == "" {
		enc = UADP
	}
	if enc != JSON && enc != UADP {
		return "", fmt.Errorf("%w: encoding %q is neither json nor uadp", ErrTopic, enc)
	}
	var sb strings.Builder
	sb.WriteString(prefix)
	sb.WriteByte('/')
	sb.WriteString(string(enc))
	for i, l := range levels {
		if err := CheckLevel(l); err != nil {
			return "", fmt.Errorf("%w (level %d of %s/%s/%s)", err, i+3, prefix, enc, strings.Join(levels[:i], "/"))
		}
		sb.WriteByte('/')
		sb.WriteString(l)
	}
	if sb.Len() > maxTopicLen {
		return "", fmt.Errorf("%w: %d bytes, MQTT allows %d", ErrTopic, sb.Len(), maxTopicLen)
	}
	return sb.String(), nil
}

// CheckLevel returns an error wrapping ErrTopic if name cannot be one topic
// level: empty, longer than MQTT allows, not UTF-8, or holding the level
// separator '/', a wildcard ('+', '#') or NUL.
func CheckLevel(name string) error {
	if err := pubsub.CheckTopicLevel(name); err != nil {
		return fmt.Errorf("%w: %w", ErrTopic, err)
	}
	return checkString("topic level", name, "")
}

// checkString checks what topic names, levels and filters share: not
// empty, at most 65,535 bytes, UTF-8, none of the bytes in refused.
func checkString(what, s, refused string) error {
	switch {
	case s == "":
		return fmt.Errorf("%w: empty %s", ErrTopic, what)
	case len(s) > maxTopicLen:
		return fmt.Errorf("%w: %s of %d bytes", ErrTopic, what, len(s))
	case !utf8.ValidString(s):
		return fmt.Errorf("%w: %s %q is not UTF-8", ErrTopic, what, s)
	}
	if i := strings.IndexAny(s, refused); i >= 0 {
		return fmt.Errorf("%w: %s %q holds %q at byte %d", ErrTopic, what, s, s[i], i)
	}
	return nil
}

func checkPrefix(p string) error {
	if strings.HasPrefix(p, "$") {
		return fmt.Errorf("%w: prefix %q starts with '$' (the broker's topics)", ErrTopic, p)
	}
	for l := range strings.SplitSeq(p, "/") {
		if err := CheckLevel(l); err != nil {
			return fmt.Errorf("%w (in prefix %q)", err, p)
		}
	}
	return nil
}

// CheckTopic returns an error wrapping ErrTopic if name cannot be the topic of
// a PUBLISH: empty, longer than 65,535 bytes, not UTF-8, or holding a
// wildcard or NUL (MQTT 3.1.1 §4.7).
func CheckTopic(name string) error { return checkString("topic", name, "+#\x00") }

// CheckFilter returns an error wrapping ErrTopic if filter is not a valid
// topic filter: '+' must fill a whole level, '#' must be the whole last level
// (MQTT 3.1.1 §4.7.1).
func CheckFilter(filter string) error {
	if err := checkString("topic filter", filter, "\x00"); err != nil {
		return err
	}
	levels := strings.Split(filter, "/")
	for i, l := range levels {
		if strings.ContainsAny(l, "+#") && l != "+" && l != "#" {
			return fmt.Errorf("%w: topic filter %q: a wildcard must fill level %d", ErrTopic, filter, i+1)
		}
		if l == "#" && i != len(levels)-1 {
			return fmt.Errorf("%w: topic filter %q: '#' must be the last level", ErrTopic, filter)
		}
	}
	return nil
}

// Match reports whether topic matches filter, as a broker matches them (MQTT
// 3.1.1 §4.7): '+' matches one level, '#' the parent level and every level
// under it; a filter starting with a wildcard does not match a topic starting
// with '$'.
func Match(filter, topic string) bool {
	if strings.HasPrefix(topic, "$") && (strings.HasPrefix(filter, "+") || strings.HasPrefix(filter, "#")) {
		return false
	}
	for {
		f, frest, fmore := strings.Cut(filter, "/")
		if f == "#" {
			return true
		}
		t, trest, tmore := strings.Cut(topic, "/")
		if f != "+" && f != t {
			return false
		}
		if !fmore || !tmore {
			// "a/#" matches "a": the filter's next level is the last, '#'
			return fmore == tmore || (fmore && frest == "#")
		}
		filter, topic = frest, trest
	}
}
