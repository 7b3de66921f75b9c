package pubsub

import (
	"reflect"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// ProbeType is the ProbeType of a discovery probe (Part 14 §7.2.4.6.12.3).
type ProbeType uint8

// Probe types.
const (
	ProbePublisherInformation ProbeType = 1
	ProbeFindApplications     ProbeType = 2
)

// InformationType is what a Publisher information probe asks for (Part 14
// §7.2.4.6.12.4).
type InformationType uint8

// Information types.
const (
	InfoServerEndpoints         InformationType = 1
	InfoDataSetMetaData         InformationType = 2
	InfoDataSetWriterConfig     InformationType = 3
	InfoWriterGroupConfig       InformationType = 4
	InfoPubSubConnectionsConfig InformationType = 5
)

// Probe is the payload of a discovery probe NetworkMessage (a "discovery
// request" in Part 14 1.04), sent by a Subscriber to Publishers.
type Probe struct {
	Type ProbeType
	// Information is the InformationType of a Publisher information probe.
	Information InformationType
	// WriterIDs are the DataSetWriterIds asked about (InfoDataSetMetaData
	// and InfoDataSetWriterConfig): a UInt16 array, nil for the null array.
	WriterIDs []uint16
	// Raw holds the remaining bytes of the other information types, kept
	// as they came.
	Raw []byte
}

// AnnouncementType is the AnnouncementType of a discovery announcement (Part
// 14 §7.2.4.6.3).
type AnnouncementType uint8

// Announcement types.
const (
	AnnouncePublisherEndpoints    AnnouncementType = 1
	AnnounceDataSetMetaData       AnnouncementType = 2
	AnnounceDataSetWriterConfig   AnnouncementType = 3
	AnnouncePubSubConnection      AnnouncementType = 4
	AnnounceApplicationInfo       AnnouncementType = 5
	AnnounceActionResponderConfig AnnouncementType = 6
	AnnounceActionMetaData        AnnouncementType = 7
)

// Announcement is the payload of a discovery announcement NetworkMessage (a
// "discovery response" in Part 14 1.04), sent by a Publisher.
type Announcement struct {
	Type           AnnouncementType
	SequenceNumber uint16

	// AnnouncePublisherEndpoints (§7.2.4.6.6): Endpoints and Status.
	Endpoints []types.EndpointDescription
	// AnnounceDataSetMetaData (§7.2.4.6.4): WriterID, MetaData, Status.
	WriterID uint16
	MetaData types.DataSetMetaDataType
	// Status is the statusCode of types 1 and 2.
	Status types.StatusCode
	// AnnounceDataSetWriterConfig (§7.2.4.6.9): WriterIDs, WriterGroup and
	// Statuses.
	WriterIDs   []uint16
	WriterGroup types.WriterGroupDataType
	Statuses    []types.StatusCode

	// Raw holds the bytes after SequenceNumber of the other types, kept as
	// they came.
	Raw []byte
}

func (e *Encoder) appendStruct(w *wire.Writer, v any) {
	if w.Err() != nil {
		return
	}
	b, err := e.vc.opts.Append(w.Buf, v)
	if err != nil {
		w.Fail(err)
		return
	}
	w.Buf = b
}

func appendUint16s(w *wire.Writer, ids []uint16) {
	if ids == nil {
		w.Int32(-1)
		return
	}
	w.Int32(int32(len(ids)))
	for _, id := range ids {
		w.Uint16(id)
	}
}

func (e *Encoder) appendProbe(w *wire.Writer, p *Probe) error {
	if p == nil {
		return encodeError("NetworkMessage.Probe", wire.ErrInvalid, "a discovery probe NetworkMessage needs a Probe")
	}
	w.Uint8(uint8(p.Type))
	if p.Type == ProbePublisherInformation {
		w.Uint8(uint8(p.Information))
		switch p.Information {
		case InfoServerEndpoints:
		case InfoDataSetMetaData, InfoDataSetWriterConfig:
			appendUint16s(w, p.WriterIDs)
		default:
			w.Raw(p.Raw)
		}
	} else if p.Type != ProbeFindApplications {
		w.Raw(p.Raw)
	}
	return wire.WithPath(w.Err(), "NetworkMessage.Probe")
}

func (e *Encoder) appendAnnouncement(w *wire.Writer, a *Announcement) error {
	if a == nil {
		return encodeError("NetworkMessage.Announcement", wire.ErrInvalid, "a discovery announcement NetworkMessage needs an Announcement")
	}
	w.Uint8(uint8(a.Type))
	w.Uint16(a.SequenceNumber)
	switch a.Type {
	case AnnouncePublisherEndpoints:
		e.appendStruct(w, a.Endpoints)
		w.Uint32(uint32(a.Status))
	case AnnounceDataSetMetaData:
		w.Uint16(a.WriterID)
		e.appendStruct(w, &a.MetaData)
		w.Uint32(uint32(a.Status))
	case AnnounceDataSetWriterConfig:
		appendUint16s(w, a.WriterIDs)
		e.appendStruct(w, &a.WriterGroup)
		e.appendStruct(w, a.Statuses)
	default:
		w.Raw(a.Raw)
	}
	return wire.WithPath(w.Err(), "NetworkMessage.Announcement")
}

func consumeUint16s(r *wire.Reader, dst []uint16) []uint16 {
	n := r.ArrayLen(2)
	if n < 0 {
		return nil
	}
	dst = dst[:0]
	for range n {
		dst = append(dst, r.Uint16())
	}
	return dst
}

func (d *Decoder) consumeStruct(r *wire.Reader, b []byte, v any) {
	if r.Err() != nil {
		return
	}
	off := r.Offset()
	n, err := d.vc.opts.Decode(b[off:off+r.Remaining()], v)
	if err != nil {
		r.Fail(shift(err, off, "", reflect.TypeOf(v)))
		return
	}
	r.Raw(n)
}

func (d *Decoder) consumeProbe(r *wire.Reader, b []byte, m *NetworkMessage) {
	p := m.Probe
	if p == nil {
		p = &Probe{}
		m.Probe = p
	}
	*p = Probe{WriterIDs: p.WriterIDs[:0], Raw: p.Raw[:0]}
	p.Type = ProbeType(r.Uint8())
	rest := func() { p.Raw = append(p.Raw, r.Raw(r.Remaining())...) }
	switch p.Type {
	case ProbePublisherInformation:
		p.Information = InformationType(r.Uint8())
		switch p.Information {
		case InfoServerEndpoints:
		case InfoDataSetMetaData, InfoDataSetWriterConfig:
			p.WriterIDs = consumeUint16s(r, p.WriterIDs)
		default:
			rest()
		}
	case ProbeFindApplications:
	default:
		rest()
	}
	if p.Raw != nil && len(p.Raw) == 0 {
		p.Raw = nil
	}
}

func (d *Decoder) consumeAnnouncement(r *wire.Reader, b []byte, m *NetworkMessage) {
	a := m.Announcement
	if a == nil {
		a = &Announcement{}
		m.Announcement = a
	}
	*a = Announcement{}
	a.Type = AnnouncementType(r.Uint8())
	a.SequenceNumber = r.Uint16()
	switch a.Type {
	case AnnouncePublisherEndpoints:
		d.consumeStruct(r, b, &a.Endpoints)
		a.Status = types.StatusCode(r.Uint32())
	case AnnounceDataSetMetaData:
		a.WriterID = r.Uint16()
		d.consumeStruct(r, b, &a.MetaData)
		a.Status = types.StatusCode(r.Uint32())
	case AnnounceDataSetWriterConfig:
		a.WriterIDs = consumeUint16s(r, nil)
		d.consumeStruct(r, b, &a.WriterGroup)
		d.consumeStruct(r, b, &a.Statuses)
	default:
		a.Raw = append([]byte(nil), r.Raw(r.Remaining())...)
	}
}
