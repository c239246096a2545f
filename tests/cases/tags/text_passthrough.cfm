<html>
  <body class="x">
    <cfset n = 2><p>n=<cfoutput>#n#</cfoutput></p>
  </body>
</html>
