<cfscript>
// Script tag calls take their attributes as a tag does: the commas may be left out.
cflock(name="rime-case-lock" timeout="1" type="exclusive") {
    writeOutput("locked");
}
path = getTempDirectory() & "/rime-call-tag-" & createUUID() & ".txt";
cffile(action="write" file=path output="hi" addNewLine=false);
writeOutput(" " & fileRead(path));
cffile(action="delete", file=path);
writeOutput(" " & fileExists(path));
</cfscript>
