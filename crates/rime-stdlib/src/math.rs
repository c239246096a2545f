//! Math functions: rounding, trigonometry, logarithms, random numbers and bit operations.
//! Most are also member functions of numbers (`(2.5).round()`).

use crate::string::util::{arg_error, to_int};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rime_runtime::{
    def, opt, req, Args, BuiltinDef, CfResult, Ctx, MemberType::Number as N, Value,
};

fn num(args: &Args) -> CfResult<f64> {
    args.num(0)
}

fn abs(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.abs()))
}

fn sgn(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = num(a)?;
    Ok(Value::from(if n > 0.0 {
        1.0
    } else if n < 0.0 {
        -1.0
    } else {
        0.0
    }))
}

fn ceiling(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.ceil() + 0.0))
}

fn floor(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.floor() + 0.0))
}

fn fix(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.trunc() + 0.0))
}

/// Java `Math.round`: floor(x + 0.5).
fn java_round(n: f64) -> f64 {
    if !n.is_finite() {
        return n;
    }
    // values this large have no fraction; adding 0.5 could round up an odd neighbour
    if n.abs() >= 4_503_599_627_370_496.0 {
        return n;
    }
    (n + 0.5).floor() + 0.0
}

/// `round(n, precision)`: half-up on the decimal form of `n`; a precision of 0 or less
/// rounds to an integer (Lucee ignores negative precisions).
fn round_to(n: f64, precision: i64) -> f64 {
    if !n.is_finite() || precision <= 0 {
        return java_round(n);
    }
    let p = precision.min(340) as usize;
    let d = crate::string::util::round_decimal(n, p, crate::string::util::Rounding::DigitsHalfUp);
    let int = if d.int.is_empty() {
        "0"
    } else {
        d.int.as_str()
    };
    let s = format!("{}{}.{}", if n < 0.0 { "-" } else { "" }, int, d.frac);
    s.parse::<f64>().map(|v| v + 0.0).unwrap_or(n)
}

fn round(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = num(a)?;
    let p = to_int(a.num_or(1, 0.0)?);
    Ok(Value::from(round_to(n, p)))
}

fn max(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, y) = (a.num(0)?, a.num(1)?);
    Ok(Value::from(if x >= y { x } else { y }))
}

fn min(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, y) = (a.num(0)?, a.num(1)?);
    Ok(Value::from(if x <= y { x } else { y }))
}

fn sqr(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = num(a)?;
    if n < 0.0 {
        return Err(arg_error(
            "sqr",
            1,
            "number",
            format!(
                "value must be a positive number now [{}]",
                rime_runtime::number::format(n)
            ),
        ));
    }
    Ok(Value::from(n.sqrt()))
}

fn exp(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.exp()))
}

fn log_impl(a: &Args, fname: &str, f: fn(f64) -> f64) -> CfResult<Value> {
    let n = num(a)?;
    if n <= 0.0 {
        return Err(arg_error(
            fname,
            1,
            "number",
            format!(
                "value must be a positive number now [{}]",
                rime_runtime::number::format(n)
            ),
        ));
    }
    Ok(Value::from(f(n)))
}

fn log(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    log_impl(a, "log", f64::ln)
}

fn log10(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    log_impl(a, "log10", f64::log10)
}

fn sin(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.sin()))
}

fn cos(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.cos()))
}

fn tan(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.tan()))
}

fn arc_impl(a: &Args, fname: &str, f: fn(f64) -> f64) -> CfResult<Value> {
    let n = num(a)?;
    if !(-1.0..=1.0).contains(&n) {
        return Err(arg_error(
            fname,
            1,
            "number",
            "must be a number between -1 and 1",
        ));
    }
    Ok(Value::from(f(n)))
}

fn asin(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    arc_impl(a, "aSin", f64::asin)
}

fn acos(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    arc_impl(a, "aCos", f64::acos)
}

fn atn(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)?.atan()))
}

fn pi(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::from(std::f64::consts::PI))
}

fn increment_value(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)? + 1.0))
}

fn decrement_value(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(num(a)? - 1.0))
}

thread_local! {
    /// This thread's generator behind `rand`/`randRange` (a request runs on one thread, so
    /// `randomize(seed)` makes the rest of the request's sequence repeatable), seeded from the
    /// system on first use; no lock shared by the request threads.
    static RNG: std::cell::RefCell<Option<StdRng>> = const { std::cell::RefCell::new(None) };
}

/// Validate the `algorithm` argument; all accepted algorithms share one generator.
fn check_algorithm(a: &Args, i: usize, fname: &str) -> CfResult<()> {
    let alg = a.str_or(i, "CFMX_COMPAT")?;
    const KNOWN: [&str; 7] = [
        "cfmx_compat",
        "sha1prng",
        "ibmsecurerandom",
        "nativeprng",
        "nativeprngblocking",
        "nativeprngnonblocking",
        "drbg",
    ];
    if alg.trim().is_empty() || KNOWN.iter().any(|k| alg.trim().eq_ignore_ascii_case(k)) {
        Ok(())
    } else {
        Err(arg_error(
            fname,
            i + 1,
            "algorithm",
            format!("random algorithm [{alg}] is not supported"),
        ))
    }
}

fn next_f64() -> f64 {
    RNG.with(|g| {
        g.borrow_mut()
            .get_or_insert_with(StdRng::from_entropy)
            .gen::<f64>()
    })
}

fn rand_fn(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    check_algorithm(a, 0, "rand")?;
    Ok(Value::from(next_f64()))
}

fn randomize(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let seed = to_int(a.num(0)?);
    check_algorithm(a, 1, "randomize")?;
    let first = RNG.with(|g| {
        g.borrow_mut()
            .insert(StdRng::seed_from_u64(seed as u64))
            .gen::<f64>()
    });
    Ok(Value::from(first))
}

fn rand_range(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let mut lo = to_int(a.num(0)?);
    let mut hi = to_int(a.num(1)?);
    check_algorithm(a, 2, "randRange")?;
    if lo > hi {
        std::mem::swap(&mut lo, &mut hi);
    }
    let span = (hi as i128 - lo as i128 + 1) as f64;
    let v = lo as f64 + (next_f64() * span).floor();
    Ok(Value::from(v.min(hi as f64)))
}

/// A bit-function operand: an integer (fractions within 1e-9 are rounded away).
fn bit_arg(a: &Args, i: usize, fname: &str, arg: &str) -> CfResult<i64> {
    let n = a.num(i)?;
    let r = n.round();
    if !n.is_finite() || (n - r).abs() > 1e-9 {
        return Err(arg_error(
            fname,
            i + 1,
            arg,
            format!(
                "value [{}] must be an integer",
                rime_runtime::number::format(n)
            ),
        ));
    }
    Ok(r.clamp(i64::MIN as f64, i64::MAX as f64) as i64)
}

fn bit_and(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(
        (bit_arg(a, 0, "bitAnd", "number1")? & bit_arg(a, 1, "bitAnd", "number2")?) as f64,
    ))
}

fn bit_or(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(
        (bit_arg(a, 0, "bitOr", "number1")? | bit_arg(a, 1, "bitOr", "number2")?) as f64,
    ))
}

fn bit_xor(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(
        (bit_arg(a, 0, "bitXor", "number1")? ^ bit_arg(a, 1, "bitXor", "number2")?) as f64,
    ))
}

fn bit_not(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(!bit_arg(a, 0, "bitNot", "number")? as f64))
}

fn shift_count(a: &Args, fname: &str) -> CfResult<u32> {
    let c = bit_arg(a, 1, fname, "count")?;
    if !(0..=63).contains(&c) {
        return Err(arg_error(
            fname,
            2,
            "count",
            format!("must be between 0 and 63 now [{c}]"),
        ));
    }
    Ok(c as u32)
}

/// Shifts use 32-bit arithmetic for values in int range and counts under 32 (Lucee's `int`
/// shift), 64-bit beyond (`bitSHLN(1, 40)` is 1099511627776, where Lucee's int shift refuses
/// the count).
fn bit_shln(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = bit_arg(a, 0, "bitSHLN", "number")?;
    let c = shift_count(a, "bitSHLN")?;
    let r = match i32::try_from(n) {
        Ok(v) if c < 32 => v.wrapping_shl(c) as i64,
        _ => n.checked_shl(c).unwrap_or(0),
    };
    Ok(Value::from(r as f64))
}

fn bit_shrn(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = bit_arg(a, 0, "bitSHRN", "number")?;
    let c = shift_count(a, "bitSHRN")?;
    let r = match i32::try_from(n) {
        Ok(v) if c < 32 => ((v as u32) >> c) as i64,
        Ok(_) => 0,
        Err(_) => ((n as u64) >> c) as i64,
    };
    Ok(Value::from(r as f64))
}

fn mask_args(a: &Args, fname: &str, first: usize) -> CfResult<(u32, u64)> {
    let start = bit_arg(a, first, fname, "start")?;
    let len = bit_arg(a, first + 1, fname, "length")?;
    if !(0..=63).contains(&start) {
        return Err(arg_error(
            fname,
            first + 1,
            "start",
            format!("must be between 0 and 63 now [{start}]"),
        ));
    }
    if !(0..=63).contains(&len) {
        return Err(arg_error(
            fname,
            first + 2,
            "length",
            format!("must be between 0 and 63 now [{len}]"),
        ));
    }
    let ones = if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    };
    Ok((start as u32, ones))
}

fn bit_mask_read(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = bit_arg(a, 0, "bitMaskRead", "number")?;
    let (start, ones) = mask_args(a, "bitMaskRead", 1)?;
    Ok(Value::from((((n as u64) >> start) & ones) as i64 as f64))
}

fn bit_mask_clear(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = bit_arg(a, 0, "bitMaskClear", "number")?;
    let (start, ones) = mask_args(a, "bitMaskClear", 1)?;
    Ok(Value::from(((n as u64) & !(ones << start)) as i64 as f64))
}

fn bit_mask_set(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let n = bit_arg(a, 0, "bitMaskSet", "number")?;
    let mask = bit_arg(a, 1, "bitMaskSet", "mask")?;
    let (start, ones) = mask_args(a, "bitMaskSet", 2)?;
    let cleared = (n as u64) & !(ones << start);
    Ok(Value::from(
        (cleared | (((mask as u64) & ones) << start)) as i64 as f64,
    ))
}

const NUM: &[rime_runtime::ParamDef] = &[req("number")];
const TWO: &[rime_runtime::ParamDef] = &[req("number1"), req("number2")];

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("abs", NUM, abs).members(&[(N, "abs")]),
    def("sgn", NUM, sgn).members(&[(N, "sgn")]),
    def("ceiling", NUM, ceiling).members(&[(N, "ceiling")]),
    def("floor", NUM, floor).members(&[(N, "floor")]),
    def("int", NUM, floor).members(&[(N, "int")]),
    def("fix", NUM, fix).members(&[(N, "fix")]),
    def("round", &[req("number"), opt("precision")], round).members(&[(N, "round")]),
    def("max", TWO, max).members(&[(N, "max")]),
    def("min", TWO, min).members(&[(N, "min")]),
    def("sqr", NUM, sqr).members(&[(N, "sqr")]),
    def("exp", NUM, exp).members(&[(N, "exp")]),
    def("log", NUM, log).members(&[(N, "log")]),
    def("log10", NUM, log10).members(&[(N, "log10")]),
    def("sin", NUM, sin).members(&[(N, "sin")]),
    def("cos", NUM, cos).members(&[(N, "cos")]),
    def("tan", NUM, tan).members(&[(N, "tan")]),
    def("aSin", NUM, asin).members(&[(N, "aSin")]),
    def("aCos", NUM, acos).members(&[(N, "aCos")]),
    def("atn", NUM, atn).members(&[(N, "atn")]),
    def("pi", &[], pi),
    def("incrementValue", NUM, increment_value).members(&[(N, "incrementValue")]),
    def("decrementValue", NUM, decrement_value).members(&[(N, "decrementValue")]),
    def("rand", &[opt("algorithm")], rand_fn),
    def(
        "randRange",
        &[req("number1"), req("number2"), opt("algorithm")],
        rand_range,
    ),
    def("randomize", &[req("number"), opt("algorithm")], randomize),
    def("bitAnd", TWO, bit_and).members(&[(N, "bitAnd")]),
    def("bitOr", TWO, bit_or).members(&[(N, "bitOr")]),
    def("bitXor", TWO, bit_xor).members(&[(N, "bitXor")]),
    def("bitNot", NUM, bit_not).members(&[(N, "bitNot")]),
    def("bitSHLN", &[req("number"), req("count")], bit_shln).members(&[(N, "bitSHLN")]),
    def("bitSHRN", &[req("number"), req("count")], bit_shrn).members(&[(N, "bitSHRN")]),
    def(
        "bitMaskClear",
        &[req("number"), req("start"), req("length")],
        bit_mask_clear,
    )
    .members(&[(N, "bitMaskClear")]),
    def(
        "bitMaskRead",
        &[req("number"), req("start"), req("length")],
        bit_mask_read,
    )
    .members(&[(N, "bitMaskRead")]),
    def(
        "bitMaskSet",
        &[req("number"), req("mask"), req("start"), req("length")],
        bit_mask_set,
    )
    .members(&[(N, "bitMaskSet")]),
];

#[cfg(test)]
mod tests {
    use crate::string::test_ctx::call;
    use rime_runtime::Value;

    fn c(name: &str, args: &[f64]) -> String {
        call(
            super::FUNCTIONS,
            name,
            args.iter().map(|a| Value::from(*a)).collect(),
        )
    }

    #[test]
    fn rounding() {
        assert_eq!(c("round", &[1.56]), "2");
        assert_eq!(c("round", &[-0.9]), "-1");
        assert_eq!(c("round", &[-2.5]), "-2");
        assert_eq!(c("round", &[1.23456, 3.0]), "1.235");
        assert_eq!(c("round", &[1.005, 2.0]), "1.01");
        assert_eq!(c("round", &[1234.4, -2.0]), "1234");
        assert_eq!(c("floor", &[-4.3]), "-5");
        assert_eq!(c("int", &[1.8]), "1");
        assert_eq!(c("fix", &[-1.8]), "-1");
        assert_eq!(c("ceiling", &[1.1]), "2");
        assert_eq!(c("sgn", &[-0.3]), "-1");
        assert_eq!(c("abs", &[-4.3]), "4.3");
    }

    #[test]
    fn functions() {
        assert_eq!(c("sqr", &[144.0]), "12");
        assert!(c("sqr", &[-1.0]).starts_with("ERR"));
        assert_eq!(c("log", &[3.1]), "1.131402111491");
        assert_eq!(c("log10", &[3.1]), "0.491361693834");
        assert_eq!(c("exp", &[1.13140211149]), "3.099999999997");
        assert_eq!(c("sin", &[0.3]), "0.295520206661");
        assert_eq!(c("aCos", &[0.3]), "1.266103672779");
        assert_eq!(c("atn", &[0.3]), "0.291456794478");
        assert_eq!(c("pi", &[]), "3.14159265359");
        assert!(c("aSin", &[2.0]).starts_with("ERR"));
        assert_eq!(c("incrementValue", &[1.5]), "2.5");
    }

    #[test]
    fn bits() {
        assert_eq!(c("bitAnd", &[5.0, 3.0]), "1");
        assert_eq!(c("bitAnd", &[15.0, -9.0]), "7");
        assert_eq!(c("bitAnd", &[1.0, 0.999999999999999]), "1");
        assert_eq!(c("bitOr", &[5.0, 3.0]), "7");
        assert_eq!(c("bitXor", &[5.0, 3.0]), "6");
        assert_eq!(c("bitNot", &[0.0]), "-1");
        assert_eq!(c("bitSHLN", &[5.0, 1.0]), "10");
        assert_eq!(c("bitSHLN", &[1.0, 40.0]), "1099511627776");
        assert_eq!(c("bitAnd", &[4294967301.0, 4294967299.0]), "4294967297");
        assert_eq!(c("bitSHRN", &[5.0, 1.0]), "2");
        assert_eq!(c("bitSHRN", &[-1.0, 1.0]), "2147483647");
        assert_eq!(c("bitMaskClear", &[10.0, 1.0, 2.0]), "8");
        assert_eq!(c("bitMaskRead", &[10.0, 1.0, 3.0]), "5");
        assert_eq!(c("bitMaskSet", &[10.0, 2.0, 1.0, 2.0]), "12");
        assert!(c("bitAnd", &[1.5, 1.0]).starts_with("ERR"));
    }

    #[test]
    fn random() {
        for _ in 0..100 {
            let v: f64 = c("randRange", &[1.0, 3.0]).parse().unwrap_or(0.0);
            assert!((1.0..=3.0).contains(&v) && v.fract() == 0.0);
        }
        let a = c("randomize", &[42.0]);
        let b = c("randomize", &[42.0]);
        assert_eq!(a, b);
    }
}
