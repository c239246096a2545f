<cfscript>
// Lucee calls java.lang.String's methods on CFML strings.
fruits = ["apple", "pineapple", "mango", "apricot"];
writeOutput(arraySome(fruits, function(f) { return f.startsWith("a"); }) & "|");
writeOutput(fruits.some(function(f) { return f.endsWith("a"); }) & "|");
s = "Hello, World";
writeOutput(s.startsWith("World", 7) & "," & s.startsWith("hello") & "|");
writeOutput(s.contains("lo, W") & "," & s.contains("world") & "|");
writeOutput(s.indexOf("o") & "," & s.indexOf("o", 5) & "," & s.indexOf("z") & "|");
writeOutput(s.lastIndexOf("o") & "," & s.lastIndexOf("o", 7) & "," & s.lastIndexOf("H", -1) & "|");
writeOutput(s.charAt(0) & s.charAt(7) & "|");
writeOutput(s.length() & "," & "ünï".length() & "|");
writeOutput(s.substring(7) & "," & s.substring(0, 5) & "," & "[" & s.substring(3, 3) & "]|");
writeOutput(s.toUpperCase() & "," & s.toLowerCase() & "|");
writeOutput(s.equalsIgnoreCase("HELLO, world") & "," & s.equalsIgnoreCase("Hello") & "|");
writeOutput(s.equals("Hello, World") & "," & s.equals("hello, world") & "|");
writeOutput("apple".compareTo("banana") & "," & "b".compareTo("abc") & "," & "ab".compareTo("abcd") & "," & "ABC".compareToIgnoreCase("abd") & "|");
writeOutput("con".concat("cat") & "," & "hello".hashCode() & "," & "".hashCode() & "," & "Lucee rocks".hashCode() & "|");
writeOutput(" ".isBlank() & "," & " x ".isBlank() & "|");
writeOutput("abc".toString() & "," & arrayLen("é".getBytes()) & "," & arrayLen("é".getBytes("iso-8859-1")) & "," & toString("hé".getBytes()) & "|");
try {
    s.charAt(12);
} catch (any e) {
    writeOutput(e.message & "|");
}
try {
    s.substring(5, 2);
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
