<cfoutput><cfloop from="1" to="200" index="i">line #i# of a page that is long enough to gzip<br>
</cfloop></cfoutput>
