<cfscript>
stringEach("ahqwz", function(c) { writeOutput(c == "q"); });
writeOutput("|");
writeOutput(stringMap("abcdefg", function(c) { return chr(asc(c) + 7); }) & "|");
writeOutput("abcdefg".map(function(c) { return uCase(c); }) & "|");
writeOutput(stringFilter("zzQQZ", function(c) { return c == "z"; }) & "|");
writeOutput(stringReduce("abcdef", function(acc, c) { return acc & c; }, "z") & "|");
writeOutput(stringSome("abcdefg", function(c) { return c > "f"; }) & "|");
writeOutput(stringEvery("zzZZz", function(c) { return c == "z"; }) & "|");
writeOutput("ZZazz".every(function(c) { return c == "z"; }) & "|");
writeOutput(stringSort("ZzgiSA") & "|");
writeOutput("JohnWick".sort());
</cfscript>
