<cfhtmlbody text="<p>end</p>">
<cfhtmlbody action="write" text="<p>only</p>">
start
