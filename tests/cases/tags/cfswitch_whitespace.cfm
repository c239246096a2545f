<cfset v = "b">
<cfswitch expression="#v#">
  <cfcase value="a">A</cfcase>
  <cfcase value="b">B</cfcase>
</cfswitch>
