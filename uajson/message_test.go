package uajson_test

import (
	"errors"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

func TestMessages(t *testing.T) {
	req := &types.ReadRequest{NodesToRead: []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2258), AttributeID: 13}}}
	j, err := uajson.MarshalMessage(req)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"UaTypeId":"i=629","RequestHeader":{},"NodesToRead":[{"NodeId":"i=2258","AttributeId":13}]}`; string(j) != want {
		t.Errorf("got  %s\nwant %s", j, want)
	}
	var back types.ReadRequest
	back.NodesToRead = make([]types.ReadValueID, 0, 4)
	kept := &back.NodesToRead[:1][0]
	if err := uajson.UnmarshalMessage(j, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.NodesToRead) != 1 || back.NodesToRead[0].AttributeID != 13 || &back.NodesToRead[0] != kept {
		t.Errorf("decoded %+v (reused: %v)", back, &back.NodesToRead[0] == kept)
	}
	var anyMsg any
	if err := uajson.UnmarshalMessage(j, &anyMsg); err != nil {
		t.Fatal(err)
	}
	if _, ok := anyMsg.(*types.ReadRequest); !ok {
		t.Errorf("decoded a %T", anyMsg)
	}
	var resp types.ReadResponse
	if err := uajson.UnmarshalMessage(j, &resp); !errors.Is(err, uabin.ErrUnknownType) {
		t.Errorf("a ReadRequest into a ReadResponse: %v", err)
	}
	if err := uajson.UnmarshalMessage([]byte(`{"UaTypeId":"ns=7;i=1","A":1}`), &anyMsg); !errors.Is(err, uabin.ErrUnknownType) {
		t.Errorf("an unknown type: %v", err)
	}
	if _, err := uajson.MarshalMessage(struct{ A int32 }{}); !errors.Is(err, uabin.ErrUnknownType) {
		t.Errorf("an unregistered type: %v", err)
	}
}
