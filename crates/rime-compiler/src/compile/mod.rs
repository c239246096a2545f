//! AST -> bytecode. One `FnBuilder` per function (the template body is a function too).
//!
//! Locals and arguments of a function resolve to slots at compile time, unless the function must
//! keep them in a `local` struct ("dynamic scope", `scan.rs`: it creates closures that can see
//! them, includes templates, or uses `local`/`arguments` as values). Identifiers become interned,
//! case-insensitive `Key`s; unquoted names are upper-cased as Lucee does by default
//! (`dotNotationUpperCase`), quoted struct keys and bracket keys keep their case.

mod body_tags;
mod expr;
mod peephole;
mod scan;
mod stmt;

use crate::options::CompileOptions;
use arcstr::ArcStr;
use rime_bytecode::key::{eq_fold, Key};
use rime_bytecode::opcode::Op;
use rime_bytecode::proto::{ComponentDecl, Const, FuncProto, ParamInfo, Source};
use rime_syntax::ast::{self, Expr, ExprKind, FuncDecl, Stmt, StmtKind};
use rime_syntax::{Diagnostic, Span};
use std::collections::HashMap;
use std::sync::Arc;

/// Compile a parsed template into its main function, with the process-wide options
/// (`crate::options`).
pub fn compile_template(
    template: &ast::Template,
    source: Arc<Source>,
) -> (Arc<FuncProto>, Vec<Diagnostic>) {
    compile_template_with(template, source, crate::options())
}

/// Compile a parsed template into its main function.
pub fn compile_template_with(
    template: &ast::Template,
    source: Arc<Source>,
    options: CompileOptions,
) -> (Arc<FuncProto>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let name = source
        .path
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("")
        .to_string();
    let mut b = FnBuilder::new(source.clone(), ArcStr::from(name), true, false, &mut diags);
    b.fuse = options.fuse;
    // A component file outputs nothing outside its declaration.
    b.text_only_in_output = template.body.iter().any(|s| {
        matches!(&s.kind, StmtKind::Tag { name, .. }
            if name.eq_ignore_ascii_case("component") || name.eq_ignore_ascii_case("interface"))
    });
    b.imports = collect_imports(&template.body);
    b.packages = collect_packages(&template.body);
    b.hoist_functions(&template.body);
    b.block(&template.body);
    b.emit(Op::Null, 0);
    b.emit(Op::Return, 0);
    let component = template.body.iter().find_map(|s| match &s.kind {
        StmtKind::Tag {
            name,
            attrs,
            body: Some(body),
        } if name.eq_ignore_ascii_case("component") || name.eq_ignore_ascii_case("interface") => {
            Some((name.eq_ignore_ascii_case("interface"), attrs, body))
        }
        _ => None,
    });
    let decl = component.map(|(is_interface, attrs, body)| {
        let mut properties = Vec::new();
        collect_properties(body, &mut properties);
        ComponentDecl {
            is_interface,
            attrs: b.const_attrs(attrs),
            properties: properties.iter().map(|p| b.const_attrs(p)).collect(),
            static_init: b.static_init,
            static_functions: std::mem::take(&mut b.static_functions),
        }
    });
    let mut proto = b.finish(Vec::new(), None);
    proto.component = decl;
    (Arc::new(proto), diags)
}

/// `<cfimport prefix taglib>` declarations anywhere in a template (resolved when the template is
/// compiled, so a call of `<p:tag>` costs the same as `<cf_tag>`).
fn collect_imports(body: &[Stmt]) -> Vec<(String, String)> {
    let found = std::cell::RefCell::new(Vec::new());
    scan::visit_stmts(
        body,
        &mut |s| {
            if let StmtKind::Tag { name, attrs, .. } = &s.kind {
                if name.eq_ignore_ascii_case("import") {
                    let lit = |k: &str| {
                        attrs
                            .iter()
                            .find(|a| a.name.eq_ignore_ascii_case(k))
                            .and_then(|a| match &a.value.kind {
                                ExprKind::Str(v) => Some(v.clone()),
                                _ => None,
                            })
                    };
                    if let (Some(p), Some(t)) = (lit("prefix"), lit("taglib")) {
                        found.borrow_mut().push((p.to_ascii_lowercase(), t));
                    }
                }
            }
        },
        &mut |_, _| {},
    );
    found.into_inner()
}

/// Component packages of `import x.y.*;` / `<cfimport path="x.y.*">` (without the `.*`).
fn collect_packages(body: &[Stmt]) -> Vec<ArcStr> {
    let found = std::cell::RefCell::new(Vec::new());
    scan::visit_stmts(
        body,
        &mut |s| {
            if let StmtKind::Tag { name, attrs, .. } = &s.kind {
                if name.eq_ignore_ascii_case("import") {
                    for a in attrs {
                        if let (true, ExprKind::Str(v)) =
                            (a.name.eq_ignore_ascii_case("path"), &a.value.kind)
                        {
                            let pkg = v.trim().trim_end_matches(".*").trim_end_matches('*');
                            if !pkg.is_empty() {
                                found.borrow_mut().push(ArcStr::from(pkg));
                            }
                        }
                    }
                }
            }
        },
        &mut |_, _| {},
    );
    found.into_inner()
}

/// `property` declarations of a component body (also inside `<cfscript>` blocks).
fn collect_properties<'t>(body: &'t [Stmt], out: &mut Vec<&'t [ast::Attr]>) {
    for s in body {
        match &s.kind {
            StmtKind::Tag { name, attrs, .. } if name.eq_ignore_ascii_case("property") => {
                out.push(attrs)
            }
            StmtKind::Block(b) => collect_properties(b, out),
            _ => {}
        }
    }
}

/// A control construct that `break`, `continue` and `return` must unwind through.
enum Ctl<'a> {
    Loop {
        breaks: Vec<usize>,
        continues: Vec<usize>,
        /// The loop owns an iterator that `break` must drop.
        iter: bool,
        /// `outer: for ...`: the name `break outer;` finds it by.
        label: Option<String>,
    },
    /// `switch`: a `break` target only.
    Switch { breaks: Vec<usize> },
    /// Inside a `try` body or a catch block with an installed handler.
    Handler,
    /// Inside a catch block: leaving it drops the caught exception.
    Catch,
    /// A `finally` body to run when leaving early.
    Finally(&'a [Stmt]),
    /// Inside `<cfoutput>`: leaving early must leave the output region.
    Output,
    /// Inside savecontent/silent: leaving early must drop the capture buffer.
    Buffer,
    /// Inside `<cflock>`: leaving early must release the lock.
    Lock,
}

pub(crate) struct FnBuilder<'d, 'a> {
    source: Arc<Source>,
    name: ArcStr,
    code: Vec<Op>,
    positions: Vec<(u32, u32)>,
    consts: Vec<Const>,
    str_consts: HashMap<String, u32>,
    names: Vec<Key>,
    name_index: HashMap<String, u32>,
    arg_names: Vec<Vec<Option<Key>>>,
    functions: Vec<Arc<FuncProto>>,
    slots: Vec<Key>,
    /// Number of leading slots that are arguments.
    params: usize,
    is_template: bool,
    is_closure: bool,
    /// A `<cfthread>` body (`FuncProto::thread_body`).
    thread_body: bool,
    dynamic: bool,
    /// Literal text outside `<cfoutput>` is dropped (a tag component's pseudo-constructor).
    pub(crate) text_only_in_output: bool,
    output: Option<bool>,
    /// Inside an `output="true"` function but not inside an explicit `<cfoutput>`: the parser
    /// left `#expr#` in the text, so the compiler interpolates it.
    pub(crate) implicit_output: bool,
    /// Directly inside a grouped `<cfoutput query group>` body: a plain `<cfoutput>` there loops
    /// over the rows of the current group.
    pub(crate) in_group: bool,
    /// Component statics found while compiling the body (`static {}` and static functions).
    pub(crate) static_init: Option<u32>,
    pub(crate) static_functions: Vec<u32>,
    /// `<cfimport prefix="p" taglib="dir">` declarations of the file: prefix -> tag library.
    pub(crate) imports: Vec<(String, String)>,
    /// Component packages imported by the file (`import models.*;`).
    pub(crate) packages: Vec<ArcStr>,
    output_depth: u32,
    ctl: Vec<Ctl<'a>>,
    /// The label of the loop statement being compiled, until its body opens (`Labeled`).
    pending_label: Option<String>,
    diags: &'d mut Vec<Diagnostic>,
    /// Run the peephole pass on the finished code (`CompileOptions::fuse`).
    fuse: bool,
    /// Instructions of the template's functions finished so far (shared by its builders; see
    /// `stmt::MAX_TEMPLATE_OPS`).
    pub(crate) spent: std::rc::Rc<std::cell::Cell<usize>>,
}

/// Lucee upper-cases unquoted names used as keys.
pub(crate) fn upper_key(name: &str) -> Key {
    Key::new(name.to_uppercase())
}

impl<'d, 'a> FnBuilder<'d, 'a> {
    fn new(
        source: Arc<Source>,
        name: ArcStr,
        is_template: bool,
        is_closure: bool,
        diags: &'d mut Vec<Diagnostic>,
    ) -> Self {
        FnBuilder {
            source,
            name,
            code: Vec::new(),
            positions: Vec::new(),
            consts: Vec::new(),
            str_consts: HashMap::new(),
            names: Vec::new(),
            name_index: HashMap::new(),
            arg_names: Vec::new(),
            functions: Vec::new(),
            slots: Vec::new(),
            params: 0,
            is_template,
            is_closure,
            thread_body: false,
            dynamic: is_template,
            text_only_in_output: false,
            output: None,
            implicit_output: false,
            in_group: false,
            static_init: None,
            static_functions: Vec::new(),
            imports: Vec::new(),
            packages: Vec::new(),
            output_depth: 0,
            fuse: true,
            spent: Default::default(),
            ctl: Vec::new(),
            pending_label: None,
            diags,
        }
    }

    pub(crate) fn error(&mut self, msg: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::new(msg, span));
    }

    /// Emit an instruction at a source offset; returns its index.
    pub(crate) fn emit(&mut self, op: Op, offset: u32) -> usize {
        let pc = self.code.len() as u32;
        if self.positions.last().map(|(_, o)| *o) != Some(offset) {
            self.positions.push((pc, offset));
        }
        self.code.push(op);
        pc as usize
    }

    pub(crate) fn here(&self) -> u32 {
        self.code.len() as u32
    }

    /// Point the jump at `at` to the current end of code.
    pub(crate) fn patch(&mut self, at: usize) {
        let target = self.here();
        self.patch_to(at, target);
    }

    /// Point the jump at `at` to `target` (whatever its instruction: every operand the opcode
    /// table declares a `Target`).
    pub(crate) fn patch_to(&mut self, at: usize, target: u32) {
        if let Some(op) = self.code.get_mut(at) {
            op.map_targets(|_| target);
        }
    }

    pub(crate) fn str_const(&mut self, s: &str) -> u32 {
        if let Some(i) = self.str_consts.get(s) {
            return *i;
        }
        let i = self.consts.len() as u32;
        self.consts.push(Const::Str(ArcStr::from(s)));
        self.str_consts.insert(s.to_string(), i);
        i
    }

    pub(crate) fn num_const(&mut self, n: f64) -> u32 {
        if let Some(i) = self
            .consts
            .iter()
            .position(|c| matches!(c, Const::Num(m) if m.to_bits() == n.to_bits()))
        {
            return i as u32;
        }
        self.consts.push(Const::Num(n));
        (self.consts.len() - 1) as u32
    }

    /// Intern a name exactly as given (case kept).
    pub(crate) fn name_exact(&mut self, name: &str) -> u32 {
        if let Some(i) = self.name_index.get(name) {
            return *i;
        }
        let i = self.names.len() as u32;
        self.names.push(Key::new(name));
        self.name_index.insert(name.to_string(), i);
        i
    }

    /// Intern an unquoted identifier used as a key (upper-cased, as Lucee).
    pub(crate) fn name(&mut self, name: &str) -> u32 {
        self.name_exact(&name.to_uppercase())
    }

    pub(crate) fn arg_names_index(&mut self, args: &[ast::Arg]) -> u32 {
        if args.iter().all(|a| a.name.is_none()) {
            return u32::MAX;
        }
        let list = args
            .iter()
            .map(|a| a.name.as_deref().map(upper_key))
            .collect();
        self.arg_names.push(list);
        (self.arg_names.len() - 1) as u32
    }

    /// The slot of a compile-time local or argument, in slot mode.
    pub(crate) fn slot_of(&self, name: &str) -> Option<u16> {
        if self.dynamic {
            // In dynamic mode only the arguments keep slots, and only until the prologue ends.
            return None;
        }
        self.slots
            .iter()
            .position(|k| eq_fold(k.as_str(), name))
            .map(|i| i as u16)
    }

    pub(crate) fn declare_slot(&mut self, name: &str) -> u16 {
        if let Some(i) = self.slots.iter().position(|k| eq_fold(k.as_str(), name)) {
            return i as u16;
        }
        self.slots.push(upper_key(name));
        (self.slots.len() - 1) as u16
    }

    /// A hidden slot for compiler temporaries (loop bounds, switch subjects).
    pub(crate) fn temp_slot(&mut self) -> u16 {
        let n = self.slots.len();
        self.slots.push(Key::new(format!("#tmp{n}")));
        n as u16
    }

    pub(crate) fn in_function(&self) -> bool {
        !self.is_template
    }

    /// Compile a nested function (closure or named) and return its index.
    pub(crate) fn sub_function(&mut self, decl: &FuncDecl, is_closure: bool) -> u32 {
        self.sub_function_of(decl, is_closure, false)
    }

    /// A `<cfthread>` body as a function of this one (`FuncProto::thread_body`); its index.
    pub(crate) fn thread_body(&mut self, decl: &FuncDecl) -> u32 {
        self.sub_function_of(decl, true, true)
    }

    fn sub_function_of(&mut self, decl: &FuncDecl, is_closure: bool, thread_body: bool) -> u32 {
        let name = decl.name.clone().unwrap_or_default();
        let proto = {
            let imports = self.imports.clone();
            let packages = self.packages.clone();
            let mut b = FnBuilder::new(
                self.source.clone(),
                ArcStr::from(name.as_str()),
                false,
                is_closure,
                self.diags,
            );
            b.imports = imports;
            b.packages = packages;
            b.spent = self.spent.clone();
            b.fuse = self.fuse;
            b.thread_body = thread_body;
            b.function_body(decl);
            b.spent.set(b.spent.get().saturating_add(b.code.len()));
            let attrs = b.const_attrs(&decl.attrs);
            b.finish(attrs, Some(decl))
        };
        self.functions.push(Arc::new(proto));
        (self.functions.len() - 1) as u32
    }

    /// `new component { ... }`: the component compiled as a component file of its own (in this
    /// file's source, for positions), kept as an unnamed sub-function; its index.
    pub(crate) fn inline_component(&mut self, decl: &Stmt) -> u32 {
        let template = ast::Template {
            body: vec![decl.clone()],
        };
        let options = crate::CompileOptions { fuse: self.fuse };
        let (mut proto, diags) = compile_template_with(&template, self.source.clone(), options);
        self.diags.extend(diags);
        // Unnamed, so the enclosing component's metadata does not list it as a method.
        if let Some(p) = Arc::get_mut(&mut proto) {
            p.name = ArcStr::from("");
        }
        self.functions.push(proto);
        (self.functions.len() - 1) as u32
    }

    fn const_attrs(&mut self, attrs: &[ast::Attr]) -> Vec<(Key, Const)> {
        attrs_as_consts(attrs)
    }

    fn function_body(&mut self, decl: &'a FuncDecl) {
        // `var` and `local.x` names, for the dynamic-scope test and then the slots.
        let mut locals = Vec::new();
        scan::collect_locals(&decl.body, &mut locals);
        // A thread body's unscoped writes go to its local scope at run time (`store_name`).
        self.dynamic = self.thread_body || scan::needs_dynamic_scope(decl, &locals);
        for p in &decl.params {
            self.slots.push(Key::new(p.name.as_str()));
        }
        self.params = decl.params.len();
        self.output = decl.attrs.iter().find_map(|a| {
            if !a.name.eq_ignore_ascii_case("output") {
                return None;
            }
            match &a.value.kind {
                ExprKind::Bool(b) => Some(*b),
                ExprKind::Str(s) => match s.to_ascii_lowercase().as_str() {
                    "true" | "yes" => Some(true),
                    "false" | "no" => Some(false),
                    _ => None,
                },
                _ => None,
            }
        });
        if self.output == Some(true) {
            self.output_depth += 1;
            self.implicit_output = true;
        }
        // Prologue: defaults for arguments that were not passed.
        for (i, p) in decl.params.iter().enumerate() {
            if let Some(d) = &p.default {
                let off = d.span.start;
                self.emit(Op::LoadSlotOrNull(i as u16), off);
                let skip = self.emit(Op::JumpIfNotNull(0), off);
                self.emit(Op::Pop, off);
                self.expr(d);
                self.emit(Op::StoreSlot(i as u16), off);
                self.patch(skip);
                self.emit(Op::Pop, off);
            }
        }
        if self.dynamic {
            self.emit(Op::BindArguments, decl.span.start);
        } else {
            // Pre-declare every `var` and `local.x` so that they resolve to slots.
            for n in &locals {
                self.declare_slot(n);
            }
        }
        self.hoist_functions(&decl.body);
        self.block(&decl.body);
        let end = decl.span.end.saturating_sub(1);
        self.emit(Op::Null, end);
        self.emit(Op::Return, end);
    }

    /// Named functions are defined before the body runs (CFML hoists them).
    fn hoist_functions(&mut self, body: &'a [Stmt]) {
        for s in body {
            match &s.kind {
                StmtKind::Function(decl) => {
                    let idx = self.sub_function(decl, false);
                    if decl.is_static && self.is_template {
                        // Static functions live in the component's static scope.
                        self.static_functions.push(idx);
                    } else {
                        self.emit(Op::DefineFunction(idx), s.span.start);
                    }
                }
                StmtKind::Tag {
                    name,
                    body: Some(b),
                    ..
                } if self.is_template
                    && (name.eq_ignore_ascii_case("component")
                        || name.eq_ignore_ascii_case("interface")) =>
                {
                    self.hoist_functions(b)
                }
                // A function written inside `<cfoutput>`, `<cfsilent>`, a block or a branch is
                // still the page's, defined before the page runs (Lucee).
                StmtKind::Output(b) | StmtKind::Silent { body: b, .. } | StmtKind::Block(b) => {
                    self.hoist_functions(b)
                }
                StmtKind::If { then, else_, .. } => {
                    self.hoist_functions(then);
                    if let Some(e) = else_ {
                        self.hoist_functions(e);
                    }
                }
                _ => {}
            }
        }
    }

    fn finish(mut self, attrs: Vec<(Key, Const)>, decl: Option<&FuncDecl>) -> FuncProto {
        let start = decl.map(|d| d.span.start).unwrap_or(0);
        let text = self.source.text.as_bytes();
        let same_line = |a: u32, b: u32| {
            let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
            text.get(lo..hi).is_some_and(|t| !t.contains(&b'\n'))
        };
        if self.fuse {
            peephole::optimize(&mut self.code, &mut self.positions, start, same_line);
            peephole::immediates(&mut self.code, &self.consts);
        }
        let params: Vec<ParamInfo> = decl
            .map(|d| {
                d.params
                    .iter()
                    .map(|p| ParamInfo {
                        name: Key::new(p.name.as_str()),
                        required: p.required,
                        type_name: p.type_name.as_deref().map(ArcStr::from),
                        has_default: p.default.is_some(),
                        default: p.default.as_ref().and_then(literal_const),
                        attrs: attrs_as_consts(&p.attrs),
                    })
                    .collect()
            })
            .unwrap_or_default();
        FuncProto {
            name: self.name,
            checks_args: params.iter().any(|p| p.required || p.type_name.is_some()),
            params,
            code: self.code,
            positions: self.positions,
            consts: self.consts,
            wants_called_name: self
                .names
                .iter()
                .any(|k| k.as_str().eq_ignore_ascii_case("getFunctionCalledName")),
            flushes: false,
            names: self.names,
            arg_names: self.arg_names,
            functions: self.functions,
            num_slots: self.slots.len() as u16,
            slot_names: self.slots,
            dynamic_scope: self.dynamic,
            output: self.output,
            is_closure: self.is_closure,
            thread_body: self.thread_body,
            access: decl.and_then(|d| d.access.as_deref().map(ArcStr::from)),
            return_type: decl.and_then(|d| d.return_type.as_deref().map(ArcStr::from)),
            attrs,
            source: self.source,
            offset: decl.map(|d| d.span.start).unwrap_or(0),
            component: None,
            imports: self.packages,
        }
    }

    /// Whether the source at `span` starts with a quote (a quoted struct key keeps its case).
    pub(crate) fn is_quoted(&self, span: Span) -> bool {
        matches!(
            self.source.text.as_bytes().get(span.start as usize),
            Some(b'"') | Some(b'\'')
        )
    }

    /// Whether the statement at `span` was written as a tag (`<cfswitch>` cases do not fall through).
    pub(crate) fn is_tag_syntax(&self, span: Span) -> bool {
        self.source.text.as_bytes().get(span.start as usize) == Some(&b'<')
    }
}

/// A literal attribute or default value as a constant (None for anything computed).
fn literal_const(e: &Expr) -> Option<Const> {
    Some(match &e.kind {
        ExprKind::Str(s) => Const::Str(ArcStr::from(s.as_str())),
        ExprKind::Num(n) => Const::Num(*n),
        ExprKind::Bool(b) => Const::Str(ArcStr::from(if *b { "true" } else { "false" })),
        _ => return None,
    })
}

/// Declared attributes with literal values (others are left out of metadata).
fn attrs_as_consts(attrs: &[ast::Attr]) -> Vec<(Key, Const)> {
    attrs
        .iter()
        .filter_map(|a| {
            // An unquoted word is the annotation's text (`hint=word`).
            let c = match &a.value.kind {
                ExprKind::Ident(s) => Const::Str(ArcStr::from(s.as_str())),
                _ => literal_const(&a.value)?,
            };
            Some((Key::new(a.name.as_str()), c))
        })
        .collect()
}
