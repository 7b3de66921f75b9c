// Command inspect prints OPC UA binary decoded: a UA TCP / Secure
// Conversation stream (HEL, ACK, ERR, RHE, OPN, MSG, CLO, with
// SecurityPolicy None), such as the bytes of one direction or both
// directions of a connection saved from a capture, or bare service messages
// (an encoding NodeId followed by the structure, as uabin.MarshalMessage
// writes them).
//
// Usage:
//
//	inspect [-json] [-hex] [-all] [FILE]    print every message in FILE (or stdin)
//	inspect -gen DIR                        write the sample inputs to DIR
//
// With -hex the input is text: hex digits, with any spaces, line breaks,
// colons and 0x prefixes (a "hex stream" or "hex dump" copied from a
// capture tool, without offsets).
//
// Raw hex dumps show their first 256 bytes and ByteStrings in text their
// first 32, each with its length; -all shows every byte (in JSON, where
// ByteStrings are always whole, it lifts the cap of "raw", whose length is
// in "rawSize").
//
// With -json every decoded service message's "body" is its OPC UA JSON
// (package uajson, the Compact form of Part 6 §5.4): field names as in the
// specification (NodeId, AttributeId), NodeIds as "ns=2;s=...",
// ByteStrings in base64. A body with no OPC UA JSON form (a String that is
// not UTF-8) is printed as a tree, with the reason in "jsonError".
//
// The exit status is 0 when every message decoded, 1 when something could
// not be decoded (an unknown type, a body that fails, an encrypted or
// unparsed chunk, a message cut short: all of it is printed first, then a
// summary on standard error) or the input could not be read, and 2 for a
// usage error.
//
// Multi-chunk MSG messages are reassembled per channel and request id;
// abort chunks are shown with their status and reason. Every service
// message is decoded with the standard types of uabin; a message whose type
// is not known, a body that does not decode, an encrypted chunk and bytes
// that are not a chunk at all are shown raw with the error and its input
// offset. inspect does not check signatures or sequence numbers: it is a
// viewer, not a receiver (package chunk's Receiver is the checking one).
//
//	go run ./examples/inspect examples/inspect/testdata/stream.bin
//	go run ./examples/inspect -json examples/inspect/testdata/readrequest.bin
package main

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

func main() {
	jsonOut := flag.Bool("json", false, "print JSON instead of text")
	hexIn := flag.Bool("hex", false, "the input is hex text, not binary")
	all := flag.Bool("all", false, "show raw hex dumps and ByteStrings in full, not their first bytes")
	gen := flag.String("gen", "", "write the sample inputs (stream.bin, readrequest.bin) to this directory and exit")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: inspect [-json] [-hex] [-all] [FILE]\n       inspect -gen DIR\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *gen != "" {
		if err := writeSamples(*gen); err != nil {
			fmt.Fprintln(os.Stderr, "inspect:", err)
			os.Exit(1)
		}
		return
	}
	var in []byte
	var err error
	switch flag.NArg() {
	case 0:
		in, err = io.ReadAll(os.Stdin)
	case 1:
		in, err = os.ReadFile(flag.Arg(0))
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err == nil && *hexIn {
		in, err = parseHex(in)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "inspect:", err)
		os.Exit(1)
	}
	if err := run(os.Stdout, in, settings{json: *jsonOut, all: *all}); err != nil {
		fmt.Fprintln(os.Stderr, "inspect:", err)
		os.Exit(1)
	}
}

// settings are the output options.
type settings struct {
	json bool // JSON instead of text
	all  bool // raw dumps and ByteStrings in full
}

// undecodedError reports the messages that could not be decoded, after
// everything was printed.
type undecodedError struct {
	numbers []int // of the messages, from 1
	total   int
}

func (e *undecodedError) Error() string {
	list := make([]string, len(e.numbers))
	for i, n := range e.numbers {
		list[i] = fmt.Sprintf("#%d", n)
	}
	return fmt.Sprintf("%d of %s could not be decoded (%s)", len(e.numbers), plural(e.total, "message"), strings.Join(list, ", "))
}

// plural is "1 byte", "2 bytes", "0 bytes".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// run prints every message of in; it returns an *undecodedError if some
// could not be decoded.
func run(w io.Writer, in []byte, s settings) error {
	msgs := inspect(in, uabin.Options{})
	if s.json {
		if err := writeJSON(w, msgs, s.all); err != nil {
			return err
		}
	} else {
		form := "bare service messages"
		if isStream(in) {
			form = "a UA TCP / Secure Conversation stream"
		}
		fmt.Fprintf(w, "%s, read as %s: %s\n", plural(len(in), "byte"), form, plural(len(msgs), "message"))
		for i, m := range msgs {
			writeMessage(w, i+1, m, s.all)
		}
	}
	var bad []int
	for i, m := range msgs {
		if m.Error != "" {
			bad = append(bad, i+1)
		}
	}
	if bad != nil {
		return &undecodedError{numbers: bad, total: len(msgs)}
	}
	return nil
}

// writeMessage prints one message as text.
func writeMessage(w io.Writer, n int, m *message, all bool) {
	fmt.Fprintf(w, "\n#%d %s at offset %d, %s", n, m.Kind, m.Offset, plural(m.Size, "byte"))
	if len(m.Chunks) > 1 {
		fmt.Fprintf(w, " in %d chunks at %v", len(m.Chunks), m.Chunks)
	}
	fmt.Fprintln(w)
	if m.Header != nil {
		fmt.Fprint(w, "  ")
		for i, k := range m.Header.keys {
			if i > 0 {
				fmt.Fprint(w, " ")
			}
			fmt.Fprintf(w, "%s=%s", k, scalarText(m.Header.vals[i], all))
		}
		fmt.Fprintln(w)
	}
	if o, ok := m.Fields.(*object); ok {
		for i, k := range o.keys {
			writeText(w, "  ", k, o.vals[i], all)
		}
	}
	if m.Service != "" {
		writeText(w, "  ", fmt.Sprintf("%s (%s)", m.Service, m.TypeID), m.Body, all)
	}
	if m.Error != "" {
		fmt.Fprintf(w, "  error: %s\n", m.Error)
	}
	if m.Raw != nil {
		writeRaw(w, m.Raw, all)
	}
}

// rawBytes is how many raw bytes a dump shows without -all.
const rawBytes = 256

// writeRaw prints a hex dump, offsets relative to the first byte shown.
func writeRaw(w io.Writer, b []byte, all bool) {
	fmt.Fprintf(w, "  raw (%s):\n", plural(len(b), "byte"))
	for i := 0; i < len(b) && (all || i < rawBytes); i += 16 {
		fmt.Fprintf(w, "    %04x  % x\n", i, b[i:min(i+16, len(b))])
	}
	if !all && len(b) > rawBytes {
		more := plural(len(b)-rawBytes, "byte")
		n, noun, _ := strings.Cut(more, " ")
		fmt.Fprintf(w, "    ... %s more %s (-all shows them)\n", n, noun)
	}
}

// writeJSON prints the messages as a JSON array.
func writeJSON(w io.Writer, msgs []*message, all bool) error {
	arr := make([]*object, len(msgs))
	for i, m := range msgs {
		o := (&object{}).add("offset", m.Offset).add("kind", m.Kind).add("size", m.Size)
		if m.Chunks != nil {
			o.add("chunks", m.Chunks)
		}
		if m.Header != nil {
			o.add("header", m.Header)
		}
		if m.Fields != nil {
			o.add("fields", m.Fields)
		}
		if m.TypeID != "" {
			o.add("typeId", m.TypeID)
		}
		if m.Service != "" {
			// The body in OPC UA JSON (Part 6 §5.4, Compact form); a value
			// with no JSON form (a String that is not UTF-8) as the tree
			// of the text output, with the reason.
			o.add("service", m.Service)
			if body, err := uajson.Marshal(m.Value); err == nil {
				o.add("body", json.RawMessage(body))
			} else {
				o.add("body", m.Body).add("jsonError", err.Error())
			}
		}
		if m.Error != "" {
			o.add("error", m.Error)
		}
		if m.Raw != nil {
			raw := m.Raw
			if !all && len(raw) > rawBytes {
				raw = raw[:rawBytes]
			}
			o.add("raw", byteString(raw)).add("rawSize", len(m.Raw))
		}
		arr[i] = o
	}
	b, err := json.MarshalIndent(arr, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// parseHex decodes hex text: pairs of hex digits, separated or not by
// spaces, line breaks or colons, each group optionally prefixed by 0x.
func parseHex(text []byte) ([]byte, error) {
	var digits strings.Builder
	for _, f := range strings.Fields(strings.ReplaceAll(string(text), ":", " ")) {
		digits.WriteString(strings.TrimPrefix(strings.TrimPrefix(f, "0x"), "0X"))
	}
	b, err := hex.DecodeString(digits.String())
	if err != nil {
		return nil, fmt.Errorf("-hex: %w", err)
	}
	return b, nil
}
