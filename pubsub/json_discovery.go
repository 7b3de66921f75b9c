package pubsub

import (
	"github.com/uabin/uabin/internal/jsonenc"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// The JSON discovery messages (Part 14 v1.05 §7.2.5.5): objects with
// MessageId, MessageType and PublisherId, then the members of their type, in
// the CompactEncoding. Every member the clause calls mandatory is written;
// decoding accepts the members in any order, skips members it does not
// know (checking them as JSON), and leaves absent ones at zero.

// JSONMetaDataMessage is a "ua-metadata" message: the DataSetMetaData of one
// DataSetWriter (§7.2.5.5.2).
type JSONMetaDataMessage struct {
	MessageID       string
	PublisherID     PublisherID
	WriterID        uint16 // DataSetWriterId
	WriterGroupName string
	WriterName      string // DataSetWriterName
	Timestamp       types.DateTime
	MetaData        types.DataSetMetaDataType
}

// JSONStatusMessage is a "ua-status" message: the state of a Publisher
// (§7.2.5.5.5). Timestamp and NextReportTime are written if IsCyclic, as
// the clause requires.
type JSONStatusMessage struct {
	MessageID      string
	PublisherID    PublisherID
	Timestamp      types.DateTime
	IsCyclic       bool
	Status         types.PubSubState
	NextReportTime types.DateTime
}

// JSONConnectionMessage is a "ua-connection" message: the configuration of
// a PubSubConnection (§7.2.5.5.6).
type JSONConnectionMessage struct {
	MessageID   string
	PublisherID PublisherID
	Timestamp   types.DateTime
	Connection  types.PubSubConnectionDataType
}

// JSONApplicationMessage is a "ua-application" message: the
// ApplicationDescription of the Publisher's application (§7.2.5.5.3).
type JSONApplicationMessage struct {
	MessageID          string
	PublisherID        PublisherID
	Timestamp          types.DateTime
	Description        types.ApplicationDescription
	ServerCapabilities []string
}

// JSONEndpointsMessage is a "ua-endpoints" message: the Endpoints of the
// Publisher's Server (§7.2.5.5.4).
type JSONEndpointsMessage struct {
	MessageID   string
	PublisherID PublisherID
	Timestamp   types.DateTime
	Endpoints   []types.EndpointDescription
}

// AppendMetaData appends m as a "ua-metadata" message.
func (e *JSONEncoder) AppendMetaData(b []byte, m *JSONMetaDataMessage) ([]byte, error) {
	return e.discovery(b, m.MessageID, JSONTypeMetaData, m.PublisherID, func(w *jsonenc.Writer) error {
		w.Key("DataSetWriterId", false)
		w.Uint(uint64(m.WriterID))
		w.Key("WriterGroupName", false)
		if err := w.String(m.WriterGroupName); err != nil {
			return wire.WithPath(err, "WriterGroupName")
		}
		w.Key("DataSetWriterName", false)
		if err := w.String(m.WriterName); err != nil {
			return wire.WithPath(err, "DataSetWriterName")
		}
		e.timestamp("Timestamp", m.Timestamp)
		w.Key("MetaData", false)
		return wire.WithPath(w.Value(&m.MetaData), "MetaData")
	})
}

// AppendStatus appends m as a "ua-status" message.
func (e *JSONEncoder) AppendStatus(b []byte, m *JSONStatusMessage) ([]byte, error) {
	return e.discovery(b, m.MessageID, JSONTypeStatus, m.PublisherID, func(w *jsonenc.Writer) error {
		if m.IsCyclic {
			e.timestamp("Timestamp", m.Timestamp)
		}
		w.Key("IsCyclic", false)
		if err := w.Value(&m.IsCyclic); err != nil {
			return err
		}
		w.Key("Status", false)
		if err := w.Value(&m.Status); err != nil {
			return wire.WithPath(err, "Status")
		}
		if m.IsCyclic {
			e.timestamp("NextReportTime", m.NextReportTime)
		}
		return nil
	})
}

// AppendConnection appends m as a "ua-connection" message.
func (e *JSONEncoder) AppendConnection(b []byte, m *JSONConnectionMessage) ([]byte, error) {
	return e.discovery(b, m.MessageID, JSONTypeConnection, m.PublisherID, func(w *jsonenc.Writer) error {
		e.timestamp("Timestamp", m.Timestamp)
		w.Key("Connection", false)
		return wire.WithPath(w.Value(&m.Connection), "Connection")
	})
}

// AppendApplication appends m as a "ua-application" message.
func (e *JSONEncoder) AppendApplication(b []byte, m *JSONApplicationMessage) ([]byte, error) {
	return e.discovery(b, m.MessageID, JSONTypeApplication, m.PublisherID, func(w *jsonenc.Writer) error {
		e.timestamp("Timestamp", m.Timestamp)
		w.Key("Description", false)
		if err := w.Value(&m.Description); err != nil {
			return wire.WithPath(err, "Description")
		}
		w.Key("ServerCapabilities", false)
		caps := m.ServerCapabilities
		if caps == nil {
			caps = []string{} // mandatory: an empty array, not null
		}
		return wire.WithPath(w.Value(&caps), "ServerCapabilities")
	})
}

// AppendEndpoints appends m as a "ua-endpoints" message.
func (e *JSONEncoder) AppendEndpoints(b []byte, m *JSONEndpointsMessage) ([]byte, error) {
	return e.discovery(b, m.MessageID, JSONTypeEndpoints, m.PublisherID, func(w *jsonenc.Writer) error {
		e.timestamp("Timestamp", m.Timestamp)
		w.Key("Endpoints", false)
		eps := m.Endpoints
		if eps == nil {
			eps = []types.EndpointDescription{}
		}
		return wire.WithPath(w.Value(&eps), "Endpoints")
	})
}

// discovery writes a discovery message: the common header, then body.
func (e *JSONEncoder) discovery(b []byte, messageID, messageType string, pub PublisherID, body func(w *jsonenc.Writer) error) ([]byte, error) {
	e.w.Reset(&e.cfg, b)
	err := e.discoveryHeader(messageID, messageType, pub)
	if err == nil {
		err = body(&e.w)
	}
	if err != nil {
		return b, wire.WithPath(err, messageType)
	}
	e.w.Close('}', false)
	return e.w.Bytes(), nil
}

// MessageType returns the MessageType of the JSON message b ("ua-data",
// "ua-metadata", ...): the member of a top-level object, found without
// decoding the others (they are checked as JSON). A message without
// NetworkMessage header has none: the error wraps wire.ErrInvalid.
func (d *JSONDecoder) MessageType(b []byte) (string, error) {
	if len(b) > d.lim.MaxMessageSize {
		return "", decodeError(0, "", wire.ErrLimitExceeded, "%d bytes of JSON, limit %d", len(b), d.lim.MaxMessageSize)
	}
	r := &d.r
	r.Reset(&d.cfg, b)
	defer r.Release()
	if err := r.Object("NetworkMessage"); err != nil {
		return "", err
	}
	for first := true; ; first = false {
		name, _, ok, err := r.Member(first)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", r.Fail(0, wire.ErrInvalid, "the message has no MessageType")
		}
		if string(name) == "MessageType" {
			return r.String("", 64)
		}
		if err := r.Skip(); err != nil {
			return "", err
		}
	}
}

// DecodeMetaData reads a "ua-metadata" message into m.
func (d *JSONDecoder) DecodeMetaData(b []byte, m *JSONMetaDataMessage) error {
	*m = JSONMetaDataMessage{MetaData: m.MetaData}
	return d.discovery(b, JSONTypeMetaData, &m.MessageID, &m.PublisherID, func(name string) (bool, error) {
		r := &d.r
		var err error
		switch name {
		case "DataSetWriterId":
			return true, r.Value(&m.WriterID)
		case "WriterGroupName":
			m.WriterGroupName, err = d.str("")
		case "DataSetWriterName":
			m.WriterName, err = d.str("")
		case "Timestamp":
			err = r.DateTime(&m.Timestamp)
		case "MetaData":
			err = r.Value(&m.MetaData)
		default:
			return false, nil
		}
		return true, err
	})
}

// DecodeStatus reads a "ua-status" message into m.
func (d *JSONDecoder) DecodeStatus(b []byte, m *JSONStatusMessage) error {
	*m = JSONStatusMessage{}
	return d.discovery(b, JSONTypeStatus, &m.MessageID, &m.PublisherID, func(name string) (bool, error) {
		r := &d.r
		switch name {
		case "Timestamp":
			return true, r.DateTime(&m.Timestamp)
		case "IsCyclic":
			return true, r.Value(&m.IsCyclic)
		case "Status":
			return true, r.Value(&m.Status)
		case "NextReportTime":
			return true, r.DateTime(&m.NextReportTime)
		}
		return false, nil
	})
}

// DecodeConnection reads a "ua-connection" message into m.
func (d *JSONDecoder) DecodeConnection(b []byte, m *JSONConnectionMessage) error {
	*m = JSONConnectionMessage{}
	return d.discovery(b, JSONTypeConnection, &m.MessageID, &m.PublisherID, func(name string) (bool, error) {
		switch name {
		case "Timestamp":
			return true, d.r.DateTime(&m.Timestamp)
		case "Connection":
			return true, d.r.Value(&m.Connection)
		}
		return false, nil
	})
}

// DecodeApplication reads a "ua-application" message into m.
func (d *JSONDecoder) DecodeApplication(b []byte, m *JSONApplicationMessage) error {
	*m = JSONApplicationMessage{}
	return d.discovery(b, JSONTypeApplication, &m.MessageID, &m.PublisherID, func(name string) (bool, error) {
		switch name {
		case "Timestamp":
			return true, d.r.DateTime(&m.Timestamp)
		case "Description":
			return true, d.r.Value(&m.Description)
		case "ServerCapabilities":
			return true, d.r.Value(&m.ServerCapabilities)
		}
		return false, nil
	})
}

// DecodeEndpoints reads a "ua-endpoints" message into m.
func (d *JSONDecoder) DecodeEndpoints(b []byte, m *JSONEndpointsMessage) error {
	*m = JSONEndpointsMessage{}
	return d.discovery(b, JSONTypeEndpoints, &m.MessageID, &m.PublisherID, func(name string) (bool, error) {
		switch name {
		case "Timestamp":
			return true, d.r.DateTime(&m.Timestamp)
		case "Endpoints":
			return true, d.r.Value(&m.Endpoints)
		}
		return false, nil
	})
}

// discovery reads a discovery message of MessageType want: the common
// members into messageID and pub, the others through body, which reports
// whether it took the member.
func (d *JSONDecoder) discovery(b []byte, want string, messageID *string, pub *PublisherID, body func(name string) (bool, error)) error {
	if len(b) > d.lim.MaxMessageSize {
		return decodeError(0, want, wire.ErrLimitExceeded, "%d bytes of JSON, limit %d", len(b), d.lim.MaxMessageSize)
	}
	r := &d.r
	r.Reset(&d.cfg, b)
	d.data = b
	defer func() { r.Release(); d.data = nil }()
	err := d.discoveryObject(want, messageID, pub, body)
	if err == nil {
		err = r.End()
	}
	return wire.WithPath(err, want)
}

func (d *JSONDecoder) discoveryObject(want string, messageID *string, pub *PublisherID, body func(name string) (bool, error)) error {
	r := &d.r
	start := r.Pos()
	if err := r.Object(want); err != nil {
		return err
	}
	var names jsonenc.Names
	gotType := false
	for first := true; ; first = false {
		name, off, ok, err := r.Member(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if err := r.Add(&names, name, off); err != nil {
			return err
		}
		key := string(name)
		switch key {
		case "MessageId":
			*messageID, err = d.str("")
		case "MessageType":
			gotType = true
			err = d.messageType(want)
		case "PublisherId":
			err = d.publisherID(pub)
		default:
			var took bool
			took, err = body(key)
			if err == nil && !took {
				err = r.Skip()
			}
		}
		if err != nil {
			return wire.WithPath(err, key)
		}
	}
	if !gotType {
		return r.Fail(start, wire.ErrInvalid, "the message has no MessageType")
	}
	return nil
}
