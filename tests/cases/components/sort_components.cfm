<cfscript>
players = [
    new c_sort.Player("cy", 7),
    new c_sort.Player("al", 12),
    new c_sort.Player("bo", 3)
];
arraySort(players, function(a, b) { return compare(a.getName(), b.getName()); });
writeOutput(arrayToList(arrayMap(players, function(p) { return p.getName(); })) & chr(10));
players.sort(function(a, b) { return b.getScore() - a.getScore(); });
writeOutput(arrayToList(players.map(function(p) { return p.getName() & "=" & p.getScore(); })) & chr(10));
players[3].addPoints(20);
total = players.reduce(function(sum, p) { return sum + p.getScore(); }, 0);
writeOutput(total & chr(10));
best = players.filter(function(p) { return p.getScore() > 10; });
writeOutput(arrayLen(best) & chr(10));
</cfscript>
