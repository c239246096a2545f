<cfscript>
// From Lucee's loop-labels recipe and the cfbreak reference.
outerloop: for (hour = 0; hour <= 2; hour++) {
    for (minute = 1; minute <= 60; minute++) {
        writeOutput("time: " & hour & ":" & minute & ";");
        continue outerloop;
    }
}
writeOutput("|");
x = 0;
WhileLabel: while (x < 10) {
    writeOutput("x is #x#;");
    switch (x) {
        case 1:
            break;
        case 3:
            break WhileLabel;
    }
    x++;
}
writeOutput("after: #x#|");
// Out of an inner for-in (an iterator) from the outer loop.
found = "";
rows: for (r in [[1, 2], [3, 4], [5, 6]]) {
    for (c in r) {
        if (c == 4) { found = c; break rows; }
    }
}
writeOutput("found #found#|");
</cfscript>
<cfloop from="0" to="4" index="hour" label="outerLoop"><cfloop from="1" to="60" index="minute"><cfoutput>time: #hour#:#minute#;</cfoutput><cfbreak "outerLoop"></cfloop></cfloop>
<cfloop from="1" to="3" index="i" label="outer"><cfloop list="a,b,c" index="j"><cfif j EQ "b"><cfcontinue "outer"></cfif><cfoutput>#i##j#;</cfoutput></cfloop></cfloop>
