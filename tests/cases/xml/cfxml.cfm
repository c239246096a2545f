<cfset people = [{name: "Ann", age: 31}, {name: "Bob & Co", age: 42}]>
<cfxml variable="doc">
<people>
  <!-- generated -->
  <cfloop array="#people#" index="p">
    <cfoutput><person age="#p.age#">#xmlFormat(p.name)#</person></cfoutput>
  </cfloop>
</people>
</cfxml>
<cfoutput>
persons: #arrayLen(doc.people.person)#
second: #doc.people.person[2].xmlText# (#doc.people.person[2].xmlAttributes.age#)
is doc: #isXmlDoc(doc)#
</cfoutput>
<!--- Without cfoutput the body's # are not evaluated, as in cfsavecontent. --->
<cfxml variable="raw"><v>#1+1#</v></cfxml>
<cfoutput>raw: #raw.v.xmlText#
</cfoutput>
<cfxml variable="cs" casesensitive="true"><Top><Inner/></Top></cfxml>
<cfoutput>case-sensitive: #structKeyExists(cs, "Top")# #structKeyExists(cs, "top")#
</cfoutput>
<cfset request.target = "">
<cfxml variable="request.target"><in-scope/></cfxml>
<cfoutput>scoped variable: #request.target.xmlRoot.xmlName#
</cfoutput>
<cfscript>
xml variable="fromScript" {
    writeOutput("<list>");
    for (i = 1; i <= 3; i++) writeOutput("<n>#i#</n>");
    writeOutput("</list>");
}
writeOutput("script form: " & arrayLen(fromScript.list.n) & " " & fromScript.list.n[3].xmlText & chr(10));
cfxml(variable = "callForm") { writeOutput("<ok/>"); }
writeOutput("call form: " & callForm.xmlRoot.xmlName & chr(10));
try {
    xml variable="bad" { writeOutput("<open>"); }
} catch (any e) {
    writeOutput("malformed body: " & e.message & chr(10));
}
</cfscript>
