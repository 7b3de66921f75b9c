package uabin_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/internal/doccheck"
	"github.com/uabin/uabin/uabin"
)

// TestAliasDocsListFields: go doc shows no fields for an alias of a type
// of another package, so the doc comments of DecodeError, EncodeError and
// Limits list them, every one.
func TestAliasDocsListFields(t *testing.T) {
	for name, typ := range map[string]reflect.Type{
		"DecodeError": reflect.TypeFor[uabin.DecodeError](),
		"EncodeError": reflect.TypeFor[uabin.EncodeError](),
		"Limits":      reflect.TypeFor[uabin.Limits](),
	} {
		missing, err := doccheck.AliasFieldsMissing("errors.go", name, typ)
		require.NoError(t, err)
		assert.Empty(t, missing, "fields of %s its doc comment does not list", name)
	}
}
