<cfscript>
o = [:];
o.z = 1;
o.a = [:];
data = {
    "name": 'Say "hi" ##1',
    "n": -2.5e-3,
    "flags": [true, false, nullValue(), 10],
    "when": createDateTime(2024, 2, 29, 23, 59, 58),
    "q": queryNew("id,label", "integer,varchar", [[1, "a"], [2, "b,c"]]),
    "ordered": o,
    "doc": xmlParse("<r><i k='1'>x</i></r>"),
    "empty": {}
};
bin = objectSave(data);
writeOutput(isBinary(bin) & chr(10));
back = objectLoad(bin);
writeOutput(back.name & "|" & back.n & "|" & arrayLen(back.flags) & "|" & isNull(back.flags[3]) & "|" & back.flags[4] & chr(10));
writeOutput(dateTimeFormat(back.when, "yyyy-mm-dd HH:nn:ss") & "|" & isDate(back.when) & chr(10));
writeOutput(back.q.recordCount & "|" & back.q.columnList & "|" & back.q.label[2] & chr(10));
writeOutput(structKeyList(back.ordered) & "|" & isStruct(back.ordered.a) & "|" & structIsEmpty(back.empty) & chr(10));
writeOutput(back.doc.r.i.xmlAttributes.k & back.doc.r.i.xmlText & chr(10));
writeOutput(serialize(back) == serialize(data));
writeOutput(chr(10));
// To a file and back.
path = getTempDirectory() & "rime_object_save_" & createUUID() & ".bin";
objectSave([1, "two"], path);
writeOutput(serializeJSON(objectLoad(path)) & chr(10));
fileDelete(path);
try {
    objectLoad(charsetDecode("not saved data", "utf-8"));
} catch (any e) {
    writeOutput(e.message & chr(10));
}
try {
    objectSave({ f: function() {} });
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
