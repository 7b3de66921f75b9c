package main

import "github.com/uabin/uabin/internal/uaname"

// The naming rules live in internal/uaname, shared with cmd/uabingen.

// splitWords splits an OPC UA symbolic name into its words (uaname.SplitWords).
func splitWords(name string) []string { return uaname.SplitWords(name) }

// goName turns an OPC UA symbolic name into a Go identifier (uaname.GoName).
func goName(name string) string { return uaname.GoName(name) }

// article returns "a" or "an" for a type name (uaname.Article).
func article(name string) string { return uaname.Article(name) }
