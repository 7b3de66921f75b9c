package types

// The standard structures, enumerations, option sets, the type table, the
// status codes, the attribute ids and the id package are generated from
// the OPC UA schema files in ../shared/schema (relative to the repository
// root). gen_test.go checks that the committed files are up to date.
//go:generate go run ./internal/gen -schema ../../shared/schema -out .
