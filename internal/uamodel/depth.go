package uamodel

// The nesting-depth rule (docs/types.md, Nesting depth): a level is
// counted by every value of a structure that can contain itself, that is,
// one on a cycle of the graph whose edges go from a structure to the
// structures its fields hold (through pointers, slices and arrays). The
// cycles are found with Tarjan's algorithm over the structures made in one
// build: a structure built earlier cannot be on a cycle with a new one,
// since its build made every structure it reaches.

// onCycle returns the nodes that are on a cycle of the graph of nodes and
// next: in a strongly connected component of more than one node, or with
// an edge to themselves. Edges to nodes outside nodes are ignored.
func onCycle[N comparable](nodes []N, next func(N) []N) map[N]bool {
	type state struct {
		index, low int
		onStack    bool
	}
	in := make(map[N]*state, len(nodes))
	for _, n := range nodes {
		in[n] = nil
	}
	out := map[N]bool{}
	var stack []N
	index := 0
	var visit func(n N)
	visit = func(n N) {
		s := &state{index: index, low: index, onStack: true}
		in[n] = s
		index++
		stack = append(stack, n)
		self := false
		for _, m := range next(n) {
			ms, ok := in[m]
			switch {
			case !ok:
				continue // not in this build
			case m == n:
				self = true
			case ms == nil:
				visit(m)
				s.low = min(s.low, in[m].low)
			case ms.onStack:
				s.low = min(s.low, ms.index)
			}
		}
		if s.low != s.index {
			return
		}
		i := len(stack) - 1
		for stack[i] != n {
			i--
		}
		scc := stack[i:]
		for _, m := range scc {
			in[m].onStack = false
			if len(scc) > 1 || self {
				out[m] = true
			}
		}
		stack = stack[:i]
	}
	for _, n := range nodes {
		if in[n] == nil {
			visit(n)
		}
	}
	return out
}

// markEnter sets Enter on the structures of made that can contain
// themselves, except the named built-ins, whose levels are fixed
// (DataValue and DiagnosticInfo count one, the others none).
func markEnter(made []*Type) {
	var structs []*Type
	for _, m := range made {
		if m.Kind == KindStruct && !isNamedBuiltin(m.Go) {
			structs = append(structs, m)
		}
	}
	for m := range onCycle(structs, structsHeld) {
		m.Struct.Enter = true
	}
}

// structsHeld returns the structures whose values a value of the
// structure m holds directly: in its fields, through pointers, slices and
// arrays.
func structsHeld(m *Type) []*Type {
	var out []*Type
	for i := range m.Struct.Fields {
		for e := m.Struct.Fields[i].Type; e != nil; e = e.Elem {
			if e.Kind == KindStruct {
				out = append(out, e)
				break
			}
		}
	}
	return out
}
