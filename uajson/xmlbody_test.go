package uajson_test

import (
	"encoding/base64"
	"errors"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

// TestXMLBody: an ExtensionObject whose body is XML (UaEncoding 2) decodes
// to its typed value when the registry knows its TypeId (the XML encoding
// id, here Argument's i=297), as a binary body does; a body of an unknown
// type stays XML text, and a bad body of a known type is an error of the
// XML decoder's kind at the body.
func TestXMLBody(t *testing.T) {
	xml := `<Argument xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd"><Name>Speed</Name>` +
		`<DataType><Identifier>i=11</Identifier></DataType><ValueRank>-1</ValueRank></Argument>`
	in := `{"UaTypeId":"i=297","UaEncoding":2,"UaBody":"` + base64.StdEncoding.EncodeToString([]byte(xml)) + `"}`
	var eo types.ExtensionObject
	if err := uajson.Unmarshal([]byte(in), &eo); err != nil {
		t.Fatal(err)
	}
	arg, ok := eo.Value.(*types.Argument)
	if !ok || arg.Name != "Speed" || arg.DataType != types.NewNumericNodeID(0, 11) || arg.ValueRank != -1 ||
		eo.Encoding != types.ExtensionObjectBinary || eo.TypeID != types.NewNumericNodeID(0, 298) || eo.Body != nil {
		t.Fatalf("got %+v", eo)
	}
	// The deprecated form with the XML as a string decodes the same.
	old := `{"TypeId":{"Id":297},"Encoding":2,"Body":"<Argument><Name>Speed</Name></Argument>"}`
	if err := uajson.Unmarshal([]byte(old), &eo); err != nil || eo.Value.(*types.Argument).Name != "Speed" {
		t.Fatalf("deprecated form: %v %+v", err, eo)
	}

	unknown := `{"UaTypeId":"ns=1;i=5001","UaEncoding":2,"UaBody":"` + base64.StdEncoding.EncodeToString([]byte(`<X/>`)) + `"}`
	if err := uajson.Unmarshal([]byte(unknown), &eo); err != nil || eo.Encoding != types.ExtensionObjectXML || string(eo.Body) != `<X/>` || eo.Value != nil {
		t.Fatalf("unknown type: %v %+v", err, eo)
	}

	bad := `{"UaTypeId":"i=297","UaEncoding":2,"UaBody":"` + base64.StdEncoding.EncodeToString([]byte(`<Argument><ValueRank>x</ValueRank></Argument>`)) + `"}`
	err := uajson.Unmarshal([]byte(bad), &eo)
	var de *uabin.DecodeError
	if !errors.As(err, &de) || !errors.Is(err, uabin.ErrInvalid) || de.Offset != 44 || de.Path != "ExtensionObject.UaBody" {
		t.Fatalf("bad body: %v", err)
	}
}
