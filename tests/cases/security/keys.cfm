<cfscript>
k = generateSecretKey("AES");
writeOutput(len(k) & "|" & len(toBinary(k)) & "|");
writeOutput(len(toBinary(generateSecretKey("AES", 192))) & "|");
writeOutput(len(toBinary(generateSecretKey("aes", 256))) & "|");
writeOutput(len(toBinary(generateSecretKey("DES"))) & "|");
writeOutput(len(toBinary(generateSecretKey("DESede"))) & "|");
writeOutput(len(toBinary(generateSecretKey("Blowfish"))) & "|");
writeOutput((generateSecretKey("AES") NEQ generateSecretKey("AES")) & "|");
writeOutput(generatePBKDFKey("PBKDF2WithHmacSHA1", "secret", "salty", 5000, 128) & "|");
writeOutput(len(toBinary(generatePBKDFKey("PBKDF2WithHmacSHA256", "secret", "salty"))) & "|");
writeOutput(generate3DesKey("abcdefghijklmnopqrstuvwx") & "|");
writeOutput(len(toBinary(generate3DesKey())) & "|");
d = generateSecretKey("DESede");
writeOutput(decrypt(encrypt("triple", d, "DESede", "hex"), d, "DESede", "hex") & "|");
b = generateSecretKey("Blowfish");
writeOutput(decrypt(encrypt("fish", b, "Blowfish/CBC/PKCS5Padding", "Base64"), b, "Blowfish/CBC/PKCS5Padding", "Base64") & "|");
try {
    generateSecretKey("AES", 100);
    writeOutput("no error|");
} catch (any e) {
    writeOutput("error|");
}
try {
    generateSecretKey("NoSuchAlgorithm");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
