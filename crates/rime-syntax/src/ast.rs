//! The CFML abstract syntax tree, shared by tag and script syntax.
//!
//! Tag code and script code lower to the same statements: `<cfset x = 1>` and `x = 1;` are both
//! `StmtKind::Expr(Assign)`, `<cfif>` and `if` are both `StmtKind::If`. Literal HTML becomes
//! `StmtKind::Text`, and `#expr#` inside `<cfoutput>` becomes `StmtKind::Print`.
//! Every node carries a byte span; line and column are computed only when an error is shown.

use crate::span::Span;

/// A parsed template or component file.
#[derive(Clone, Debug, Default)]
pub struct Template {
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// A named attribute of a tag or a generic tag-like statement: `name="value"`.
#[derive(Clone, Debug)]
pub struct Attr {
    /// As written; compare case-insensitively.
    pub name: String,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// Literal template text (HTML), output as is.
    Text(String),
    /// `#expr#` inside `<cfoutput>`: evaluate and output the value as a string.
    Print(Expr),
    /// An expression statement: `x = 1;`, `f();`, `<cfset x = 1>`.
    Expr(Expr),
    /// `var x = 1;` / `<cfset var x = 1>`; `init` is None for a bare `var x;`.
    Var {
        name: String,
        init: Option<Expr>,
    },
    Block(Vec<Stmt>),
    If {
        cond: Expr,
        then: Vec<Stmt>,
        /// `else if`/`<cfelseif>` chains nest as a single `If` statement in `else_`.
        else_: Option<Vec<Stmt>>,
    },
    Switch {
        subject: Expr,
        cases: Vec<SwitchCase>,
    },
    /// C-style `for (init; cond; step) body`.
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Vec<Stmt>,
    },
    /// `for (x in collection)` / `for (var x in collection)`: arrays give elements, structs give keys,
    /// queries give rows (the loop variable is the row struct), lists/strings are not iterated.
    ForIn {
        target: Expr,
        declare_var: bool,
        collection: Expr,
        body: Vec<Stmt>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    DoWhile {
        body: Vec<Stmt>,
        cond: Expr,
    },
    /// `break;`, `break outer;`, `<cfbreak "outer">`: the label of the loop to leave, when given.
    Break(Option<String>),
    Continue(Option<String>),
    /// `outer: for (...)`, `<cfloop label="outer">`: a loop that `break`/`continue` can name.
    Labeled {
        label: String,
        body: Box<Stmt>,
    },
    Return(Option<Expr>),
    Try {
        body: Vec<Stmt>,
        catches: Vec<Catch>,
        finally: Option<Vec<Stmt>>,
    },
    /// `throw "message";`, `throw(type=..., message=...)` in script, `<cfthrow ...>`.
    /// `message` is the positional form; `attrs` carry named parts
    /// (type, message, detail, errorcode, extendedinfo, object).
    Throw {
        message: Option<Expr>,
        attrs: Vec<Attr>,
    },
    Rethrow,
    /// `abort;` / `<cfabort showerror="...">`.
    Abort {
        show_error: Option<Expr>,
    },
    /// `include "x.cfm";` / `<cfinclude template="x.cfm">`.
    Include {
        template: Expr,
    },
    /// `param name="x" default="1" type="numeric";` / `<cfparam ...>`; also script `param x = 1;`
    /// (name becomes a string literal).
    Param {
        attrs: Vec<Attr>,
    },
    /// A named function declaration (script `function f(){}` or `<cffunction>`). Hoisted: defined
    /// in the `variables` scope (or `this` in components) before the template body runs.
    Function(Box<FuncDecl>),
    /// `<cfloop index="i" from="1" to="10" step="1">` (and `<cfloop from to index>`).
    LoopIndex {
        index: Expr,
        from: Expr,
        to: Expr,
        step: Option<Expr>,
        body: Vec<Stmt>,
    },
    /// `<cfloop condition="expr">`: the attribute value is parsed as an expression.
    LoopCondition {
        cond: Expr,
        body: Vec<Stmt>,
    },
    /// `<cfloop array="#arr#" item="x" index="i">` (Lucee: `index` alone means the element).
    LoopArray {
        array: Expr,
        item: Option<Expr>,
        index: Option<Expr>,
        body: Vec<Stmt>,
    },
    /// `<cfloop list="a,b" index="x" delimiters=",">` (`item` is an alias for `index`).
    LoopList {
        list: Expr,
        item: Expr,
        delimiters: Option<Expr>,
        body: Vec<Stmt>,
    },
    /// `<cfloop collection="#st#" item="key">` (Lucee also `key`/`value` attributes).
    LoopCollection {
        collection: Expr,
        key: Option<Expr>,
        value: Option<Expr>,
        body: Vec<Stmt>,
    },
    /// `<cfloop query="q" startrow= endrow=>` and `<cfoutput query="q" group="col">`. A nested
    /// `<cfoutput group="col">` (inside a grouped output) has a `Null` query.
    LoopQuery {
        query: Expr,
        start_row: Option<Expr>,
        end_row: Option<Expr>,
        /// Only for `<cfoutput query group>`: the grouping column.
        group: Option<Expr>,
        group_case_sensitive: Option<Expr>,
        body: Vec<Stmt>,
    },
    /// `<cfloop times="n">` (Lucee) / `<cfloop from to>` without index.
    LoopTimes {
        count: Expr,
        body: Vec<Stmt>,
    },
    /// `<cfsavecontent variable="x" append="false">` / `savecontent variable="x" {}`.
    SaveContent {
        variable: Expr,
        append: Option<Expr>,
        body: Vec<Stmt>,
    },
    /// `<cfsilent>`: runs the body, discards its output.
    /// `<cfsilent>`: the body's output is dropped; with `bufferoutput` (true unless it says
    /// false) an error in the body first writes what the body had output, as Lucee does.
    Silent {
        body: Vec<Stmt>,
        bufferoutput: Option<Expr>,
    },
    /// `<cfsetting enablecfoutputonly="true" showdebugoutput="..." requesttimeout="...">`.
    Setting {
        attrs: Vec<Attr>,
    },
    /// `<cfoutput>` without `query`: a region where `#expr#` interpolates. The parser has already
    /// produced `Print` nodes; this node matters only for `enablecfoutputonly` accounting.
    Output(Vec<Stmt>),
    /// Any other tag (`<cflock>`, `<cfdump>`, `<cfheader>`...), or its script form (`lock name="x" {}`,
    /// `cfheader(name="x")`). The engine decides whether it is supported; the compiler reports
    /// unknown tags as errors at compile time.
    Tag {
        name: String,
        attrs: Vec<Attr>,
        body: Option<Vec<Stmt>>,
    },
    /// A statement that could not be parsed; a diagnostic has been recorded.
    Error,
}

#[derive(Clone, Debug)]
pub struct SwitchCase {
    /// Empty for `default:` / `<cfdefaultcase>`. `<cfcase value="a,b">` expands to several values
    /// (split on the `delimiters` attribute, default ",").
    pub values: Vec<Expr>,
    pub is_default: bool,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Catch {
    /// The type as written: "any", "expression", "My.Custom.Type"; "any" when omitted.
    pub type_name: String,
    /// The variable name (`catch (any e)`); `cfcatch` for the tag form.
    pub var: String,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub required: bool,
    pub type_name: Option<String>,
    pub default: Option<Expr>,
    /// Other attributes (`hint`, `displayName`, custom annotations), for metadata.
    pub attrs: Vec<Attr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FuncDecl {
    /// None for function expressions and arrow functions.
    pub name: Option<String>,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    /// `public`, `private`, `package`, `remote` as written (lowercased), if any.
    pub access: Option<String>,
    pub return_type: Option<String>,
    /// Any other attributes: `output="false"`, `hint`, annotations, `static`.
    pub attrs: Vec<Attr>,
    /// An arrow function `(x) => x * 2`; an expression body is a single `Return` statement.
    pub is_arrow: bool,
    /// Declared with `static` (components).
    pub is_static: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

/// A piece of an interpolated string: `"Hello #name#!"`.
#[derive(Clone, Debug)]
pub enum StrPart {
    Lit(String),
    Expr(Expr),
}

#[derive(Clone, Debug)]
pub struct Arg {
    /// `f(name = value)` / `f(name: value)`; None for positional.
    pub name: Option<String>,
    pub value: Expr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Plus,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    /// `\`: integer division.
    IntDiv,
    /// `^`.
    Pow,
    /// `MOD` / `%`.
    Mod,
    /// `&`.
    Concat,
    /// `EQ`, `IS`, `==`.
    Eq,
    /// `NEQ`, `IS NOT`, `!=`, `<>`.
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
    /// `===` (Lucee: same type and value / identity for objects).
    StrictEq,
    /// `!==`.
    StrictNeq,
    /// `CONTAINS`.
    Contains,
    /// `DOES NOT CONTAIN`.
    NotContains,
    And,
    Or,
    Xor,
    Eqv,
    Imp,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Null,
    Bool(bool),
    /// A numeric literal.
    Num(f64),
    Str(String),
    /// A string with `#expr#` parts.
    Interp(Vec<StrPart>),
    /// A bare identifier: a variable or scope name (`x`, `variables`, `url`).
    Ident(String),
    /// `obj.name` (`safe` for `obj?.name`).
    Member {
        obj: Box<Expr>,
        name: String,
        safe: bool,
    },
    /// `obj[index]` (`safe` for `obj?.[index]`).
    Index {
        obj: Box<Expr>,
        index: Box<Expr>,
        safe: bool,
    },
    /// `Comp::name` / `path.to.Comp::name`: a static member of a component (Lucee).
    StaticAccess {
        class: String,
        name: String,
    },
    /// The static scope of a component, indexed at run time: `Comp::[name]` (Lucee).
    StaticScope {
        class: String,
    },
    /// `f(args)`, `obj.method(args)` (callee is a `Member`), `obj?.method()`.
    Call {
        callee: Box<Expr>,
        args: Vec<Arg>,
    },
    /// `new path.to.Comp(args)` / `new "path.to.Comp"(args)`: `class` is a string literal (a dotted
    /// name is turned into a `Str`) or an expression.
    New {
        class: Box<Expr>,
        args: Vec<Arg>,
    },
    /// `new component { ... }` (Lucee): an instance of a component declared in place; `decl` is
    /// its `component` statement.
    NewComponent {
        decl: Box<Stmt>,
    },
    /// A function listener (Lucee 6.1): `f(x):listener` runs the call `call` on a thread of its
    /// own and hands its result or error to `listener` (a function, a struct or component with
    /// `onSuccess`/`onFail`, or null/`{}` for none); the expression is the thread's name.
    Listen {
        call: Box<Expr>,
        listener: Box<Expr>,
    },
    Unary {
        op: UnaryOp,
        expr: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Ternary {
        cond: Box<Expr>,
        then: Box<Expr>,
        else_: Box<Expr>,
    },
    /// `a ?: b`: `a` if it is defined and not null, otherwise `b`.
    Elvis {
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `target = value`, or compound `target op= value` (`+= -= *= /= &= %=`).
    Assign {
        target: Box<Expr>,
        op: Option<BinOp>,
        value: Box<Expr>,
    },
    /// `++x`, `x++`, `--x`, `x--`.
    IncDec {
        target: Box<Expr>,
        prefix: bool,
        increment: bool,
    },
    /// `[a, b, c]`.
    Array(Vec<Expr>),
    /// `{a: 1, "b": 2}` / `{a = 1}`; `[a: 1]` / `[:]` is ordered. Keys are expressions: a bare
    /// identifier key becomes a `Str` keeping its case.
    Struct {
        ordered: bool,
        entries: Vec<(Expr, Expr)>,
    },
    /// A function expression or arrow function (a closure).
    Function(Box<FuncDecl>),
    /// Could not be parsed; a diagnostic has been recorded.
    Error,
}
