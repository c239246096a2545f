<p>before the error</p>
<cfset a = 1>
<cfoutput>#a + noSuchVariable#</cfoutput>
<p>after</p>
