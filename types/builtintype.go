package types

// BuiltinType is the id of one of the 25 OPC UA built-in types (Part 6
// §5.1.2 Table 1), as used in the low 6 bits of a Variant's encoding mask.
type BuiltinType uint8

// Built-in type ids.
const (
	TypeNull            BuiltinType = 0
	TypeBoolean         BuiltinType = 1
	TypeSByte           BuiltinType = 2
	TypeByte            BuiltinType = 3
	TypeInt16           BuiltinType = 4
	TypeUInt16          BuiltinType = 5
	TypeInt32           BuiltinType = 6
	TypeUInt32          BuiltinType = 7
	TypeInt64           BuiltinType = 8
	TypeUInt64          BuiltinType = 9
	TypeFloat           BuiltinType = 10
	TypeDouble          BuiltinType = 11
	TypeString          BuiltinType = 12
	TypeDateTime        BuiltinType = 13
	TypeGUID            BuiltinType = 14
	TypeByteString      BuiltinType = 15
	TypeXmlElement      BuiltinType = 16 //nolint:revive // OPC UA name
	TypeNodeID          BuiltinType = 17
	TypeExpandedNodeID  BuiltinType = 18
	TypeStatusCode      BuiltinType = 19
	TypeQualifiedName   BuiltinType = 20
	TypeLocalizedText   BuiltinType = 21
	TypeExtensionObject BuiltinType = 22
	TypeDataValue       BuiltinType = 23
	TypeVariant         BuiltinType = 24
	TypeDiagnosticInfo  BuiltinType = 25
)
