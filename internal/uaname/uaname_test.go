package uaname

import (
	"slices"
	"testing"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ReadValueId", []string{"Read", "Value", "Id"}},
		{"EUInformation", []string{"EU", "Information"}},
		{"UInt32", []string{"U", "Int32"}},
		{"ReadEventDetails2", []string{"Read", "Event", "Details2"}},
		{"PriorityValue_PCP", []string{"Priority", "Value", "PCP"}},
		{"GoodEdited_DependentValueChanged", []string{"Good", "Edited", "Dependent", "Value", "Changed"}},
		{"ThreeDVector", []string{"Three", "D", "Vector"}},
		{"Int32Value", []string{"Int32", "Value"}},
		{"XVType", []string{"XV", "Type"}},
		{"A", []string{"A"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := SplitWords(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("SplitWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGoName(t *testing.T) {
	tests := map[string]string{
		// The examples of the task and of DEVELOPERS.md.
		"ReadValueId":    "ReadValueID",
		"NamespaceUri":   "NamespaceURI",
		"EndpointUrl":    "EndpointURL",
		"ServerUris":     "ServerURIs",
		"NodeId":         "NodeID",
		"ExpandedNodeId": "ExpandedNodeID",
		// Plurals of initialisms keep a lower-case s.
		"NodeIds":            "NodeIDs",
		"DiscoveryUrls":      "DiscoveryURLs",
		"ServerCapabilities": "ServerCapabilities",
		// Other initialisms of golint's list.
		"JsonDataSetMessageContentMask": "JSONDataSetMessageContentMask",
		"XmlEncodingId":                 "XMLEncodingID",
		"DataSetWriterGuid":             "DataSetWriterGUID",
		// Words that only start like an initialism stay as they are.
		"Identifier":                     "Identifier",
		"IdType":                         "IDType",
		"Idle":                           "Idle",
		"UriString":                      "URIString",
		"Urgent":                         "Urgent",
		"Ids":                            "IDs",
		"Has":                            "Has",
		"UtcTime":                        "UtcTime", // UTC is not in golint's list
		"UadpWriterGroupMessageDataType": "UadpWriterGroupMessageDataType",
		// Underscores are dropped; upper-case runs are kept.
		"PriorityValue_PCP":               "PriorityValuePCP",
		"BadEdited_OutOfRange":            "BadEditedOutOfRange",
		"EUInformation":                   "EUInformation",
		"ReadEventDetails2":               "ReadEventDetails2",
		"SessionAuthenticationToken":      "SessionAuthenticationToken",
		"BadNodeIdUnknown":                "BadNodeIDUnknown",
		"Server_ServerStatus_CurrentTime": "ServerServerStatusCurrentTime",
	}
	for in, want := range tests {
		if got := GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCapitalize(t *testing.T) {
	for in, want := range map[string]string{
		"CHECK_FUNCTION":    "Check_Function",
		"NMEA":              "Nmea",
		"WGS84":             "Wgs84",
		"UDT_5":             "Udt_5",
		"OK":                "Ok",
		"ID":                "ID",
		"TAG_ID":            "Tag_ID",
		"UTF8":              "UTF8",
		"X":                 "X",
		"X_Y":               "X_Y",
		"PriorityValue_PCP": "PriorityValue_PCP",
		"CheckFunction":     "CheckFunction",
		"3D":                "3D",
		"":                  "",
	} {
		if got := Capitalize(in); got != want {
			t.Errorf("Capitalize(%q) = %q, want %q", in, got, want)
		}
	}
	if got := GoName(Capitalize("CHECK_FUNCTION")); got != "CheckFunction" {
		t.Errorf("GoName(Capitalize(CHECK_FUNCTION)) = %q", got)
	}
}

func TestArticle(t *testing.T) {
	tests := map[string]string{
		"Int32 value": "an", "ExtensionObject": "an", "ObjectNode": "an",
		"XVType": "an", "EUInformation": "an", "UpdateDataDetails": "an",
		"Unsigned": "an", "UInt32": "a", "UtcTime": "a", "UserIdentityToken": "a",
		"Union": "a", "Unit": "a", "Double": "a", "ReadValueId": "a", "": "a",
	}
	for in, want := range tests {
		if got := Article(in); got != want {
			t.Errorf("Article(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestComment(t *testing.T) {
	long := "This sentence is long enough to be wrapped once because it is longer than seventy-four characters."
	got := Comment("\t", "First paragraph.\n\n"+long+"\n\nSee https://reference.opcfoundation.org/v105/Core/docs/Part4/5.10.2/#5.10.2.2")
	want := "\t// First paragraph.\n" +
		"\t//\n" +
		"\t// This sentence is long enough to be wrapped once because it is longer than\n" +
		"\t// seventy-four characters.\n" +
		"\t//\n" +
		"\t// See\n" +
		"\t// https://reference.opcfoundation.org/v105/Core/docs/Part4/5.10.2/#5.10.2.2"
	if got != want {
		t.Errorf("Comment:\n%s\nwant:\n%s", got, want)
	}
	if got := CommentLines("a\n\nb"); got != "// a\n//\n// b" {
		t.Errorf("CommentLines = %q", got)
	}
}
