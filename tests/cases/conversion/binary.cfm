<cfscript>
s = binaryDecode("737472696E67", "hex");
writeOutput(isBinary(s) & "|" & binaryEncode(s, "hex") & "|" & charsetEncode(s, "utf-8") & "|" & binaryEncode(s, "base64") & "|");
writeOutput(charsetEncode(binaryDecode("&<W1R:6YG", "UU"), "utf-8") & "|");
writeOutput(binaryEncode(binaryDecode("U3RyaW5n", "base64"), "hex") & "|");
writeOutput(charsetEncode(charsetDecode("string", "us-ascii"), "us-ascii") & "|");
writeOutput(binaryEncode(charsetDecode("é", "utf-8"), "hex") & "|");
writeOutput(binaryEncode(charsetDecode("é", "iso-8859-1"), "hex") & "|");
writeOutput(toString(charsetDecode("héllo", "utf-8"), "utf-8") & "|");
writeOutput(toBase64(charsetDecode("hi", "utf-8")) & "|");
try {
    binaryDecode("zz", "hex");
    writeOutput("no");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
