package xml

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/uabin/uabin/uabin/nodeset"
	"github.com/uabin/uabin/uaxml"
)

// uabinStack reads values with package nodeset, the way a program loading
// the files does: nodeset.Load of the files, Set.Values, and the binary
// encoding of each value with its file's namespace table
// (Set.BinaryValue).
type uabinStack struct {
	t     testing.TB
	paths []string
	base  *nodeset.Set // the files as they are
	// needs holds, per file (path), the files its values are read with:
	// those of the models it requires, at any depth, and itself, in the
	// order of paths.
	needs map[string][]string
}

func newUabinStack(t testing.TB, paths []string) *uabinStack {
	t.Helper()
	set, err := loadSet(paths)
	if err != nil {
		t.Fatalf("uabin: %v", err)
	}
	s := &uabinStack{t: t, paths: paths, base: set, needs: map[string][]string{}}
	byModel := map[string]int{} // model URI -> index in paths
	for i, f := range set.Files {
		for _, m := range f.Models {
			byModel[m.URI] = i
		}
	}
	for i, path := range paths {
		need := map[int]bool{}
		var visit func(int)
		visit = func(k int) {
			if need[k] {
				return
			}
			need[k] = true
			for _, m := range set.Files[k].Models {
				for _, r := range m.Required {
					if j, ok := byModel[r.URI]; ok {
						visit(j)
					}
				}
			}
		}
		visit(i)
		for k, p := range paths {
			if need[k] {
				s.needs[path] = append(s.needs[path], p)
			}
		}
	}
	return s
}

func loadSet(paths []string) (*nodeset.Set, error) {
	set, err := nodeset.Load(paths...)
	if err != nil {
		return nil, err
	}
	if _, err := set.Values(); err != nil {
		return nil, err
	}
	return set, nil
}

// read is the stack's reader. A value whose XML is the file's is read from
// the files as they are; otherwise the file is copied with each such
// value's <Value> content replaced by its XML, and the set loaded again with
// the copy in the file's place, so the XML is read in the file's context
// (namespace table, aliases, the structures of the set) exactly as the
// original would be.
func (s *uabinStack) read(values []fileValue) []reading {
	if len(values) == 0 {
		return nil
	}
	set := s.base
	path := values[0].path
	data, err := os.ReadFile(path)
	if err != nil {
		s.t.Fatal(err)
	}
	var edits []fileValue
	for _, v := range values {
		if v.path != path {
			s.t.Fatalf("uabin reader: values of %s and %s in one call", path, v.path)
		}
		if !bytes.Equal(data[v.start:v.end], v.inner) {
			edits = append(edits, v)
		}
	}
	if len(edits) > 0 {
		sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
		var b bytes.Buffer
		at := 0
		for _, e := range edits {
			if e.start < at {
				s.t.Fatalf("uabin reader: two rewrites of %s %s", e.file, e.nodeID)
			}
			b.Write(data[at:e.start])
			b.Write(e.inner)
			at = e.end
		}
		b.Write(data[at:])
		dir := s.t.TempDir()
		copyPath := filepath.Join(dir, filepath.Base(path))
		if err := os.WriteFile(copyPath, b.Bytes(), 0o644); err != nil {
			s.t.Fatal(err)
		}
		var paths []string
		for _, p := range s.needs[path] {
			if p == path {
				p = copyPath
			}
			paths = append(paths, p)
		}
		if set, err = loadSet(paths); err != nil {
			// One value that does not decode stops Values: read them all
			// as not read, with the error.
			out := make([]reading, len(values))
			for i := range out {
				out[i] = reading{state: readErr, err: err.Error()}
			}
			return out
		}
	}
	out := make([]reading, len(values))
	byNode := map[string]*nodeset.Value{}
	for _, f := range set.Files {
		if f.File != values[0].file {
			continue
		}
		for _, v := range f.Values {
			byNode[v.NodeIDText] = v
		}
	}
	for i, v := range values {
		nv := byNode[v.nodeID]
		if nv == nil {
			out[i] = reading{state: readMissing, err: "no such value in the set"}
			continue
		}
		b, err := set.BinaryValue(nv, nil)
		if err != nil {
			out[i] = reading{state: readErr, err: err.Error()}
			continue
		}
		out[i] = reading{state: readOK, bin: b}
	}
	return out
}

// written returns the values of one file with their XML replaced by what
// package uaxml writes for the value uabin read: the content of the
// <Value> of uaxml.Marshal's Variant, written with the file's namespace
// table and the set's types.
func (s *uabinStack) written(values []fileValue) []fileValue {
	reg, err := s.base.Registry()
	if err != nil {
		s.t.Fatal(err)
	}
	out := make([]fileValue, len(values))
	for _, f := range s.base.Files {
		if len(values) == 0 || f.File != values[0].file {
			continue
		}
		byNode := map[string]*nodeset.Value{}
		for _, v := range f.Values {
			byNode[v.NodeIDText] = v
		}
		o := uaxml.Options{NamespaceURIs: f.NamespaceURIs, Types: reg}
		for i, v := range values {
			nv := byNode[v.nodeID]
			if nv == nil {
				s.t.Fatalf("%s %s: no such value in the set", v.file, v.nodeID)
			}
			x, err := o.Marshal(&nv.Variant)
			if err != nil {
				s.t.Fatalf("%s line %d, %s: uaxml.Marshal: %v", v.file, v.line, v.nodeID, err)
			}
			inner, ok := variantContent(x)
			if !ok {
				s.t.Fatalf("%s %s: uaxml.Marshal of a Variant wrote %.200s", v.file, v.nodeID, x)
			}
			out[i] = v.with(inner)
		}
	}
	return out
}

// variantContent returns the content of the <Value> of the XML of a
// Variant, <Variant ...><Value>content</Value></Variant>.
func variantContent(x []byte) ([]byte, bool) {
	const open, end = "<Value>", "</Value></Variant>"
	i := bytes.Index(x, []byte(open))
	if !bytes.HasPrefix(x, []byte("<Variant")) || i < 0 || !bytes.HasSuffix(x, []byte(end)) {
		return nil, false
	}
	return x[i+len(open) : len(x)-len(end)], true
}
