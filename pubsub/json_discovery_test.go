package pubsub

import (
	"fmt"

	"github.com/uabin/uabin/types"
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
