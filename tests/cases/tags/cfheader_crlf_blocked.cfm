<cfscript>
try {
  cfheader(name="X-Evil", value="a#chr(13)##chr(10)#Set-Cookie: x=1");
} catch (any e) { writeOutput("blocked"); }
</cfscript>
