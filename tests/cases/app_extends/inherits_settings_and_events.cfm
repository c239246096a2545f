<cfoutput>#lCase(getApplicationSettings().name)#|#request.fromBase ?: "no"#|#isObject(application) ? "" : "ok"#</cfoutput>
