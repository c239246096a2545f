<cfscript>
// The page has not used request, url, form or cookie before the thread writes them:
// the thread and the page still share one of each.
thread name="w" {
  request.fromThread = "r";
  url.fromThread = "u";
  form.fromThread = "f";
  cookie.fromThread = "c";
}
thread action="join" name="w";
writeOutput(request.fromThread & url.fromThread & form.fromThread & cookie.fromThread);
// Unscoped reads find what a write created in a scope not used before.
writeOutput("|" & fromThread);
cookie.onlyCookie = "k";
writeOutput("|" & onlyCookie);
writeOutput("|" & structCount(request) & structCount(url) & structCount(form) & structCount(cookie));
</cfscript>
