<cfscript>
writeOutput(isValid("integer", 235) & "|" & isValid("integer", "1.5") & "|" & isValid("integer", "abc") & "|");
writeOutput(isValid("numeric", "1e3") & "|" & isValid("float", "1.5") & "|");
writeOutput(isValid("email", "user@example.com") & "|" & isValid("email", "not-an-email") & "|");
writeOutput(isValid("zipcode", "12345-6789") & "|" & isValid("zipcode", "12345") & "|" & isValid("zipcode", "1234") & "|");
writeOutput(isValid("uuid", createUUID()) & "|" & isValid("uuid", "nope") & "|");
writeOutput(isValid("guid", "C6F5A4B2-1234-5678-9ABC-DEF012345678") & "|");
writeOutput(isValid("range", 5, 1, 10) & "|" & isValid("range", 11, 1, 10) & "|");
writeOutput(isValid("regex", "abc", "[a-c]+") & "|" & isValid("regex", "abcd", "[a-c]+") & "|");
writeOutput(isValid("array", []) & "|" & isValid("struct", []) & "|" & isValid("query", queryNew("a")) & "|");
writeOutput(isValid("boolean", "yes") & "|" & isValid("string", 1) & "|" & isValid("string", []) & "|");
writeOutput(isValid("variableName", "my_var1") & "|" & isValid("variableName", "1var") & "|");
writeOutput(isValid("creditcard", "4111111111111111") & "|" & isValid("ssn", "123-45-6789") & "|");
writeOutput(isValid("date", "2024-01-31") & "|" & isValid("url", "https://lucee.org") & "|" & isValid("url", "lucee") & "|");
writeOutput(isValid("telephone", "617-555-1212") & "|" & isValid("any", []));
</cfscript>
