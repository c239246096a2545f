<cfscript>
n = [10, 99, 27, 72];
writeOutput(arraySum(n) & "|" & n.sum() & "|");
writeOutput(arrayAvg([1, 2, 3]) & "|" & arrayAvg([1, 2, 3, 4]) & "|");
writeOutput(arrayMin([23, 45, 87, 2, 4]) & "|" & arrayMax([23, 45, 87, 1, 4]) & "|");
writeOutput(arrayMin([]) & "|" & arrayMax([]) & "|" & arraySum([]) & "|");
writeOutput(arrayMedian([1, 2, 2]) & "|" & arrayMedian([4, 1, 3, 2]) & "|");
writeOutput(arrayToList(arrayRemoveDuplicates(["a", "b", "a", "A"])) & "|");
writeOutput(arrayToList(arrayRemoveDuplicates(["a", "b", "a", "A"], true)));
</cfscript>
