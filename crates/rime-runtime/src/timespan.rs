//! Lucee's time span (`createTimeSpan`, `lucee.runtime.type.dt.TimeSpanImpl`): a number of
//! days that is a simple value, casts to that number and prints as it, and tells the code that
//! asks (`getClass().getName()`, the timeout settings) that it is a span, not a plain number.

use crate::native::{Native, NativeObject};
use crate::{CfResult, Ctx, Value};

#[derive(Clone, Copy, Debug)]
pub struct TimeSpan {
    pub days: f64,
}

const MS_PER_DAY: f64 = 86_400_000.0;

impl TimeSpan {
    /// The span as a CFML value.
    pub fn value(days: f64) -> Value {
        Value::Native(Native::new(TimeSpan { days }))
    }
    /// The days of a time span value; None for any other value.
    pub fn of(v: &Value) -> Option<f64> {
        match v {
            Value::Native(n) => n
                .get()
                .as_any()
                .and_then(|a| a.downcast_ref::<TimeSpan>())
                .map(|t| t.days),
            _ => None,
        }
    }
    fn millis(&self) -> f64 {
        (self.days * MS_PER_DAY).round()
    }
}

impl NativeObject for TimeSpan {
    fn class_name(&self) -> &str {
        "lucee.runtime.type.dt.TimeSpanImpl"
    }
    fn call(&self, _: &Native, _: &mut dyn Ctx, name: &str, _: Vec<Value>) -> CfResult<Value> {
        let ms = self.millis();
        let n = match name.to_ascii_lowercase().as_str() {
            // The whole span in one unit.
            "getmillis" => ms,
            "getseconds" => (ms / 1000.0).trunc(),
            // Its parts, as createTimeSpan took them.
            "getday" => (ms / MS_PER_DAY).trunc(),
            "gethour" => ((ms / 3_600_000.0).trunc()).rem_euclid(24.0),
            "getminute" => ((ms / 60_000.0).trunc()).rem_euclid(60.0),
            "getsecond" => ((ms / 1000.0).trunc()).rem_euclid(60.0),
            "getmilli" => ms.rem_euclid(1000.0),
            "casttodoublevalue" => self.days,
            other => return Err(crate::native::no_method(self.class_name(), other)),
        };
        Ok(Value::Num(n))
    }
    fn to_text(&self) -> Option<String> {
        Some(crate::number::format(self.days))
    }
    fn to_number(&self) -> Option<f64> {
        Some(self.days)
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
    fn simple(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::TimeSpan;
    use crate::value::timeout_setting;
    use crate::Value;

    #[test]
    fn a_span_of_days_is_a_timeout_of_days() {
        // A plain number of 2 would be seconds; a span of two days is two days.
        let two_days = timeout_setting(&TimeSpan::value(2.0)).ok().flatten();
        assert_eq!(two_days.map(|d| d.as_secs()), Some(172_800));
        let two_secs = timeout_setting(&Value::Num(2.0)).ok().flatten();
        assert_eq!(two_secs.map(|d| d.as_secs()), Some(2));
    }
}
