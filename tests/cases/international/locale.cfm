<cfscript>
nl = chr(10);
writeOutput(getLocale() & nl);
writeOutput(setLocale("German (Swiss)") & nl);
writeOutput(getLocale() & nl);
writeOutput(setLocale("de-DE") & nl);
writeOutput(getLocale() & nl);
writeOutput(setLocale("en_GB") & nl);
writeOutput(getLocale() & nl);
writeOutput(setLocale("English (Australian)") & nl);
writeOutput(getLocale() & nl);
writeOutput(setLocale("pt_br") & nl);
writeOutput(getLocale() & nl);
writeOutput(setLocale("Italian (Standard)") & nl);
writeOutput(getLocale() & nl);
setLocale("en_US");
writeOutput(getLocaleDisplayName() & nl);
writeOutput(getLocaleDisplayName("de_CH") & nl);
writeOutput(getLocaleDisplayName("de_CH", "en_US") & nl);
writeOutput(getLocaleDisplayName("fr_FR", "de_DE") & nl);
info = getLocaleInfo("de-DE", "en_US");
writeOutput(info.country & " " & info.language & " " & info.display.country & " " & info.display.language & " " & info.iso.country & " " & info.iso.language & " " & info.name & nl);
writeOutput(getLocaleInfo(dspLocale="German").display.language & nl);
writeOutput(getLocaleInfo(locale="de-DE", dspLocale=getLocaleDisplayName()).display.country & nl);
writeOutput(getLocaleInfo("fr_CH").display.language & nl);
</cfscript>
