<cfscript>
marker = createUUID();
writeLog(text="hello " & marker, file="rime_case");
log text="tag " & marker file="rime_case";
path = expandPath("/") & ".rime/logs/rime_case.log";
content = fileRead(path);
writeOutput(find("hello " & marker, content) GT 0);
writeOutput(find("tag " & marker, content) GT 0);
</cfscript>
