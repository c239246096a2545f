<html><head><title>t</title></head><body>
<cfhtmlbody text="<script>1</script>" id="s1">
<cfhtmlbody text="<script>again</script>" id="s1">
<cfhtmlbody><b>from the body</b></cfhtmlbody>
<cfhtmlhead><meta name="x"></cfhtmlhead>
<cfhtmlbody action="read" variable="r">
<cfoutput>[#r#]</cfoutput>
<cfhtmlhead action="read">
<cfoutput>{#cfhtmlhead#}</cfoutput>
<cfscript>
htmlbody text="<i>script</i>";
</cfscript>
page</body></html>
