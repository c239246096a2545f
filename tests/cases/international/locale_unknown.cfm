<cfscript>
old = getLocale();
setLocale("Klingon (Qo'noS)");
</cfscript>
