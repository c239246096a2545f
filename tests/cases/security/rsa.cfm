<cfscript>
// generateRSAKeys(): Base64 PKCS#8 (private) and X.509 (public) DER; either key encrypts and the
// other decrypts with encrypt/decrypt's RSA.
nl = chr(10);
keys = generateRSAKeys();
writeOutput(listSort(structKeyList(keys), "textnocase") & nl);
// A 1024-bit key (Lucee's default): the public key's DER starts 30 81 9F, "MIGf" in Base64.
writeOutput(left(keys.public, 4) & " " & left(keys.private, 3) & nl);

raw = "Susi Sorglos föhnte Ihr Haar";
enc = encrypt(raw, keys.private, "RSA");
writeOutput("private->public: " & (decrypt(enc, keys.public, "RSA") == raw) & nl);
enc = encrypt(raw, keys.public, "rsa");
writeOutput("public->private: " & (decrypt(enc, keys.private, "rsa") == raw) & nl);

// Longer than one block (117 bytes for 1024 bits): encrypted block by block.
long = repeatString("0123456789", 50);
enc = encrypt(long, keys.private, "RSA", "base64");
writeOutput("blocks: " & len(binaryDecode(enc, "base64")) & " " & (decrypt(enc, keys.public, "RSA", "base64") == long) & nl);
enc = encrypt(long, keys.public, "RSA", "hex");
writeOutput("hex: " & (decrypt(enc, keys.private, "RSA", "hex") == long) & nl);

// Other key sizes.
big = generateRSAKeys(2048);
writeOutput("2048: " & left(big.public, 4) & " " & (decrypt(encrypt(long, big.private, "RSA"), big.public, "RSA") == long) & nl);

// The wrong key, and a key that is none.
other = generateRSAKeys(512);
try {
    decrypt(encrypt(raw, keys.public, "RSA"), other.private, "RSA");
    writeOutput("wrong key: decrypted" & nl);
} catch (any e) {
    writeOutput("wrong key: error" & nl);
}
try {
    encrypt(raw, "bm90IGEga2V5", "RSA");
    writeOutput("bad key: encrypted" & nl);
} catch (any e) {
    writeOutput("bad key: error" & nl);
}
</cfscript>
