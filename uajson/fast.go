package uajson

import (
	"errors"

	"github.com/uabin/uabin/types"
)

// errNotFast tells the entry points that topFast or unmarshalFast does not
// handle the value's type, so that the codec cache is asked.
var errNotFast = errors.New("uajson: not a fast type")

// topFast encodes the built-ins most often encoded alone, given by
// pointer or by value, without the codec cache lookup (a reflect.Type map
// access and an indirect call). It gives the same text as the codecs,
// which it calls.
func topFast(e *encoder, v any) error {
	switch x := v.(type) {
	case *types.Variant:
		return encPtr(e, x, encVariant)
	case types.Variant:
		return encVariant(e, &x)
	case *types.DataValue:
		return encPtr(e, x, encDataValue)
	case types.DataValue:
		return encDataValue(e, &x)
	case *types.NodeID:
		return encPtr(e, x, encNodeID)
	case types.NodeID:
		return encNodeID(e, &x)
	case *types.ExpandedNodeID:
		return encPtr(e, x, encExpandedNodeID)
	case types.ExpandedNodeID:
		return encExpandedNodeID(e, &x)
	case *string:
		return encPtr(e, x, encString)
	case string:
		return encString(e, &x)
	case *float64:
		return encPtr(e, x, encFloat64)
	case float64:
		return encFloat64(e, &x)
	case *uint32:
		return encPtr(e, x, encUint32)
	case uint32:
		return encUint32(e, &x)
	case *int32:
		return encPtr(e, x, encInt32)
	case int32:
		return encInt32(e, &x)
	case *[]byte:
		return encPtr(e, x, encByteString)
	case []byte:
		return encByteString(e, &x)
	case *types.GUID:
		return encPtr(e, x, encGUID)
	case types.GUID:
		return encGUID(e, &x)
	case *types.DateTime:
		return encPtr(e, x, encDateTime)
	case types.DateTime:
		return encDateTime(e, &x)
	}
	return errNotFast
}

// encPtr encodes the value x points to, or null for a nil x.
func encPtr[T any](e *encoder, x *T, enc func(*encoder, *T) error) error {
	if x == nil {
		e.null()
		return nil
	}
	return enc(e, x)
}

// unmarshalFast is topFast for decoding.
func unmarshalFast(d *decoder, v any) error {
	switch x := v.(type) {
	case *types.Variant:
		if x != nil {
			return decVariant(d, x)
		}
	case *types.DataValue:
		if x != nil {
			return decDataValue(d, x)
		}
	case *types.NodeID:
		if x != nil {
			return decNodeID(d, x)
		}
	case *types.ExpandedNodeID:
		if x != nil {
			return decExpandedNodeID(d, x)
		}
	case *string:
		if x != nil {
			return decString(d, x)
		}
	case *float64:
		if x != nil {
			return decFloat64(d, x)
		}
	case *uint32:
		if x != nil {
			return decUint32(d, x)
		}
	case *int32:
		if x != nil {
			return decInt32(d, x)
		}
	case *[]byte:
		if x != nil {
			return decByteString(d, x)
		}
	case *types.GUID:
		if x != nil {
			return decGUID(d, x)
		}
	case *types.DateTime:
		if x != nil {
			return decDateTime(d, x)
		}
	}
	return errNotFast
}
