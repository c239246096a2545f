<cfscript>
// compress()/extract(): a folder with two files and a subfolder, through every archive format,
// extracted elsewhere and read back.
base = getTempDirectory() & "rime_case_archive_" & createUUID() & "/";
src = base & "src/";
directoryCreate(src & "sub", true);
fileWrite(src & "a.txt", "alpha");
fileWrite(src & "b.txt", "bravo ünïcødé");
fileWrite(src & "sub/c.txt", "charlie");
nl = chr(10);

for (fmt in ["zip", "tar", "tgz", "tbz"]) {
    archive = base & "pack." & fmt;
    made = compress(fmt, src, archive);
    out = base & "out_" & fmt & "/";
    directoryCreate(out);
    done = extract(fmt, archive, out);
    writeOutput(fmt & ": " & made & " " & done & " " & fileRead(out & "src/a.txt") & "|"
        & fileRead(out & "src/b.txt") & "|" & fileRead(out & "src/sub/c.txt") & nl);
}

// includeBaseFolder=false: the folder's contents at the top.
compress("zip", src, base & "flat.zip", false);
directoryCreate(base & "flat");
extract("zip", base & "flat.zip", base & "flat");
writeOutput("flat: " & fileExists(base & "flat/a.txt") & " " & directoryExists(base & "flat/src")
    & " " & fileRead(base & "flat/sub/c.txt") & nl);

// A folder of archives: each one extracted.
directoryCreate(base & "many");
compress("zip", src & "a.txt", base & "many/one.zip");
compress("zip", src & "sub", base & "many/two.zip");
directoryCreate(base & "many_out");
extract("zip", base & "many", base & "many_out");
writeOutput("many: " & fileRead(base & "many_out/a.txt") & " " & fileRead(base & "many_out/sub/c.txt") & nl);

// Single files: gzip and bzip2.
compress("gzip", src & "a.txt", base & "a.txt.gz");
extract("gzip", base & "a.txt.gz", base & "a-copy.txt");
compress("bzip2", src & "b.txt", base & "b.txt.bz2");
directoryCreate(base & "bz");
extract("bzip2", base & "b.txt.bz2", base & "bz");
writeOutput("single: " & fileRead(base & "a-copy.txt") & " " & fileRead(base & "bz/b.txt") & nl);

// ram:// works as any other path.
directoryCreate("ram://rime_case_archive/src", true);
fileWrite("ram://rime_case_archive/src/r.txt", "in memory");
compress("tgz", "ram://rime_case_archive/src", "ram://rime_case_archive/r.tgz");
directoryCreate("ram://rime_case_archive/out");
extract("tgz", "ram://rime_case_archive/r.tgz", "ram://rime_case_archive/out");
writeOutput("ram: " & fileRead("ram://rime_case_archive/out/src/r.txt") & nl);
directoryDelete("ram://rime_case_archive", true);

// A zip entry named ../evil.txt is refused, and nothing lands outside the target folder.
slip = "504B03041400000000007767825D9254A9BE040000000400000008000000676F6F642E74787466696E65"
    & "504B03041400000000007767825DFB392B8203000000030000000B0000002E2E2F6576696C2E747874626164"
    & "504B010214031400000000007767825D9254A9BE0400000004000000080000000000000000000000800100000000676F6F642E747874"
    & "504B010214031400000000007767825DFB392B8203000000030000000B000000000000000000000080012A0000002E2E2F6576696C2E747874"
    & "504B050600000000020002006F000000560000000000";
directoryCreate(base & "slip/out", true);
fileWrite(base & "slip/evil.zip", binaryDecode(slip, "hex"));
try {
    extract("zip", base & "slip/evil.zip", base & "slip/out");
    writeOutput("slip: extracted" & nl);
} catch (any e) {
    writeOutput("slip: refused " & (find("[../evil.txt]", e.message) > 0) & nl);
}
writeOutput("slip: outside " & fileExists(base & "slip/evil.txt") & ", inside " & fileExists(base & "slip/out/good.txt") & nl);

try {
    compress("rar", src, base & "x.rar");
} catch (any e) {
    writeOutput("format: " & e.type & nl);
}
try {
    compress("gzip", src, base & "x.gz");
    writeOutput("gzip folder: compressed" & nl);
} catch (any e) {
    writeOutput("gzip folder: refused" & nl);
}
try {
    extract("zip", base & "pack.zip", base & "missing/");
    writeOutput("missing target: extracted" & nl);
} catch (any e) {
    writeOutput("missing target: refused" & nl);
}
directoryDelete(base, true);
writeOutput("done");
</cfscript>
