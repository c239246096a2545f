//! Security functions: `hmac`, secret keys (`generateSecretKey`, `generate3DesKey`,
//! `generatePBKDFKey`), RSA key pairs (`generateRSAKeys`, see `rsa_keys`), `encrypt`/`decrypt`
//! (see `crypt`), the ESAPI output encoders and
//! `canonicalize` (see `encode`), and the CSRF tokens of the session.
//!
//! `hash` (with its iterations argument) lives in `conversion`.

pub(crate) mod crypt;
mod encode;
mod rsa_keys;

use hmac::{Hmac, Mac};
use parking_lot::Mutex;
use rand::Rng;
use rime_runtime::{
    def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, MemberType::String as S, Struct,
    Value,
};
use std::collections::HashMap;
use std::sync::{Arc, Weak};

use crate::conversion::{charset, decode as decode_charset, encode as encode_charset};
use crypt::TextEncoding;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "hmac",
        &[
            req("message"),
            req("key"),
            opt("algorithm"),
            opt("encoding"),
        ],
        hmac_fn,
    ),
    def(
        "generateSecretKey",
        &[req("algorithm"), opt("keySize")],
        generate_secret_key,
    ),
    def("generate3DesKey", &[opt("input")], generate_3des_key),
    def(
        "generateRSAKeys",
        &[opt("key_size").alias(&["keySize"])],
        rsa_keys::generate_rsa_keys,
    ),
    def(
        "generatePBKDFKey",
        &[
            req("algorithm"),
            req("passphrase"),
            req("salt"),
            opt("iterations"),
            opt("keySize"),
        ],
        generate_pbkdf_key,
    ),
    // Impure: without an IV, the feedback modes use a random one.
    def(
        "encrypt",
        &[
            req("string"),
            req("key"),
            opt("algorithm"),
            opt("encoding"),
            opt("IVorSalt"),
            opt("iterations"),
            opt("precise"),
        ],
        encrypt,
    )
    .members(&[(S, "encrypt")]),
    def(
        "decrypt",
        &[
            req("encrypted_string"),
            req("key"),
            opt("algorithm"),
            opt("encoding"),
            opt("IVorSalt"),
            opt("iterations"),
            opt("precise"),
        ],
        decrypt,
    ),
    def(
        "encryptBinary",
        &[
            req("bytes"),
            req("key"),
            opt("algorithm"),
            opt("IVorSalt"),
            opt("iterations"),
            opt("precise"),
        ],
        encrypt_binary,
    ),
    def(
        "decryptBinary",
        &[
            req("bytes"),
            req("key"),
            opt("algorithm"),
            opt("IVorSalt"),
            opt("iterations"),
            opt("precise"),
        ],
        decrypt_binary,
    ),
    def(
        "cfusion_encrypt",
        &[req("string"), req("key")],
        cfusion_encrypt,
    ),
    def(
        "cfusion_decrypt",
        &[req("string"), req("key")],
        cfusion_decrypt,
    ),
    def(
        "encodeForCSS",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_css,
    )
    .members(&[(S, "encodeForCSS")]),
    def(
        "encodeForXML",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_xml,
    )
    .members(&[(S, "encodeForXML")]),
    def(
        "encodeForXMLAttribute",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_xml_attribute,
    )
    .members(&[(S, "encodeForXMLAttribute")]),
    def(
        "encodeForXPath",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_xpath,
    )
    .members(&[(S, "encodeForXPath")]),
    def(
        "encodeForLDAP",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_ldap,
    )
    .members(&[(S, "encodeForLDAP")]),
    def(
        "encodeForDN",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_dn,
    )
    .members(&[(S, "encodeForDN")]),
    def(
        "canonicalize",
        &[
            req("input"),
            req("restrictMultiple"),
            req("restrictMixed"),
            opt("throwOnError"),
        ],
        encode::canonicalize_fn,
    ),
    def("xmlFormat", &[req("string")], encode::xml_format),
    def(
        "csrfGenerateToken",
        &[opt("key"), opt("forceNew")],
        csrf_generate_token,
    ),
    def(
        "csrfVerifyToken",
        &[req("token"), opt("key")],
        csrf_verify_token,
    ),
];

// ---------------------------------------------------------------------------------------------
// HMAC and keys
// ---------------------------------------------------------------------------------------------

/// A string in the given charset, or a binary as is.
fn bytes_arg(v: &Value, cs: &str) -> CfResult<Vec<u8>> {
    match v {
        Value::Binary(b) => Ok(b.as_ref().clone()),
        other => Ok(encode_charset(&other.to_str()?, charset(cs)?)),
    }
}

fn mac<M: Mac + hmac::digest::KeyInit>(key: &[u8], msg: &[u8]) -> CfResult<Vec<u8>> {
    let mut m =
        <M as Mac>::new_from_slice(key).map_err(|_| CfmlError::expression("Invalid HMAC key"))?;
    m.update(msg);
    Ok(m.finalize().into_bytes().to_vec())
}

/// HMAC with a JCE algorithm name (`HmacSHA256`...), as uppercase hexadecimal.
pub(crate) fn hmac_hex(algorithm: &str, key: &[u8], msg: &[u8]) -> CfResult<String> {
    if key.is_empty() {
        return Err(CfmlError::expression("Empty key"));
    }
    let out = match algorithm.trim().to_ascii_uppercase().as_str() {
        "" | "HMACMD5" => mac::<Hmac<md5::Md5>>(key, msg)?,
        "HMACSHA1" => mac::<Hmac<sha1::Sha1>>(key, msg)?,
        "HMACSHA224" => mac::<Hmac<sha2::Sha224>>(key, msg)?,
        "HMACSHA256" => mac::<Hmac<sha2::Sha256>>(key, msg)?,
        "HMACSHA384" => mac::<Hmac<sha2::Sha384>>(key, msg)?,
        "HMACSHA512" => mac::<Hmac<sha2::Sha512>>(key, msg)?,
        "HMACSHA512/224" => mac::<Hmac<sha2::Sha512_224>>(key, msg)?,
        "HMACSHA512/256" => mac::<Hmac<sha2::Sha512_256>>(key, msg)?,
        _ => {
            return Err(CfmlError::expression(format!(
                "Algorithm [{}] not available, supported algorithms are [HmacMD5, HmacSHA1, HmacSHA224, HmacSHA256, HmacSHA384, HmacSHA512, HmacSHA512/224, HmacSHA512/256]",
                algorithm.trim()
            )))
        }
    };
    Ok(crypt::hex_upper(&out))
}

fn hmac_fn(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let cs = a.str_or(3, "utf-8")?;
    let cs = if cs.trim().is_empty() {
        "utf-8"
    } else {
        cs.as_ref()
    };
    let msg = bytes_arg(a.val(0)?, cs)?;
    let key = bytes_arg(a.val(1)?, cs)?;
    Ok(Value::from(hmac_hex(&a.str_or(2, "HmacMD5")?, &key, &msg)?))
}

fn generate_secret_key(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let alg = a.str(0)?;
    let bits = a.int_or(1, 0)?;
    Ok(Value::from(crypt::b64_encode(&crypt::generate_key(
        &alg, bits,
    )?)))
}

/// `generate3DesKey()`: a random DESede key; with an argument, that text's bytes as a key.
fn generate_3des_key(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    match a.get(0) {
        Some(v) => Ok(Value::from(crypt::b64_encode(v.to_str()?.as_bytes()))),
        None => Ok(Value::from(crypt::b64_encode(&crypt::generate_key(
            "DESede", 0,
        )?))),
    }
}

/// PBKDF2 (RFC 8018) with an HMAC pseudo-random function.
fn pbkdf2<M: Mac + hmac::digest::KeyInit + Clone>(
    password: &[u8],
    salt: &[u8],
    rounds: u32,
    out_len: usize,
) -> CfResult<Vec<u8>> {
    let prf = <M as Mac>::new_from_slice(password)
        .map_err(|_| CfmlError::expression("Invalid PBKDF2 password"))?;
    let mut out = Vec::with_capacity(out_len);
    let mut block: u32 = 1;
    while out.len() < out_len {
        let mut m = prf.clone();
        m.update(salt);
        m.update(&block.to_be_bytes());
        let mut u = m.finalize().into_bytes().to_vec();
        let mut t = u.clone();
        for _ in 1..rounds {
            let mut m = prf.clone();
            m.update(&u);
            u = m.finalize().into_bytes().to_vec();
            for (x, y) in t.iter_mut().zip(&u) {
                *x ^= y;
            }
        }
        out.extend(t);
        block = block.wrapping_add(1);
    }
    out.truncate(out_len);
    Ok(out)
}

fn generate_pbkdf_key(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let alg = a.str(0)?.trim().to_string();
    if alg.is_empty() {
        return Err(CfmlError::expression(
            "Invalid argument [algorithm] for function [generatePBKDFKey]: algorithm argument is empty.",
        ));
    }
    let pass = a.str(1)?;
    let salt = a.str(2)?;
    let rounds = a.num_or(3, 4096.0)?;
    let bits = a.num_or(4, 128.0)?;
    if !(1.0..=10_000_000.0).contains(&rounds) {
        return Err(CfmlError::expression(format!(
            "Invalid iteration count [{}] for generatePBKDFKey, it must be between 1 and 10000000",
            rime_runtime::number::format(rounds)
        )));
    }
    if !(8.0..=65536.0).contains(&bits) {
        return Err(CfmlError::expression(format!(
            "Invalid key size [{}] for generatePBKDFKey, it must be between 8 and 65536 bits",
            rime_runtime::number::format(bits)
        )));
    }
    let (rounds, len) = (rounds as u32, bits as usize / 8);
    // Each 20-64 byte block costs `rounds` HMACs: bound the total so a call cannot run for hours.
    let blocks = len.div_ceil(20) as u64;
    if u64::from(rounds) * blocks > 20_000_000 {
        return Err(CfmlError::expression(format!(
            "generatePBKDFKey with {rounds} iterations and a {bits} bit key is too much work; reduce one of them",
            bits = len * 8
        )));
    }
    let (p, s) = (pass.as_bytes(), salt.as_bytes());
    let key = match alg.to_ascii_uppercase().as_str() {
        "PBKDF2WITHHMACSHA1" => pbkdf2::<Hmac<sha1::Sha1>>(p, s, rounds, len)?,
        "PBKDF2WITHHMACSHA224" => pbkdf2::<Hmac<sha2::Sha224>>(p, s, rounds, len)?,
        "PBKDF2WITHHMACSHA256" => pbkdf2::<Hmac<sha2::Sha256>>(p, s, rounds, len)?,
        "PBKDF2WITHHMACSHA384" => pbkdf2::<Hmac<sha2::Sha384>>(p, s, rounds, len)?,
        "PBKDF2WITHHMACSHA512" => pbkdf2::<Hmac<sha2::Sha512>>(p, s, rounds, len)?,
        _ => {
            return Err(CfmlError::expression(format!(
                "Invalid argument [algorithm] for function [generatePBKDFKey]: algorithm [{alg}] is not supported, supported are [PBKDF2WithHmacSHA1, PBKDF2WithHmacSHA224, PBKDF2WithHmacSHA256, PBKDF2WithHmacSHA384, PBKDF2WithHmacSHA512]"
            )))
        }
    };
    Ok(Value::from(crypt::b64_encode(&key)))
}

// ---------------------------------------------------------------------------------------------
// encrypt / decrypt
// ---------------------------------------------------------------------------------------------

fn encoding_arg(a: &Args, i: usize) -> CfResult<TextEncoding> {
    match a.get(i) {
        Some(v) if !v.to_str()?.trim().is_empty() => crypt::text_encoding(&v.to_str()?),
        _ => Ok(TextEncoding::Uu),
    }
}

fn algorithm_arg(a: &Args, i: usize) -> CfResult<String> {
    Ok(a.str_or(i, "CFMX_COMPAT")?.into_owned())
}

fn encrypt(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let input = a.str(0)?;
    let key = a.str(1)?;
    let alg = algorithm_arg(a, 2)?;
    let enc = encoding_arg(a, 3)?;
    let iv = crypt::iv_bytes(a.get(4))?;
    let out = crypt::encrypt_bytes(input.as_bytes(), &key, &alg, iv.as_deref())?;
    Ok(Value::from(crypt::encode_text(enc, &out)))
}

fn decrypt(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let input = a.str(0)?;
    let key = a.str(1)?;
    let alg = algorithm_arg(a, 2)?;
    let enc = encoding_arg(a, 3)?;
    let iv = crypt::iv_bytes(a.get(4))?;
    // Lucee decodes CFMX_COMPAT input leniently and the others as `precise` says (default on).
    let precise = !crypt::is_cfmx_compat(&alg) && a.bool_or(6, true)?;
    let data = crypt::decode_text(enc, &input, precise)?;
    let out = crypt::decrypt_bytes(&data, &key, &alg, iv.as_deref())?;
    Ok(Value::from(decode_charset(&out, charset("utf-8")?)))
}

/// The data argument of the binary functions: a binary, or a Base64 string.
fn binary_data(v: &Value, fname: &str) -> CfResult<Vec<u8>> {
    match v {
        Value::Binary(b) => Ok(b.as_ref().clone()),
        other => {
            let s = other.to_str()?;
            crypt::b64_decode(&s, false).ok_or_else(|| {
                CfmlError::expression(format!(
                    "Can't cast String [{s}] to a value of type [binary] (argument 1 of [{fname}])"
                ))
            })
        }
    }
}

fn encrypt_binary(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let data = binary_data(a.val(0)?, a.fname)?;
    let key = a.str(1)?;
    let alg = algorithm_arg(a, 2)?;
    let iv = crypt::iv_bytes(a.get(3))?;
    let out = crypt::encrypt_bytes(&data, &key, &alg, iv.as_deref())?;
    Ok(Value::Binary(Arc::new(out)))
}

fn decrypt_binary(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let data = binary_data(a.val(0)?, a.fname)?;
    let key = a.str(1)?;
    let alg = algorithm_arg(a, 2)?;
    let iv = crypt::iv_bytes(a.get(3))?;
    let out = crypt::decrypt_bytes(&data, &key, &alg, iv.as_deref())?;
    Ok(Value::Binary(Arc::new(out)))
}

/// `cfusion_encrypt(string, key)`: CFMX_COMPAT with hex output.
fn cfusion_encrypt(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let out = crypt::cfmx_transform(&a.str(1)?, a.str(0)?.as_bytes());
    Ok(Value::from(crypt::encode_text(TextEncoding::Hex, &out)))
}

fn cfusion_decrypt(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let data = crypt::decode_text(TextEncoding::Hex, &a.str(0)?, false)?;
    let out = crypt::cfmx_transform(&a.str(1)?, &data);
    Ok(Value::from(String::from_utf8_lossy(&out).into_owned()))
}

// ---------------------------------------------------------------------------------------------
// CSRF tokens
// ---------------------------------------------------------------------------------------------

/// Tokens per live session, keyed by the session scope's identity. Entries whose session struct
/// is gone are dropped on the next write, so the map only holds live sessions. Keeping the tokens
/// here rather than in the scope keeps them out of `session` dumps and key lists, as in Lucee.
type TokenMap = HashMap<usize, (Weak<rime_runtime::StructCell>, HashMap<String, String>)>;

fn tokens() -> &'static Mutex<TokenMap> {
    static T: std::sync::OnceLock<Mutex<TokenMap>> = std::sync::OnceLock::new();
    T.get_or_init(|| Mutex::new(HashMap::new()))
}

fn session_scope(ctx: &mut dyn Ctx, fname: &str) -> CfResult<Struct> {
    match ctx.lookup("session") {
        Some(Value::Struct(s)) => Ok(s),
        _ => Err(CfmlError::expression(format!(
            "{fname} needs the session scope; enable it with this.sessionManagement = true in Application.cfc"
        ))),
    }
}

/// Lucee's token: 40 random lowercase letters and digits.
fn new_token() -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::thread_rng();
    (0..40)
        .map(|_| char::from(CHARS[rng.gen_range(0..CHARS.len())]))
        .collect()
}

fn csrf_generate_token(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let session = session_scope(ctx, "csrfGenerateToken")?;
    let key = a.str_or(0, "")?.trim().to_ascii_lowercase();
    let force = a.bool_or(1, false)?;
    let id = Arc::as_ptr(&session.0) as usize;
    let mut map = tokens().lock();
    map.retain(|_, (weak, _)| weak.strong_count() > 0);
    let entry = map
        .entry(id)
        .or_insert_with(|| (Arc::downgrade(&session.0), HashMap::new()));
    if !force {
        if let Some(t) = entry.1.get(&key) {
            return Ok(Value::from(t.as_str()));
        }
    }
    let t = new_token();
    entry.1.insert(key, t.clone());
    Ok(Value::from(t))
}

fn csrf_verify_token(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let session = session_scope(ctx, "csrfVerifyToken")?;
    let token = a.str(0)?;
    let key = a.str_or(1, "")?.trim().to_ascii_lowercase();
    let id = Arc::as_ptr(&session.0) as usize;
    let map = tokens().lock();
    let ok = map
        .get(&id)
        .filter(|(weak, _)| weak.strong_count() > 0)
        .and_then(|(_, t)| t.get(&key))
        .is_some_and(|t| t.eq_ignore_ascii_case(&token));
    Ok(Value::Bool(ok))
}

#[cfg(test)]
mod tests {
    use crate::array::test_support::*;
    use rime_runtime::Value;

    #[test]
    fn hmacs() {
        assert_eq!(
            s("hmac", vec![st("msg"), st("secret"), st("HMACSHA256")]),
            "FE4F9C418F683F034F6AF90D1DD5B86AC0355DD96332C59CC74598D0736107F6"
        );
        // RFC 2202 test case 2.
        assert_eq!(
            s(
                "hmac",
                vec![
                    st("what do ya want for nothing?"),
                    st("Jefe"),
                    st("HmacMD5")
                ]
            ),
            "750C783E6AB0B503EAA86E310A5DB738"
        );
        assert_eq!(s("hmac", vec![st("x"), st("k"), st("SHA256")]), "ERR");
        assert_eq!(s("hmac", vec![st("x"), st("")]), "ERR");
    }

    #[test]
    fn pbkdf() {
        assert_eq!(
            s(
                "generatePBKDFKey",
                vec![
                    st("PBKDF2WithHmacSHA1"),
                    st("secret"),
                    st("salty"),
                    n(5000.0),
                    n(128.0)
                ]
            ),
            "Y0MCpCe3zb0CNJvyXNUWEQ=="
        );
        assert_eq!(
            s("generatePBKDFKey", vec![st("MD5"), st("a"), st("b")]),
            "ERR"
        );
    }

    #[test]
    fn encrypt_decrypt() {
        assert_eq!(
            s(
                "encrypt",
                vec![
                    st("top secret"),
                    st("WTq8zYcZfaWVvMncigHqwQ=="),
                    st("AES"),
                    st("Base64")
                ]
            ),
            "keciULin7bxOWvN/BOarWw=="
        );
        assert_eq!(
            s(
                "decrypt",
                vec![
                    st("keciULin7bxOWvN/BOarWw=="),
                    st("WTq8zYcZfaWVvMncigHqwQ=="),
                    st("AES"),
                    st("Base64")
                ]
            ),
            "top secret"
        );
        assert_eq!(
            s(
                "encrypt",
                vec![
                    st("plain text value 1"),
                    st("secretkey"),
                    st("CFMX_COMPAT"),
                    st("hex")
                ]
            ),
            "49877AF413CD4FA9E14DE9BF38A5483CDD2A"
        );
        assert_eq!(
            s(
                "cfusion_encrypt",
                vec![st("plain text value 1"), st("secretkey")]
            ),
            "49877AF413CD4FA9E14DE9BF38A5483CDD2A"
        );
        assert_eq!(
            s(
                "cfusion_decrypt",
                vec![st("49877AF413CD4FA9E14DE9BF38A5483CDD2A"), st("secretkey")]
            ),
            "plain text value 1"
        );
        let e = s("encrypt", vec![st("héllo"), st("k")]);
        assert_eq!(s("decrypt", vec![st(&e), st("k")]), "héllo");
        assert_eq!(s("encrypt", vec![st("x"), st("k"), st("AES")]), "ERR");
        assert_eq!(
            s("encrypt", vec![st("x"), st("k"), st(""), st("rot13")]),
            "ERR"
        );
    }

    #[test]
    fn csrf_needs_a_session() {
        assert_eq!(s("csrfGenerateToken", vec![]), "ERR");
    }

    /// A context whose `session` scope is a given struct.
    struct SessionCtx {
        inner: TestCtx,
        session: rime_runtime::Struct,
    }

    impl rime_runtime::CodeCtx for SessionCtx {
        fn call(&mut self, f: &Value, a: Vec<Value>) -> rime_runtime::CfResult<Value> {
            self.inner.call(f, a)
        }
        fn lookup(&mut self, name: &str) -> Option<Value> {
            name.eq_ignore_ascii_case("session")
                .then(|| Value::Struct(self.session.clone()))
        }
        fn assign(&mut self, n: &str, v: Value) -> rime_runtime::CfResult<()> {
            self.inner.assign(n, v)
        }
        fn evaluate(&mut self, e: &str) -> rime_runtime::CfResult<Value> {
            self.inner.evaluate(e)
        }
        fn current_template(&self) -> String {
            self.inner.current_template()
        }
        fn base_template(&self) -> String {
            self.inner.base_template()
        }
    }

    impl rime_runtime::PageCtx for SessionCtx {
        fn write(&mut self, s: &str) {
            self.inner.write(s)
        }
    }

    impl rime_runtime::AppCtx for SessionCtx {
        fn expand_path(&self, p: &str) -> String {
            self.inner.expand_path(p)
        }
    }

    impl rime_runtime::DataCtx for SessionCtx {}

    fn with_session(ctx: &mut SessionCtx, name: &str, args: Vec<Value>) -> String {
        let reg = crate::registry();
        let Some(d) = reg.lookup(name).and_then(|id| reg.get(id)) else {
            return "NOFN".to_string();
        };
        let a = rime_runtime::Args::new(d.name, args.into_iter().map(Some).collect());
        match (d.func)(ctx, &a) {
            Ok(v) => v.to_str().map(|c| c.into_owned()).unwrap_or_default(),
            Err(_) => "ERR".to_string(),
        }
    }

    #[test]
    fn csrf_tokens_live_in_the_session() {
        let mut a = SessionCtx {
            inner: TestCtx::default(),
            session: rime_runtime::Struct::new(),
        };
        let t1 = with_session(&mut a, "csrfGenerateToken", vec![]);
        assert_eq!(t1.len(), 40);
        assert_eq!(with_session(&mut a, "csrfGenerateToken", vec![]), t1);
        assert_eq!(
            with_session(&mut a, "csrfVerifyToken", vec![st(&t1)]),
            "true"
        );
        assert_eq!(
            with_session(&mut a, "csrfVerifyToken", vec![st(&t1.to_uppercase())]),
            "true"
        );
        assert_eq!(
            with_session(&mut a, "csrfVerifyToken", vec![st("nope")]),
            "false"
        );
        let t2 = with_session(
            &mut a,
            "csrfGenerateToken",
            vec![st("form"), Value::Bool(true)],
        );
        assert_ne!(t1, t2);
        assert_eq!(
            with_session(&mut a, "csrfVerifyToken", vec![st(&t2), st("FORM")]),
            "true"
        );
        assert_eq!(
            with_session(&mut a, "csrfVerifyToken", vec![st(&t2)]),
            "false"
        );
        let t3 = with_session(&mut a, "csrfGenerateToken", vec![st(""), Value::Bool(true)]);
        assert_ne!(t1, t3);
        assert_eq!(
            with_session(&mut a, "csrfVerifyToken", vec![st(&t1)]),
            "false"
        );
        // Another session does not see these tokens, and its scope holds no token keys.
        let mut b = SessionCtx {
            inner: TestCtx::default(),
            session: rime_runtime::Struct::new(),
        };
        assert_eq!(
            with_session(&mut b, "csrfVerifyToken", vec![st(&t3)]),
            "false"
        );
        assert!(a.session.is_empty());
    }
}
