<cfscript>
// A return inside <cfsilent> or <cfsavecontent> ends the capture: the output after the call
// is the page's again.
function fromSilent() { silent { writeOutput("dropped"); return 5; } }
function fromSave() { savecontent variable="x" { writeOutput("dropped"); return 6; } }
function fromNested() {
    try {
        silent { savecontent variable="y" { writeOutput("dropped"); return 7; } }
    } finally {
        writeOutput("(finally)");
    }
}
writeOutput("a" & fromSilent() & "b" & fromSave() & "c");
writeOutput(fromNested() & "d");
</cfscript>
