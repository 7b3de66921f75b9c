package fastpath

import "reflect"

// builtins lists the built-in fast paths, one per hot built-in type. It is
// built at package initialisation and never changed.
var builtins = []*Codec{}

var builtinByType = func() map[reflect.Type]*Codec {
	m := make(map[reflect.Type]*Codec, len(builtins))
	for _, c := range builtins {
		m[c.Type] = c
	}
	return m
}()
