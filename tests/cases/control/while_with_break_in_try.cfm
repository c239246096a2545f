<cfscript>
i = 0;
while (true) {
  try {
    i++;
    if (i == 3) break;
  } catch (any e) {}
}
writeOutput(i);
</cfscript>
