<cfimport path="pkg.models.*"><cfscript>
w = new Widget();
f = new WidgetFactory();
writeOutput(w.kind() & "|" & f.make().kind());
</cfscript>
