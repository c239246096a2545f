<html><head><title>t</title></head><body>
<cfhtmlhead text="<meta name=""a"">">
<cfscript>
cfhtmlhead(text = "<script>1</script>");
</cfscript>
body</body></html>
