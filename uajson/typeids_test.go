package uajson_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/examples/companion/machineryresult"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

// The UaTypeId of a structure registered by the user (Part 6 §5.4.2.16:
// the NodeId of its DataType): with uabin.RegisterTypeIDs, its DataType
// id; with uabin.RegisterType, which gives no DataType id, its binary
// encoding id. Both decode; the binary bytes do not depend on it.

// gauge is registered with its DataType id, dial without.
type gauge struct {
	Name  string  `ua:"String"`
	Value float64 `ua:"Double"`
}

type dial struct {
	Position int32 `ua:"Int32"`
}

func typeIDsRegistry(t testing.TB) *uabin.Registry {
	t.Helper()
	r := uabin.NewRegistry()
	if err := uabin.RegisterTypeIDs[gauge](r, uabin.TypeIDs{
		DataType: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 3001)},
		Binary:   types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5001)},
		JSON:     types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5101)},
	}); err != nil {
		t.Fatal(err)
	}
	if err := uabin.RegisterType[dial](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5002)}); err != nil {
		t.Fatal(err)
	}
	if err := machineryresult.Register(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestUaTypeIdOfRegisteredTypes(t *testing.T) {
	r := typeIDsRegistry(t)
	const resultURI = "http://opcfoundation.org/UA/Machinery/Result/"
	start := types.DateTime(133000000000000000)
	for _, c := range []struct {
		name string
		o    uajson.Options
		v    any
		text string
		bin  string // the binary ExtensionObject: the same whatever the JSON ids
	}{
		{"DataType id", uajson.Options{Types: r}, &gauge{Name: "p", Value: 1.5},
			`{"UaTypeId":"ns=2;i=3001","Name":"p","Value":1.5}`,
			"0102" + "8913" + "01" + "0d000000" + "0100000070" + "000000000000f83f"},
		{"DataType id, Verbose", uajson.Options{Types: r, Encoding: uajson.Verbose}, &gauge{Name: "p", Value: 1.5},
			`{"UaTypeId":"ns=2;i=3001","Name":"p","Value":1.5}`,
			"0102" + "8913" + "01" + "0d000000" + "0100000070" + "000000000000f83f"},
		{"DataType id, Reversible", uajson.Options{Types: r, Encoding: uajson.Reversible}, &gauge{Name: "p", Value: 1.5},
			`{"TypeId":{"Id":3001,"Namespace":2},"Body":{"Name":"p","Value":1.5}}`,
			"0102" + "8913" + "01" + "0d000000" + "0100000070" + "000000000000f83f"},
		{"DataType id, namespace URI", uajson.Options{Types: r, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:x", "urn:gauges"}}, &gauge{Name: "p", Value: 1.5},
			`{"UaTypeId":"nsu=urn:gauges;i=3001","Name":"p","Value":1.5}`,
			"0102" + "8913" + "01" + "0d000000" + "0100000070" + "000000000000f83f"},
		{"no DataType id: the binary encoding id", uajson.Options{Types: r}, &dial{Position: 7},
			`{"UaTypeId":"ns=2;i=5002","Position":7}`,
			"0102" + "8a13" + "01" + "04000000" + "07000000"},
		{"companion type, namespace in the table", uajson.Options{Types: r, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:x", resultURI}},
			&machineryresult.ProcessingTimesDataType{StartTime: start},
			`{"UaTypeId":"nsu=http://opcfoundation.org/UA/Machinery/Result/;i=3006","EncodingMask":0,"StartTime":"2022-06-18T04:26:40Z"}`,
			"0102" + "8b13" + "01" + "14000000" + "00000000" + "0080209bcb82d801" + "0000000000000000"},
		{"companion type, namespace not in the table", uajson.Options{Types: r},
			&machineryresult.ProcessingTimesDataType{StartTime: start},
			`{"UaTypeId":"nsu=http://opcfoundation.org/UA/Machinery/Result/;i=3006","EncodingMask":0,"StartTime":"2022-06-18T04:26:40Z"}`,
			""},
	} {
		t.Run(c.name, func(t *testing.T) {
			eo := types.NewExtensionObject(c.v)
			text, err := c.o.Marshal(&eo)
			if err != nil {
				t.Fatal(err)
			}
			if string(text) != c.text {
				t.Fatalf("JSON\n got %s\nwant %s", text, c.text)
			}
			var back types.ExtensionObject
			if err := c.o.Unmarshal(text, &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.Value, c.v) {
				t.Fatalf("decoded %#v, want %#v", back.Value, c.v)
			}
			if c.bin == "" {
				return
			}
			bo := uabin.Options{Types: r, NamespaceURIs: c.o.NamespaceURIs}
			bin, err := bo.Marshal(&eo)
			if err != nil {
				t.Fatal(err)
			}
			if got := hex.EncodeToString(bin); got != c.bin {
				t.Fatalf("binary\n got %s\nwant %s", got, c.bin)
			}
			again, err := bo.Marshal(&back)
			if err != nil || hex.EncodeToString(again) != c.bin {
				t.Fatalf("binary of the decoded value: %x, %v; want %s", again, err, c.bin)
			}
		})
	}
}

// TestUaTypeIdEncodingIDDecodes: UaTypeId is read as uajson writes it.
// The DataType id names a structure; so does the binary encoding id of a
// type registered without a DataType id. The binary encoding id of a type
// that has one, and the JSON encoding id, name no structure body: the
// object is kept as a RawStructure (an ExtensionObject with that TypeID
// and no body when UaTypeId is its only member), so that it is written
// back as it came.
func TestUaTypeIdEncodingIDDecodes(t *testing.T) {
	r := typeIDsRegistry(t)
	o := uajson.Options{Types: r, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:x", "http://opcfoundation.org/UA/Machinery/Result/"}}
	for _, c := range []struct {
		text string
		want any
	}{
		{`{"UaTypeId":"ns=2;i=5001","Name":"p","Value":1.5}`, uajson.RawStructure{TypeID: types.NewNumericNodeID(2, 5001), Members: []byte(`"Name":"p","Value":1.5`)}},
		{`{"Name":"p","UaTypeId":"ns=2;i=3001","Value":1.5}`, &gauge{Name: "p", Value: 1.5}},
		{`{"UaTypeId":"ns=2;i=3006","EncodingMask":0,"StartTime":"2022-06-18T04:26:40Z"}`,
			&machineryresult.ProcessingTimesDataType{StartTime: 133000000000000000}},
		{`{"UaTypeId":"nsu=http://opcfoundation.org/UA/Machinery/Result/;i=3006","EncodingMask":0}`,
			&machineryresult.ProcessingTimesDataType{}},
	} {
		var eo types.ExtensionObject
		if err := o.Unmarshal([]byte(c.text), &eo); err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if !reflect.DeepEqual(eo.Value, c.want) {
			t.Errorf("%s: decoded %#v, want %#v", c.text, eo.Value, c.want)
		}
	}
	// The TypeID of the decoded ExtensionObject is the binary encoding id,
	// as binary decoding sets it.
	var eo types.ExtensionObject
	if err := o.Unmarshal([]byte(`{"UaTypeId":"ns=2;i=3001","Name":"p"}`), &eo); err != nil {
		t.Fatal(err)
	}
	if eo.TypeID != types.NewNumericNodeID(2, 5001) {
		t.Errorf("TypeID %v, want ns=2;i=5001", eo.TypeID)
	}
	var raw types.ExtensionObject
	if err := o.Unmarshal([]byte(`{"UaTypeId":"ns=2;i=5101","Name":"p"}`), &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw.Value.(uajson.RawStructure); !ok {
		t.Errorf("the JSON encoding id decoded to %T, want a RawStructure", raw.Value)
	}
}

func TestRegisterTypeIDsErrors(t *testing.T) {
	r := typeIDsRegistry(t)
	type other struct {
		X int32 `ua:"Int32"`
	}
	id := func(ns uint16, i uint32) types.ExpandedNodeID {
		return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(ns, i)}
	}
	for _, c := range []struct {
		name string
		ids  uabin.TypeIDs
		want error
	}{
		{"DataType id of gauge", uabin.TypeIDs{DataType: id(2, 3001), Binary: id(2, 5901)}, uabin.ErrDuplicateID},
		{"DataType id of a companion type", uabin.TypeIDs{DataType: machineryresult.ResultDataTypeDataTypeID,
			Binary: types.ExpandedNodeID{NamespaceURI: machineryresult.NamespaceURI, NodeID: types.NewNumericNodeID(0, 5901)}}, uabin.ErrDuplicateID},
		{"binary encoding id of dial", uabin.TypeIDs{DataType: id(2, 3901), Binary: id(2, 5002)}, uabin.ErrDuplicateID},
		{"no binary encoding id", uabin.TypeIDs{DataType: id(2, 3902)}, uabin.ErrInvalid},
		{"two namespace URIs", uabin.TypeIDs{DataType: types.ExpandedNodeID{NamespaceURI: "urn:a", NodeID: types.NewNumericNodeID(0, 3903)},
			Binary: types.ExpandedNodeID{NamespaceURI: "urn:b", NodeID: types.NewNumericNodeID(0, 5903)}}, uabin.ErrInvalid},
		{"a URI and an index", uabin.TypeIDs{DataType: id(3, 3904), Binary: types.ExpandedNodeID{NamespaceURI: "urn:b", NodeID: types.NewNumericNodeID(0, 5904)}}, uabin.ErrInvalid},
		{"server index", uabin.TypeIDs{DataType: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 3905), ServerIndex: 1}, Binary: id(2, 5905)}, uabin.ErrInvalid},
	} {
		err := uabin.RegisterTypeIDs[other](r, c.ids)
		if !errors.Is(err, c.want) || !errors.Is(err, uabin.ErrInvalid) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, ok := r.TypeIDs(reflect.TypeFor[other]()); ok {
		t.Error("a failed registration registered the type")
	}
	// A run-time structure cannot take a Go type's DataType id either.
	err := r.RegisterStructure(id(2, 5950), id(2, 3001), "Other", types.StructureDefinition{
		StructureType: types.StructureTypeStructure,
		Fields:        []types.StructureField{{Name: "X", DataType: types.NewNumericNodeID(0, 6), ValueRank: -1}},
	})
	if !errors.Is(err, uabin.ErrDuplicateID) {
		t.Errorf("RegisterStructure with the DataType id of gauge: %v, want ErrDuplicateID", err)
	}
}

func TestRegistryTypeIDs(t *testing.T) {
	r := typeIDsRegistry(t)
	for _, c := range []struct {
		t    reflect.Type
		want uabin.TypeIDs
	}{
		{reflect.TypeFor[gauge](), uabin.TypeIDs{
			DataType: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 3001)},
			Binary:   types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5001)},
			JSON:     types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5101)},
		}},
		{reflect.TypeFor[dial](), uabin.TypeIDs{Binary: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5002)}}},
		{reflect.TypeFor[machineryresult.ResultDataType](), uabin.TypeIDs{
			DataType: machineryresult.ResultDataTypeDataTypeID,
			Binary:   machineryresult.ResultDataTypeBinaryEncodingID,
			JSON:     machineryresult.ResultDataTypeJSONEncodingID,
		}},
		{reflect.TypeFor[types.ReadRequest](), uabin.TypeIDs{
			DataType: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 629)},
			Binary:   types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 631)},
			JSON:     types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 15257)},
		}},
	} {
		got, ok := r.TypeIDs(c.t)
		if !ok || got != c.want {
			t.Errorf("%v: %+v, %v; want %+v", c.t, got, ok, c.want)
		}
	}
}

// TestUaTypeIdStringNodeID: String NodeIds that look like the text of an
// unmapped URI are types no registry knows, not errors or panics.
func TestUaTypeIdStringNodeID(t *testing.T) {
	r := typeIDsRegistry(t)
	for _, text := range []string{
		`{"UaTypeId":"s=nsu=urn:x","A":1}`,
		`{"UaTypeId":"s=nsu=urn:x;i=1","A":1}`,
		`{"UaTypeId":"nsu=urn:gauges;x=1","A":1}`,
		`{"UaTypeId":"nsu=urn:gauges;i=3001","A":1}`,
		`{"UaTypeId":"nsu=http://opcfoundation.org/UA/Machinery/Result/;s=3006","A":1}`,
		`{"UaTypeId":"nsu=%zz;i=3006","A":1}`,
	} {
		var eo types.ExtensionObject
		err := uajson.Options{Types: r}.Unmarshal([]byte(text), &eo)
		if err != nil {
			if !errors.Is(err, uabin.ErrInvalid) {
				t.Errorf("%s: %v", text, err)
			}
			continue
		}
		if _, ok := eo.Value.(uajson.RawStructure); !ok {
			t.Errorf("%s: decoded %T, want a RawStructure", text, eo.Value)
		}
	}
}

// FuzzRegisteredTypes holds ExtensionObjects of Go types registered with
// and without DataType ids, by namespace index and by URI, to: no panic;
// and an accepted input, re-encoded (Compact, Verbose), gives a text that
// decodes to a value with the same text again once the text has been read
// once: an ExtensionObject with a TypeID and no body is written as
// {"UaTypeId":...}, which reads back as the structure that id names, with
// default fields, when one is registered (docs/json.md), and is stable
// from then on. The first byte picks the namespace table: with or without
// the companion URI.
func FuzzRegisteredTypes(f *testing.F) {
	r := typeIDsRegistry(f)
	tables := [][]string{
		{"http://opcfoundation.org/UA/", "urn:x", "http://opcfoundation.org/UA/Machinery/Result/"},
		{"http://opcfoundation.org/UA/", "urn:x", "urn:gauges"},
	}
	for _, s := range []string{
		`{"UaTypeId":"ns=2;i=3001","Name":"p","Value":1.5}`,
		`{"UaTypeId":"ns=2;i=5001","Name":"p","Value":1.5}`,
		`{"UaTypeId":"ns=2;i=5002","Position":7}`,
		`{"UaTypeId":"ns=2;i=3006","EncodingMask":0,"StartTime":"2022-06-18T04:26:40Z"}`,
		`{"UaTypeId":"nsu=http://opcfoundation.org/UA/Machinery/Result/;i=3008","ResultMetaData":{"UaTypeId":"nsu=http://opcfoundation.org/UA/Machinery/Result/;i=3007","EncodingMask":0}}`,
		`{"TypeId":{"Id":3001,"Namespace":2},"Body":{"Name":"p","Value":1.5}}`,
		`{"UaTypeId":"s=nsu=urn:x;i=1","A":1}`,
	} {
		f.Add(byte(0), []byte(s))
		f.Add(byte(1), []byte(s))
	}
	f.Fuzz(func(t *testing.T, table byte, data []byte) {
		o := uajson.Options{Types: r, NamespaceURIs: tables[int(table)%len(tables)]}
		var eo types.ExtensionObject
		if err := o.Unmarshal(data, &eo); err != nil {
			return
		}
		for _, enc := range []uajson.Encoding{uajson.Compact, uajson.Verbose} {
			o.Encoding = enc
			first, err := o.Marshal(&eo)
			if err != nil {
				t.Fatalf("%s: the decoded %#v does not encode: %v", enc, eo, err)
			}
			var x types.ExtensionObject
			if err := o.Unmarshal(first, &x); err != nil {
				t.Fatalf("%s: %s does not decode: %v", enc, first, err)
			}
			text, err := o.Marshal(&x)
			if err != nil {
				t.Fatalf("%s: %s decodes to a value that does not encode: %v", enc, first, err)
			}
			var back types.ExtensionObject
			if err := o.Unmarshal(text, &back); err != nil {
				t.Fatalf("%s: %s does not decode: %v", enc, text, err)
			}
			again, err := o.Marshal(&back)
			if err != nil || !bytes.Equal(again, text) {
				t.Fatalf("%s: %s decodes to a value that encodes to %s, %v", enc, text, again, err)
			}
		}
	})
}
