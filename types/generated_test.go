package types_test

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

// Tests of the generated data model: the type table, the Go shapes of the
// structures and the String methods. Encoding round trips over the table
// belong to package uabin.

func TestStandardTypesTable(t *testing.T) {
	if got := len(types.StandardTypes); got != 314 {
		t.Errorf("len(StandardTypes) = %d, want 314", got)
	}
	ids := map[uint32]string{} // every id in any column, to find reuse
	names := map[string]bool{}
	goTypes := map[reflect.Type]bool{}
	for i := range types.StandardTypes {
		ti := &types.StandardTypes[i]
		if ti.Type == nil || ti.Type.Kind() != reflect.Struct || ti.Type.PkgPath() != "github.com/uabin/uabin/types" {
			t.Errorf("%s: Type = %v, want a struct of package types", ti.Name, ti.Type)
			continue
		}
		if ti.Name == "" || names[ti.Name] || goTypes[ti.Type] {
			t.Errorf("%s (%v): empty or duplicate name or Go type", ti.Name, ti.Type)
		}
		names[ti.Name], goTypes[ti.Type] = true, true
		if ti.DataTypeID == 0 || ti.BinaryEncodingID == 0 {
			t.Errorf("%s: DataTypeID %d, BinaryEncodingID %d: want both set", ti.Name, ti.DataTypeID, ti.BinaryEncodingID)
		}
		for col, id := range map[string]uint32{"DataTypeID": ti.DataTypeID, "BinaryEncodingID": ti.BinaryEncodingID, "XMLEncodingID": ti.XMLEncodingID, "JSONEncodingID": ti.JSONEncodingID} {
			if id == 0 {
				continue
			}
			if prev, dup := ids[id]; dup {
				t.Errorf("%s.%s = %d, also used as %s", ti.Name, col, id, prev)
			}
			ids[id] = ti.Name + "." + col
		}

		if got, ok := types.TypeInfoByBinaryEncoding(ti.BinaryEncodingID); !ok || got != ti {
			t.Errorf("TypeInfoByBinaryEncoding(%d) = %v, %v; want &StandardTypes[%d]", ti.BinaryEncodingID, got, ok, i)
		}
		if got, ok := types.TypeInfoByType(ti.Type); !ok || got != ti {
			t.Errorf("TypeInfoByType(%v) = %v, %v; want &StandardTypes[%d]", ti.Type, got, ok, i)
		}
		if got, ok := types.TypeInfoByName(ti.Name); !ok || got != ti {
			t.Errorf("TypeInfoByName(%q) = %v, %v; want &StandardTypes[%d]", ti.Name, got, ok, i)
		}
	}
}

func TestTypeInfoLookupMisses(t *testing.T) {
	if ti, ok := types.TypeInfoByBinaryEncoding(629); ok { // ReadRequest's DataType id, not its encoding id
		t.Errorf("TypeInfoByBinaryEncoding(629) = %s, want none", ti.Name)
	}
	if ti, ok := types.TypeInfoByBinaryEncoding(0); ok {
		t.Errorf("TypeInfoByBinaryEncoding(0) = %s, want none", ti.Name)
	}
	if ti, ok := types.TypeInfoByName("ReadValueID"); ok { // the Go name, not the OPC UA name
		t.Errorf("TypeInfoByName(ReadValueID) = %s, want none", ti.Name)
	}
	if ti, ok := types.TypeInfoByType(reflect.TypeFor[*types.ReadRequest]()); ok {
		t.Errorf("TypeInfoByType(*ReadRequest) = %s, want none", ti.Name)
	}
	if ti, ok := types.TypeInfoByType(reflect.TypeFor[types.NodeID]()); ok {
		t.Errorf("TypeInfoByType(NodeID) = %s, want none (built-in)", ti.Name)
	}
}

// TestStandardTypesSpotChecks checks ids of the schema files (NodeIds.csv),
// several of which break the DataTypeId+2 pattern.
func TestStandardTypesSpotChecks(t *testing.T) {
	tests := []struct {
		name             string
		goType           reflect.Type
		dataType, binary uint32
		xml, json        uint32 // 0: not checked
		abstract         bool
	}{
		{"ReadRequest", reflect.TypeFor[types.ReadRequest](), 629, 631, 630, 15257, false},
		{"ReadResponse", reflect.TypeFor[types.ReadResponse](), 632, 634, 633, 15258, false},
		{"BrowseResponse", reflect.TypeFor[types.BrowseResponse](), 528, 530, 529, 15185, false},
		{"Argument", reflect.TypeFor[types.Argument](), 296, 298, 297, 15081, false},
		{"ReadValueId", reflect.TypeFor[types.ReadValueID](), 626, 628, 0, 0, false},
		{"BrowseResult", reflect.TypeFor[types.BrowseResult](), 522, 524, 0, 0, false},
		{"ReferenceDescription", reflect.TypeFor[types.ReferenceDescription](), 518, 520, 0, 0, false},
		{"RequestHeader", reflect.TypeFor[types.RequestHeader](), 389, 391, 0, 0, false},
		{"ResponseHeader", reflect.TypeFor[types.ResponseHeader](), 392, 394, 0, 0, false},
		{"ServiceFault", reflect.TypeFor[types.ServiceFault](), 395, 397, 0, 0, false},
		{"EnumValueType", reflect.TypeFor[types.EnumValueType](), 7594, 8251, 0, 0, false},
		{"KeyValuePair", reflect.TypeFor[types.KeyValuePair](), 14533, 14846, 0, 0, false},
		{"StructureField", reflect.TypeFor[types.StructureField](), 101, 14844, 0, 0, false},
		{"ThreeDVector", reflect.TypeFor[types.ThreeDVector](), 18808, 18817, 0, 0, false},
		{"AnonymousIdentityToken", reflect.TypeFor[types.AnonymousIdentityToken](), 319, 321, 0, 0, false},
		{"UserNameIdentityToken", reflect.TypeFor[types.UserNameIdentityToken](), 322, 324, 0, 0, false},
		{"UserIdentityToken", reflect.TypeFor[types.UserIdentityToken](), 316, 318, 0, 0, true},
		{"FilterOperand", reflect.TypeFor[types.FilterOperand](), 589, 591, 0, 0, true},
		{"Union", reflect.TypeFor[types.Union](), 12756, 12766, 0, 0, true},
		{"MonitoringFilter", reflect.TypeFor[types.MonitoringFilter](), 719, 721, 0, 0, false},
	}
	for _, tt := range tests {
		ti, ok := types.TypeInfoByName(tt.name)
		if !ok {
			t.Errorf("%s: not in StandardTypes", tt.name)
			continue
		}
		if ti.Type != tt.goType || ti.DataTypeID != tt.dataType || ti.BinaryEncodingID != tt.binary || ti.Abstract != tt.abstract ||
			tt.xml != 0 && ti.XMLEncodingID != tt.xml || tt.json != 0 && ti.JSONEncodingID != tt.json {
			t.Errorf("%s = %+v, want type %v ids %d/%d/%d/%d abstract %v", tt.name, *ti, tt.goType, tt.dataType, tt.binary, tt.xml, tt.json, tt.abstract)
		}
	}
}

func TestAbstractTypes(t *testing.T) {
	want := []string{
		"Union", "Vector", "CartesianCoordinates", "Orientation", "Frame",
		"DataTypeSchemaHeader", "DataTypeDescription", "DataTypeDefinition", "OptionSet",
		"UserIdentityToken", "FilterOperand", "HistoryReadDetails", "HistoryUpdateDetails",
		"PubSubGroupDataType", "NetworkAddressDataType", "QosDataType", "TransmitQosDataType",
		"ReceiveQosDataType", "PublishedDataSetSourceDataType", "SubscribedDataSetDataType",
		"DataSetWriterTransportDataType", "DataSetWriterMessageDataType",
		"WriterGroupTransportDataType", "WriterGroupMessageDataType", "ConnectionTransportDataType",
		"ReaderGroupTransportDataType", "ReaderGroupMessageDataType",
		"DataSetReaderTransportDataType", "DataSetReaderMessageDataType",
	}
	var got []string
	for _, ti := range types.StandardTypes {
		if ti.Abstract {
			got = append(got, ti.Name)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("abstract types\n%v\nwant\n%v", got, want)
	}
}

// TestStandardTypesMatchNodeIDs checks every row of StandardTypes against
// NodeIds.csv, read here independently of the generator.
func TestStandardTypesMatchNodeIDs(t *testing.T) {
	dir := schemaDir
	f, err := os.Open(filepath.Join(dir, "NodeIds.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	csvIDs := map[string]uint32{}
	for _, row := range rows {
		id, err := strconv.ParseUint(row[1], 10, 32)
		if err != nil {
			t.Fatal(err)
		}
		csvIDs[row[0]] = uint32(id)
	}
	for _, ti := range types.StandardTypes {
		want := [4]uint32{csvIDs[ti.Name], csvIDs[ti.Name+"_Encoding_DefaultBinary"], csvIDs[ti.Name+"_Encoding_DefaultXml"], csvIDs[ti.Name+"_Encoding_DefaultJson"]}
		if got := [4]uint32{ti.DataTypeID, ti.BinaryEncodingID, ti.XMLEncodingID, ti.JSONEncodingID}; got != want {
			t.Errorf("%s: ids %v, NodeIds.csv says %v", ti.Name, got, want)
		}
	}
}

// builtinWire maps the Go types of the built-ins to their wire type names.
var builtinWire = map[reflect.Type]string{
	reflect.TypeFor[bool]():                  "Boolean",
	reflect.TypeFor[int8]():                  "SByte",
	reflect.TypeFor[uint8]():                 "Byte",
	reflect.TypeFor[int16]():                 "Int16",
	reflect.TypeFor[uint16]():                "UInt16",
	reflect.TypeFor[int32]():                 "Int32",
	reflect.TypeFor[uint32]():                "UInt32",
	reflect.TypeFor[int64]():                 "Int64",
	reflect.TypeFor[uint64]():                "UInt64",
	reflect.TypeFor[float32]():               "Float",
	reflect.TypeFor[float64]():               "Double",
	reflect.TypeFor[string]():                "String",
	reflect.TypeFor[[]byte]():                "ByteString",
	reflect.TypeFor[types.DateTime]():        "DateTime",
	reflect.TypeFor[types.GUID]():            "Guid",
	reflect.TypeFor[types.XmlElement]():      "XmlElement",
	reflect.TypeFor[types.NodeID]():          "NodeId",
	reflect.TypeFor[types.ExpandedNodeID]():  "ExpandedNodeId",
	reflect.TypeFor[types.StatusCode]():      "StatusCode",
	reflect.TypeFor[types.QualifiedName]():   "QualifiedName",
	reflect.TypeFor[types.LocalizedText]():   "LocalizedText",
	reflect.TypeFor[types.ExtensionObject](): "ExtensionObject",
	reflect.TypeFor[types.DataValue]():       "DataValue",
	reflect.TypeFor[types.Variant]():         "Variant",
	reflect.TypeFor[types.DiagnosticInfo]():  "DiagnosticInfo",
}

// enumWire is the wire type of the enumerations (named int32) and option
// sets (named unsigned integers) by kind.
var enumWire = map[reflect.Kind]string{
	reflect.Int32: "Int32", reflect.Uint8: "Byte", reflect.Uint16: "UInt16", reflect.Uint32: "UInt32",
}

// badInitialism finds a word of a Go name that golint would upper-case.
var badInitialism = regexp.MustCompile(`(Id|Uri|Url|Guid|Xml|Json)([A-Z0-9]|s?$|s[A-Z])`)

// TestStructureFields checks every field of every standard structure: an
// exported Go name with initialisms, and a ua: tag naming the wire type of
// each field of a built-in, enumeration or option set type (the element
// type for a slice), and no wire type on structure fields; the one option
// is name=, the OPC UA name where it differs from the Go name
// (TestFieldNamesMatchNodeSet checks the names).
func TestStructureFields(t *testing.T) {
	structs := map[reflect.Type]bool{}
	for _, ti := range types.StandardTypes {
		structs[ti.Type] = true
	}
	for _, ti := range types.StandardTypes {
		if badInitialism.MatchString(ti.Type.Name()) {
			t.Errorf("type %s: initialism not upper-cased", ti.Type.Name())
		}
		for i := range ti.Type.NumField() {
			f := ti.Type.Field(i)
			where := ti.Type.Name() + "." + f.Name
			if !f.IsExported() || badInitialism.MatchString(f.Name) {
				t.Errorf("%s: unexported or initialism not upper-cased", where)
			}
			ft := f.Type
			if ft.Kind() == reflect.Slice && ft != reflect.TypeFor[[]byte]() {
				ft = ft.Elem()
			}
			tag, _ := f.Tag.Lookup("ua")
			if wire, name, ok := strings.Cut(tag, ",name="); ok {
				if name == f.Name || strings.Contains(name, ",") {
					t.Errorf("%s: tag ua:%q, name= repeats the Go name or has another option", where, tag)
				}
				tag = wire
			}
			var want string
			switch w, builtin := builtinWire[ft]; {
			case builtin:
				want = w
			case structs[ft]:
				if tag != "" {
					t.Errorf("%s: structure field with the wire type %q", where, tag)
				}
				continue
			case ft.PkgPath() == "github.com/uabin/uabin/types" && enumWire[ft.Kind()] != "":
				want = enumWire[ft.Kind()]
			default:
				t.Errorf("%s: unexpected Go type %v", where, f.Type)
				continue
			}
			if tag != want {
				t.Errorf("%s %v: tag ua:%q, want ua:%q", where, f.Type, tag, want)
			}
		}
	}
}

// fieldList describes a struct's fields as "Name Type `tag`" lines.
func fieldList(t reflect.Type) []string {
	var fs []string
	for i := range t.NumField() {
		f := t.Field(i)
		fs = append(fs, fmt.Sprintf("%s %v %s", f.Name, f.Type, f.Tag))
	}
	return fs
}

// TestStructureLayouts checks the fields, in wire order, of structures the
// benchmark workloads single out, and some with names that need name=.
func TestStructureLayouts(t *testing.T) {
	tests := []struct {
		typ  reflect.Type
		want []string
	}{
		{reflect.TypeFor[types.ReadValueID](), []string{
			`NodeID types.NodeID ua:"NodeId,name=NodeId"`,
			`AttributeID uint32 ua:"UInt32,name=AttributeId"`,
			`IndexRange string ua:"String"`,
			`DataEncoding types.QualifiedName ua:"QualifiedName"`,
		}},
		{reflect.TypeFor[types.ReadRequest](), []string{
			`RequestHeader types.RequestHeader `,
			`MaxAge float64 ua:"Double"`,
			`TimestampsToReturn types.TimestampsToReturn ua:"Int32"`,
			`NodesToRead []types.ReadValueID `,
		}},
		{reflect.TypeFor[types.ReferenceDescription](), []string{
			`ReferenceTypeID types.NodeID ua:"NodeId,name=ReferenceTypeId"`,
			`IsForward bool ua:"Boolean"`,
			`NodeID types.ExpandedNodeID ua:"ExpandedNodeId,name=NodeId"`,
			`BrowseName types.QualifiedName ua:"QualifiedName"`,
			`DisplayName types.LocalizedText ua:"LocalizedText"`,
			`NodeClass types.NodeClass ua:"Int32"`,
			`TypeDefinition types.ExpandedNodeID ua:"ExpandedNodeId"`,
		}},
		{reflect.TypeFor[types.BrowseResult](), []string{
			`StatusCode types.StatusCode ua:"StatusCode"`,
			`ContinuationPoint []uint8 ua:"ByteString"`,
			`References []types.ReferenceDescription `,
		}},
		{reflect.TypeFor[types.UserNameIdentityToken](), []string{
			`PolicyID string ua:"String,name=PolicyId"`,
			`UserName string ua:"String"`,
			`Password []uint8 ua:"ByteString"`,
			`EncryptionAlgorithm string ua:"String"`,
		}},
		{reflect.TypeFor[types.ResponseHeader](), []string{
			`Timestamp types.DateTime ua:"DateTime"`,
			`RequestHandle uint32 ua:"UInt32"`,
			`ServiceResult types.StatusCode ua:"StatusCode"`,
			`ServiceDiagnostics types.DiagnosticInfo ua:"DiagnosticInfo"`,
			`StringTable []string ua:"String"`,
			`AdditionalHeader types.ExtensionObject ua:"ExtensionObject"`,
		}},
		{reflect.TypeFor[types.CallMethodRequest](), []string{
			`ObjectID types.NodeID ua:"NodeId,name=ObjectId"`,
			`MethodID types.NodeID ua:"NodeId,name=MethodId"`,
			`InputArguments []types.Variant ua:"Variant"`,
		}},
		{reflect.TypeFor[types.PriorityMappingEntryType](), []string{
			`MappingURI string ua:"String,name=MappingUri"`,
			`PriorityLabel string ua:"String"`,
			`PriorityValuePCP uint8 ua:"Byte,name=PriorityValue_PCP"`,
			`PriorityValueDSCP uint32 ua:"UInt32,name=PriorityValue_DSCP"`,
		}},
		{reflect.TypeFor[types.Union](), nil},
	}
	for _, tt := range tests {
		if got := fieldList(tt.typ); !slices.Equal(got, tt.want) {
			t.Errorf("%v fields:\n%q\nwant\n%q", tt.typ, got, tt.want)
		}
	}
	// The one core field whose option set is not 4 bytes.
	f, _ := reflect.TypeFor[types.FieldMetaData]().FieldByName("FieldFlags")
	if f.Type != reflect.TypeFor[types.DataSetFieldFlags]() || f.Type.Size() != 2 || f.Tag.Get("ua") != "UInt16" {
		t.Errorf("FieldMetaData.FieldFlags = %v (%d bytes) %s, want DataSetFieldFlags, 2 bytes, UInt16", f.Type, f.Type.Size(), f.Tag)
	}
}

// TestOptionSetSizes checks the wire size of every option set.
func TestOptionSetSizes(t *testing.T) {
	tests := map[reflect.Type]uintptr{
		reflect.TypeFor[types.AlarmMask]():                     2,
		reflect.TypeFor[types.TrustListValidationOptions]():    4,
		reflect.TypeFor[types.DataSetFieldFlags]():             2,
		reflect.TypeFor[types.DataSetFieldContentMask]():       4,
		reflect.TypeFor[types.UadpNetworkMessageContentMask](): 4,
		reflect.TypeFor[types.UadpDataSetMessageContentMask](): 4,
		reflect.TypeFor[types.JSONNetworkMessageContentMask](): 4,
		reflect.TypeFor[types.JSONDataSetMessageContentMask](): 4,
		reflect.TypeFor[types.PubSubConfigurationRefMask]():    4,
		reflect.TypeFor[types.PasswordOptionsMask]():           4,
		reflect.TypeFor[types.UserConfigurationMask]():         4,
		reflect.TypeFor[types.PermissionType]():                4,
		reflect.TypeFor[types.AccessLevelType]():               1,
		reflect.TypeFor[types.AccessLevelExType]():             4,
		reflect.TypeFor[types.EventNotifierType]():             1,
		reflect.TypeFor[types.AccessRestrictionType]():         2,
		reflect.TypeFor[types.AttributeWriteMask]():            4,
	}
	for typ, size := range tests {
		if typ.Size() != size || typ.Kind() < reflect.Uint8 || typ.Kind() > reflect.Uint64 {
			t.Errorf("%v: %v of %d bytes, want unsigned of %d", typ, typ.Kind(), typ.Size(), size)
		}
	}
}

func TestEnumerationString(t *testing.T) {
	tests := []struct {
		v    fmt.Stringer
		want string
	}{
		{types.NodeClassUnspecified, "Unspecified"},
		{types.NodeClassVariable, "Variable"},
		{types.NodeClassView, "View"},
		{types.NodeClass(7), "NodeClass(7)"},
		{types.NodeClass(-1), "NodeClass(-1)"},
		{types.TimestampsToReturnBoth, "Both"},
		{types.TimestampsToReturnNeither, "Neither"},
		{types.MessageSecurityModeSignAndEncrypt, "SignAndEncrypt"},
		{types.BrowseDirectionInverse, "Inverse"},
		{types.BrowseResultMaskAll, "All"},
		{types.ServerStateRunning, "Running"},
		{types.NamingRuleTypeMandatory, "Mandatory"},
		{types.NamingRuleType(0), "NamingRuleType(0)"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("%T(%v) String = %q, want %q", tt.v, tt.v, got, tt.want)
		}
	}
	// Values worth a check: masks, values above the first, unknown ones.
	values := []struct {
		got, want int64
	}{
		{int64(types.NodeClassVariable), 2}, {int64(types.NodeClassView), 128},
		{int64(types.TimestampsToReturnBoth), 2}, {int64(types.OpenFileModeEraseExisting), 4},
		{int64(types.BrowseResultMaskAll), 63}, {int64(types.NodeAttributesMaskAll), 33554431},
		{int64(types.HistoryUpdateTypeInsert), 1},
	}
	for i, v := range values {
		if v.got != v.want {
			t.Errorf("value %d = %d, want %d", i, v.got, v.want)
		}
	}
}

func TestOptionSetString(t *testing.T) {
	tests := []struct {
		v    fmt.Stringer
		want string
	}{
		{types.AccessLevelTypeCurrentRead | types.AccessLevelTypeCurrentWrite, "CurrentRead|CurrentWrite"},
		{types.AccessLevelTypeNone, "None"},
		{types.AccessLevelTypeTimestampWrite, "TimestampWrite"},
		{types.AccessLevelType(0x81), "CurrentRead|0x80"},
		{types.AccessLevelType(0x80), "0x80"},
		{types.DataSetFieldFlagsPromotedField, "PromotedField"},
		{types.AccessLevelExType(1 << 31), "0x80000000"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("%T(%#x) String = %q, want %q", tt.v, tt.v, got, tt.want)
		}
	}
	if types.AccessLevelTypeCurrentWrite != 2 || types.AccessLevelTypeHistoryRead != 4 || types.EventNotifierTypeSubscribeToEvents != 1 {
		t.Error("option set bit values differ from the schema")
	}
}

func TestAttributeID(t *testing.T) {
	if types.AttributeIDNodeID != 1 || types.AttributeIDValue != 13 || types.AttributeIDAccessLevelEx != 27 {
		t.Errorf("AttributeIDNodeID %d, AttributeIDValue %d, AttributeIDAccessLevelEx %d; want 1, 13, 27",
			types.AttributeIDNodeID, types.AttributeIDValue, types.AttributeIDAccessLevelEx)
	}
	names := map[string]bool{}
	for a := types.AttributeID(1); a <= 27; a++ {
		s := a.String()
		if s == fmt.Sprintf("AttributeID(%d)", a) || names[s] {
			t.Errorf("AttributeID(%d).String() = %q: missing or duplicate name", a, s)
		}
		names[s] = true
	}
	for a, want := range map[types.AttributeID]string{
		types.AttributeIDValue: "Value", types.AttributeIDBrowseName: "BrowseName",
		types.AttributeIDDataTypeDefinition: "DataTypeDefinition",
		0:                                   "AttributeID(0)", 28: "AttributeID(28)", 1 << 31: "AttributeID(2147483648)",
	} {
		if got := a.String(); got != want {
			t.Errorf("AttributeID(%d).String() = %q, want %q", uint32(a), got, want)
		}
	}
}

func ExampleTypeInfoByBinaryEncoding() {
	// 631 is the TypeID that prefixes a ReadRequest on the wire.
	ti, ok := types.TypeInfoByBinaryEncoding(631)
	fmt.Println(ok, ti.Name, ti.Type, ti.DataTypeID)
	// Output: true ReadRequest types.ReadRequest 629
}

func ExampleNodeClass_String() {
	fmt.Println(types.NodeClassVariable, types.NodeClass(3))
	fmt.Println(types.AccessLevelTypeCurrentRead | types.AccessLevelTypeCurrentWrite)
	// Output:
	// Variable NodeClass(3)
	// CurrentRead|CurrentWrite
}

func BenchmarkTypeInfoByBinaryEncoding(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := types.TypeInfoByBinaryEncoding(631); !ok {
			b.Fatal("631 not found")
		}
	}
}

func BenchmarkTypeInfoByType(b *testing.B) {
	b.ReportAllocs()
	t := reflect.TypeFor[types.ReadRequest]()
	for b.Loop() {
		if _, ok := types.TypeInfoByType(t); !ok {
			b.Fatal("ReadRequest not found")
		}
	}
}
