<cfscript>
data = {a: 1, "lower": "x<y & 'z'", list: [true, 2.5, javacast("null", "")], when: createDateTime(2024, 1, 5, 9, 3, 0)};
cfwddx(action="cfml2wddx", input=data, output="packet");
writeOutput(packet & chr(10));
cfwddx(action="wddx2cfml", input=packet, output="back");
writeOutput(serializeJSON(back) & chr(10));
q = queryNew("id,name", "integer,varchar", [[1, "a"], [2, "b"]]);
cfwddx(action="cfml2wddx", input=q, output="qp");
writeOutput(qp & chr(10));
cfwddx(action="wddx2cfml", input=qp, output="q2");
writeOutput(q2.recordCount & " " & q2.name[2] & chr(10));
s = {}; s.me = s;
cfwddx(action="cfml2wddx", input=s, output="cyc");
writeOutput(cyc & chr(10));
</cfscript>
<cfwddx action="cfml2wddx" input="#[1, "two"]#">
<cfwddx action="cfml2js" input="#{k: 'v'}#" topLevelVariable="obj">
<cftry><cfwddx action="wddx2cfml" input="<nope/>" output="x"><cfcatch><cfoutput>#chr(10)##cfcatch.message#</cfoutput></cfcatch></cftry>
