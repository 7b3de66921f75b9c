package uajson

import "github.com/uabin/uabin/internal/jsonenc"

// The JSON framings of other packages of this module (pubsub's JSON
// NetworkMessages) take a uajson.Options and write and read their values
// with internal/jsonenc's Writer and Reader; this gives them the Config of
// the Options, with the registry conversion that only this package makes.
func init() {
	jsonenc.FromOptions = func(o any) jsonenc.Config { return o.(*Options).config() }
}
