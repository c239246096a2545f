<cfscript>
// render(): CFML template code run in the page's scopes; its output is the page's.
str = "hello world";
savecontent variable="changed" {
    render("#replace(str, 'world', 'universe')#!");
}
writeOutput(str & "|" & changed & "|");
name = "Rime";
render('<cfoutput>Hi ##name##</cfoutput><cfset rendered = len(name)>');
writeOutput("|" & rendered & "|");
render("<cfscript>writeOutput(1 + 2);</cfscript>");
try {
    render("x", "lucee");
} catch (any e) {
    writeOutput("|" & e.message);
}
</cfscript>
