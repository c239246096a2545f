<cfscript>
function greet(name, greeting = "Hello") { return greeting & ", " & name; }
</cfscript>
<cfset useHi = true>
<cfinvoke method="greet" returnvariable="g1" name="Ann">
<cfinvoke method="greet" returnvariable="g2">
    <cfinvokeargument name="name" value="Bob">
    <cfif useHi><cfinvokeargument name="greeting" value="Hi"></cfif>
</cfinvoke>
<cfset coll = {name: "Cy", greeting: "Hey"}>
<cfinvoke method="greet" argumentcollection="#coll#" returnvariable="g3">
<cfinvoke method="greet" argumentcollection="#coll#" greeting="Yo" returnvariable="g4">
<cfoutput>#g1#|#g2#|#g3#|#g4#</cfoutput>
