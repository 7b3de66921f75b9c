package main

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

// splitWords splits an OPC UA symbolic name into its words: a new word
// starts at an upper-case letter that follows a lower-case letter or a
// digit ("ReadValue|Id", "Int32|Value"), or that ends a run of upper-case
// letters and is followed by a lower-case letter ("EU|Information").
// Underscores separate words and are dropped. Digits stay with the word
// before them ("Details2").
func splitWords(name string) []string {
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

// goName turns an OPC UA symbolic name into a Go identifier following
// golint: words that are initialisms are upper-cased ("ReadValueId" ->
// "ReadValueID", "ServerUris" -> "ServerURIs", "JsonDataSetMessage" ->
// "JSONDataSetMessage"), underscores are dropped ("PriorityValue_PCP" ->
// "PriorityValuePCP") and every other letter keeps its case.
func goName(name string) string {
	var sb strings.Builder
	for _, w := range splitWords(name) {
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

// article returns "a" or "an" for a type name, by how the name is read
// aloud: "an Int32", "an XVType", "an EUInformation", "a UInt32",
// "a UserIdentityToken", "an UpdateDataDetails".
func article(name string) string {
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
