package uaxml_test

import "reflect"

// newLike returns a new zero value of the type v points to.
func newLike(v any) any { return reflect.New(reflect.TypeOf(v).Elem()).Interface() }
