package id

import "sort"

// entry is one node id with its symbolic name.
type entry struct {
	id   uint32
	name string
}

// Name returns the symbolic name of the node ns=0;i=id, as the constant of
// this package is named ("ObjectsFolder" for 85), or "" if namespace 0 has
// no such node.
func Name(id uint32) string {
	i := sort.Search(len(names), func(i int) bool { return names[i].id >= id })
	if i < len(names) && names[i].id == id {
		return names[i].name
	}
	return ""
}
