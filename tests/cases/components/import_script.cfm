<cfscript>
import c_imp.tools.*;
h = new Hammer();
writeOutput(h.use() & " " & new Saw().use() & chr(10));
writeOutput(getMetadata(h).name & chr(10));
writeOutput(new c_imp.Workshop().build() & chr(10));
</cfscript>
