<cfscript>
doc = xmlParse('<items><item id="1" Color="red" size="L">one</item><item id="2">two</item></items>');
item = doc.items.item[1];
writeOutput("read: " & item.xmlAttributes.id & " " & item.xmlAttributes["color"] & " " & item.xmlAttributes.COLOR & chr(10));
// Lucee's DOM keeps attributes in name order (upper case first).
writeOutput("keys: " & structKeyList(item.xmlAttributes) & " count: " & structCount(item.xmlAttributes) & chr(10));
writeOutput("exists: " & structKeyExists(item.xmlAttributes, "size") & structKeyExists(item.xmlAttributes, "weight")
    & " " & item.xmlAttributes.keyExists("id") & chr(10));
// Assignment updates the node; an existing name keeps its case.
item.xmlAttributes.id = 3;
item.xmlAttributes.color = "blue";
item.xmlAttributes["weight"] = "10kg";
writeOutput("after set: " & toString(item) & chr(10));
// Another reference to the same node sees the change.
again = doc.items.item[1];
writeOutput("shared: " & again.xmlAttributes.id & " " & again.xmlAttributes.weight & chr(10));
structDelete(item.xmlAttributes, "size");
writeOutput("after delete: " & structKeyList(item.xmlAttributes) & chr(10));
// Assigning a struct to xmlAttributes sets each key (others stay).
doc.items.item[2].xmlAttributes = {"status": "new", "id": "20"};
writeOutput("struct assigned: " & toString(doc.items.item[2]) & chr(10));
out = [];
for (k in doc.items.item[2].xmlAttributes) arrayAppend(out, k & "=" & doc.items.item[2].xmlAttributes[k]);
writeOutput("for-in: " & arrayToList(out) & chr(10));
cfloop(collection = item.xmlAttributes, item = "k") { writeOutput(k & ";"); }
writeOutput(chr(10));
writeOutput("json: " & serializeJSON(doc.items.item[2].xmlAttributes) & chr(10));
writeOutput("isStruct: " & isStruct(item.xmlAttributes) & " isArray: " & isArray(item.xmlAttributes) & chr(10));
// Values are escaped when written.
item.xmlAttributes.note = 'say "hi" & <bye>';
writeOutput("escaped: " & toString(item) & chr(10));
try {
    x = item.xmlAttributes.missing;
} catch (any e) {
    writeOutput("missing: " & e.message & " (" & e.detail & ")" & chr(10));
}
try {
    x = doc.xmlAttributes;
} catch (any e) {
    writeOutput("on document: " & e.message & chr(10));
}
// Namespace declarations are attributes too.
ns = xmlParse('<r xmlns="urn:a" xmlns:b="urn:b" b:x="1"/>');
writeOutput("declarations: " & structKeyList(ns.r.xmlAttributes) & chr(10));
</cfscript>
