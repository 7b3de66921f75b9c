package jsonenc

import (
	"errors"

	"github.com/uabin/uabin/types"
)

// errNotFast tells the entry points that topFast or unmarshalFast does not
// handle the value's type, so that the codec cache is asked.
var errNotFast = errors.New("uajson: not a fast type")

// topFast encodes the Variants and DataValues encoded alone, given by
// pointer or by value, without the codec cache lookup (a reflect.Type map
// access and an indirect call). It gives the same text as the codecs,
// which it calls.
func topFast(e *encoder, v any) error {
	switch x := v.(type) {
	case *types.Variant:
		if x == nil {
			e.null()
			return nil
		}
		return encVariant(e, x)
	case types.Variant:
		return encVariant(e, &x)
	case *types.DataValue:
		if x == nil {
			e.null()
			return nil
		}
		return encDataValue(e, x)
	case types.DataValue:
		return encDataValue(e, &x)
	}
	return errNotFast
}

// scalarFast is topFast for the built-ins whose codecs call no function
// value, so that the encoder, e, stays on the caller's stack: numbers,
// strings, ByteStrings, Guids, DateTimes, NodeIds, ExpandedNodeIds,
// StatusCodes, QualifiedNames and LocalizedTexts.
func scalarFast(e *encoder, v any) error {
	switch x := v.(type) {
	case *types.NodeID:
		if x == nil {
			e.null()
			return nil
		}
		return encNodeID(e, x)
	case types.NodeID:
		return encNodeID(e, &x)
	case *types.ExpandedNodeID:
		if x == nil {
			e.null()
			return nil
		}
		return encExpandedNodeID(e, x)
	case types.ExpandedNodeID:
		return encExpandedNodeID(e, &x)
	case *string:
		if x == nil {
			e.null()
			return nil
		}
		return encString(e, x)
	case string:
		return encString(e, &x)
	case *float64:
		if x == nil {
			e.null()
			return nil
		}
		return encFloat64(e, x)
	case float64:
		return encFloat64(e, &x)
	case *uint32:
		if x == nil {
			e.null()
			return nil
		}
		return encUint32(e, x)
	case uint32:
		return encUint32(e, &x)
	case *int32:
		if x == nil {
			e.null()
			return nil
		}
		return encInt32(e, x)
	case int32:
		return encInt32(e, &x)
	case *[]byte:
		if x == nil {
			e.null()
			return nil
		}
		return encByteString(e, x)
	case []byte:
		return encByteString(e, &x)
	case *types.GUID:
		if x == nil {
			e.null()
			return nil
		}
		return encGUID(e, x)
	case types.GUID:
		return encGUID(e, &x)
	case *types.DateTime:
		if x == nil {
			e.null()
			return nil
		}
		return encDateTime(e, x)
	case types.DateTime:
		return encDateTime(e, &x)
	case *bool:
		if x == nil {
			e.null()
			return nil
		}
		return encBool(e, x)
	case bool:
		return encBool(e, &x)
	case *int64:
		if x == nil {
			e.null()
			return nil
		}
		return encInt64(e, x)
	case int64:
		return encInt64(e, &x)
	case *uint64:
		if x == nil {
			e.null()
			return nil
		}
		return encUint64(e, x)
	case uint64:
		return encUint64(e, &x)
	case *types.StatusCode:
		if x == nil {
			e.null()
			return nil
		}
		return encStatusCode(e, x)
	case types.StatusCode:
		return encStatusCode(e, &x)
	case *types.QualifiedName:
		if x == nil {
			e.null()
			return nil
		}
		return encQualifiedName(e, x)
	case types.QualifiedName:
		return encQualifiedName(e, &x)
	case *types.LocalizedText:
		if x == nil {
			e.null()
			return nil
		}
		return encLocalizedText(e, x)
	case types.LocalizedText:
		return encLocalizedText(e, &x)
	}
	return errNotFast
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
	}
	return errNotFast
}

// unmarshalScalar is scalarFast for decoding; the decoder stays on the
// caller's stack (it has no scratch buffer: a string with escapes
// allocates one).
func unmarshalScalar(d *decoder, v any) error {
	switch x := v.(type) {
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
