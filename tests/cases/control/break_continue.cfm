<cfscript>
s = "";
for (i = 1; i <= 10; i++) {
  if (i MOD 2 == 0) continue;
  if (i > 7) break;
  s &= i;
}
writeOutput(s);
</cfscript>
