package uabin

// MarshalJSON of Dynamic values: OPC UA JSON, written by the one JSON
// encoder of this module (internal/jsonenc, the engine of package uajson;
// docs/design.md, "One JSON writer").

import (
	"github.com/uabin/uabin/internal/jsonenc"
	"github.com/uabin/uabin/uabin/wire"
)

// The JSON encoder finds the types of ExtensionObject bodies in
// DefaultRegistry when a call names no registry.
func init() { jsonenc.Default = &DefaultRegistry.m }

// MarshalJSON implements json.Marshaler: the value in the Verbose form of
// OPC UA JSON (Part 6 v1.05 §5.4), as uajson.Options{Encoding:
// uajson.Verbose}.Marshal writes it: the fields by their names, in
// definition order, with NULL and default values; enumerations as
// "Name_Value"; a structure with optional fields with its EncodingMask and
// its present fields; a union as its selected field; structures in
// ExtensionObjects with their UaTypeId (types from DefaultRegistry).
// Package uajson decodes the text back into a Dynamic of the same type
// (with the registry the value came from, for nested run-time structures
// in ExtensionObjects). A value with no OPC UA JSON form (a String that is
// not UTF-8, a value made to contain itself with Set, nested deeper than
// the default MaxDepth) is an error wrapping ErrInvalid or
// ErrLimitExceeded.
func (x *Dynamic) MarshalJSON() ([]byte, error) {
	if x == nil {
		return []byte("null"), nil
	}
	c := jsonenc.Config{Encoding: jsonenc.Verbose}
	b, err := c.Append(nil, x)
	if err != nil {
		return nil, wire.WithPath(err, x.Name())
	}
	return b, nil
}
