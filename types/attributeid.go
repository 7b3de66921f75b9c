package types

import "strconv"

// AttributeID identifies an attribute of a node (Part 4 §5.10, Part 6
// Annex A.1), as in ReadValueID.AttributeID. The constants are the
// AttributeID* values (attributeids_gen.go); AttributeIDValue (13) is the
// one most reads use.
type AttributeID uint32

// String returns the OPC UA name of the attribute ("Value"), or
// "AttributeID(n)" for an id without a name.
func (a AttributeID) String() string {
	if a < AttributeID(len(attributeIDNames)) && attributeIDNames[a] != "" {
		return attributeIDNames[a]
	}
	return "AttributeID(" + strconv.FormatUint(uint64(a), 10) + ")"
}
