<cfscript>
writeOutput("<b>Tom & Jerry</b>", "html");
writeOutput(chr(10));
writeOutput("a b&c", "url");
writeOutput(chr(10));
writeOutput("it's", "javascript");
writeOutput(chr(10));
try { writeOutput("x", "bogus"); } catch (any e) { writeOutput(e.type & chr(10)); }
writeOutput(len(getTimeZone()) GT 0);
writeOutput(chr(10));
writeOutput(listLen(getLocalHostIP(), ".:") GT 1);
</cfscript>
