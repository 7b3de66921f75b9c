package uabin

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

// A body whose type id has a namespace index that Options.NamespaceURIs
// does not hold, while the registry has a type registered by URI with the
// same identifier, is an error: it may be that type, which cannot be told,
// and keeping it raw would look like an unknown type.
func TestUnmappedNamespaceIndex(t *testing.T) {
	// An ExtensionObject of Prims, registered by URI as urn:test;i=5001,
	// sent with namespace index 1 (the wire of the registered-by-uri case).
	eoWire := hx("01 01 89 13 01 2f 00 00 00", hex.EncodeToString(zeroPrimsWire))
	uris := []string{"http://opcfoundation.org/UA/", "urn:test"}

	t.Run("body/no-table", func(t *testing.T) {
		var eo types.ExtensionObject
		err := Options{Types: testRegistry}.Unmarshal(eoWire, &eo)
		if !errors.Is(err, ErrUnknownType) {
			t.Fatalf("err = %v, want ErrUnknownType", err)
		}
		var de *DecodeError
		if !errors.As(err, &de) || de.Offset != 9 {
			t.Fatalf("err = %#v, want a *DecodeError at offset 9 (the body)", err)
		}
		want := `uabin: decoding ExtensionObject at offset 9: unknown type: ExtensionObject body type id ns=1;i=5001: namespace index 1 is not in Options.NamespaceURIs (0 entries), and uabin.Prims is registered by namespace URI "urn:test" with this identifier; set Options.NamespaceURIs to the session's namespace table`
		if err.Error() != want {
			t.Fatalf("err =\n%v\nwant\n%v", err, want)
		}
	})
	t.Run("body/short-table", func(t *testing.T) {
		var eo types.ExtensionObject
		err := Options{Types: testRegistry, NamespaceURIs: uris[:1]}.Unmarshal(eoWire, &eo)
		if !errors.Is(err, ErrUnknownType) || !strings.Contains(err.Error(), "(1 entries)") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("body/in-a-variant", func(t *testing.T) {
		var v types.Variant
		err := Options{Types: testRegistry}.Unmarshal(append([]byte{0x16}, eoWire...), &v)
		if !errors.Is(err, ErrUnknownType) {
			t.Fatalf("err = %v, want ErrUnknownType", err)
		}
	})
	t.Run("body/with-table", func(t *testing.T) {
		var eo types.ExtensionObject
		if err := (Options{Types: testRegistry, NamespaceURIs: uris}).Unmarshal(eoWire, &eo); err != nil {
			t.Fatal(err)
		}
		if _, ok := eo.Value.(*Prims); !ok {
			t.Fatalf("Value = %T, want *Prims", eo.Value)
		}
	})
	t.Run("body/mapped-elsewhere-kept-raw", func(t *testing.T) {
		// Index 1 maps to another URI: the type is not registered, the
		// body is kept as it came.
		var eo types.ExtensionObject
		if err := (Options{Types: testRegistry, NamespaceURIs: []string{uris[0], "urn:other"}}).Unmarshal(eoWire, &eo); err != nil {
			t.Fatal(err)
		}
		if eo.Value != nil || len(eo.Body) != len(zeroPrimsWire) {
			t.Fatalf("eo = %+v, want the body kept raw", eo)
		}
	})
	t.Run("body/other-identifier-kept-raw", func(t *testing.T) {
		// No type registered by URI has identifier 5002: unknown, raw.
		b := append([]byte(nil), eoWire...)
		b[3] = 0x8a
		var eo types.ExtensionObject
		if err := (Options{Types: testRegistry}).Unmarshal(b, &eo); err != nil {
			t.Fatal(err)
		}
		if eo.Value != nil || len(eo.Body) != len(zeroPrimsWire) {
			t.Fatalf("eo = %+v, want the body kept raw", eo)
		}
	})
	t.Run("message/no-table", func(t *testing.T) {
		msg := append(hx("01 01 89 13"), zeroPrimsWire...)
		var v any
		err := Options{Types: testRegistry}.UnmarshalMessage(msg, &v)
		if !errors.Is(err, ErrUnknownType) || !strings.Contains(err.Error(), "message type id ns=1;i=5001: namespace index 1 is not in Options.NamespaceURIs") {
			t.Fatalf("err = %v", err)
		}
		var de *DecodeError
		if !errors.As(err, &de) || de.Offset != 0 {
			t.Fatalf("err = %#v, want offset 0", err)
		}
		if err := (Options{Types: testRegistry, NamespaceURIs: uris}).UnmarshalMessage(msg, &v); err != nil {
			t.Fatal(err)
		}
	})
}

// Unmarshal given the bytes of a service message says so.
func TestUnmarshalMessageBytesHint(t *testing.T) {
	req := types.ReadRequest{
		RequestHeader: types.RequestHeader{RequestHandle: 7, TimeoutHint: 1000, AuditEntryID: "audit"},
		NodesToRead:   []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2258), AttributeID: 13}},
	}
	msg, err := MarshalMessage(&req)
	if err != nil {
		t.Fatal(err)
	}
	var got types.ReadRequest
	err = Unmarshal(msg, &got)
	if err == nil {
		t.Fatal("Unmarshal of message bytes succeeded")
	}
	const hint = "(the input starts with i=631, the type id of types.ReadRequest: if it is a service message, decode it with UnmarshalMessage)"
	if !strings.HasSuffix(err.Error(), hint) {
		t.Fatalf("err = %v\nwant it to end with %s", err, hint)
	}
	if !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrLimitExceeded) {
		t.Fatalf("err = %v wraps no sentinel of the bad value", err)
	}
	// The same error through the plans and through a Codec.
	if err2 := (Options{DisableFastPaths: true}).Unmarshal(msg, &got); err2 == nil || err2.Error() != err.Error() {
		t.Fatalf("plans: %v\nwant %v", err2, err)
	}
	k, kerr := NewCodec[types.ReadRequest](Options{})
	if kerr != nil {
		t.Fatal(kerr)
	}
	if err2 := k.Unmarshal(msg, &got); err2 == nil || err2.Error() != err.Error() {
		t.Fatalf("Codec: %v\nwant %v", err2, err)
	}
	if err := UnmarshalMessage(msg, &got); err != nil {
		t.Fatal(err)
	}
	// A built-in gets no hint, whatever its bytes.
	var lt types.LocalizedText
	if err := Unmarshal([]byte{0x00, 0x7a, 0x30}, &lt); err == nil || strings.Contains(err.Error(), "UnmarshalMessage") {
		t.Fatalf("LocalizedText: %v, want bytes left over without a hint", err)
	}

	// The body alone decodes; a body that fails for itself gets no hint
	// unless it starts like a type id.
	body, _ := Marshal(&req)
	bad := append(append([]byte(nil), body...), 0)
	if err := Unmarshal(bad, &got); err == nil || strings.Contains(err.Error(), "UnmarshalMessage") {
		t.Fatalf("err = %v, want bytes left over without a hint", err)
	}
	// A value that is not a structure gets no hint.
	var id types.NodeID
	if err := Unmarshal(msg, &id); err == nil || strings.Contains(err.Error(), "UnmarshalMessage") {
		t.Fatalf("err = %v, want bytes left over without a hint", err)
	}
}
