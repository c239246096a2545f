//! `precisionEvaluate`: an expression's arithmetic in decimals instead of doubles, as Lucee's
//! "precise math" evaluation does (Java `BigDecimal` with `MathContext.DECIMAL128`: 34
//! significant digits, half-even rounding). The expression is parsed as `evaluate` parses
//! it; `+ - * / \ ^ MOD` and unary signs are computed here on decimals, number literals are
//! read from their source text (so `12345678901234567890` keeps every digit), and every other
//! part (a variable, a call, a string) is evaluated as `evaluate` would and then read as a
//! decimal. An expression that is not arithmetic at its top (a comparison, `&`) is evaluated
//! as `evaluate` does.

use bigdecimal::{BigDecimal, RoundingMode, ToPrimitive, Zero};
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Value};
use rime_syntax::ast::{BinOp, Expr, ExprKind, UnaryOp};
use std::num::NonZeroU64;
use std::str::FromStr;

/// Java's `MathContext.DECIMAL128` precision.
const DIGITS: u64 = 34;

/// The largest exponent `^` computes exactly (beyond, through doubles).
const MAX_EXACT_POWER: i64 = 1000;

fn round(d: BigDecimal) -> BigDecimal {
    match NonZeroU64::new(DIGITS) {
        Some(p) => d.with_precision_round(p, RoundingMode::HalfEven),
        None => d,
    }
}

/// A value as a decimal: its text when it is a string of digits (exact), else its number.
fn decimal_of(v: &Value) -> CfResult<BigDecimal> {
    let text = match v {
        Value::Num(n) => {
            if !n.is_finite() {
                return Err(CfmlError::expression(format!(
                    "can't use [{}] in a precise calculation",
                    v.to_str()?
                )));
            }
            format!("{n}")
        }
        Value::Str(s) => {
            let t = s.trim();
            if let Ok(d) = BigDecimal::from_str(t) {
                return Ok(d);
            }
            format!("{}", v.to_num()?)
        }
        other => format!("{}", other.to_num()?),
    };
    BigDecimal::from_str(&text)
        .map_err(|_| CfmlError::expression(format!("can't cast [{text}] to a number")))
}

/// The decimal as CFML shows it: plain digits, no exponent, no trailing zeros.
fn text_of(d: &BigDecimal) -> String {
    let s = d.normalized().to_plain_string();
    if s == "-0" {
        "0".into()
    } else {
        s
    }
}

struct Evaluator<'a> {
    src: &'a str,
    ctx: &'a mut dyn Ctx,
}

impl Evaluator<'_> {
    /// The source text of `e`.
    fn text(&self, e: &Expr) -> &str {
        self.src
            .get(e.span.start as usize..e.span.end as usize)
            .unwrap_or("")
    }

    fn eval(&mut self, e: &Expr) -> CfResult<BigDecimal> {
        match &e.kind {
            ExprKind::Num(n) => {
                let t = self.text(e).trim();
                BigDecimal::from_str(t.trim_end_matches('.'))
                    .or_else(|_| BigDecimal::from_str(&format!("{n}")))
                    .map_err(|_| CfmlError::expression(format!("can't cast [{t}] to a number")))
            }
            ExprKind::Unary {
                op: UnaryOp::Neg,
                expr,
            } => Ok(-self.eval(expr)?),
            ExprKind::Unary {
                op: UnaryOp::Plus,
                expr,
            } => self.eval(expr),
            ExprKind::Binary { op, lhs, rhs } if is_arithmetic(*op) => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                arithmetic(*op, a, b)
            }
            _ => {
                let t = self.text(e).to_string();
                let v = self.ctx.evaluate(&t)?;
                decimal_of(&v)
            }
        }
    }
}

fn is_arithmetic(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::IntDiv | BinOp::Pow | BinOp::Mod
    )
}

fn division_by_zero() -> Box<CfmlError> {
    CfmlError::expression("Division by zero is not possible")
}

fn arithmetic(op: BinOp, a: BigDecimal, b: BigDecimal) -> CfResult<BigDecimal> {
    Ok(match op {
        BinOp::Add => round(a + b),
        BinOp::Sub => round(a - b),
        BinOp::Mul => round(a * b),
        BinOp::Div => {
            if b.is_zero() {
                return Err(division_by_zero());
            }
            round(a / b)
        }
        BinOp::IntDiv => {
            if b.is_zero() {
                return Err(division_by_zero());
            }
            (a / b).with_scale_round(0, RoundingMode::Down)
        }
        BinOp::Mod => {
            if b.is_zero() {
                return Err(division_by_zero());
            }
            // CFML's MOD: the remainder of the integer parts, with the dividend's sign.
            let a = a.with_scale_round(0, RoundingMode::Down);
            let b = b.with_scale_round(0, RoundingMode::Down);
            if b.is_zero() {
                return Err(division_by_zero());
            }
            a % b
        }
        BinOp::Pow => power(a, b)?,
        _ => return Err(CfmlError::expression("not an arithmetic operator")),
    })
}

/// `a ^ b`: exact (to 34 digits) for whole exponents, through doubles otherwise.
fn power(a: BigDecimal, b: BigDecimal) -> CfResult<BigDecimal> {
    if b.is_integer() {
        if let Some(n) = b.to_i64().filter(|n| n.abs() <= MAX_EXACT_POWER) {
            let mut result = BigDecimal::from(1);
            for _ in 0..n.unsigned_abs() {
                result = round(result * &a);
            }
            if n < 0 {
                if result.is_zero() {
                    return Err(division_by_zero());
                }
                result = round(BigDecimal::from(1) / result);
            }
            return Ok(result);
        }
    }
    let (x, y) = (
        a.to_f64().unwrap_or(f64::NAN),
        b.to_f64().unwrap_or(f64::NAN),
    );
    let r = x.powf(y);
    if !r.is_finite() {
        return Err(CfmlError::expression(format!(
            "the result of [{x} ^ {y}] is not a number"
        )));
    }
    BigDecimal::from_str(&format!("{r}"))
        .map_err(|_| CfmlError::expression("the power is not a number"))
}

/// The result as a value: a number when a double holds it exactly as written, else its digits
/// as a string (which every numeric function reads back).
fn value_of(d: &BigDecimal) -> Value {
    let text = text_of(d);
    match text.parse::<f64>() {
        Ok(f) if format!("{f}") == text => Value::Num(f),
        _ => Value::from(text),
    }
}

/// `precisionEvaluate(expression, ...)`: each argument in turn, the last one's value. A value
/// that is not a string is the result as it is (`precisionEvaluate(1/3 + 5)` receives the
/// number the caller computed).
pub(crate) fn precision_evaluate(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let mut last = Value::Null;
    for v in a.rest(0) {
        last = match v {
            Value::Str(s) => evaluate(ctx, s)?,
            other => other.clone(),
        };
    }
    Ok(last)
}

fn evaluate(ctx: &mut dyn Ctx, src: &str) -> CfResult<Value> {
    let (expr, diags) = rime_syntax::parse_expression(src);
    let arithmetic = match &expr.kind {
        ExprKind::Num(_) | ExprKind::Unary { .. } => true,
        ExprKind::Binary { op, .. } => is_arithmetic(*op),
        _ => false,
    };
    if !diags.is_empty() || !arithmetic {
        return ctx.evaluate(src);
    }
    let d = Evaluator { src, ctx }.eval(&expr)?;
    Ok(value_of(&d))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> BigDecimal {
        BigDecimal::from_str(s).unwrap_or_default()
    }

    #[test]
    fn decimal_arithmetic() {
        let r = |op, a: &str, b: &str| text_of(&arithmetic(op, d(a), d(b)).unwrap_or_default());
        assert_eq!(r(BinOp::Add, "0.1", "0.2"), "0.3");
        assert_eq!(
            r(BinOp::Mul, "1234567890123456789", "10"),
            "12345678901234567890"
        );
        assert_eq!(
            r(BinOp::Div, "1", "3"),
            "0.3333333333333333333333333333333333"
        );
        assert_eq!(r(BinOp::Mod, "12345678901234567890", "7"), "1");
        assert_eq!(r(BinOp::Mod, "-7", "3"), "-1");
        assert_eq!(r(BinOp::IntDiv, "-7", "2"), "-3");
        assert_eq!(r(BinOp::Pow, "2", "100"), "1267650600228229401496703205376");
        assert_eq!(r(BinOp::Pow, "2", "-2"), "0.25");
        assert_eq!(r(BinOp::Sub, "1.50", "1.50"), "0");
        assert!(arithmetic(BinOp::Div, d("1"), d("0")).is_err());
    }
}
