<cfscript>
nl = chr(10);
// getCPUUsage(time): the machine's CPU use over that many milliseconds, in percent.
u = getCPUUsage(50);
writeOutput("cpu: " & isNumeric(u) & " " & (u >= 0 && u <= 100) & nl);
try {
    getCPUUsage(0);
} catch (any e) {
    writeOutput("cpu 0: " & e.message & nl);
}

// getMemoryUsage([type]): a query of memory pools.
q = getMemoryUsage();
writeOutput("memory: " & lcase(q.columnList) & " " & (q.recordCount > 0) & nl);
h = getMemoryUsage("heap");
writeOutput("heap: " & listRemoveDuplicates(valueList(h.type)) & " " & (h.used[1] > 0) & nl);
nh = getMemoryUsage("non_heap");
writeOutput("non heap: " & listRemoveDuplicates(valueList(nh.type)) & " " & (h.recordCount + nh.recordCount == q.recordCount) & nl);
try {
    getMemoryUsage("stack");
} catch (any e) {
    writeOutput("bad type: " & e.type & nl);
}

// manifestRead(): a manifest file, its text, and a jar holding one.
dir = getTempDirectory() & "rime_case_manifest_" & createUUID() & "/";
directoryCreate(dir & "jar/META-INF", true);
text = "Manifest-Version: 1.0" & nl
    & "Bundle-SymbolicName: org.example.tools" & nl
    & "Bundle-Description: a description that is longer than a manifest line may b" & nl
    & " e, so it goes on here" & nl
    & "Created-By: ""Rime""" & nl
    & nl
    & "Name: org/example/tools/" & nl
    & "Sealed: true" & nl
    & nl
    & "Name: org/example/Main.class" & nl
    & "SHA-256-Digest: abc=" & nl;
fileWrite(dir & "MANIFEST.MF", text);
m = manifestRead(dir & "MANIFEST.MF");
writeOutput(m.main["Manifest-Version"] & "|" & m.main["Bundle-SymbolicName"] & "|" & m.main["Created-By"] & nl);
writeOutput(m.main["Bundle-Description"] & nl);
writeOutput(structCount(m.main) & " " & structCount(m.sections) & " " & m.sections["org/example/tools/"].Sealed & " " & m.sections["org/example/Main.class"]["SHA-256-Digest"] & nl);
fileWrite(dir & "jar/META-INF/MANIFEST.MF", "Manifest-Version: 1.0" & nl & "Main-Class: org.example.Main" & nl);
compress("zip", dir & "jar", dir & "tools.jar", false);
j = manifestRead(dir & "tools.jar");
writeOutput(j.main["Main-Class"] & " " & structKeyExists(j, "sections") & nl);
t = manifestRead("Implementation-Version: 2.5" & nl);
writeOutput(t.main["Implementation-Version"] & nl);
directoryDelete(dir, true);
</cfscript>
