package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// codeGenDef is a structure of namespace 0 whose DataType has
// Purpose="CodeGenerator" and that the bsd does not describe (Node and its
// subtypes, DecimalDataType): no encoding, no Go type, but a Definition.
// Run-time definitions decode fields of these DataTypes as run-time
// structures built from the table written from these
// (codegenstructs_gen.go).
type codeGenDef struct {
	Name       string
	DataTypeID uint32
	BaseID     uint32
	Fields     []codeGenField // base fields first
}

// codeGenField is a field of a codeGenDef.
type codeGenField struct {
	Name       string
	DataTypeID uint32
	ValueRank  int
}

// codeGenStructs collects the code-generator structures with no Go type,
// their fields completed with those of their supertypes (the NodeSet lists
// only the fields a subtype adds).
func (b *builder) codeGenStructs(structs []*structDef) ([]codeGenDef, error) {
	known := map[uint32]bool{}
	for _, s := range structs {
		known[s.DataTypeID] = true
	}
	byID := map[uint32]*uaDataType{}
	for i := range b.raw.nodeSet.DataTypes {
		dt := &b.raw.nodeSet.DataTypes[i]
		if id, err := b.nodeID(dt.NodeID); err == nil {
			byID[id] = dt
		}
	}
	var out []codeGenDef
	for id, dt := range byID {
		if dt.Purpose != "CodeGenerator" || known[id] || dt.Definition == nil || dt.IsAbstract {
			continue
		}
		d := codeGenDef{Name: dt.BrowseName, DataTypeID: id, BaseID: idStructure}
		var chain []*uaDataType // the type, its supertype, ... up to Structure
		for a, n := id, 0; a != idStructure; n++ {
			t := byID[a]
			if t == nil || n > len(byID) {
				return nil, fmt.Errorf("%s: DataType %s: its supertypes do not lead to Structure", nodeSetFile, dt.BrowseName)
			}
			chain = append(chain, t)
			sup, err := b.supertype(t)
			if err != nil {
				return nil, err
			}
			if a == id {
				d.BaseID = sup
			}
			a = sup
		}
		for i := len(chain) - 1; i >= 0; i-- {
			if chain[i].Definition == nil {
				continue
			}
			for _, f := range chain[i].Definition.Fields {
				dtype := f.DataType
				if dtype == "" {
					dtype = "i=24" // the NodeSet2 schema's default: BaseDataType
				}
				fid, err := b.nodeID(dtype)
				if err != nil {
					return nil, fmt.Errorf("%s: DataType %s, field %s: %w", nodeSetFile, chain[i].BrowseName, f.Name, err)
				}
				rank := -1
				if f.ValueRank != "" {
					if rank, err = strconv.Atoi(f.ValueRank); err != nil {
						return nil, fmt.Errorf("%s: DataType %s, field %s: ValueRank %q", nodeSetFile, chain[i].BrowseName, f.Name, f.ValueRank)
					}
				}
				d.Fields = append(d.Fields, codeGenField{Name: f.Name, DataTypeID: fid, ValueRank: rank})
			}
		}
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b codeGenDef) int { return cmp.Compare(a.DataTypeID, b.DataTypeID) })
	return out, nil
}

// supertype returns the DataType that t is a HasSubtype of.
func (b *builder) supertype(t *uaDataType) (uint32, error) {
	for _, r := range t.References {
		rt, err := b.nodeID(r.ReferenceType)
		if err != nil || rt != idHasSubtype || r.IsForward != "false" {
			continue
		}
		return b.nodeID(strings.TrimSpace(r.Target))
	}
	return 0, fmt.Errorf("%s: DataType %s has no supertype", nodeSetFile, t.BrowseName)
}
