<cfscript>
a = new props.Account();
a.setBalance("12.5").setOwner(42);
writeOutput(a.getBalance() + 1 & " " & a.getOwner() & chr(10));
try {
    a.setBalance("lots");
    writeOutput("no error" & chr(10));
} catch (any e) {
    writeOutput("balance rejected, still " & a.getBalance() & chr(10));
}
try {
    a.setTags("not an array");
} catch (any e) {
    writeOutput("tags rejected" & chr(10));
}
a.setTags(["x", "y"]);
writeOutput(arrayLen(a.getTags()) & chr(10));
writeOutput(structKeyExists(a, "getId") & " " & structKeyExists(a, "setId") & chr(10));
writeOutput(structKeyExists(a, "setPin") & " " & structKeyExists(a, "getPin") & chr(10));
a.setPin(1234);
writeOutput(a.checkPin(1234) & " " & a.getId() & chr(10));
a.setOpened(createDate(2024, 2, 29));
writeOutput(dateFormat(a.getOpened(), "yyyy-mm-dd") & chr(10));
</cfscript>
