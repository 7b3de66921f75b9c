package uajson_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/internal/doccheck"
	"github.com/uabin/uabin/uajson"
)

// TestAliasDocsListFields: go doc shows no fields for RawStructure, an
// alias of an internal type, so its doc comment lists them, every one.
func TestAliasDocsListFields(t *testing.T) {
	missing, err := doccheck.AliasFieldsMissing("options.go", "RawStructure", reflect.TypeFor[uajson.RawStructure]())
	require.NoError(t, err)
	assert.Empty(t, missing)
}
