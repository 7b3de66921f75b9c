package uamodel

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

// nodeSetFile is the official schema of namespace 0, in the repository.
var nodeSetFile = filepath.Join("..", "..", "schema", "Opc.Ua.NodeSet2.Services.xml")

// TestStandardStructureNames builds the model of every standard structure
// (types.StandardTypes) and checks its fields' OPC UA names, in order,
// against the structure's definition in Opc.Ua.NodeSet2.Services.xml: the
// encoded fields, without the mask and switch fields that the Go types
// hold.
func TestStandardStructureNames(t *testing.T) {
	f, err := os.Open(nodeSetFile)
	if os.IsNotExist(err) {
		t.Skipf("%s is not in the repository: the OPC UA names of the standard structures cannot be checked", nodeSetFile)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var set struct {
		DataTypes []struct {
			NodeID     string `xml:"NodeId,attr"`
			References []struct {
				Type    string `xml:"ReferenceType,attr"`
				Forward string `xml:"IsForward,attr"`
				Target  string `xml:",chardata"`
			} `xml:"References>Reference"`
			Definition *struct {
				Fields []struct {
					Name string `xml:"Name,attr"`
				} `xml:"Field"`
			} `xml:"Definition"`
		} `xml:"UADataType"`
	}
	if err := xml.NewDecoder(f).Decode(&set); err != nil {
		t.Fatal(err)
	}
	// A definition holds the fields a structure adds to its supertype
	// (the inverse HasSubtype reference); the Go types hold them all.
	own, super := map[string][]string{}, map[string]string{}
	for _, dt := range set.DataTypes {
		if dt.Definition == nil {
			continue
		}
		own[dt.NodeID] = []string{}
		for _, fd := range dt.Definition.Fields {
			own[dt.NodeID] = append(own[dt.NodeID], fd.Name)
		}
		for _, r := range dt.References {
			if r.Type == "HasSubtype" && r.Forward == "false" {
				super[dt.NodeID] = strings.TrimSpace(r.Target)
			}
		}
	}
	var fields func(id string) []string
	fields = func(id string) []string {
		var out []string
		if s, ok := super[id]; ok {
			out = fields(s)
		}
		return append(out, own[id]...)
	}
	defs := map[uint32][]string{}
	for id := range own {
		if n, err := strconv.ParseUint(strings.TrimPrefix(id, "i="), 10, 32); err == nil {
			defs[uint32(n)] = fields(id)
		}
	}
	checked := 0
	for _, ti := range types.StandardTypes {
		if ti.Type == nil || ti.Type.Kind() != reflect.Struct {
			continue
		}
		want, ok := defs[ti.DataTypeID]
		if !ok {
			t.Errorf("%s (i=%d): no definition in %s", ti.Name, ti.DataTypeID, nodeSetFile)
			continue
		}
		m, merr := Of(ti.Type)
		if merr != nil {
			t.Errorf("%s: %v", ti.Name, merr)
			continue
		}
		got := []string{}
		for _, fd := range m.Struct.Fields {
			if fd.Presence != MaskField && fd.Presence != SwitchField {
				got = append(got, fd.Name)
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s (%v): the model's fields are %v, the definition's %v", ti.Name, ti.Type, got, want)
		}
		checked++
	}
	if checked < 300 {
		t.Errorf("%d standard structures checked, fewer than expected", checked)
	}
}
