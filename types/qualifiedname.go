package types

// QualifiedName is an OPC UA QualifiedName (Part 6 §5.2.2.13): a name
// qualified by a namespace index. Wire form: UInt16 NamespaceIndex, then the
// Name as a String. Comparable.
type QualifiedName struct {
	NamespaceIndex uint16 `ua:"UInt16"`
	Name           string `ua:"String"`
}
