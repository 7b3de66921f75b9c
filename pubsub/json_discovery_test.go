package pubsub

import (
	"errors"
	"fmt"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// jsonDiscoveryCase is one exact-text case of a discovery message: enc
// writes it, roundTrip decodes the text and writes the result again.
type jsonDiscoveryCase struct {
	name      string
	enc       func(e *JSONEncoder) ([]byte, error)
	roundTrip func(b []byte) ([]byte, error)
}

// discoveryCase makes a jsonDiscoveryCase for a message value m of type T.
func discoveryCase[T any](name string, m *T, app func(*JSONEncoder, []byte, *T) ([]byte, error), dec func(*JSONDecoder, []byte, *T) error) jsonDiscoveryCase {
	return jsonDiscoveryCase{
		name: name,
		enc:  func(e *JSONEncoder) ([]byte, error) { return app(e, nil, m) },
		roundTrip: func(b []byte) ([]byte, error) {
			d, _ := NewJSONDecoder(JSONConfig{})
			var out T
			if err := dec(d, b, &out); err != nil {
				return nil, fmt.Errorf("decoding %s: %w", b, err)
			}
			e, _ := NewJSONEncoder(JSONConfig{})
			return app(e, nil, &out)
		},
	}
}

func jsonDiscoveryCases() []jsonDiscoveryCase {
	app := types.ApplicationDescription{ApplicationURI: "urn:acme:app", ProductURI: "urn:acme", ApplicationName: types.LocalizedText{Locale: "en", Text: "Acme"},
		DiscoveryURLs: []string{"opc.tcp://acme:4840"}}
	return []jsonDiscoveryCase{
		discoveryCase("discovery/metadata", &JSONMetaDataMessage{MessageID: "md1", PublisherID: StringID("pub"), WriterID: 7, WriterGroupName: "Group1", WriterName: "Writer7", Timestamp: jsonTime,
			MetaData: types.DataSetMetaDataType{Name: "DS", Fields: []types.FieldMetaData{
				{Name: "Temperature", BuiltInType: uint8(types.TypeDouble), DataType: types.NewNumericNodeID(0, 11), ValueRank: -1},
				{Name: "Running", BuiltInType: uint8(types.TypeBoolean), DataType: types.NewNumericNodeID(0, 1), ValueRank: -1}},
				DataSetClassID: jsonClass, ConfigurationVersion: types.ConfigurationVersionDataType{MajorVersion: 1700000000, MinorVersion: 1700000001}}},
			(*JSONEncoder).AppendMetaData, (*JSONDecoder).DecodeMetaData),
		discoveryCase("discovery/status-cyclic", &JSONStatusMessage{MessageID: "s1", PublisherID: UInt32ID(42), Timestamp: jsonTime, IsCyclic: true,
			Status: types.PubSubStateOperational, NextReportTime: jsonTime + 100000000}, (*JSONEncoder).AppendStatus, (*JSONDecoder).DecodeStatus),
		discoveryCase("discovery/status-event", &JSONStatusMessage{MessageID: "s2", PublisherID: UInt32ID(42), Status: types.PubSubStateError},
			(*JSONEncoder).AppendStatus, (*JSONDecoder).DecodeStatus),
		discoveryCase("discovery/connection", &JSONConnectionMessage{MessageID: "c1", PublisherID: StringID("pub"), Timestamp: jsonTime,
			Connection: types.PubSubConnectionDataType{Name: "Conn", Enabled: true, PublisherID: types.MustVariant("pub"), TransportProfileURI: "http://opcfoundation.org/UA-Profile/Transport/pubsub-mqtt-json",
				WriterGroups: []types.WriterGroupDataType{{Name: "Group1", Enabled: true, WriterGroupID: 1, PublishingInterval: 100, KeepAliveTime: 1000}}}},
			(*JSONEncoder).AppendConnection, (*JSONDecoder).DecodeConnection),
		discoveryCase("discovery/application", &JSONApplicationMessage{MessageID: "a1", PublisherID: StringID("pub"), Timestamp: jsonTime, Description: app,
			ServerCapabilities: []string{"DA", "HD"}}, (*JSONEncoder).AppendApplication, (*JSONDecoder).DecodeApplication),
		discoveryCase("discovery/endpoints", &JSONEndpointsMessage{MessageID: "e1", PublisherID: StringID("pub"), Timestamp: jsonTime,
			Endpoints: []types.EndpointDescription{{EndpointURL: "opc.tcp://acme:4840", Server: app, SecurityMode: types.MessageSecurityModeSignAndEncrypt,
				SecurityPolicyURI: "http://opcfoundation.org/UA/SecurityPolicy#Basic256Sha256", SecurityLevel: 3}}},
			(*JSONEncoder).AppendEndpoints, (*JSONDecoder).DecodeEndpoints),
	}
}

// TestJSONDiscoveryChecks: a discovery message is read only as its own
// MessageType, needs one, and MessageType finds it without decoding the
// rest (but checking it as JSON).
func TestJSONDiscoveryChecks(t *testing.T) {
	d, _ := NewJSONDecoder(JSONConfig{})
	var md JSONMetaDataMessage
	cases := []struct {
		name, in string
		kind     error
		offset   int
		path     string
	}{
		{"other-type", `{"MessageId":"x","MessageType":"ua-status","Status":2}`, wire.ErrInvalid, 31, "ua-metadata.MessageType"},
		{"no-type", `{"MessageId":"x","MetaData":{}}`, wire.ErrInvalid, 0, "ua-metadata"},
		{"member-twice", `{"MessageType":"ua-metadata","DataSetWriterId":1,"DataSetWriterId":2}`, wire.ErrInvalid, 49, "ua-metadata"},
		{"bad-metadata", `{"MessageType":"ua-metadata","MetaData":{"Fields":7}}`, wire.ErrInvalid, -1, "ua-metadata.MetaData.Fields"},
		{"publisher-number", `{"MessageType":"ua-metadata","PublisherId":7}`, wire.ErrInvalid, 43, "ua-metadata.PublisherId"},
	}
	for _, c := range cases {
		err := d.DecodeMetaData([]byte(c.in), &md)
		var de *wire.DecodeError
		if !errors.Is(err, c.kind) || !errors.As(err, &de) || c.offset >= 0 && de.Offset != c.offset || de.Path != c.path {
			t.Errorf("%s: %v (want %v at %d, path %q)", c.name, err, c.kind, c.offset, c.path)
		}
	}
	for in, want := range map[string]string{
		`{"MessageId":"x","Z":[1,{"a":2}],"MessageType":"ua-status"}`: "ua-status",
		`{"MessageType":"ua-data","Messages":[]}`:                     "ua-data",
	} {
		if got, err := d.MessageType([]byte(in)); err != nil || got != want {
			t.Errorf("MessageType(%s) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{`[{"a":1}]`, `{"Z":[1,}`, `{"MessageId":"x"}`, `{"MessageType":7}`} {
		if got, err := d.MessageType([]byte(in)); err == nil {
			t.Errorf("MessageType(%s) = %q, want an error", in, got)
		}
	}
}
