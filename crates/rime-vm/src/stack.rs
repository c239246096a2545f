//! The interpreter's value stack.
//!
//! The slots above the top stay initialised (stale numbers, or nulls left by a pop), so a push
//! assigns into an existing slot. The compiler then stores a computed number as two direct
//! writes (tag and payload); `Vec::push` of a fresh enum builds it in a temporary first, and
//! the 16-byte reload of that temporary waits on the two partial stores before it (a
//! store-forwarding stall that cost a third of a tight arithmetic loop).

use rime_runtime::Value;

pub(crate) struct Stack {
    vals: Vec<Value>,
    top: usize,
}

impl Stack {
    /// A stack in `vals`' memory (an empty vector: `pools::keep` empties what it keeps).
    pub(crate) fn in_vec(mut vals: Vec<Value>) -> Stack {
        // Slots are initialised as the stack first grows (`push`): a request's VM then neither
        // fills nor drops slots it never uses.
        if vals.capacity() == 0 {
            vals.reserve(32);
        }
        Stack { vals, top: 0 }
    }

    /// The stack's vector, for the next VM (`pools`).
    pub(crate) fn take_vec(&mut self) -> Vec<Value> {
        self.top = 0;
        std::mem::take(&mut self.vals)
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.top
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, v: Value) {
        if let Value::Num(n) = v {
            // A number holds nothing to drop; forgetting it spares the out-of-line drop call
            // the compiler otherwise emits for `v` (it cannot see through `drop_in_place`).
            std::mem::forget(v);
            return self.push_num(n);
        }
        match self.vals.get_mut(self.top) {
            // A stale plain value holds nothing to drop: forgetting it spares the drop call.
            Some(slot @ (Value::Null | Value::Bool(_))) => {
                std::mem::forget(std::mem::replace(slot, v))
            }
            Some(slot) => *slot = v,
            None => self.vals.push(v),
        }
        self.top += 1;
    }

    #[inline(always)]
    pub(crate) fn push_num(&mut self, n: f64) {
        match self.vals.get_mut(self.top) {
            // A number over a stale number: only the payload changes (nothing to drop).
            Some(Value::Num(old)) => *old = n,
            Some(slot) => *slot = Value::Num(n),
            None => self.vals.push(Value::Num(n)),
        }
        self.top += 1;
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<Value> {
        let i = self.top.checked_sub(1)?;
        self.top = i;
        self.vals.get_mut(i).map(std::mem::take)
    }

    /// Drop the top value, known to hold no reference (a number or a boolean): it is left in
    /// place, so nothing is moved.
    #[inline(always)]
    pub(crate) fn discard_plain(&mut self) {
        debug_assert!(matches!(
            self.last(),
            Some(Value::Num(_) | Value::Bool(_) | Value::Null)
        ));
        self.top = self.top.saturating_sub(1);
    }

    /// `discard_plain` for the `n` values on top.
    #[inline(always)]
    pub(crate) fn truncate_plain(&mut self, n: usize) {
        self.top = self.top.saturating_sub(n);
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[Value] {
        self.vals.get(..self.top).unwrap_or_default()
    }

    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Value] {
        let top = self.top;
        self.vals.get_mut(..top).unwrap_or_default()
    }

    #[inline(always)]
    pub(crate) fn last(&self) -> Option<&Value> {
        self.as_slice().last()
    }

    #[inline(always)]
    pub(crate) fn last_mut(&mut self) -> Option<&mut Value> {
        self.as_mut_slice().last_mut()
    }

    /// Remove everything from `at` up (dropping the values now, as their references may keep
    /// structs alive).
    pub(crate) fn truncate(&mut self, at: usize) {
        if at < self.top {
            for v in self.vals.get_mut(at..self.top).unwrap_or_default() {
                *v = Value::Null;
            }
            self.top = at;
        }
    }

    pub(crate) fn swap(&mut self, a: usize, b: usize) {
        self.as_mut_slice().swap(a, b);
    }

    /// The values from `at` up, in place: the caller takes what it keeps (leaving nulls or
    /// numbers) and then calls `truncate_plain_to(at)`.
    #[inline(always)]
    pub(crate) fn take_from(&mut self, at: usize) -> &mut [Value] {
        let top = self.top;
        self.vals.get_mut(at.min(top)..top).unwrap_or_default()
    }

    /// Lower the top to `at` when everything above it holds no reference any more.
    #[inline(always)]
    pub(crate) fn truncate_plain_to(&mut self, at: usize) {
        debug_assert!(self
            .as_slice()
            .get(at..)
            .unwrap_or_default()
            .iter()
            .all(|v| matches!(v, Value::Num(_) | Value::Bool(_) | Value::Null)));
        self.top = self.top.min(at);
    }

    /// The values from `at` up, removed.
    pub(crate) fn split_off(&mut self, at: usize) -> Vec<Value> {
        self.drain_from(at).collect()
    }

    /// Iterate over the values from `at` up, removing them.
    pub(crate) fn drain_from(&mut self, at: usize) -> impl Iterator<Item = Value> + '_ {
        let end = self.top;
        let at = at.min(end);
        self.top = at;
        self.vals
            .get_mut(at..end)
            .unwrap_or_default()
            .iter_mut()
            .map(std::mem::take)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_and_split() {
        let mut s = Stack::in_vec(Vec::new());
        for i in 0..300 {
            s.push(Value::Num(i as f64));
        }
        assert_eq!(s.len(), 300);
        assert!(matches!(s.pop(), Some(Value::Num(n)) if n == 299.0));
        let tail = s.split_off(297);
        assert_eq!(tail.len(), 2);
        assert_eq!(s.len(), 297);
        s.truncate(1);
        assert_eq!(s.as_slice().len(), 1);
        s.push(Value::from("x"));
        assert!(matches!(s.last(), Some(Value::Str(_))));
        assert!(matches!(s.pop(), Some(Value::Str(_))));
        s.push(Value::Bool(true));
        s.discard_plain();
        assert_eq!(s.len(), 1);
    }
}
