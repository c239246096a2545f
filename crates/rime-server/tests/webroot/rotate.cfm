<cfparam name="url.do" default="show"><cfscript>
switch (url.do) {
    case "set": session.user = "ann"; writeOutput("set"); break;
    case "rotate": sessionRotate(); writeOutput("rotated:" & session.user); break;
    case "invalidate": sessionInvalidate(); writeOutput("invalidated:" & structKeyExists(session, "user")); break;
    default: writeOutput("user=" & (session.user ?: "none"));
}
</cfscript>
