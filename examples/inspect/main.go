// Command inspect prints OPC UA binary decoded: a UA TCP / Secure
// Conversation stream (HEL, ACK, ERR, RHE, OPN, MSG, CLO, with
// SecurityPolicy None), such as the bytes of one direction or both
// directions of a connection saved from a capture, or bare service messages
// (an encoding NodeId followed by the structure, as uabin.MarshalMessage
// writes them).
//
// Usage:
//
//	inspect [-json] [-hex] [FILE]    print every message in FILE (or stdin)
//	inspect -gen DIR                 write the sample inputs to DIR
//
// With -hex the input is text: hex digits, with any spaces, line breaks,
// colons and 0x prefixes (a "hex stream" or "hex dump" copied from a
// capture tool, without offsets).
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
)

func main() {
	jsonOut := flag.Bool("json", false, "print JSON instead of text")
	hexIn := flag.Bool("hex", false, "the input is hex text, not binary")
	gen := flag.String("gen", "", "write the sample inputs (stream.bin, readrequest.bin) to this directory and exit")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: inspect [-json] [-hex] [FILE]\n       inspect -gen DIR\n\n")
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
	if err := run(os.Stdout, in, *jsonOut); err != nil {
		fmt.Fprintln(os.Stderr, "inspect:", err)
		os.Exit(1)
	}
}

// run prints every message of in.
func run(w io.Writer, in []byte, asJSON bool) error {
	msgs := inspect(in, uabin.Options{})
	if asJSON {
		return writeJSON(w, msgs)
	}
	form := "bare service messages"
	if isStream(in) {
		form = "a UA TCP / Secure Conversation stream"
	}
	fmt.Fprintf(w, "%d bytes, read as %s: %d messages\n", len(in), form, len(msgs))
	for i, m := range msgs {
		writeMessage(w, i+1, m)
	}
	return nil
}

// writeMessage prints one message as text.
func writeMessage(w io.Writer, n int, m *message) {
	fmt.Fprintf(w, "\n#%d %s at offset %d, %d bytes", n, m.Kind, m.Offset, m.Size)
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
			fmt.Fprintf(w, "%s=%s", k, scalarText(m.Header.vals[i]))
		}
		fmt.Fprintln(w)
	}
	if o, ok := m.Fields.(*object); ok {
		for i, k := range o.keys {
			writeText(w, "  ", k, o.vals[i])
		}
	}
	if m.Service != "" {
		writeText(w, "  ", fmt.Sprintf("%s (%s)", m.Service, m.TypeID), m.Body)
	}
	if m.Error != "" {
		fmt.Fprintf(w, "  error: %s\n", m.Error)
	}
	if m.Raw != nil {
		writeRaw(w, m.Raw)
	}
}

// rawBytes is how many raw bytes the text form shows.
const rawBytes = 256

// writeRaw prints a hex dump, offsets relative to the first byte shown.
func writeRaw(w io.Writer, b []byte) {
	fmt.Fprintf(w, "  raw (%d bytes):\n", len(b))
	for i := 0; i < len(b) && i < rawBytes; i += 16 {
		fmt.Fprintf(w, "    %04x  % x\n", i, b[i:min(i+16, len(b))])
	}
	if len(b) > rawBytes {
		fmt.Fprintf(w, "    ... %d more bytes\n", len(b)-rawBytes)
	}
}

// writeJSON prints the messages as a JSON array.
func writeJSON(w io.Writer, msgs []*message) error {
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
			o.add("service", m.Service).add("body", m.Body)
		}
		if m.Error != "" {
			o.add("error", m.Error)
		}
		if m.Raw != nil {
			o.add("raw", byteString(m.Raw))
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
