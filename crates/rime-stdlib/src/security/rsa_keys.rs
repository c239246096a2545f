//! RSA: `generateRSAKeys([keySize])` and the `RSA` algorithm of `encrypt`/`decrypt`, as Lucee
//! has them.
//!
//! The keys are Base64 text of what Java's `Key.getEncoded()` gives: PKCS#8 `PrivateKeyInfo`
//! DER for the private key, X.509 `SubjectPublicKeyInfo` DER for the public one, so keys made by
//! Lucee work here and the other way round. Either key encrypts and the other decrypts (Java's
//! `RSA` cipher, `RSA/ECB/PKCS1Padding`): with the public key the PKCS#1 v1.5 encryption padding
//! (random, type 2), with the private key the type-1 padding of a signature. Input longer than a
//! block (the key's size less 11 bytes) is encrypted block by block and the blocks joined, as
//! Lucee does; decryption splits it again into blocks of the key's size. The private-key
//! operations are blinded (the `rsa` crate's `_blinded`/`_with_rng` forms), the crate's
//! defence against timing attacks on them.

use super::crypt::b64_decode;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Struct, Value};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey};
use rsa::traits::PublicKeyParts;
use rsa::{BigUint, Pkcs1v15Encrypt, Pkcs1v15Sign, RsaPrivateKey, RsaPublicKey};

/// Lucee's default key size.
const DEFAULT_BITS: i64 = 1024;

/// `generateRSAKeys([keySize=1024])`: `{private, public}`, each Base64 DER (see the module).
pub(crate) fn generate_rsa_keys(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let bits = match a.get(0) {
        Some(v) if !v.is_null() && !v.to_str()?.trim().is_empty() => a.int(0)?,
        _ => DEFAULT_BITS,
    };
    if !(512..=8192).contains(&bits) {
        return Err(CfmlError::expression(format!(
            "generateRSAKeys: invalid key size [{bits}], give a number of bits from 512 to 8192 (1024, 2048, 4096)"
        )));
    }
    let fail = |e: &dyn std::fmt::Display| {
        CfmlError::application(format!("generateRSAKeys: can't make the key pair: {e}"))
    };
    let key = RsaPrivateKey::new(&mut rand::thread_rng(), bits as usize).map_err(|e| fail(&e))?;
    let private = key.to_pkcs8_der().map_err(|e| fail(&e))?;
    let public = RsaPublicKey::from(&key)
        .to_public_key_der()
        .map_err(|e| fail(&e))?;
    let out = Struct::with_flags(true);
    out.set_str("private", Value::from(STANDARD.encode(private.as_bytes())));
    out.set_str("public", Value::from(STANDARD.encode(public.as_bytes())));
    Ok(Value::Struct(out))
}

/// Whether `encrypt`/`decrypt` should use RSA for `algorithm`: `RSA`, or Java's full name for
/// the same cipher, `RSA/ECB/PKCS1Padding` (which Lucee does not take).
pub(crate) fn is_rsa(algorithm: &str) -> bool {
    let a = algorithm.trim();
    a.eq_ignore_ascii_case("RSA") || a.eq_ignore_ascii_case("RSA/ECB/PKCS1Padding")
}

enum Key {
    Private(Box<RsaPrivateKey>),
    Public(RsaPublicKey),
}

impl Key {
    /// The key's size in bytes (one block of ciphertext).
    fn size(&self) -> usize {
        match self {
            Key::Private(k) => k.size(),
            Key::Public(k) => k.size(),
        }
    }
}

/// A key argument: a private key (PKCS#8) if it reads as one, else a public key (X.509), as
/// Lucee tries them.
fn key_of(key: &str) -> CfResult<Key> {
    let bad = || {
        CfmlError::expression(
            "The key is not an RSA key; give the private or the public key that generateRSAKeys() returns (Base64 PKCS#8 or X.509 DER)",
        )
    };
    let der = b64_decode(key, false).ok_or_else(bad)?;
    if let Ok(k) = RsaPrivateKey::from_pkcs8_der(&der) {
        return Ok(Key::Private(Box::new(k)));
    }
    RsaPublicKey::from_public_key_der(&der)
        .map(Key::Public)
        .map_err(|_| bad())
}

fn crypt_err(what: &str, e: impl std::fmt::Display) -> Box<CfmlError> {
    CfmlError::expression(format!("{what} with RSA failed: {e}"))
}

/// Encrypt `data` with either key, block by block.
pub(crate) fn encrypt(data: &[u8], key: &str) -> CfResult<Vec<u8>> {
    let key = key_of(key)?;
    let k = key.size();
    let mut out = Vec::with_capacity(data.len().div_ceil(k.saturating_sub(11).max(1)) * k);
    for part in data.chunks(k.saturating_sub(11).max(1)) {
        let block = match &key {
            Key::Public(p) => p.encrypt(&mut rand::thread_rng(), Pkcs1v15Encrypt, part),
            Key::Private(s) => s.sign_with_rng(
                &mut rand::thread_rng(),
                Pkcs1v15Sign::new_unprefixed(),
                part,
            ),
        }
        .map_err(|e| crypt_err("Encryption", e))?;
        out.extend_from_slice(&block);
    }
    Ok(out)
}

/// Decrypt what the other key encrypted.
pub(crate) fn decrypt(data: &[u8], key: &str) -> CfResult<Vec<u8>> {
    let key = key_of(key)?;
    let k = key.size();
    if !data.len().is_multiple_of(k) {
        return Err(CfmlError::expression(format!(
            "Decryption with RSA failed: the input ({} bytes) is not a whole number of {k}-byte blocks of this key",
            data.len()
        )));
    }
    let mut out = Vec::with_capacity(data.len());
    for block in data.chunks(k) {
        match &key {
            Key::Private(s) => out.extend(
                s.decrypt_blinded(&mut rand::thread_rng(), Pkcs1v15Encrypt, block)
                    .map_err(|e| crypt_err("Decryption", e))?,
            ),
            Key::Public(p) => out.extend_from_slice(&public_decrypt(p, block)?),
        }
    }
    Ok(out)
}

/// The data of a block the private key encrypted: the public-key operation, then the type-1
/// padding (`00 01 FF.. 00 data`, at least 8 `FF`) taken away.
fn public_decrypt(key: &RsaPublicKey, block: &[u8]) -> CfResult<Vec<u8>> {
    let bad = || {
        crypt_err(
            "Decryption",
            "the data was not encrypted with the matching private key",
        )
    };
    let c = BigUint::from_bytes_be(block);
    if &c >= key.n() {
        return Err(bad());
    }
    let m = c.modpow(key.e(), key.n()).to_bytes_be();
    let k = key.size();
    if m.len() > k {
        return Err(bad());
    }
    let mut em = vec![0u8; k - m.len()];
    em.extend_from_slice(&m);
    let body = em.strip_prefix(&[0u8, 1]).ok_or_else(bad)?;
    let ff = body.iter().take_while(|&&b| b == 0xff).count();
    match body.get(ff) {
        Some(0) if ff >= 8 => Ok(body.get(ff + 1..).unwrap_or_default().to_vec()),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_key_encrypts_and_the_other_decrypts() {
        let Ok(key) = RsaPrivateKey::new(&mut rand::thread_rng(), 1024) else {
            panic!("no key");
        };
        let private = key
            .to_pkcs8_der()
            .map(|d| STANDARD.encode(d.as_bytes()))
            .unwrap_or_default();
        let public = RsaPublicKey::from(&key)
            .to_public_key_der()
            .map(|d| STANDARD.encode(d.as_bytes()))
            .unwrap_or_default();
        // PKCS#8 and SPKI as Java writes them: SEQUENCE, then rsaEncryption's OID.
        assert!(private.starts_with("MII") && public.starts_with("MIGf"));
        let long: Vec<u8> = (0..1000u32).map(|i| (i % 251) as u8).collect();
        for data in [
            &b""[..],
            &b"Susi Sorglos f\xc3\xb6hnte ihr Haar"[..],
            &long[..],
        ] {
            let enc = encrypt(data, &private).unwrap_or_default();
            assert_eq!(enc.len(), data.len().div_ceil(117) * 128);
            assert_eq!(decrypt(&enc, &public).ok().as_deref(), Some(data));
            let enc = encrypt(data, &public).unwrap_or_default();
            assert_eq!(decrypt(&enc, &private).ok().as_deref(), Some(data));
            // The same key does not decrypt what it encrypted.
            if !data.is_empty() {
                assert!(decrypt(&enc, &public).is_err());
            }
        }
        assert!(decrypt(&[1, 2, 3], &public).is_err());
        assert!(encrypt(b"x", "bm90IGEga2V5").is_err());
    }
}
