package nodeset_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/nodeset"
)

// Directories of the schema and nodeset files in the repository: schema/
// (namespace 0) and test/companion/testdata/nodesets (companion
// specifications), seen from this package's directory.
var (
	schemaDir  = filepath.Join("..", "..", "schema")
	nodesetDir = filepath.Join("..", "..", "test", "companion", "testdata", "nodesets")
)

const servicesFile = "Opc.Ua.NodeSet2.Services.xml"

// requireFile returns the path of a file of the repository, failing the
// test if it is missing.
func requireFile(t *testing.T, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v (the file belongs to the repository)", err)
	}
	return path
}

func acme(t *testing.T) *nodeset.Set {
	t.Helper()
	s, err := nodeset.Load(filepath.Join("testdata", "Acme.NodeSet2.xml"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func nsu(uri string, id uint32) types.ExpandedNodeID {
	return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, id), NamespaceURI: uri}
}

func TestParseAcme(t *testing.T) {
	s := acme(t)
	f := s.Files[0]
	if want := []string{nodeset.UANamespace, "urn:acme:base", "urn:acme"}; !reflect.DeepEqual(f.NamespaceURIs, want) {
		t.Errorf("NamespaceURIs = %q, want %q", f.NamespaceURIs, want)
	}
	m := s.Models["urn:acme"]
	if m == nil || m.Version != "1.2.0" || len(m.Required) != 1 || m.Required[0].URI != nodeset.UANamespace || m.Required[0].Version != "1.05.00" {
		t.Errorf("model urn:acme = %+v", m)
	}
	if f.Aliases["Mode"] != "ns=2;i=3001" {
		t.Errorf("alias Mode = %q", f.Aliases["Mode"])
	}

	mode := s.DataType(nsu("urn:acme", 3001))
	if mode == nil || mode.Kind != nodeset.KindEnumeration || mode.BuiltIn != types.TypeInt32 || mode.Name != "Mode" ||
		mode.Documentation != "https://example.org/acme/mode" || mode.Base != s.DataType(nsu(nodeset.UANamespace, 29)) {
		t.Fatalf("Mode = %+v", mode)
	}
	if fs := mode.Definition.Fields; len(fs) != 3 || fs[2].Name != "Manual" || fs[2].Value != 5 || fs[1].Description != "Automatic." {
		t.Errorf("Mode fields = %+v", fs)
	}

	flags := s.DataType(nsu("urn:acme", 3002))
	if flags.Kind != nodeset.KindOptionSet || flags.BuiltIn != types.TypeUInt16 || flags.Definition.Fields[1].Value != 3 {
		t.Errorf("Flags = %+v", flags)
	}
	year := s.DataType(nsu("urn:acme", 3003))
	if year.Kind != nodeset.KindSimple || year.BuiltIn != types.TypeUInt16 {
		t.Errorf("Year: kind %v, built-in %v", year.Kind, year.BuiltIn)
	}

	sp := s.DataType(nsu("urn:acme", 3005))
	if sp.Kind != nodeset.KindStructureWithOptionalFields || sp.BuiltIn != types.TypeExtensionObject || sp.Description != "A setpoint." {
		t.Errorf("Setpoint: %+v", sp)
	}
	if enc, ok := sp.BinaryEncoding(); !ok || enc != nsu("urn:acme", 5001) {
		t.Errorf("Setpoint binary encoding = %v, %v", enc, ok)
	}
	fields := s.Fields(sp)
	var names []string
	for _, f := range fields {
		names = append(names, f.Name)
	}
	if want := "Id Mode Limits Comment Any"; strings.Join(names, " ") != want {
		t.Errorf("Setpoint fields %q, want %q (base fields first)", names, want)
	}
	want := []nodeset.Field{
		{Name: "Id", DataType: nsu(nodeset.UANamespace, 12), ValueRank: -1, Value: -1},
		{Name: "Mode", DataType: nsu("urn:acme", 3001), ValueRank: -1, Value: -1},
		{Name: "Limits", DataType: nsu(nodeset.UANamespace, 6), ValueRank: 1, ArrayDimensions: []uint32{2}, IsOptional: true, Value: -1},
		{Name: "Comment", DataType: nsu(nodeset.UANamespace, 12), ValueRank: -1, MaxStringLength: 80, IsOptional: true, Value: -1, Description: "Free text."},
		{Name: "Any", DataType: nsu(nodeset.UANamespace, 24), ValueRank: -1, Value: -1},
	}
	if !reflect.DeepEqual(fields, want) {
		t.Errorf("Setpoint fields\n got %+v\nwant %+v", fields, want)
	}
	if base := s.DataType(nsu("urn:acme:base", 3004)); base.Kind != nodeset.KindStructure || !base.IsAbstract {
		t.Errorf("Base: %+v", base)
	}
	if c := s.DataType(nsu("urn:acme", 3006)); c.Kind != nodeset.KindUnion {
		t.Errorf("Choice kind %v", c.Kind)
	}
	for id, k := range map[uint32]nodeset.Kind{24: nodeset.KindAbstract, 26: nodeset.KindAbstract, 28: nodeset.KindAbstract, 6: nodeset.KindSimple, 22: nodeset.KindStructure} {
		if dt := s.DataType(nsu(nodeset.UANamespace, id)); dt.Kind != k {
			t.Errorf("i=%d: kind %v, want %v", id, dt.Kind, k)
		}
	}
	if got := len(s.Namespace("urn:acme")); got != 5 {
		t.Errorf("%d DataTypes in urn:acme, want 5", got)
	}
}

// edit returns the Acme file with old replaced by new (once; the test fails
// if old is not there).
func edit(t *testing.T, old, new string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "Acme.NodeSet2.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%q is not in Acme.NodeSet2.xml", old)
	}
	return []byte(strings.Replace(string(data), old, new, 1))
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, old, new string
		kind           error
		msg            string
	}{
		{"xml", `<UADataType NodeId="ns=2;i=3002"`, `<UADataType NodeId="ns=2;i=3002"><`, nodeset.ErrInvalid,
			"nodeset: acme.xml: invalid NodeSet2: XML in UADataType"},
		{"root", `<UANodeSet xmlns`, `<UANodeSetX xmlns`, nodeset.ErrInvalid, "root element is UANodeSetX"},
		{"namespace index", `NodeId="ns=2;i=3003"`, `NodeId="ns=7;i=3003"`, nodeset.ErrInvalid,
			`nodeset: acme.xml: node ns=7;i=3003 (2:Year): invalid NodeSet2: NodeId: namespace index 7 of ns=7;i=3003 is not in the file's NamespaceUris`},
		{"bad node id", `NodeId="ns=2;i=3003"`, `NodeId="ns=2;q=3003"`, nodeset.ErrInvalid, "node ns=2;q=3003 (2:Year): invalid NodeSet2: NodeId"},
		{"duplicate", `NodeId="ns=2;i=3003"`, `NodeId="ns=2;i=3002"`, nodeset.ErrInvalid, "node ns=2;i=3002 (2:Year): invalid NodeSet2: a second UADataType"},
		{"value rank", `ValueRank="1"`, `ValueRank="x"`, nodeset.ErrInvalid, `node ns=2;i=3005 (2:Setpoint): invalid NodeSet2: field Limits: ValueRank "x"`},
		{"bool", `IsOptional="true"`, `IsOptional="yes"`, nodeset.ErrInvalid, `field Limits: IsOptional "yes"`},
		{"missing model", `<RequiredModel ModelUri="http://opcfoundation.org/UA/" Version="1.05.00" />`,
			`<RequiredModel ModelUri="urn:other" Version="2.1" />`, nodeset.ErrMissingModel,
			"nodeset: acme.xml: required model missing: model urn:acme requires model urn:other version 2.1, which no file given defines"},
		{"old model", `Version="1.05.00"`, `Version="1.05.10"`, nodeset.ErrMissingModel,
			"model urn:acme requires model http://opcfoundation.org/UA/ version 1.05.10, but acme.xml has version 1.05.03"},
		{"unknown field type", `DataType="Mode"`, `DataType="ns=2;i=9999"`, nodeset.ErrUnknownDataType,
			"node ns=2;i=3005 (2:Setpoint): unknown DataType: field Mode: DataType nsu=urn:acme;i=9999 is defined by no file given"},
		{"unknown base", `IsForward="false">ns=1;i=3004`, `IsForward="false">ns=1;i=3999`, nodeset.ErrUnknownDataType,
			"supertype nsu=urn:acme:base;i=3999 is defined by no file given"},
		{"cycle", `IsForward="false">i=24</Reference>`, `IsForward="false">i=27</Reference>`, nodeset.ErrInvalid, "HasSubtype references form a cycle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ns, err := nodeset.Parse("acme.xml", edit(t, tt.old, tt.new))
			if err == nil {
				_, err = nodeset.NewSet(ns)
			}
			var e *nodeset.Error
			if !errors.As(err, &e) || !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %v, want an *Error wrapping %v containing %q", err, tt.kind, tt.msg)
			}
			if e.File != "acme.xml" {
				t.Errorf("File = %q", e.File)
			}
		})
	}
}

func TestTwoFiles(t *testing.T) {
	data := edit(t, "x", "x")
	a, err := nodeset.Parse("a.xml", data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := nodeset.Parse("b.xml", data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nodeset.NewSet(a, b); !errors.Is(err, nodeset.ErrInvalid) || !strings.Contains(err.Error(), "nodeset: b.xml: invalid NodeSet2: model urn:acme is also defined by a.xml") {
		t.Errorf("error %v", err)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := nodeset.Load(filepath.Join("testdata", "none.xml"))
	var e *nodeset.Error
	if !errors.As(err, &e) || e.File != "none.xml" || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("error %v", err)
	}
}

// TestNamespaceZero reads Opc.Ua.NodeSet2.Services.xml and checks the kind
// of a few DataTypes of every kind.
func TestNamespaceZero(t *testing.T) {
	s, err := nodeset.Load(requireFile(t, schemaDir, servicesFile))
	if err != nil {
		t.Fatal(err)
	}
	ua := s.Namespace(nodeset.UANamespace)
	if len(ua) < 400 {
		t.Errorf("%d DataTypes in namespace 0", len(ua))
	}
	tests := []struct {
		id      uint32
		name    string
		kind    nodeset.Kind
		builtIn types.BuiltinType
	}{
		{294, "UtcTime", nodeset.KindSimple, types.TypeDateTime},
		{290, "Duration", nodeset.KindSimple, types.TypeDouble},
		{295, "LocaleId", nodeset.KindSimple, types.TypeString},
		{31918, "TrimmedString", nodeset.KindSimple, types.TypeString},
		{15031, "AccessLevelType", nodeset.KindOptionSet, types.TypeByte},
		{94, "PermissionType", nodeset.KindOptionSet, types.TypeUInt32},
		{256, "IdType", nodeset.KindEnumeration, types.TypeInt32},
		{626, "ReadValueId", nodeset.KindStructure, types.TypeExtensionObject},
		{12755, "OptionSet", nodeset.KindStructure, types.TypeExtensionObject},
		{26, "Number", nodeset.KindAbstract, types.TypeVariant},
		{24, "BaseDataType", nodeset.KindAbstract, types.TypeVariant},
		{22, "Structure", nodeset.KindStructure, types.TypeExtensionObject},
		{7, "UInt32", nodeset.KindSimple, types.TypeUInt32},
	}
	for _, tt := range tests {
		dt := s.DataType(nsu(nodeset.UANamespace, tt.id))
		if dt == nil || dt.Name != tt.name || dt.Kind != tt.kind || dt.BuiltIn != tt.builtIn {
			t.Errorf("i=%d: %+v, want %s %v %v", tt.id, dt, tt.name, tt.kind, tt.builtIn)
		}
	}
	rv := s.DataType(nsu(nodeset.UANamespace, 626))
	if enc, ok := rv.BinaryEncoding(); !ok || enc != nsu(nodeset.UANamespace, 628) {
		t.Errorf("ReadValueId binary encoding %v %v, want i=628", enc, ok)
	}
}

// companions lists the ten companion nodesets with the files each needs,
// namespace 0 first.
var companions = map[string][]string{
	"DI":               {"Opc.Ua.Di.NodeSet2.xml"},
	"IA":               {"Opc.Ua.Di.NodeSet2.xml", "Opc.Ua.IA.NodeSet2.xml"},
	"Machinery":        {"Opc.Ua.Di.NodeSet2.xml", "Opc.Ua.Machinery.NodeSet2.xml"},
	"Machinery.Result": {"Opc.Ua.Machinery.Result.NodeSet2.xml"},
	"ISA95":            {"opc.ua.isa95-jobcontrol.nodeset2.xml"},
	"Machinery.Jobs":   {"opc.ua.isa95-jobcontrol.nodeset2.xml", "Opc.Ua.Machinery.Jobs.Nodeset2.xml"},
	"PackML":           {"Opc.Ua.PackML.NodeSet2.xml"},
	"MachineVision":    {"Opc.Ua.MachineVision.NodeSet2.xml"},
	"AutoID":           {"Opc.Ua.Di.NodeSet2.xml", "Opc.Ua.AutoID.NodeSet2.xml"},
	"Robotics":         {"Opc.Ua.Di.NodeSet2.xml", "Opc.Ua.Robotics.NodeSet2.xml"},
}

// TestCompanions loads each companion nodeset with its dependencies
// and checks that every structure has a binary encoding.
func TestCompanions(t *testing.T) {
	services := requireFile(t, schemaDir, servicesFile)
	for name, files := range companions {
		t.Run(name, func(t *testing.T) {
			paths := []string{services}
			for _, f := range files {
				paths = append(paths, requireFile(t, nodesetDir, f))
			}
			s, err := nodeset.Load(paths...)
			if err != nil {
				t.Fatal(err)
			}
			target := s.Files[len(s.Files)-1].Models[0].URI
			for _, dt := range s.Namespace(target) {
				if _, ok := dt.BinaryEncoding(); dt.Kind.IsStructure() && !dt.IsAbstract && !ok {
					t.Errorf("%v: no Default Binary encoding", dt)
				}
			}
		})
	}
}

func TestMissingDependency(t *testing.T) {
	services := requireFile(t, schemaDir, servicesFile)
	_, err := nodeset.Load(services, requireFile(t, nodesetDir, "Opc.Ua.AutoID.NodeSet2.xml"))
	want := "nodeset: Opc.Ua.AutoID.NodeSet2.xml: required model missing: model http://opcfoundation.org/UA/AutoID/ requires model http://opcfoundation.org/UA/DI/ version 1.01, which no file given defines"
	if !errors.Is(err, nodeset.ErrMissingModel) || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
}
