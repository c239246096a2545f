<cfscript>
function myfunc() {
    return 1;
}
function nothing() {
}
sq = function(x) {
    return x * x;
};
writeOutput(isNumeric(23) & "|" & isNumeric("twenty") & "|" & isNumeric(5e2) & "|" & isNumeric("1.5") & "|");
writeOutput(isBoolean("yes") & "|" & isBoolean("maybe") & "|" & isBoolean(0) & "|" & isBoolean(true) & "|");
writeOutput(isDate(createDate(2012, 12, 12)) & "|" & isDate("Date") & "|" & isDate("2024-01-31") & "|" & isDate(5) & "|");
writeOutput(isArray([1]) & "|" & isArray({}) & "|" & isArray([1], 1) & "|");
writeOutput(isStruct(structNew()) & "|" & isStruct(arrayNew(1)) & "|");
writeOutput(isQuery(queryNew("a")) & "|" & isQuery("a") & "|");
writeOutput(isSimpleValue(42) & "|" & isSimpleValue("Hello world") & "|" & isSimpleValue({}) & "|" & isSimpleValue([]) & "|");
writeOutput(isNull(nothing()) & "|" & isNull("") & "|");
writeOutput(isEmpty({}) & "|" & isEmpty("") & "|" & isEmpty([1]) & "|" & isEmpty([]) & "|");
writeOutput(isCustomFunction(myfunc) & "|" & isCustomFunction("2") & "|" & isClosure(sq) & "|" & isClosure(sq(5)) & "|");
writeOutput(isBinary(toBase64("1")) & "|" & isBinary(toBinary(toBase64("1"))) & "|");
writeOutput(isLeapYear(2024) & "|" & isLeapYear(1900) & "|" & isLeapYear(2000) & "|");
writeOutput(isNumericDate(now()) & "|" & isNumericDate("Monday") & "|" & isObject({"a": 1}));
</cfscript>
