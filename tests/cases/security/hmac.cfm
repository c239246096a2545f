<cfscript>
writeOutput(hmac("msg", "secret", "HMACSHA256") & "|");
fox = "The quick brown fox jumps over the lazy dog";
writeOutput(hmac(fox, "key") & "|");
writeOutput(hmac(fox, "key", "HmacSHA1") & "|");
writeOutput(hmac(fox, "key", "HmacSHA256") & "|");
writeOutput(hmac("what do ya want for nothing?", "Jefe", "HmacMD5") & "|");
writeOutput(hmac("msg", charsetDecode("secret", "utf-8"), "hmacsha256") & "|");
writeOutput(hmac(charsetDecode("msg", "utf-8"), "secret", "HmacSHA256", "utf-8") & "|");
writeOutput(len(hmac(fox, "key", "HmacSHA384")) & "|");
writeOutput(len(hmac(fox, "key", "HmacSHA512")) & "|");
try {
    hmac("x", "k", "NoSuchMac");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
