<cfscript>
key = "WTq8zYcZfaWVvMncigHqwQ==";
enc = encrypt("top secret", key, "AES", "Base64");
writeOutput(enc & "|");
writeOutput(decrypt(enc, key, "AES", "Base64") & "|");
writeOutput(encrypt("top secret", key, "AES/ECB/PKCS5Padding", "hex") & "|");
writeOutput(decrypt("91E72250B8A7EDBC4E5AF37F04E6AB5B", key, "AES", "hex") & "|");
cbc = encrypt("data to encrypt", key, "AES/CBC/PKCS5Padding", "Base64");
writeOutput(len(cbc) & "|");
writeOutput(decrypt(cbc, key, "AES/CBC/PKCS5Padding", "Base64") & "|");
writeOutput((cbc NEQ encrypt("data to encrypt", key, "AES/CBC/PKCS5Padding", "Base64")) & "|");
iv = charsetDecode("0123456789abcdef", "utf-8");
fixed = encrypt("data to encrypt", key, "AES/CBC/PKCS5Padding", "Base64", iv);
writeOutput(len(fixed) & "|");
writeOutput((fixed EQ encrypt("data to encrypt", key, "AES/CBC/PKCS5Padding", "Base64", iv)) & "|");
writeOutput(decrypt(fixed, key, "AES/CBC/PKCS5Padding", "Base64", iv) & "|");
k256 = generateSecretKey("AES", 256);
writeOutput(decrypt(encrypt("héllo wörld", k256, "AES", "UU"), k256, "AES", "UU") & "|");
writeOutput("member".encrypt(key, "AES", "hex").len() & "|");
try {
    decrypt(enc, "AAAAAAAAAAAAAAAAAAAAAA==", "AES", "Base64");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
