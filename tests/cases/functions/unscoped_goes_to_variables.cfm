<cfscript>
function f() { leaked = 5; }
f();
writeOutput(leaked & "," & variables.leaked);
function g() {
  var z = 1;
  variables.z = 2;
  return z;
}
writeOutput("," & g() & "," & z);
</cfscript>
