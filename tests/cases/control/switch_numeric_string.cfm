<cfscript>
x = "2";
switch (x) {
  case 1: writeOutput("one"); break;
  case 2: writeOutput("two"); break;
  default: writeOutput("?");
}
switch (3.0) { case 3: writeOutput("|three"); }
</cfscript>
