<cfscript>
function counted() {
  lock name="counter" type="exclusive" timeout="5" {
    application.n = (application.n ?: 0) + 1;
    return application.n;
  }
}
first = counted();
second = counted();
lock name="counter" timeout="1" {
  lock name="counter" timeout="1" { writeOutput("reentrant;"); }
}
writeOutput(second - first);
</cfscript>
