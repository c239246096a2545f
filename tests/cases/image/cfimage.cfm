<cfsetting enablecfoutputonly="true">
<cfset dir = getTempDirectory() & "rime_case_cfimage_" & createUUID() & "/">
<cfset directoryCreate(dir)>
<cfset img = imageNew("", 120, 80, "rgb", "navy")>
<cfimage action="write" source="#img#" destination="#dir#a.png">
<cfimage action="read" source="#dir#a.png" name="r">
<cfoutput>#isImage(r)#,#imageGetWidth(r)#|</cfoutput>
<cfimage action="info" source="#r#" structname="inf">
<cfoutput>#inf.width#x#inf.height#|</cfoutput>
<!--- An image variable is resized and rotated in place. --->
<cfimage action="resize" source="#r#" width="60" height="">
<cfoutput>#imageGetWidth(r)#x#imageGetHeight(r)#|</cfoutput>
<cfimage action="rotate" source="#r#" angle="90">
<cfoutput>#imageGetWidth(r)#x#imageGetHeight(r)#|</cfoutput>
<!--- A file source is read into a new image. --->
<cfimage action="resize" source="#dir#a.png" width="50%" height="50%" name="half">
<cfoutput>#imageGetWidth(half)#x#imageGetHeight(half)#,#imageGetWidth(imageRead(dir & "a.png"))#|</cfoutput>
<cfimage action="convert" source="#dir#a.png" destination="#dir#a.jpg">
<cfoutput>#isImageFile(dir & "a.jpg")#|</cfoutput>
<cfimage action="write" source="#half#" destination="#dir#a.png" overwrite="true">
<cfoutput>#imageGetWidth(imageRead(dir & "a.png"))#|</cfoutput>
<cftry>
	<cfimage action="write" source="#img#" destination="#dir#a.png">
	<cfoutput>overwritten|</cfoutput>
	<cfcatch><cfoutput>refused|</cfoutput></cfcatch>
</cftry>
<cfsavecontent variable="html"><cfimage action="writeToBrowser" source="#img#" base64="true"></cfsavecontent>
<cfoutput>#left(html, 32)#,#find('width="120" height="80"', html) GT 0#|</cfoutput>
<cfscript>
cfimage(action="info", source=img, structname="s2");
writeOutput(s2.colormodel.num_components & "|");
cfimage(action="read", source=dir & "a.jpg", name="j");
writeOutput(imageGetHeight(j) & "|");
try {
	cfimage(action="explode", source=img);
} catch (any e) {
	writeOutput(e.type);
}
directoryDelete(dir, true);
</cfscript>
