//! The parsed form of a QoQ statement.

use rime_runtime::Value;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinOp {
    Eq,
    Neq,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Concat,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AggKind {
    Count,
    Sum,
    Avg,
    Min,
    Max,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Lit(Value),
    /// `?`: index into the parameter list.
    Param(usize),
    /// A column as written: optional dotted qualifier (table name or alias) and the name.
    Col {
        qual: Option<String>,
        name: String,
        pos: usize,
    },
    /// A column resolved to (table index, column index) by the binder.
    Bound(usize, usize),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    IsNull(Box<Expr>, bool),
    Like {
        e: Box<Expr>,
        pat: Box<Expr>,
        esc: Option<Box<Expr>>,
        not: bool,
    },
    In(Box<Expr>, Vec<Expr>, bool),
    Between(Box<Expr>, Box<Expr>, Box<Expr>, bool),
    Func {
        name: String,
        args: Vec<Expr>,
        pos: usize,
    },
    Cast(Box<Expr>, String),
    /// `CASE [operand] WHEN .. THEN .. [ELSE ..] END`.
    Case {
        operand: Option<Box<Expr>>,
        whens: Vec<(Expr, Expr)>,
        else_: Option<Box<Expr>>,
    },
    /// An aggregate; `arg` is `None` for `count(*)`.
    Agg {
        kind: AggKind,
        arg: Option<Box<Expr>>,
        distinct: bool,
    },
}

impl Expr {
    pub fn has_agg(&self) -> bool {
        match self {
            Expr::Agg { .. } => true,
            Expr::Lit(_) | Expr::Param(_) | Expr::Col { .. } | Expr::Bound(..) => false,
            Expr::Neg(e) | Expr::Not(e) | Expr::IsNull(e, _) | Expr::Cast(e, _) => e.has_agg(),
            Expr::Bin(_, a, b) => a.has_agg() || b.has_agg(),
            Expr::Like { e, pat, esc, .. } => {
                e.has_agg() || pat.has_agg() || esc.as_ref().is_some_and(|x| x.has_agg())
            }
            Expr::In(e, l, _) => e.has_agg() || l.iter().any(Expr::has_agg),
            Expr::Between(a, b, c, _) => a.has_agg() || b.has_agg() || c.has_agg(),
            Expr::Func { args, .. } => args.iter().any(Expr::has_agg),
            Expr::Case {
                operand,
                whens,
                else_,
            } => {
                operand.as_ref().is_some_and(|x| x.has_agg())
                    || whens.iter().any(|(a, b)| a.has_agg() || b.has_agg())
                    || else_.as_ref().is_some_and(|x| x.has_agg())
            }
        }
    }
}

#[derive(Clone, Debug)]
pub enum SelectItem {
    /// `*` or `t.*` (qualifier).
    Star(Option<String>),
    Expr {
        e: Expr,
        alias: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JoinKind {
    /// `FROM a, b`: a cross product filtered by WHERE.
    Cross,
    Inner,
    Left,
}

#[derive(Clone, Debug)]
pub struct TableRef {
    /// As written, possibly dotted (`variables.q`).
    pub name: String,
    pub alias: Option<String>,
    pub pos: usize,
    pub join: JoinKind,
    pub on: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct Select {
    pub distinct: bool,
    pub top: Option<usize>,
    pub items: Vec<SelectItem>,
    pub from: Vec<TableRef>,
    pub where_: Option<Expr>,
    pub group_by: Vec<Expr>,
    pub having: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct OrderKey {
    pub e: Expr,
    pub desc: bool,
}

#[derive(Clone, Debug)]
pub struct Statement {
    /// The first select, then each `UNION [ALL]` select with its `all` flag.
    pub first: Select,
    pub unions: Vec<(bool, Select)>,
    pub order_by: Vec<OrderKey>,
    pub limit: Option<usize>,
    pub offset: usize,
}
