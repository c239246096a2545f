//! The one opcode table. Every instruction is declared here once, with its stack effect
//! (`[before] -> [after]`, top of stack on the right) and its operands typed by kind: what each
//! one indexes (a constant, a name, a slot, a jump target, a sub-function, an argument-name
//! list, a builtin) or a plain value (`u16`, `bool`, `Cmp`...). The `opcodes!` macro turns the
//! table into `enum Op` (each operand's Rust type follows from its kind, so the enum is what a
//! hand-written one would be) and into the passes that must know every operand of a kind:
//! `Op::map_targets` (jump patching in `compile/mod.rs`, remapping in `compile/peephole.rs`),
//! `Op::operands` (the disassembler's notes, `FuncProto::verify`). A new jump instruction
//! declares its target as `Target` and every pass that moves code moves it too.
//!
//! A tuple variant names its operands in the table (`LoadSlot(slot: Slot)`); the names are for
//! the generated passes and the disassembly, the enum keeps positional fields.

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

/// What an operand of an instruction refers to, as declared in the opcode table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandKind {
    /// An index into `FuncProto::consts`.
    Const,
    /// An index into `FuncProto::names`.
    Name,
    /// A slot of the frame (`FuncProto::slot_names`).
    Slot,
    /// An instruction index the instruction may continue at (at most `code.len()`: the end).
    Target,
    /// An index into `FuncProto::functions`.
    Function,
    /// An index into `FuncProto::arg_names`, or `u32::MAX` when every argument is positional.
    ArgNames,
    /// A builtin's index in the registry (set by the link step; the compiler cannot check it).
    Builtin,
    /// A tag's index in the tag table (`rime_syntax::tag_table::tags()`).
    Tag,
}

/// One operand of an instruction that refers to something (`Op::operands`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand {
    /// The operand's name in the opcode table.
    pub field: &'static str,
    pub kind: OperandKind,
    /// The index (a slot widened to `u32`).
    pub index: u32,
}

impl Operand {
    fn new(field: &'static str, kind: OperandKind, index: u32) -> Operand {
        Operand { field, kind, index }
    }
}

/// The Rust type of an operand kind; a plain type stands for itself.
macro_rules! operand_ty {
    (ConstIdx) => {
        u32
    };
    (NameIdx) => {
        u32
    };
    (Slot) => {
        u16
    };
    (Target) => {
        u32
    };
    (FuncIdx) => {
        u32
    };
    (ArgNames) => {
        u32
    };
    (BuiltinId) => {
        u32
    };
    (TagId) => {
        u32
    };
    ($plain:ty) => {
        $plain
    };
}

/// Call `$f` with the operand `$x` (bound by reference) when its kind refers to something.
macro_rules! operand_visit {
    (ConstIdx, $x:ident, $f:ident) => {
        $f(Operand::new(stringify!($x), OperandKind::Const, *$x))
    };
    (NameIdx, $x:ident, $f:ident) => {
        $f(Operand::new(stringify!($x), OperandKind::Name, *$x))
    };
    (Slot, $x:ident, $f:ident) => {
        $f(Operand::new(
            stringify!($x),
            OperandKind::Slot,
            u32::from(*$x),
        ))
    };
    (Target, $x:ident, $f:ident) => {
        $f(Operand::new(stringify!($x), OperandKind::Target, *$x))
    };
    (FuncIdx, $x:ident, $f:ident) => {
        $f(Operand::new(stringify!($x), OperandKind::Function, *$x))
    };
    (ArgNames, $x:ident, $f:ident) => {
        $f(Operand::new(stringify!($x), OperandKind::ArgNames, *$x))
    };
    (BuiltinId, $x:ident, $f:ident) => {
        $f(Operand::new(stringify!($x), OperandKind::Builtin, *$x))
    };
    (TagId, $x:ident, $f:ident) => {
        $f(Operand::new(stringify!($x), OperandKind::Tag, *$x))
    };
    ($plain:ident, $x:ident, $f:ident) => {
        let _ = $x;
    };
}

/// Replace the operand `$x` (bound by mutable reference) by `$f` of it when it is a jump target.
macro_rules! operand_retarget {
    (Target, $x:ident, $f:ident) => {
        *$x = $f(*$x)
    };
    ($other:ident, $x:ident, $f:ident) => {
        let _ = $x;
    };
}

/// The opcode table (below) to `enum Op` and the passes generated from its operand kinds.
macro_rules! opcodes {
    (
        $(#[$enum_meta:meta])*
        pub enum Op {
            $(
                $(#[$meta:meta])*
                $name:ident
                $( ( $( $tf:ident : $tk:ident ),* $(,)? ) )?
                $( { $( $sf:ident : $sk:ident ),* $(,)? } )?
            ),* $(,)?
        }
    ) => {
        $(#[$enum_meta])*
        pub enum Op {
            $(
                $(#[$meta])*
                $name
                $( ( $( operand_ty!($tk) ),* ) )?
                $( { $( $sf: operand_ty!($sk) ),* } )?
            ),*
        }

        impl Op {
            /// Call `f` with every operand that refers to something (a constant, name, slot,
            /// jump target, sub-function, argument-name list or builtin), in table order.
            pub fn operands(&self, mut f: impl FnMut(Operand)) {
                match self {
                    $(
                        Op::$name $( ( $( $tf ),* ) )? $( { $( $sf ),* } )? => {
                            $( $( operand_visit!($tk, $tf, f); )* )?
                            $( $( operand_visit!($sk, $sf, f); )* )?
                        }
                    )*
                }
            }

            /// Replace every jump target `t` of the instruction by `f(t)`.
            pub fn map_targets(&mut self, mut f: impl FnMut(u32) -> u32) {
                match self {
                    $(
                        Op::$name $( ( $( $tf ),* ) )? $( { $( $sf ),* } )? => {
                            $( $( operand_retarget!($tk, $tf, f); )* )?
                            $( $( operand_retarget!($sk, $sf, f); )* )?
                        }
                    )*
                }
            }
        }
    };
}

opcodes! {
    /// One instruction. Operands index the function's constant, name and sub-function tables.
    /// Every store (`StoreSlot`, `StoreName`, `SetMember`, `SetIndex`...) leaves the stored value on the
    /// stack, so an assignment is an expression; statements pop it.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Op {
        /// [] -> [const]
        Const(c: ConstIdx),
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
        LoadSlot(slot: Slot),
        /// [v] -> [v]
        StoreSlot(slot: Slot),
        /// [v] -> []: a statement-level assignment to a slot (`x = v;`).
        SetSlot(slot: Slot),
        /// [] -> []: a statement-level `i++`/`i--`/`i += n` on a slot holding a number; `n` is a
        /// constant index (falls back to numeric casts like `+`).
        AddSlotConst(slot: Slot, c: ConstIdx),
        /// [] -> [slot or null] (no error when unset; for `?:`, `isNull` and `param`).
        LoadSlotOrNull(slot: Slot),
        /// [] -> [slot]: a slot written through (`local.a.b = 1`, `x[1] = v`); an unset slot
        /// first gets a new struct (auto-vivification, as `LoadNameForWrite`).
        LoadSlotForWrite(slot: Slot),
        /// [] -> [value]: unscoped name lookup (local, arguments, closure scopes, active queries,
        /// variables, cgi, url, form, cookie); undefined is an error.
        LoadName(name: NameIdx),
        /// [] -> [value or null]: as `LoadName`, but an undefined name gives null.
        LoadNameOrNull(name: NameIdx),
        /// [v] -> [v]: unscoped assignment (existing local/argument, else `variables`).
        StoreName(name: NameIdx),
        /// [v] -> [v]: `var name = v` in a dynamic-scope function (into its `local` struct).
        DeclareLocal(name: NameIdx),
        /// [] -> [scope struct]
        LoadScope(scope: ScopeId),
        /// [v] -> [v]: `arguments = s` (or `local = s`): the scope's entries become those of the
        /// struct `s`, as Lucee lets a function replace its arguments.
        SetScope(scope: ScopeId),
        /// [] -> [struct]: like `LoadName`, but a missing name is created as a new struct in its
        /// assignment scope (auto-vivification for `a.b.c = 1`).
        LoadNameForWrite(name: NameIdx),
        /// [obj] -> [obj.name]; error if missing.
        GetMember(name: NameIdx),
        /// [obj] -> [obj.name or null]: for `?.`, `?:` and `isNull`-like reads.
        GetMemberOrNull(name: NameIdx),
        /// [obj] -> [obj.name], creating an empty struct there if missing.
        GetMemberForWrite(name: NameIdx),
        /// [obj v] -> [v]: `obj.name = v`.
        SetMember(name: NameIdx),
        /// [obj idx] -> [obj[idx]]
        GetIndex,
        /// [obj idx] -> [obj[idx] or null]
        GetIndexOrNull,
        /// [obj idx] -> [obj.name[idx]]: on a query, row `idx` of column `name` (`q.col[2]`);
        /// otherwise the same as `GetMember` then `GetIndex`.
        GetMemberIndex(name: NameIdx),
        /// [obj key idx] -> [obj[key][idx]]: `q["col"][2]`, as `GetMemberIndex` with a dynamic name.
        GetIndexIndex,
        /// [obj idx] -> [obj[idx]], creating an empty struct there if missing.
        GetIndexForWrite,
        /// [obj idx v] -> [v]
        SetIndex,

        /// [args...] -> [result]: call the function `name` (a UDF in scope, else a builtin).
        /// `names` indexes the argument-name lists (u32::MAX when all are positional).
        CallName {
            name: NameIdx,
            argc: u16,
            names: ArgNames,
        },
        /// [args...] -> [result]: a builtin resolved at link time (by index in the registry).
        CallBuiltin {
            id: BuiltinId,
            argc: u16,
            names: ArgNames,
        },
        /// [args...] -> [result]: `CallName` of a name that is not a builtin (set by the link
        /// step): a UDF in scope.
        CallUdf {
            name: NameIdx,
            argc: u16,
            names: ArgNames,
        },
        /// [recv args...] -> [result]: `recv.name(args)` (member function, or a function stored in a
        /// struct/component). `safe` for `recv?.name()`: null receiver gives null.
        CallMethod {
            name: NameIdx,
            argc: u16,
            names: ArgNames,
            safe: bool,
        },
        /// [callee args...] -> [result]
        CallValue {
            argc: u16,
            names: ArgNames,
        },
        /// [recv idx args...] -> [result]: `recv[idx](args)`, a method call by a computed name
        /// (`this` is `recv`), or a call of the element when `recv` is not a struct.
        CallIndex {
            argc: u16,
            names: ArgNames,
        },
        /// [args...] -> [object]: `new Comp(args)`; the class name is on the stack below the args.
        New {
            argc: u16,
            names: ArgNames,
        },
        /// [class name] -> [static scope]: the `static` scope of a component (`Comp::x`), created
        /// and initialised (its `static {}` block) on first use.
        LoadStatic,
        /// [] -> [closure]: instantiate sub-function `n` capturing the current scopes.
        Closure(func: FuncIdx),
        /// [attrs] -> [attrs]: a tag's attribute struct with its `attributeCollection` merged
        /// in (the attributes written on the tag win); emitted only for tags that have one.
        MergeAttributes,
        /// [] -> [object]: `new component { ... }`, an instance of the component whose main
        /// function is sub-function `n` (its `init` called without arguments).
        NewComponent(func: FuncIdx),
        /// [closure listener] -> [thread name]: a function listener (`f():listener`): run the
        /// closure on a thread of its own, then hand its result or error to the listener.
        Listen,
        /// [] -> []: define named sub-function `n` in `variables` (or `this` for components).
        DefineFunction(func: FuncIdx),

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
            slot: Slot,
            cmp: Cmp,
            when: bool,
            c: ConstIdx,
            target: Target,
        },
        /// `LoadSlot(a) LoadSlot(b) <cmp> JumpIf{True,False}(target)`: [] -> [].
        JumpCmpSlotSlot {
            a: Slot,
            b: Slot,
            cmp: Cmp,
            when: bool,
            target: Target,
        },
        /// `AddSlotConst(slot, step)` then `JumpCmpSlotConst { slot, cmp, when: true, c: limit,
        /// target }`: the step and test of a counting loop. [] -> [].
        LoopStepConst {
            slot: Slot,
            cmp: Cmp,
            step: ConstIdx,
            limit: ConstIdx,
            target: Target,
        },
        /// `LoopStepConst` with a step and a limit that are integers, carried in the instruction
        /// (`peephole::immediates`). [] -> [].
        LoopStepImm {
            slot: Slot,
            cmp: Cmp,
            step: i16,
            limit: i32,
            target: Target,
        },
        /// `AddSlotConst(slot, step)` then `JumpCmpSlotSlot { a: slot, b: limit, cmp, when: true,
        /// target }`. [] -> [].
        LoopStepSlot {
            slot: Slot,
            limit: Slot,
            cmp: Cmp,
            step: ConstIdx,
            target: Target,
        },
        /// `Const(c) <cmp> JumpIf{True,False}(target)`: [a] -> [].
        JumpCmpConst {
            cmp: Cmp,
            when: bool,
            c: ConstIdx,
            target: Target,
        },
        /// `<cmp> JumpIf{True,False}(target)`: [a b] -> [].
        JumpCmp {
            cmp: Cmp,
            when: bool,
            target: Target,
        },
        /// `LoadSlot(slot) Const(c) <op>`: [] -> [slot op c].
        ArithSlotConst {
            op: Arith,
            slot: Slot,
            c: ConstIdx,
        },
        /// `LoadSlot(a) LoadSlot(b) <op>`: [] -> [a op b].
        ArithSlotSlot {
            op: Arith,
            a: Slot,
            b: Slot,
        },
        /// `Const(c) <op>`: [a] -> [a op c].
        ArithConst {
            op: Arith,
            c: ConstIdx,
        },
        /// `LoadSlot(slot) <op>`: [a] -> [a op slot].
        ArithSlot {
            op: Arith,
            slot: Slot,
        },
        /// A statement `x op= v` on a slot whose value expression cannot touch the slot (emitted by
        /// the compiler): [v] -> [], slot = slot op v.
        ArithToSlot {
            op: Arith,
            slot: Slot,
        },
        /// `LoadSlot(slot) Const(c) <op> ArithToSlot { op: to, slot: dst }`: the statement
        /// `dst to= slot op c` (`total += i MOD 7`). [] -> [].
        ArithSlotConstToSlot {
            op: Arith,
            slot: Slot,
            c: ConstIdx,
            to: Arith,
            dst: Slot,
        },
        /// `ArithSlotConstToSlot` with an integer constant carried in the instruction. [] -> [].
        ArithSlotImmToSlot {
            op: Arith,
            slot: Slot,
            imm: i32,
            to: Arith,
            dst: Slot,
        },

        /// Unconditional jump to an instruction index.
        Jump(target: Target),
        /// [c] -> []: jump when c casts to false.
        JumpIfFalse(target: Target),
        /// [c] -> []: jump when c casts to true.
        JumpIfTrue(target: Target),
        /// [v] -> [v]: jump when v is not null (Elvis).
        JumpIfNotNull(target: Target),
        /// [v] -> [v]: jump when v is null (safe navigation short-circuit).
        JumpIfNull(target: Target),

        /// [] -> []: output a constant string (literal template text).
        Text(text: ConstIdx),
        /// [] -> []: literal template text outside `<cfoutput>`: suppressed under
        /// `enablecfoutputonly`.
        TextOutsideOutput(text: ConstIdx),
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
        MakeArray(n: u32),
        /// [k1 v1 .. kn vn] -> [struct]
        MakeStruct {
            n: u32,
            ordered: bool,
        },

        /// [coll ...] -> []: start an iteration (pushed on the frame's iterator stack).
        IterInit(kind: IterKind),
        /// [] -> [item]: next item of the innermost iteration, or pop it and jump when done.
        IterNext(done: Target),
        /// [] -> []: drop the innermost iteration (break out of a loop).
        IterPop,
        /// [] -> [n]: the 1-based position of the innermost iteration (`<cfloop array index>`).
        IterIndex,

        /// [] -> []: install an exception handler: on an error, the VM restores the value, iterator,
        /// exception and output-buffer heights saved here, pushes the error on the exception stack and
        /// jumps to the target.
        PushHandler(handler: Target),
        /// [] -> []
        PopHandler,
        /// [] -> [bool]: whether the exception being handled (top of the exception stack) matches
        /// the type in constant `n`.
        CatchMatches(type_name: ConstIdx),
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
        /// [attrs struct] -> []: a body-less tag the VM implements (`<cfdump>`, `<cfheader>`...),
        /// dispatched by its index in the tag table (`rime-vm/src/tags/`). `<cfloop file>`'s
        /// leaves the array of lines it iterates: [attrs struct] -> [array].
        Tag(tag: TagId),
        /// [] -> []: a tag whose body gathers for it opens (`<cfhttp>` collects its
        /// `<cfhttpparam>`s, `<cfinvoke>` its arguments, `<cfmail>` its parts, `<cftimer>` starts
        /// its clock); its `Tag` closes it.
        TagOpen(tag: TagId),

        /// [] -> []: start collecting a `<cfquery>` body: output goes to an SQL buffer, `#expr#`
        /// values have their single quotes doubled, `<cfqueryparam>` adds a bound parameter.
        QueryBegin,
        /// [attrs struct] -> []: run the collected SQL (name, datasource, result, maxrows, timeout).
        QueryEnd,
        /// [attrs struct] -> []: `<cftransaction>` begins (datasource, isolation).
        TxBegin,
        /// [] -> []: the transaction body ended: commit (true) or roll back after an error (false).
        TxEnd(commit: bool),
        /// [attrs struct] -> []: `<cflock>` acquires a named or scope lock (exclusive or readonly,
        /// waiting at most `timeout` seconds).
        LockEnter,
        /// [] -> []: release the innermost lock.
        LockExit,
        /// [attrs struct] -> []: run a custom tag (`<cf_name>`, `<cfmodule>`) in start mode. `name`
        /// is its name constant; with a body, capture the body's output until `CustomTagEnd`;
        /// `<cfexit method="exitTag">` jumps to `end`.
        CustomTagStart {
            name: ConstIdx,
            has_body: bool,
            end: Target,
        },
        /// [] -> []: the body ended: run the tag in end mode with the captured `generatedContent`;
        /// `<cfexit method="loop">` runs the body (at `body`) again.
        CustomTagEnd {
            body: Target,
        },
        /// [v] -> !: return v from the function (or end the template).
        Return,
        /// `LoadSlot(i) Return`: [] -> !, return the slot's value.
        ReturnSlot(slot: Slot),
        /// [] -> []: in a dynamic-scope function, copy the argument slots into the `arguments` struct
        /// (end of the prologue that applied defaults).
        BindArguments,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every instruction is copied out of the code on each dispatch and the run loop's `match`
    /// reads its tag and operands from it: a larger `Op` costs speed (more bytes per
    /// instruction fetched, fewer instructions per cache line). Keep it 16 bytes.
    #[test]
    fn an_instruction_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Op>(), 16);
    }

    #[test]
    fn operands_follow_the_table() {
        let mut seen = Vec::new();
        Op::LoopStepSlot {
            slot: 1,
            limit: 2,
            cmp: Cmp::Lt,
            step: 3,
            target: 4,
        }
        .operands(|o| seen.push((o.field, o.kind, o.index)));
        assert_eq!(
            seen,
            [
                ("slot", OperandKind::Slot, 1),
                ("limit", OperandKind::Slot, 2),
                ("step", OperandKind::Const, 3),
                ("target", OperandKind::Target, 4),
            ]
        );
        let mut op = Op::CustomTagStart {
            name: 7,
            has_body: true,
            end: 9,
        };
        op.map_targets(|t| t + 1);
        assert_eq!(
            op,
            Op::CustomTagStart {
                name: 7,
                has_body: true,
                end: 10
            }
        );
    }
}
