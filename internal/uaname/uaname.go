// Package uaname turns OPC UA symbolic names into Go identifiers the way
// package types names its types and fields (golint's initialisms: NodeID,
// GUID, URI), and picks the article for a type name in doc comments, for
// cmd/uabingen, which generates package types and companion packages with
// the same names.
package uaname

import (
	"strings"
	"unicode"
)

// initialisms are the words written in upper case in Go names: golint's
// commonInitialisms list. A word that is one of them followed by a plural
// "s" ("Ids", "Uris") keeps the s in lower case ("IDs", "URIs").
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true,
	"DNS": true, "EOF": true, "GUID": true, "HTML": true, "HTTP": true,
	"HTTPS": true, "ID": true, "IP": true, "JSON": true, "LHS": true,
	"QPS": true, "RAM": true, "RHS": true, "RPC": true, "SLA": true,
	"SMTP": true, "SQL": true, "SSH": true, "TCP": true, "TLS": true,
	"TTL": true, "UDP": true, "UI": true, "UID": true, "UUID": true,
	"URI": true, "URL": true, "UTF8": true, "VM": true, "XML": true,
	"XMPP": true, "XSRF": true, "XSS": true,
}

// SplitWords splits an OPC UA symbolic name into its words: a new word
// starts at an upper-case letter that follows a lower-case letter or a
// digit ("ReadValue|Id", "Int32|Value"), or that ends a run of upper-case
// letters and is followed by a lower-case letter ("EU|Information").
// Underscores separate words and are dropped. Digits stay with the word
// before them ("Details2").
func SplitWords(name string) []string {
	rs := []rune(name)
	var words []string
	start := 0
	flush := func(end int) {
		if end > start {
			words = append(words, string(rs[start:end]))
		}
	}
	for i, r := range rs {
		switch {
		case r == '_':
			flush(i)
			start = i + 1
			continue
		case i == start || !unicode.IsUpper(r):
			continue
		}
		prev := rs[i-1]
		nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return words
}

// GoName turns an OPC UA symbolic name into a Go identifier following
// golint: words that are initialisms are upper-cased ("ReadValueId" ->
// "ReadValueID", "ServerUris" -> "ServerURIs", "JsonDataSetMessage" ->
// "JSONDataSetMessage"), underscores are dropped ("PriorityValue_PCP" ->
// "PriorityValuePCP") and every other letter keeps its case.
func GoName(name string) string {
	var sb strings.Builder
	for _, w := range SplitWords(name) {
		up := strings.ToUpper(w)
		switch {
		case initialisms[up]:
			sb.WriteString(up)
		case len(w) > 2 && strings.HasSuffix(w, "s") && initialisms[up[:len(up)-1]]:
			sb.WriteString(up[:len(up)-1])
			sb.WriteString("s")
		default:
			sb.WriteString(w)
		}
	}
	return sb.String()
}

// Capitalize rewrites a name written in capitals only ("CHECK_FUNCTION",
// "NMEA", "UDT_5"), as enumeration values of some specifications are, so
// that GoName makes a Go name of it: every word of two letters or more that
// is not an initialism gets a capital first letter and small letters
// after it ("Check_Function", "Nmea", "Udt_5"; GoName then gives
// "CheckFunction"). Initialisms stay ("ID", "URL"), and so does a name with
// a small letter anywhere ("PriorityValue_PCP", "Int32").
func Capitalize(name string) string {
	if strings.ToUpper(name) != name {
		return name
	}
	words := strings.Split(name, "_")
	for i, w := range words {
		letters := strings.IndexFunc(w, unicode.IsDigit)
		if letters < 0 {
			letters = len(w)
		}
		if letters < 2 || initialisms[w] || initialisms[w[:letters]] {
			continue
		}
		words[i] = w[:1] + strings.ToLower(w[1:])
	}
	return strings.Join(words, "_")
}

// Article returns "a" or "an" for a type name, by how the name is read
// aloud: "an Int32", "an XVType", "an EUInformation", "a UInt32",
// "a UserIdentityToken", "an UpdateDataDetails".
func Article(name string) string {
	if name == "" {
		return "a"
	}
	switch name[0] {
	case 'A', 'E', 'I', 'O', 'X':
		return "an"
	case 'U':
		// "U" reads "you" (UInt32, UtcTime, UserName, UriString, Union,
		// Unit) except in words starting with "Up" or "Un" other than
		// "Uni" ("Update", "Unsigned").
		if len(name) > 2 && (strings.HasPrefix(name, "Up") ||
			strings.HasPrefix(name, "Un") && !strings.HasPrefix(name, "Uni")) {
			return "an"
		}
		return "a"
	}
	return "a"
}

// commentWidth is the width of comment text, not counting indentation
// and the "// " prefix.
const commentWidth = 74

// Comment turns text (paragraphs separated by blank lines) into Go line
// comments indented by indent, wrapped at commentWidth. Words are never
// split, so URLs stay whole.
func Comment(indent, text string) string {
	var sb strings.Builder
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			sb.WriteString(indent + "//\n")
		}
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > commentWidth {
				sb.WriteString(indent + "// " + line + "\n")
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		if line != "" {
			sb.WriteString(indent + "// " + line + "\n")
		}
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// CommentLines turns each line of text into a Go line comment, unwrapped
// (for the licence notice, which is reproduced line by line).
func CommentLines(text string) string {
	var sb strings.Builder
	for i, l := range strings.Split(text, "\n") {
		if i > 0 {
			sb.WriteByte('\n')
		}
		if l == "" {
			sb.WriteString("//")
		} else {
			sb.WriteString("// " + l)
		}
	}
	return sb.String()
}
