<cfscript>
writeOutput("dropped");
resp = getPageContext().getResponse();
resp.reset();
resp.setStatus(201);
resp.setHeader("X-Frame", "a");
resp.addHeader("X-Multi", "1");
resp.setContentType("text/plain");
writeOutput("kept " & getPageContext().getRequest().getMethod() & " " & resp.getStatus() & " " & resp.containsHeader("X-Frame"));
</cfscript>
