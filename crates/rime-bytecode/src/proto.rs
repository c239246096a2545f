//! Compiled functions: bytecode plus its constant, name and position tables.

use crate::key::Key;
use crate::opcode::{Op, OperandKind};
use arcstr::ArcStr;
use rime_syntax::LineIndex;
use std::sync::Arc;

/// A compile-time constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    Num(f64),
    Str(ArcStr),
}

/// The file a function came from, for error positions.
#[derive(Debug)]
pub struct Source {
    pub path: ArcStr,
    pub text: Arc<str>,
    pub lines: LineIndex,
}

impl Source {
    pub fn new(path: &str, text: &str) -> Arc<Source> {
        Arc::new(Source {
            path: ArcStr::from(path),
            text: Arc::from(text),
            lines: LineIndex::new(text),
        })
    }

    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        self.lines.line_col(offset)
    }
}

#[derive(Clone, Debug)]
pub struct ParamInfo {
    pub name: Key,
    pub required: bool,
    /// As declared (`string`, `numeric`, `any`, a component name); checked on call.
    pub type_name: Option<ArcStr>,
    pub has_default: bool,
    /// The default when it is a literal, for metadata.
    pub default: Option<Const>,
    /// `hint` and other annotations, for metadata.
    pub attrs: Vec<(Key, Const)>,
}

/// Whether declared attributes carry the modifier `word` (`abstract`, `final`): as a script
/// prefix word (`abstract component`, `final function`) or in a tag's `modifier` attribute.
pub fn has_modifier(attrs: &[(Key, Const)], word: &str) -> bool {
    attrs.iter().any(|(k, v)| match v {
        Const::Str(s) if k.as_str().eq_ignore_ascii_case(word) => s.eq_ignore_ascii_case("true"),
        Const::Str(s) if k.as_str().eq_ignore_ascii_case("modifier") => s
            .split([' ', ','])
            .any(|m| m.trim().eq_ignore_ascii_case(word)),
        _ => false,
    })
}

/// What a component file declares besides its code: its attributes and properties.
#[derive(Clone, Debug, Default)]
pub struct ComponentDecl {
    pub is_interface: bool,
    /// `extends`, `implements`, `accessors`, `output`, annotations (constant values only).
    pub attrs: Vec<(Key, Const)>,
    /// Each `property` declaration's attributes.
    pub properties: Vec<Vec<(Key, Const)>>,
    /// The `static { }` initialiser, as an index into the main function's `functions`.
    pub static_init: Option<u32>,
    /// `static function`s (indexes into `functions`).
    pub static_functions: Vec<u32>,
}

/// One compiled function: a UDF, a closure, or a template's main body.
#[derive(Clone, Debug)]
pub struct FuncProto {
    /// The declared name (`""` for closures, the file name for a template body).
    pub name: ArcStr,
    pub params: Vec<ParamInfo>,
    /// Some parameter is required or typed: a call checks its arguments (most calls need not
    /// look at the parameter list at all).
    pub checks_args: bool,
    pub code: Vec<Op>,
    /// Run-length position table: `(first pc, byte offset)`, sorted by pc.
    pub positions: Vec<(u32, u32)>,
    pub consts: Vec<Const>,
    pub names: Vec<Key>,
    /// Argument-name lists for calls with named arguments (`None` for a positional one).
    pub arg_names: Vec<Vec<Option<Key>>>,
    /// Nested functions: closures and named functions declared inside.
    pub functions: Vec<Arc<FuncProto>>,
    /// Slots for compile-time locals; the first `params.len()` hold the arguments.
    pub num_slots: u16,
    pub slot_names: Vec<Key>,
    /// Locals live in a `local` struct (the function has closures, includes, or uses `local`
    /// or `arguments` as values) instead of slots.
    pub dynamic_scope: bool,
    pub is_closure: bool,
    /// A `<cfthread>` body: it runs with a local scope of its own, captures none of the scopes
    /// it is written in, and every unscoped write goes to its local scope (Lucee's
    /// `MODE_LOCAL_OR_ARGUMENTS_ALWAYS` for threads).
    pub thread_body: bool,
    pub access: Option<ArcStr>,
    pub return_type: Option<ArcStr>,
    /// `output="false"`: the body runs as inside `<cfsilent>`; `true`: as inside `<cfoutput>`.
    pub output: Option<bool>,
    /// Other declared attributes (`output`, `hint`, annotations), values as constants.
    pub attrs: Vec<(Key, Const)>,
    pub source: Arc<Source>,
    /// Byte offset of the declaration.
    pub offset: u32,
    /// Set on the main function of a component file.
    pub component: Option<ComponentDecl>,
    /// The body calls `getFunctionCalledName()`: calls record the name they used.
    pub wants_called_name: bool,
    /// The template (or a function in it) uses `<cfflush>`: the server streams its response.
    /// Set by the link step.
    pub flushes: bool,
    /// Component packages of the file's `import x.y.*;` / `<cfimport path="x.y.*">`: `new Name()`
    /// also looks for `x.y.Name`.
    pub imports: Vec<ArcStr>,
}

impl FuncProto {
    /// Make every string of this function and of the functions inside it static
    /// (`ArcStr::leak`): copying one then reads its header instead of writing a reference
    /// count that every worker thread writes too. For templates kept for the life of the
    /// process (production), whose strings would never be freed anyway.
    pub fn make_strings_static(&self) {
        fn text(s: &ArcStr) {
            let _ = s.leak();
        }
        fn value(c: &Const) {
            if let Const::Str(s) = c {
                text(s);
            }
        }
        fn pairs(v: &[(Key, Const)]) {
            for (k, c) in v {
                text(k.arc());
                value(c);
            }
        }
        text(&self.name);
        text(&self.source.path);
        for p in &self.params {
            text(p.name.arc());
            p.type_name.iter().for_each(text);
            p.default.iter().for_each(value);
            pairs(&p.attrs);
        }
        self.consts.iter().for_each(value);
        let names = self.names.iter().chain(&self.slot_names);
        names
            .chain(self.arg_names.iter().flatten().flatten())
            .for_each(|k| text(k.arc()));
        self.access.iter().chain(&self.return_type).for_each(text);
        self.imports.iter().for_each(text);
        pairs(&self.attrs);
        if let Some(c) = &self.component {
            pairs(&c.attrs);
            c.properties.iter().for_each(|p| pairs(p));
        }
        for f in &self.functions {
            f.make_strings_static();
        }
    }

    /// A copy of its own, nested functions included (their code, constants and names shared
    /// where they are reference-counted): a worker thread's copy of a page, whose reference
    /// counts no other thread writes.
    pub fn thread_copy(&self) -> FuncProto {
        let mut c = self.clone();
        c.functions = self
            .functions
            .iter()
            .map(|f| Arc::new(f.thread_copy()))
            .collect();
        c
    }

    /// A function with no code (a frame for calls made from outside any template).
    pub fn empty() -> FuncProto {
        FuncProto {
            name: ArcStr::new(),
            params: Vec::new(),
            checks_args: false,
            code: Vec::new(),
            positions: Vec::new(),
            consts: Vec::new(),
            names: Vec::new(),
            arg_names: Vec::new(),
            functions: Vec::new(),
            num_slots: 0,
            slot_names: Vec::new(),
            dynamic_scope: false,
            is_closure: false,
            access: None,
            return_type: None,
            output: None,
            attrs: Vec::new(),
            source: Source::new("", ""),
            offset: 0,
            component: None,
            imports: Vec::new(),
            wants_called_name: false,
            thread_body: false,
            flushes: false,
        }
    }

    /// Byte offset of the instruction at `pc`.
    pub fn offset_at(&self, pc: usize) -> u32 {
        let pc = pc as u32;
        match self.positions.binary_search_by(|(p, _)| p.cmp(&pc)) {
            Ok(i) => self.positions[i].1,
            Err(0) => self.offset,
            Err(i) => self.positions[i - 1].1,
        }
    }

    /// 1-based line and column of the instruction at `pc`.
    pub fn line_col(&self, pc: usize) -> (u32, u32) {
        self.source.line_col(self.offset_at(pc))
    }

    /// Check that every operand of this function's code and of its nested functions' refers to
    /// something that exists (the opcode table says what each refers to): a constant, name,
    /// slot, sub-function or argument-name list, and jump targets within the code (the end
    /// included). The VM indexes these tables without checking; the compiler's tests call this.
    pub fn verify(&self) -> Result<(), String> {
        let mut err = None;
        for (pc, op) in self.code.iter().enumerate() {
            op.operands(|o| {
                let i = o.index as usize;
                let ok = match o.kind {
                    OperandKind::Const => i < self.consts.len(),
                    OperandKind::Name => i < self.names.len(),
                    OperandKind::Slot => i < usize::from(self.num_slots),
                    OperandKind::Target => i <= self.code.len(),
                    OperandKind::Function => i < self.functions.len(),
                    OperandKind::ArgNames => o.index == u32::MAX || i < self.arg_names.len(),
                    OperandKind::Builtin => true,
                    OperandKind::Tag => i < rime_syntax::tag_table::tags().len(),
                };
                if !ok && err.is_none() {
                    err = Some(format!(
                        "{}: {pc} {op:?}: no {:?} {} ({})",
                        self.name, o.kind, o.index, o.field
                    ));
                }
            });
        }
        if let Some(e) = err {
            return Err(e);
        }
        self.functions.iter().try_for_each(|f| f.verify())
    }
}
