package nodeset

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/uabin/uabin/types"
)

// Kind classifies a DataType by how its values are encoded.
type Kind uint8

// The kinds of DataType.
const (
	// KindAbstract: BaseDataType, Number, Integer, UInteger and their
	// abstract subtypes that are no structure or enumeration: a value is a
	// Variant.
	KindAbstract Kind = iota
	// KindSimple: a built-in type or a subtype of one without fields
	// (UtcTime, Duration, BACnetYear): encoded as its BuiltIn type.
	KindSimple
	// KindStructure: a structure without optional fields.
	KindStructure
	// KindStructureWithOptionalFields: a structure with at least one
	// optional field (its own or inherited): an EncodingMask comes first.
	KindStructureWithOptionalFields
	// KindUnion: a union (Definition IsUnion, or a subtype of Union): a
	// SwitchField, then the selected field.
	KindUnion
	// KindEnumeration: an enumeration, encoded as an Int32.
	KindEnumeration
	// KindOptionSet: an option set (Definition IsOptionSet): a subtype of
	// an unsigned integer (encoded as that integer, BuiltIn) or of the
	// structure OptionSet (BuiltIn ExtensionObject: Value and ValidBits
	// ByteStrings).
	KindOptionSet
)

var kindNames = [...]string{"abstract", "simple", "structure", "structure with optional fields", "union", "enumeration", "option set"}

// String returns the kind's name ("structure with optional fields").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsStructure reports whether the kind is one of the three structure kinds.
func (k Kind) IsStructure() bool {
	return k == KindStructure || k == KindStructureWithOptionalFields || k == KindUnion
}

// Set is several NodeSet2 files read together: a target and its
// dependencies, namespace 0 included. Its DataTypes are linked to their
// base types and classified.
type Set struct {
	// Files are the files in the order given.
	Files []*NodeSet
	// Models are the models of all files by URI.
	Models map[string]*Model
	// DataTypes are the DataTypes of all files by id.
	DataTypes map[types.ExpandedNodeID]*DataType

	// fields holds the wire-order fields of each structure of the set,
	// filled by classify, base before subtype, so that Fields costs one
	// copy of the base's list per structure, not one per level of its
	// ancestry (a chain of n subtypes made Fields, and NewSet, cubic in n).
	fields map[*DataType][]Field

	// valuesOnce holds the registry and decoded values of Values.
	valuesOnce setState
}

// MaxSubtypeDepth bounds the number of supertypes of a DataType (its chain
// of inverse HasSubtype references up to BaseDataType, which has none)
// that NewSet accepts: 64. Namespace 0 has at most 4
// (UadpNetworkMessageContentMask), and so have the companion
// specifications tried. The bound keeps classifying a set and listing the fields
// of its structures linear in the size of the files, whatever they hold.
const MaxSubtypeDepth = 64

// Load reads the NodeSet2 files at the given paths (names in errors are the
// paths' base names) with the default limits of ParseOptions, streaming
// each (ParseOptions.Load), and returns NewSet of them.
func Load(paths ...string) (*Set, error) {
	return ParseOptions{}.Load(paths...)
}

// NewSet puts parsed files into one Set. It fails with an *Error if a
// RequiredModel of a file is missing or older than required
// (ErrMissingModel), if two files define the same model or node
// (ErrInvalid), if a DataType's supertype or a field's DataType is defined
// by no file (ErrUnknownDataType), if HasSubtype references form a cycle
// (ErrInvalid) or if a DataType has more than MaxSubtypeDepth supertypes
// (ErrLimitExceeded).
func NewSet(files ...*NodeSet) (*Set, error) {
	s := &Set{Files: files, Models: map[string]*Model{}, DataTypes: map[types.ExpandedNodeID]*DataType{}, fields: map[*DataType][]Field{}}
	modelFile := map[string]string{}
	for _, f := range files {
		for i := range f.Models {
			m := &f.Models[i]
			if prev, dup := modelFile[m.URI]; dup {
				return nil, errorf(f.File, nil, ErrInvalid, "model %s is also defined by %s", m.URI, prev)
			}
			modelFile[m.URI] = f.File
			s.Models[m.URI] = m
		}
	}
	for _, f := range files {
		for _, m := range f.Models {
			for _, r := range m.Required {
				have, ok := s.Models[r.URI]
				if !ok {
					return nil, errorf(f.File, nil, ErrMissingModel, "model %s requires model %s version %s, which no file given defines", m.URI, r.URI, orNone(r.Version))
				}
				if CompareVersions(have.Version, r.Version) < 0 {
					return nil, errorf(f.File, nil, ErrMissingModel, "model %s requires model %s version %s, but %s has version %s", m.URI, r.URI, orNone(r.Version), modelFile[r.URI], orNone(have.Version))
				}
			}
		}
		for _, dt := range f.DataTypes {
			if prev, dup := s.DataTypes[dt.ID]; dup {
				return nil, errorf(f.File, dt, ErrInvalid, "DataType %v is also defined by %s", dt.ID, prev.File)
			}
			s.DataTypes[dt.ID] = dt
		}
	}
	for _, f := range files {
		for _, pe := range f.encodings {
			if dt := s.DataTypes[pe.dataType]; dt != nil {
				dt.addEncoding(pe.enc)
			}
		}
	}
	for _, f := range files {
		for _, dt := range f.DataTypes {
			if dt.BaseID.IsNull() {
				continue
			}
			base, ok := s.DataTypes[dt.BaseID]
			if !ok {
				return nil, errorf(f.File, dt, ErrUnknownDataType, "supertype %v is defined by no file given", dt.BaseID)
			}
			dt.Base = base
		}
	}
	done := map[*DataType]int{}
	for _, f := range files {
		for _, dt := range f.DataTypes {
			if err := s.classify(dt, done, 0); err != nil {
				return nil, err
			}
		}
	}
	for _, f := range files {
		for _, dt := range f.DataTypes {
			if dt.Definition == nil || !dt.Kind.IsStructure() {
				continue
			}
			for _, fd := range dt.Definition.Fields {
				if _, ok := s.DataTypes[fd.DataType]; !ok {
					return nil, errorf(f.File, dt, ErrUnknownDataType, "field %s: DataType %v is defined by no file given", fd.Name, fd.DataType)
				}
			}
		}
	}
	return s, nil
}

func orNone(v string) string {
	if v == "" {
		return "(any)"
	}
	return v
}

// CompareVersions compares two model versions (the Version of a Model or
// RequiredModel) and returns -1, 0 or +1 as a is older than, the same as or
// newer than b. Versions are compared dotted number by number ("1.04.0" >
// "1.03.1", "1.05" < "1.05.01", "1.05.03" = "1.5.3"); parts that are no
// numbers compare as strings. An empty version is older than any other.
func CompareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	if a == "" {
		as = nil
	}
	if b == "" {
		bs = nil
	}
	for i := 0; i < len(as) || i < len(bs); i++ {
		if i >= len(as) {
			return -1
		}
		if i >= len(bs) {
			return 1
		}
		x, errx := strconv.ParseUint(as[i], 10, 64)
		y, erry := strconv.ParseUint(bs[i], 10, 64)
		switch {
		case errx == nil && erry == nil && x != y:
			if x < y {
				return -1
			}
			return 1
		case (errx != nil || erry != nil) && as[i] != bs[i]:
			return strings.Compare(as[i], bs[i])
		}
	}
	return 0
}

func isNS0(id types.ExpandedNodeID, n uint32) bool {
	return id.NamespaceURI == UANamespace && id.NodeID == types.NewNumericNodeID(0, n)
}

// classify sets Kind and BuiltIn of dt from its ancestors and Definition,
// after classifying its base. done holds the DataTypes classified so far
// with the number of their supertypes; calls is the depth of this call in
// a chain of classify calls, which only a cycle makes longer than the set.
func (s *Set) classify(dt *DataType, done map[*DataType]int, calls int) error {
	if _, ok := done[dt]; ok {
		return nil
	}
	if calls > len(s.DataTypes) {
		return errorf(dt.File, dt, ErrInvalid, "its HasSubtype references form a cycle")
	}
	supertypes := 0
	if dt.Base != nil {
		if err := s.classify(dt.Base, done, calls+1); err != nil {
			return err
		}
		if supertypes = done[dt.Base] + 1; supertypes > MaxSubtypeDepth {
			return errorf(dt.File, dt, ErrLimitExceeded, "it has %d supertypes, more than MaxSubtypeDepth (%d)", supertypes, MaxSubtypeDepth)
		}
	}
	done[dt] = supertypes
	var builtIn types.BuiltinType
	var structure, enumeration, union bool
	for a := dt; a != nil; a = a.Base {
		if a.ID.NamespaceURI != UANamespace || a.ID.NodeID.Type() != types.IDTypeNumeric {
			continue
		}
		n := a.ID.NodeID.IntID()
		switch {
		case n == idStructure:
			structure = true
		case n == idEnumeration:
			enumeration = true
		case n == idUnion:
			union = true
		}
		if builtIn == 0 && n >= 1 && n <= 25 {
			builtIn = types.BuiltinType(n)
		}
	}
	def := dt.Definition
	switch {
	case def != nil && def.IsOptionSet:
		dt.Kind = KindOptionSet
		if structure {
			builtIn = types.TypeExtensionObject
		}
	case enumeration:
		dt.Kind, builtIn = KindEnumeration, types.TypeInt32
	case structure:
		dt.Kind, builtIn = KindStructure, types.TypeExtensionObject
		if union || def != nil && def.IsUnion {
			dt.Kind = KindUnion
		} else {
			for _, f := range s.Fields(dt) {
				if f.IsOptional {
					dt.Kind = KindStructureWithOptionalFields
				}
			}
		}
	case builtIn == types.TypeVariant || builtIn == 0:
		dt.Kind, builtIn = KindAbstract, types.TypeVariant
	default:
		dt.Kind = KindSimple
	}
	dt.BuiltIn = builtIn
	if s.fields != nil && dt.Kind.IsStructure() {
		s.fields[dt] = s.Fields(dt)
	}
	return nil
}

// Fields returns every field of a structure in wire order: the fields of
// its base structures first, then its own. A Definition that already
// starts with all of its base's fields (some files repeat them) is taken
// as it is. For a DataType without Definition it returns the base's
// fields. The slice may be shared with the Set and with other calls: read
// it, do not modify its elements (appending to it is safe).
func (s *Set) Fields(dt *DataType) []Field {
	if f, ok := s.fields[dt]; ok {
		return f
	}
	var base []Field
	if dt.Base != nil && !isNS0(dt.Base.ID, idStructure) && !isNS0(dt.Base.ID, idUnion) && dt.Base.Kind.IsStructure() {
		base = s.Fields(dt.Base)
	}
	if dt.Definition == nil {
		return base
	}
	own := dt.Definition.Fields
	if len(own) >= len(base) {
		repeated := true
		for i := range base {
			if own[i].Name != base[i].Name {
				repeated = false
				break
			}
		}
		if repeated {
			return own[:len(own):len(own)]
		}
	}
	return append(append(make([]Field, 0, len(base)+len(own)), base...), own...)
}

// DataType returns the DataType with the given id, or nil.
func (s *Set) DataType(id types.ExpandedNodeID) *DataType { return s.DataTypes[id] }

// Namespace returns the DataTypes whose namespace URI is uri, in file and
// document order.
func (s *Set) Namespace(uri string) []*DataType {
	var out []*DataType
	for _, f := range s.Files {
		for _, dt := range f.DataTypes {
			if dt.ID.NamespaceURI == uri {
				out = append(out, dt)
			}
		}
	}
	return out
}

// String returns "Name (nsu=URI;i=N)" for errors and logs.
func (dt *DataType) String() string { return fmt.Sprintf("%s (%v)", dt.Name, dt.ID) }
