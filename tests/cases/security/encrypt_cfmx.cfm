<cfscript>
plain = "plain text value 1";
writeOutput(encrypt(plain, "secretkey", "CFMX_COMPAT", "hex") & "|");
writeOutput(encrypt(plain, "secretkey", "CFMX_COMPAT", "Base64") & "|");
writeOutput(trim(encrypt(plain, "secretkey")) & "|");
writeOutput(decrypt(encrypt(plain, "secretkey"), "secretkey") & "|");
writeOutput(decrypt("49877AF413CD4FA9E14DE9BF38A5483CDD2A", "secretkey", "cfmx_compat", "hex") & "|");
writeOutput(cfusion_encrypt(plain, "secretkey") & "|");
writeOutput(cfusion_decrypt("49877AF413CD4FA9E14DE9BF38A5483CDD2A", "secretkey") & "|");
writeOutput(decrypt(encrypt("ünïcödé", "k"), "k") & "|");
writeOutput(decrypt(encrypt("with empty key", ""), "") & "|");
bin = encryptBinary(charsetDecode("bytes!", "utf-8"), "secretkey");
writeOutput(isBinary(bin) & "|");
writeOutput(charsetEncode(decryptBinary(bin, "secretkey"), "utf-8") & "|");
try {
    encrypt(plain, "secretkey", "CFMX_COMPAT", "rot13");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
