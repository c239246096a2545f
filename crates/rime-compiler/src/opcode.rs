//! The one opcode table. Every instruction is documented here once, with its stack effect
//! (`[before] -> [after]`, top of stack on the right); the disassembler prints them via `Debug`.

/// Which scope a `LoadScope` pushes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeId {
    Variables,
    Local,
    Arguments,
    This,
    Request,
    Url,
    Form,
    Cgi,
    Cookie,
    Session,
    Application,
    Server,
    Client,
    CfThread,
    /// `super` inside a component method: the parent component's methods.
    Super,
    /// `static` inside a component: the component's static scope (Lucee).
    Static,
}

impl ScopeId {
    /// The scope named by an identifier, case-insensitively.
    pub fn from_name(name: &str) -> Option<ScopeId> {
        const NAMES: [(&str, ScopeId); 16] = [
            ("variables", ScopeId::Variables),
            ("local", ScopeId::Local),
            ("arguments", ScopeId::Arguments),
            ("this", ScopeId::This),
            ("request", ScopeId::Request),
            ("url", ScopeId::Url),
            ("form", ScopeId::Form),
            ("cgi", ScopeId::Cgi),
            ("cookie", ScopeId::Cookie),
            ("session", ScopeId::Session),
            ("application", ScopeId::Application),
            ("server", ScopeId::Server),
            ("client", ScopeId::Client),
            ("cfthread", ScopeId::CfThread),
            ("super", ScopeId::Super),
            ("static", ScopeId::Static),
        ];
        NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, s)| *s)
    }
}

/// Iteration kinds for `IterInit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IterKind {
    /// `for (x in coll)`: array elements, struct keys, query rows (as structs).
    ForIn,
    /// `<cfloop array>`: elements (index and item handled by the compiler).
    Array,
    /// `<cfloop list delimiters>`: [list, delimiters] -> list items.
    List,
    /// `<cfloop collection>`: struct keys (arrays give their elements).
    Collection,
    /// `<cfloop query>` / `<cfoutput query>`: [query, startrow, endrow] -> row number; the query
    /// becomes the active query so unscoped column names resolve to the current row.
    Query,
    /// `<cfoutput query group>`: [query, startrow, endrow, column, casesensitive] -> first row of
    /// each group (the cursor moves to it).
    QueryGroup,
    /// A nested `<cfoutput group>`: [column, casesensitive] -> groups within the enclosing group.
    QueryGroupNested,
    /// A plain `<cfoutput>` inside a grouped output: the rows of the enclosing group.
    GroupRows,
}

/// The comparison of a fused compare-and-jump (`JumpCmp`...), with the semantics of the
/// matching operator (`Lt` is `Op::Lt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
}

/// The operator of a fused arithmetic instruction (`ArithConst`...), with the semantics of the
/// matching operator (`Add` is `Op::Add`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    IntDiv,
    Pow,
    Mod,
    Concat,
}

/// One instruction. Operands index the function's constant, name and sub-function tables.
/// Every store (`StoreSlot`, `StoreName`, `SetMember`, `SetIndex`...) leaves the stored value on the
/// stack, so an assignment is an expression; statements pop it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// [] -> [const]
    Const(u32),
    /// [] -> [null]
    Null,
    /// [] -> [true]
    True,
    /// [] -> [false]
    False,
    /// [a] -> []
    Pop,
    /// [a] -> [a a]
    Dup,
    /// [a b] -> [b a]
    Swap,
    /// [a b] -> [a b a b]
    Dup2,

    /// [] -> [slot]: a compile-time local or argument; undefined is an error.
    LoadSlot(u16),
    /// [v] -> [v]
    StoreSlot(u16),
    /// [v] -> []: a statement-level assignment to a slot (`x = v;`).
    SetSlot(u16),
    /// [] -> []: a statement-level `i++`/`i--`/`i += n` on a slot holding a number; `n` is a
    /// constant index (falls back to numeric casts like `+`).
    AddSlotConst(u16, u32),
    /// [] -> [slot or null] (no error when unset; for `?:`, `isNull` and `param`).
    LoadSlotOrNull(u16),
    /// [] -> [value]: unscoped name lookup (local, arguments, closure scopes, active queries,
    /// variables, cgi, url, form, cookie); undefined is an error.
    LoadName(u32),
    /// [] -> [value or null]: as `LoadName`, but an undefined name gives null.
    LoadNameOrNull(u32),
    /// [v] -> [v]: unscoped assignment (existing local/argument, else `variables`).
    StoreName(u32),
    /// [v] -> [v]: `var name = v` in a dynamic-scope function (into its `local` struct).
    DeclareLocal(u32),
    /// [] -> [scope struct]
    LoadScope(ScopeId),
    /// [v] -> [v]: `arguments = s` (or `local = s`): the scope's entries become those of the
    /// struct `s`, as Lucee lets a function replace its arguments.
    SetScope(ScopeId),
    /// [] -> [struct]: like `LoadName`, but a missing name is created as a new struct in its
    /// assignment scope (auto-vivification for `a.b.c = 1`).
    LoadNameForWrite(u32),
    /// [obj] -> [obj.name]; error if missing.
    GetMember(u32),
    /// [obj] -> [obj.name or null]: for `?.`, `?:` and `isNull`-like reads.
    GetMemberOrNull(u32),
    /// [obj] -> [obj.name], creating an empty struct there if missing.
    GetMemberForWrite(u32),
    /// [obj v] -> [v]: `obj.name = v`.
    SetMember(u32),
    /// [obj idx] -> [obj[idx]]
    GetIndex,
    /// [obj idx] -> [obj[idx] or null]
    GetIndexOrNull,
    /// [obj idx] -> [obj.name[idx]]: on a query, row `idx` of column `name` (`q.col[2]`);
    /// otherwise the same as `GetMember` then `GetIndex`.
    GetMemberIndex(u32),
    /// [obj key idx] -> [obj[key][idx]]: `q["col"][2]`, as `GetMemberIndex` with a dynamic name.
    GetIndexIndex,
    /// [obj idx] -> [obj[idx]], creating an empty struct there if missing.
    GetIndexForWrite,
    /// [obj idx v] -> [v]
    SetIndex,

    /// [args...] -> [result]: call the function `name` (a UDF in scope, else a builtin).
    /// `names` indexes the argument-name lists (u32::MAX when all are positional).
    CallName {
        name: u32,
        argc: u16,
        names: u32,
    },
    /// [args...] -> [result]: a builtin resolved at link time (by index in the registry).
    CallBuiltin {
        id: u32,
        argc: u16,
        names: u32,
    },
    /// [args...] -> [result]: `CallName` of a name that is not a builtin (set by the link
    /// step): a UDF in scope.
    CallUdf {
        name: u32,
        argc: u16,
        names: u32,
    },
    /// [recv args...] -> [result]: `recv.name(args)` (member function, or a function stored in a
    /// struct/component). `safe` for `recv?.name()`: null receiver gives null.
    CallMethod {
        name: u32,
        argc: u16,
        names: u32,
        safe: bool,
    },
    /// [callee args...] -> [result]
    CallValue {
        argc: u16,
        names: u32,
    },
    /// [recv idx args...] -> [result]: `recv[idx](args)`, a method call by a computed name
    /// (`this` is `recv`), or a call of the element when `recv` is not a struct.
    CallIndex {
        argc: u16,
        names: u32,
    },
    /// [args...] -> [object]: `new Comp(args)`; the class name is on the stack below the args.
    New {
        argc: u16,
        names: u32,
    },
    /// [class name] -> [static scope]: the `static` scope of a component (`Comp::x`), created
    /// and initialised (its `static {}` block) on first use.
    LoadStatic,
    /// [] -> [closure]: instantiate sub-function `n` capturing the current scopes.
    Closure(u32),
    /// [] -> []: define named sub-function `n` in `variables` (or `this` for components).
    DefineFunction(u32),

    /// [a b] -> [a op b]
    Add,
    Sub,
    Mul,
    Div,
    IntDiv,
    Pow,
    Mod,
    Concat,
    Eq,
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
    StrictEq,
    StrictNeq,
    Contains,
    NotContains,
    Xor,
    Eqv,
    Imp,
    /// [a] -> [-a]
    Neg,
    /// [a] -> [+a] (numeric cast)
    ToNum,
    /// [a] -> [!a]
    Not,
    /// [a] -> [bool(a)]
    ToBool,
    /// [i to step] -> [continue?]: `<cfloop from to step>` test (`i <= to` for a positive step,
    /// `i >= to` for a negative one).
    LoopCheck,

    /// Fused instructions, made by the peephole pass (`compile/peephole.rs`) out of the
    /// sequences they name; each behaves exactly as its sequence, errors included.
    /// `LoadSlot(slot) Const(c) <cmp> JumpIf{True,False}(target)`: [] -> [].
    JumpCmpSlotConst {
        slot: u16,
        cmp: Cmp,
        when: bool,
        c: u32,
        target: u32,
    },
    /// `LoadSlot(a) LoadSlot(b) <cmp> JumpIf{True,False}(target)`: [] -> [].
    JumpCmpSlotSlot {
        a: u16,
        b: u16,
        cmp: Cmp,
        when: bool,
        target: u32,
    },
    /// `AddSlotConst(slot, step)` then `JumpCmpSlotConst { slot, cmp, when: true, c: limit,
    /// target }`: the step and test of a counting loop. [] -> [].
    LoopStepConst {
        slot: u16,
        cmp: Cmp,
        step: u32,
        limit: u32,
        target: u32,
    },
    /// `LoopStepConst` with a step and a limit that are integers, carried in the instruction
    /// (`peephole::immediates`). [] -> [].
    LoopStepImm {
        slot: u16,
        cmp: Cmp,
        step: i16,
        limit: i32,
        target: u32,
    },
    /// `AddSlotConst(slot, step)` then `JumpCmpSlotSlot { a: slot, b: limit, cmp, when: true,
    /// target }`. [] -> [].
    LoopStepSlot {
        slot: u16,
        limit: u16,
        cmp: Cmp,
        step: u32,
        target: u32,
    },
    /// `Const(c) <cmp> JumpIf{True,False}(target)`: [a] -> [].
    JumpCmpConst {
        cmp: Cmp,
        when: bool,
        c: u32,
        target: u32,
    },
    /// `<cmp> JumpIf{True,False}(target)`: [a b] -> [].
    JumpCmp {
        cmp: Cmp,
        when: bool,
        target: u32,
    },
    /// `LoadSlot(slot) Const(c) <op>`: [] -> [slot op c].
    ArithSlotConst {
        op: Arith,
        slot: u16,
        c: u32,
    },
    /// `LoadSlot(a) LoadSlot(b) <op>`: [] -> [a op b].
    ArithSlotSlot {
        op: Arith,
        a: u16,
        b: u16,
    },
    /// `Const(c) <op>`: [a] -> [a op c].
    ArithConst {
        op: Arith,
        c: u32,
    },
    /// `LoadSlot(slot) <op>`: [a] -> [a op slot].
    ArithSlot {
        op: Arith,
        slot: u16,
    },
    /// A statement `x op= v` on a slot whose value expression cannot touch the slot (emitted by
    /// the compiler): [v] -> [], slot = slot op v.
    ArithToSlot {
        op: Arith,
        slot: u16,
    },
    /// `LoadSlot(slot) Const(c) <op> ArithToSlot { op: to, slot: dst }`: the statement
    /// `dst to= slot op c` (`total += i MOD 7`). [] -> [].
    ArithSlotConstToSlot {
        op: Arith,
        slot: u16,
        c: u32,
        to: Arith,
        dst: u16,
    },
    /// `ArithSlotConstToSlot` with an integer constant carried in the instruction. [] -> [].
    ArithSlotImmToSlot {
        op: Arith,
        slot: u16,
        imm: i32,
        to: Arith,
        dst: u16,
    },

    /// Unconditional jump to an instruction index.
    Jump(u32),
    /// [c] -> []: jump when c casts to false.
    JumpIfFalse(u32),
    /// [c] -> []: jump when c casts to true.
    JumpIfTrue(u32),
    /// [v] -> [v]: jump when v is not null (Elvis).
    JumpIfNotNull(u32),
    /// [v] -> [v]: jump when v is null (safe navigation short-circuit).
    JumpIfNull(u32),

    /// [] -> []: output a constant string (literal template text).
    Text(u32),
    /// [] -> []: literal template text outside `<cfoutput>`: suppressed under
    /// `enablecfoutputonly`.
    TextOutsideOutput(u32),
    /// [v] -> []: output the string form of v.
    Print,
    /// [] -> []: enter/leave a `<cfoutput>` region (for `enablecfoutputonly`).
    EnterOutput,
    LeaveOutput,
    /// [v] -> []: `<cfsetting enablecfoutputonly=v>`.
    SetOutputOnly,
    /// [] -> []: start capturing output (savecontent, silent).
    PushBuffer,
    /// [] -> [captured string]
    PopBuffer,

    /// [n] -> [array]
    MakeArray(u32),
    /// [k1 v1 .. kn vn] -> [struct]
    MakeStruct {
        n: u32,
        ordered: bool,
    },

    /// [coll ...] -> []: start an iteration (pushed on the frame's iterator stack).
    IterInit(IterKind),
    /// [] -> [item]: next item of the innermost iteration, or pop it and jump when done.
    IterNext(u32),
    /// [] -> []: drop the innermost iteration (break out of a loop).
    IterPop,
    /// [] -> [n]: the 1-based position of the innermost iteration (`<cfloop array index>`).
    IterIndex,

    /// [] -> []: install an exception handler: on an error, the VM restores the value, iterator,
    /// exception and output-buffer heights saved here, pushes the error on the exception stack and
    /// jumps to the target.
    PushHandler(u32),
    /// [] -> []
    PopHandler,
    /// [] -> [bool]: whether the exception being handled (top of the exception stack) matches
    /// the type in constant `n`.
    CatchMatches(u32),
    /// [] -> [exception struct]: the exception being handled (enters the catch block).
    CatchValue,
    /// [] -> []: leave a catch block (pops the exception stack).
    EndCatch,
    /// [] -> !: pop the exception stack and throw it again (no catch matched, `rethrow`, end of a
    /// finally block run because of an error).
    Rethrow,
    /// [attrs struct] -> !: `throw`/`<cfthrow>` with type, message, detail, errorcode,
    /// extendedinfo, object.
    Throw,
    /// [] -> !
    Abort,

    /// [path] -> []: run a template in the current scopes.
    Include,
    /// [attrs struct] -> []: `<cfparam>`.
    Param,
    /// [attrs struct] -> []: a body-less tag the engine implements (`<cfdump>`, `<cfheader>`...);
    /// `name` is its name constant.
    Tag(u32),

    /// [] -> []: start collecting a `<cfquery>` body: output goes to an SQL buffer, `#expr#`
    /// values have their single quotes doubled, `<cfqueryparam>` adds a bound parameter.
    QueryBegin,
    /// [attrs struct] -> []: run the collected SQL (name, datasource, result, maxrows, timeout).
    QueryEnd,
    /// [attrs struct] -> []: `<cftransaction>` begins (datasource, isolation).
    TxBegin,
    /// [] -> []: the transaction body ended: commit (true) or roll back after an error (false).
    TxEnd(bool),
    /// [attrs struct] -> []: `<cflock>` acquires a named or scope lock (exclusive or readonly,
    /// waiting at most `timeout` seconds).
    LockEnter,
    /// [] -> []: release the innermost lock.
    LockExit,
    /// [attrs struct] -> []: run a custom tag (`<cf_name>`, `<cfmodule>`) in start mode. `name`
    /// is its name constant; with a body, capture the body's output until `CustomTagEnd`;
    /// `<cfexit method="exitTag">` jumps to `end`.
    CustomTagStart {
        name: u32,
        has_body: bool,
        end: u32,
    },
    /// [] -> []: the body ended: run the tag in end mode with the captured `generatedContent`;
    /// `<cfexit method="loop">` runs the body (at `body`) again.
    CustomTagEnd {
        body: u32,
    },
    /// [v] -> !: return v from the function (or end the template).
    Return,
    /// `LoadSlot(i) Return`: [] -> !, return the slot's value.
    ReturnSlot(u16),
    /// [] -> []: in a dynamic-scope function, copy the argument slots into the `arguments` struct
    /// (end of the prologue that applied defaults).
    BindArguments,
}
