<cfscript>
nl = chr(10);
writeOutput(lsLCase("Istanbul İZMİR", "tr-TR") & nl);
writeOutput(lsUCase("istanbul ısparta", "tr-TR") & nl);
writeOutput(uCase("istanbul") & " " & lsUCase("istanbul") & nl);
writeOutput(lsUCase("straße") & " " & lsLCase("ÄRGER", "de_DE") & nl);
setLocale("tr_TR");
writeOutput(lsUCase("iı") & " " & lsLCase("Iİ") & nl);
</cfscript>
