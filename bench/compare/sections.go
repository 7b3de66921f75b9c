package main

import (
	"os"
	"strings"
)

// sectionMarker starts a section of docs/benchmarks.md that another command
// of this module writes (bench/compare/pubsub: "<!-- section: pubsub ...
// -->"); -write keeps such sections, after its own report.
const sectionMarker = "\n<!-- section: "

// keptSections returns the sections of the file at path that start with
// sectionMarker, or "" if there are none (or no file).
func keptSections(path string) string {
	old, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	i := strings.Index(string(old), sectionMarker)
	if i < 0 {
		return ""
	}
	return string(old[i:])
}
