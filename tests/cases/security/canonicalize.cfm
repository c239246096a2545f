<cfscript>
writeOutput(canonicalize("&lt;", false, false) & "|");
writeOutput(canonicalize("%26lt; %26lt; %2526lt%253B %2526lt%253B %2526lt%253B", false, false) & "|");
writeOutput(canonicalize("&##X25;3c", false, false) & "|");
writeOutput(canonicalize("&##x25;3c", false, false) & "|");
writeOutput(canonicalize("Hello %253cscript%253e", false, false) & "|");
writeOutput(canonicalize("1+1=2", false, false) & "|");
writeOutput(canonicalize("Mixed: %26lt;script%26gt;", false, false) & "|");
writeOutput(canonicalize("%20", false, false) & "|");
writeOutput(canonicalize("&amp;", false, false) & "|");
writeOutput(canonicalize("HelloWorld123", true, true) & "|");
writeOutput(canonicalize("%26lt; %26lt; %2526lt%253B %2526lt%253B %2526lt%253B", true, true, false) & "|");
try {
    canonicalize("%26lt; %26lt; %2526lt%253B %2526lt%253B %2526lt%253B", true, true, true);
    writeOutput("no error|");
} catch (any e) {
    writeOutput("error|");
}
try {
    canonicalize("%25252522", true, false, true);
    writeOutput("no error|");
} catch (any e) {
    writeOutput("error|");
}
writeOutput(len(canonicalize("a" & chr(9) & "b" & chr(13) & chr(10) & "c", false, false)));
</cfscript>
