package uajson_test

import (
	"reflect"
	"testing"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin"
)

// TestRegistryLayout checks what snapshot relies on: uabin.Registry is
// the uamodel.Registry and nothing else, at offset 0.
func TestRegistryLayout(t *testing.T) {
	rt := reflect.TypeFor[uabin.Registry]()
	if rt.NumField() != 1 || rt.Field(0).Type != reflect.TypeFor[uamodel.Registry]() || rt.Field(0).Offset != 0 ||
		rt.Size() != reflect.TypeFor[uamodel.Registry]().Size() {
		t.Fatalf("uabin.Registry is not a uamodel.Registry at offset 0: %v", rt)
	}
}
