// Command extensionobject shows the two lives of an OPC UA ExtensionObject
// (Part 6 §5.2.2.15) inside a Variant inside a DataValue:
//
//   - a vendor structure whose encoding id is registered by namespace URI
//     (uabin.RegisterType with "nsu=...;i=..."): the URI is resolved through
//     the session's namespace table (Options.NamespaceURIs) on every call,
//     so the same registration works whatever index a server gives the URI;
//     the body is decoded into the Go struct;
//
//   - a structure nobody registered: its body is kept raw (TypeID, Encoding,
//     Body) and re-encoded unchanged, byte for byte. (A body whose namespace
//     index is not in the table while a type is registered by URI with the
//     same identifier is an error instead: it may be that type.)
//
//     go run ./examples/extensionobject
package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// PumpSettings is a vendor structure. Its binary encoding node is
// nsu=http://example.com/pumps/;i=5001 (the PumpSettings_Encoding_DefaultBinary
// node of the vendor's information model).
type PumpSettings struct {
	MaxSpeed  float64 // Double
	Direction int32   // Int32 (an enumeration on the vendor side)
	Label     types.LocalizedText
	Sensors   []string // array of String
}

// pumpsURI is the vendor's namespace URI.
const pumpsURI = "http://example.com/pumps/"

// pumpSettingsEncoding is the encoding id, by namespace URI.
var pumpSettingsEncoding = types.MustParseExpandedNodeID("nsu=" + pumpsURI + ";i=5001")

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "extensionobject:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	// A registry of our own: NewRegistry holds every standard type, and
	// we add the vendor type to it. (RegisterType with a nil registry
	// would add it to uabin.DefaultRegistry, used by the package functions.)
	reg := uabin.NewRegistry()
	if err := uabin.RegisterType[PumpSettings](reg, pumpSettingsEncoding); err != nil {
		return err
	}
	fmt.Fprintf(w, "uabin.RegisterType[PumpSettings](reg, %q)\n\n", pumpSettingsEncoding)

	if err := registered(w, reg); err != nil {
		return err
	}
	return unknown(w, reg)
}

// registered encodes a DataValue holding a PumpSettings, decodes it with two
// different namespace tables, and once without the vendor's namespace.
func registered(w io.Writer, reg *uabin.Registry) error {
	settings := &PumpSettings{
		MaxSpeed:  2900,
		Direction: 1,
		Label:     types.NewLocalizedText("en", "Pump 1"),
		Sensors:   []string{"PT-1", "TT-1"},
	}
	dv := types.DataValue{
		Value:  types.VariantFromExtensionObject(types.NewExtensionObject(settings)),
		Status: types.StatusGood,
	}

	// The server's namespace table puts the vendor namespace at index 2.
	server := uabin.Options{Types: reg, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:example:server", pumpsURI}}
	b, err := server.Marshal(&dv)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "== A DataValue holding a Variant holding an ExtensionObject with a PumpSettings body\n")
	fmt.Fprintf(w, "encoded with NamespaceURIs[2] = %q: %d bytes\n", pumpsURI, len(b))
	body, err := uabin.Marshal(settings)
	if err != nil {
		return err
	}
	layout := []struct {
		n       int
		meaning string
	}{
		{1, "DataValue mask 0x01: Value"},
		{1, "Variant type 0x16: ExtensionObject"},
		{4, "TypeId ns=2;i=5001 (FourByte NodeId: 01, ns, id)"},
		{1, "Encoding 0x01: binary body"},
		{4, fmt.Sprintf("body length %d", len(body))},
		{8, "  MaxSpeed Double 2900"},
		{4, "  Direction Int32 1"},
		{1 + 4 + 2 + 4 + 6, "  Label LocalizedText {en, Pump 1}: mask 03, Locale, Text"},
		{4 + 8 + 8, "  Sensors String array: length 2, \"PT-1\", \"TT-1\""},
	}
	if err := printLayout(w, b, func(yield func(int, string) bool) {
		for _, l := range layout {
			if !yield(l.n, l.meaning) {
				return
			}
		}
	}); err != nil {
		return err
	}

	var got types.DataValue
	if err := server.Unmarshal(b, &got); err != nil {
		return err
	}
	eo, _ := got.Value.ExtensionObject()
	decoded, ok := eo.Value.(*PumpSettings)
	if !ok {
		return fmt.Errorf("the body was not decoded into a *PumpSettings: %v", eo)
	}
	fmt.Fprintf(w, "decoded: TypeID=%v Encoding=%v Value=%T %+v\n", eo.TypeID, eo.Encoding, eo.Value, *decoded)
	fmt.Fprintf(w, "decoded PumpSettings equals the original: %v\n", reflect.DeepEqual(decoded, settings))
	again, err := server.Marshal(&got)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "re-encoded bytes equal the original bytes: %v\n", bytes.Equal(again, b))
	if !reflect.DeepEqual(decoded, settings) || !bytes.Equal(again, b) {
		return errors.New("the registered ExtensionObject did not survive the round trip")
	}

	// Another server has the vendor namespace at index 5: the same
	// registration encodes ns=5 and decodes it.
	other := uabin.Options{Types: reg, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "a", "b", "c", "d", pumpsURI}}
	b5, err := other.Marshal(&dv)
	if err != nil {
		return err
	}
	var got5 types.DataValue
	if err := other.Unmarshal(b5, &got5); err != nil {
		return err
	}
	eo5, _ := got5.Value.ExtensionObject()
	_, ok5 := eo5.Value.(*PumpSettings)
	fmt.Fprintf(w, "\nwith NamespaceURIs[5] = %q the TypeId is written % x (%v) and decodes to *PumpSettings: %v\n",
		pumpsURI, b5[2:6], eo5.TypeID, ok5)
	if !ok5 || eo5.TypeID != types.NewNumericNodeID(5, 5001) {
		return errors.New("the URI registration did not follow the namespace table")
	}

	// Without a namespace table, ns=2;i=5001 may be PumpSettings or not:
	// that cannot be told, so decoding fails and says what to set.
	plain := uabin.Options{Types: reg}
	var dv2 types.DataValue
	err = plain.Unmarshal(b, &dv2)
	if !errors.Is(err, uabin.ErrUnknownType) {
		return fmt.Errorf("decoding without a namespace table: got %v, want ErrUnknownType", err)
	}
	fmt.Fprintf(w, "\ndecoding it without a namespace table fails: %v\n", err)

	// With a table in which index 2 is another namespace, ns=2;i=5001 is
	// an unknown id: the body is kept raw, and is written back unchanged.
	elsewhere := uabin.Options{Types: reg, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:example:server", "urn:example:other"}}
	var raw types.DataValue
	if err := elsewhere.Unmarshal(b, &raw); err != nil {
		return err
	}
	eoRaw, _ := raw.Value.ExtensionObject()
	rawAgain, err := elsewhere.Marshal(&raw)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "with index 2 another namespace the body stays raw: TypeID=%v Value=%v Body=%d bytes; re-encoded equal: %v\n\n",
		eoRaw.TypeID, eoRaw.Value, len(eoRaw.Body), bytes.Equal(rawAgain, b))
	if eoRaw.Value != nil || !bytes.Equal(rawAgain, b) {
		return errors.New("an ExtensionObject of another namespace was not kept raw")
	}

	// Encoding a value whose URI is not in the table is an error.
	_, err = plain.Marshal(&dv)
	if !errors.Is(err, uabin.ErrUnknownType) {
		return fmt.Errorf("encoding without the namespace: got %v, want ErrUnknownType", err)
	}
	fmt.Fprintf(w, "encoding it without the namespace in the table fails: %v\n\n", err)
	return nil
}

// unknown decodes a DataValue holding an unregistered ExtensionObject and
// writes it back.
func unknown(w io.Writer, reg *uabin.Registry) error {
	in := mustHex(
		"07",                                     // DataValue mask: Value, Status, SourceTimestamp
		"16",                                     // Variant type: ExtensionObject
		"03 03 00 06 00 00 00 52 65 63 69 70 65", // TypeId ns=3;s=Recipe
		"01 0b 00 00 00",                         // binary body of 11 bytes
		"01 02 03 04 05 06 07 08 09 0a 0b",       // the body: unknown to us
		"00 00 00 40",                            // Status Uncertain (0x40000000)
		"07 97 5b 58 28 3d da 01",                // SourceTimestamp
	)
	fmt.Fprintln(w, "== A DataValue holding an ExtensionObject of an unregistered type (ns=3;s=Recipe)")
	opts := uabin.Options{Types: reg, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:example:server", pumpsURI, "urn:example:recipes"}}
	var dv types.DataValue
	if err := opts.Unmarshal(in, &dv); err != nil {
		return err
	}
	eo, _ := dv.Value.ExtensionObject()
	fmt.Fprintf(w, "decoded: TypeID=%v Encoding=%v Value=%v Body=% x\n", eo.TypeID, eo.Encoding, eo.Value, eo.Body)
	fmt.Fprintf(w, "         Status=%s SourceTimestamp=%v\n", dv.Status.Name(), dv.SourceTimestamp)
	out, err := opts.Marshal(&dv)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "in:  % x\n", in)
	fmt.Fprintf(w, "out: % x\n", out)
	fmt.Fprintf(w, "bytes.Equal(in, out): %v\n", bytes.Equal(in, out))
	if !bytes.Equal(in, out) || eo.Value != nil {
		return errors.New("the unknown ExtensionObject was not kept raw and re-encoded unchanged")
	}
	return nil
}

// printLayout prints b cut into the pieces next yields (length, meaning),
// and checks that they cover b exactly.
func printLayout(w io.Writer, b []byte, next func(yield func(int, string) bool)) error {
	off := 0
	var err error
	next(func(n int, meaning string) bool {
		if off+n > len(b) {
			err = fmt.Errorf("layout runs past the %d bytes at %q", len(b), meaning)
			return false
		}
		for i := 0; i < n; i += 16 {
			row := fmt.Sprintf("% x", b[off+i:off+min(i+16, n)])
			if i == 0 {
				fmt.Fprintf(w, "  %02d  %-47s %s\n", off, row, meaning)
			} else {
				fmt.Fprintf(w, "      %s\n", row)
			}
		}
		off += n
		return true
	})
	if err == nil && off != len(b) {
		err = fmt.Errorf("layout covers %d of %d bytes", off, len(b))
	}
	return err
}

func mustHex(parts ...string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(strings.Join(parts, ""), " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}
