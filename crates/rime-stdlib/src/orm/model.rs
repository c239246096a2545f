//! The mapping of an application's persistent components to tables, built from their declared
//! metadata when the ORM is first used (and again after `ormReload()`), as Lucee's Hibernate
//! extension maps them: the entity name is the component's `entityName` or its file name, the
//! table its `table` or the entity name, a column its `column` or the property name.
//! Kept per application (name and settings) for the process.

use rime_runtime::{CfResult, CfmlError, ComponentMeta, Ctx, Key, Struct, Value};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The database a datasource talks to, for the SQL that differs (paging, generated keys,
/// column types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
    MySql,
}

/// A mapped property: a column (or the primary key).
#[derive(Clone, Debug)]
pub struct Column {
    pub name: String,
    pub column: String,
    /// `ormtype` (or a typed property's `type`), lower-case; "string" when neither says.
    pub ormtype: String,
    pub insert: bool,
    pub update: bool,
    /// A `formula` property: read as the SQL expression, never written.
    pub formula: Option<String>,
    pub length: Option<u32>,
    pub notnull: bool,
    /// `fieldtype="timestamp"` (set to now at each write) or `"version"` (0 at insert, one more
    /// at each update), as Hibernate's `<timestamp>` and `<version>`.
    pub auto: Option<Auto>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auto {
    Timestamp,
    Version,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelKind {
    ManyToOne,
    OneToOne,
    OneToMany,
    ManyToMany,
}

/// A relationship property.
#[derive(Clone, Debug)]
pub struct Relation {
    pub name: String,
    pub kind: RelKind,
    /// The target entity's name (from `cfc`, its last dotted segment or `entityName`).
    pub target: String,
    /// many-to-one: the column of this table; one-to-many: the column of the target's table;
    /// many-to-many: the link table's column pointing here.
    pub fkcolumn: String,
    /// many-to-many: the link table and its column pointing at the target.
    pub link_table: String,
    pub inverse_column: String,
    /// The other side owns the link (`inverse="true"`): nothing is written from this side.
    pub inverse: bool,
    pub cascade: String,
    /// A collection kept as a struct (`type="struct"`), keyed by `structKeyColumn`.
    pub struct_key: Option<String>,
    pub orderby: Option<String>,
    /// A collection read when first asked for (`lazy`, the default; `lazy="false"` reads it
    /// with its entity).
    pub lazy: bool,
}

impl Relation {
    pub fn to_many(&self) -> bool {
        matches!(self.kind, RelKind::OneToMany | RelKind::ManyToMany)
    }
    pub fn cascades(&self, what: &str) -> bool {
        self.cascade.split(',').any(|c| {
            let c = c.trim().to_ascii_lowercase();
            c == "all" || c == "all-delete-orphan" || c == what
        })
    }
}

/// One persistent component.
#[derive(Debug)]
pub struct Entity {
    pub name: String,
    /// The dotted name it is created by.
    pub component: String,
    /// Its `.cfc` file, how an instance is matched to its entity.
    pub path: String,
    pub table: String,
    pub datasource: Option<String>,
    pub id: Column,
    /// `assigned`, `increment`, `identity`, `native`, `sequence`, `uuid`, `guid`.
    pub generator: String,
    pub sequence: Option<String>,
    pub columns: Vec<Column>,
    pub relations: Vec<Relation>,
}

impl Entity {
    pub fn column(&self, prop: &str) -> Option<&Column> {
        std::iter::once(&self.id)
            .chain(&self.columns)
            .find(|c| c.name.eq_ignore_ascii_case(prop))
    }
    pub fn relation(&self, prop: &str) -> Option<&Relation> {
        self.relations
            .iter()
            .find(|r| r.name.eq_ignore_ascii_case(prop))
    }
    /// The database generates the key on insert.
    pub fn db_generated(&self) -> bool {
        matches!(self.generator.as_str(), "identity" | "native")
    }
    pub fn numeric_id(&self) -> bool {
        matches!(
            self.generator.as_str(),
            "identity" | "native" | "increment" | "sequence"
        ) || matches!(
            self.id.ormtype.as_str(),
            "int" | "integer" | "long" | "short" | "big_integer" | "numeric"
        )
    }
}

/// The ORM settings of an application (`this.ormSettings`), with Lucee's defaults.
#[derive(Debug, Clone)]
pub struct Settings {
    pub datasource: Option<String>,
    pub dbcreate: String,
    pub flush_at_request_end: bool,
    /// The session follows `<cftransaction>`: flushed at a commit, cleared at a rollback.
    pub auto_manage_session: bool,
    pub event_handling: bool,
    pub event_handler: Option<String>,
    pub locations: Vec<String>,
}

/// An application's mapping.
#[derive(Debug)]
pub struct Model {
    pub settings: Settings,
    pub entities: Vec<Arc<Entity>>,
    pub dialect: Dialect,
    /// The global event handler's instance, made on first use.
    pub handler: parking_lot::Mutex<Option<Value>>,
}

impl Model {
    pub fn entity(&self, name: &str) -> CfResult<&Arc<Entity>> {
        let name = name.trim();
        // A dotted component name finds its entity too.
        let short = name.rsplit('.').next().unwrap_or(name);
        self.entities
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
            .or_else(|| {
                self.entities.iter().find(|e| {
                    e.component.eq_ignore_ascii_case(name) || e.name.eq_ignore_ascii_case(short)
                })
            })
            .ok_or_else(|| {
                let names: Vec<&str> = self.entities.iter().map(|e| e.name.as_str()).collect();
                CfmlError::new(
                    "orm",
                    format!(
                        "No entity (persistent component) with name [{name}] found, available entities are [{}]",
                        names.join(", ")
                    ),
                )
            })
    }
    /// The entity of a component instance.
    pub fn entity_of(&self, obj: &Struct) -> CfResult<&Arc<Entity>> {
        let meta = obj
            .component()
            .ok_or_else(|| CfmlError::new("orm", "the value is not a component instance"))?;
        self.entities
            .iter()
            .find(|e| e.path == meta.path.as_str())
            .ok_or_else(|| {
                CfmlError::new(
                    "orm",
                    format!(
                        "the component [{}] is not a persistent entity",
                        meta.fullname
                    ),
                )
            })
    }
}

type Models = parking_lot::Mutex<HashMap<String, Arc<Model>>>;

fn models() -> &'static Models {
    static MODELS: OnceLock<Models> = OnceLock::new();
    MODELS.get_or_init(Default::default)
}

/// The application's settings struct, the model's cache key and the ORM settings.
fn app_settings(ctx: &mut dyn Ctx) -> CfResult<(Struct, String)> {
    let settings = ctx
        .application_settings()
        .ok_or_else(|| CfmlError::new("orm", "ORM is not enabled for this application"))?;
    let enabled = settings
        .get("ormEnabled")
        .and_then(|v| v.to_bool().ok())
        .unwrap_or(false);
    let name = settings.get_text("name")?.unwrap_or_default();
    if !enabled {
        return Err(CfmlError::new(
            "orm",
            format!("ORM is not enabled for the application [{name}]"),
        ));
    }
    let orm = settings.get("ormSettings").unwrap_or_default();
    let json = settings_text(&orm);
    let ds = settings
        .get_text("datasource")
        .ok()
        .flatten()
        .unwrap_or_default();
    Ok((settings, format!("{name}\u{0}{ds}\u{0}{json}")))
}

/// The settings as text, for the cache key (another application's settings map again).
fn settings_text(v: &Value) -> String {
    match v {
        Value::Struct(s) => {
            let mut parts: Vec<String> = s
                .entries()
                .iter()
                .map(|(k, v)| format!("{}={}", k.as_str().to_ascii_lowercase(), settings_text(v)))
                .collect();
            parts.sort();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(a) => {
            let parts: Vec<String> = a.to_vec().iter().map(settings_text).collect();
            format!("[{}]", parts.join(","))
        }
        v => v.to_str().map(|s| s.into_owned()).unwrap_or_default(),
    }
}

/// The application's model, built on first use.
pub fn model(ctx: &mut dyn Ctx) -> CfResult<Arc<Model>> {
    // The request remembers its mapping's key: the settings are read once per request.
    let sess = ctx.orm_session();
    let known = sess.as_ref().and_then(|s| s.lock().model_key.clone());
    if let Some(m) = known.and_then(|k| models().lock().get(&k).cloned()) {
        return Ok(m);
    }
    let (settings, key) = app_settings(ctx)?;
    if let Some(s) = &sess {
        s.lock().model_key = Some(key.clone());
    }
    if let Some(m) = models().lock().get(&key) {
        return Ok(m.clone());
    }
    // One build at a time: two first requests must not both run `dbcreate` (a second
    // `dropcreate` would drop what the first request wrote). Building compiles components
    // and runs DDL only, never ORM calls, so nothing waits on itself here.
    static BUILDING: parking_lot::Mutex<()> = parking_lot::Mutex::new(());
    let mut building = None;
    ctx.blocking(&mut || building = Some(BUILDING.lock()));
    if let Some(m) = models().lock().get(&key) {
        return Ok(m.clone());
    }
    let m = Arc::new(build(ctx, &settings)?);
    models().lock().insert(key, m.clone());
    drop(building);
    Ok(m)
}

/// `ormReload()`: forget the application's model; the next ORM call maps it again (and runs
/// `dbcreate`).
pub fn reload(ctx: &mut dyn Ctx) -> CfResult<Arc<Model>> {
    let (_, key) = app_settings(ctx)?;
    models().lock().remove(&key);
    model(ctx)
}

fn flag(s: &Struct, name: &str, default: bool) -> bool {
    s.get(name)
        .filter(|v| !v.is_null())
        .and_then(|v| v.to_bool().ok())
        .unwrap_or(default)
}

fn text(s: &Struct, name: &str) -> Option<String> {
    s.get(name)
        .filter(|v| v.is_simple())
        .and_then(|v| v.to_str().ok().map(|t| t.trim().to_string()))
        .filter(|t| !t.is_empty())
}

fn build(ctx: &mut dyn Ctx, app: &Struct) -> CfResult<Model> {
    let orm = match app.get("ormSettings") {
        Some(Value::Struct(s)) => s,
        _ => Struct::new(),
    };
    let mut locations = Vec::new();
    for key in ["cfclocation", "entityPaths"] {
        match orm.get(key) {
            Some(Value::Array(a)) => {
                for v in a.to_vec() {
                    locations.push(v.to_str()?.trim().to_string());
                }
            }
            Some(v) if v.is_simple() => {
                for part in v.to_str()?.split(',') {
                    if !part.trim().is_empty() {
                        locations.push(part.trim().to_string());
                    }
                }
            }
            _ => {}
        }
        if !locations.is_empty() {
            break;
        }
    }
    let settings = Settings {
        datasource: text(&orm, "datasource").or_else(|| text(app, "datasource")),
        dbcreate: text(&orm, "dbcreate")
            .unwrap_or_else(|| "none".into())
            .to_ascii_lowercase(),
        flush_at_request_end: flag(&orm, "flushAtRequestEnd", true),
        auto_manage_session: flag(&orm, "autoManageSession", true),
        event_handling: flag(&orm, "eventHandling", false),
        event_handler: text(&orm, "eventHandler"),
        locations,
    };
    let skip_errors = flag(&orm, "skipCFCWithError", false);
    let mut entities = Vec::new();
    let roots: Vec<String> = if settings.locations.is_empty() {
        // Lucee's default: the application's own folder and below.
        vec![String::new()]
    } else {
        settings.locations.clone()
    };
    // Relative locations are the application's: beside its Application.cfc.
    let app_dir = ctx
        .application_path()
        .and_then(|p| p.parent().map(|d| d.to_path_buf()));
    for loc in &roots {
        let dir = match &app_dir {
            Some(d) if !loc.starts_with('/') && !loc.starts_with('\\') => d.join(loc),
            _ if loc.is_empty() => std::path::PathBuf::from(ctx.expand_path("./")),
            _ => std::path::PathBuf::from(ctx.expand_path(loc)),
        };
        let prefix = dotted_prefix(ctx, loc, &dir);
        let mut files = Vec::new();
        cfc_files(&dir, "", &mut files);
        files.sort();
        for (rel, file) in files {
            // Only a component that says `persistent` can be one; the others (event
            // handlers, services) are not loaded at all.
            let mentions = std::fs::read(&file)
                .map(|b| {
                    String::from_utf8_lossy(&b)
                        .to_ascii_lowercase()
                        .contains("persistent")
                })
                .unwrap_or(false);
            if !mentions {
                continue;
            }
            let dotted = if prefix.is_empty() {
                rel.clone()
            } else {
                format!("{prefix}.{rel}")
            };
            let meta = match ctx.component_metadata(&dotted) {
                Ok(m) => m,
                Err(_) if skip_errors => continue,
                Err(e) => return Err(e),
            };
            if attr_flag(&meta, "persistent") {
                entities.push(entity(&dotted, &meta)?);
            }
        }
    }
    // The event handler's name is the application's too.
    let mut settings = settings;
    if let (Some(h), Some(d)) = (&settings.event_handler, &app_dir) {
        let file = d.join(format!("{}.cfc", h.replace('.', "/")));
        if file.is_file() {
            let dir = file.parent().unwrap_or(d).to_path_buf();
            let prefix = dotted_prefix(ctx, "", &dir);
            let stem = h.rsplit('.').next().unwrap_or(h);
            settings.event_handler = Some(if prefix.is_empty() {
                stem.to_string()
            } else {
                format!("{prefix}.{stem}")
            });
        }
    }
    let dialect = dialect(ctx, settings.datasource.as_deref());
    let model = Model {
        settings,
        entities: entities.into_iter().map(Arc::new).collect(),
        dialect,
        handler: parking_lot::Mutex::new(None),
    };
    super::schema::create(ctx, &model)?;
    Ok(model)
}

/// The dotted package of the components under `loc`: a `/`-rooted location (a mapping or
/// the web root) names it, a relative one is taken from the web root.
fn dotted_prefix(ctx: &mut dyn Ctx, loc: &str, dir: &std::path::Path) -> String {
    let dots = |s: &str| {
        s.trim_matches(|c| c == '/' || c == '\\')
            .replace(['/', '\\'], ".")
    };
    if loc.starts_with('/') || loc.starts_with('\\') {
        return dots(loc);
    }
    let root = std::path::PathBuf::from(ctx.expand_path("/"));
    match dir.strip_prefix(&root) {
        Ok(rel) => dots(&rel.to_string_lossy()),
        Err(_) => dots(loc),
    }
}

/// The `.cfc` files under `dir`, as dotted names relative to it, with their paths.
fn cfc_files(dir: &std::path::Path, prefix: &str, out: &mut Vec<(String, std::path::PathBuf)>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    for e in read.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        if path.is_dir() {
            if !name.starts_with('.') && out.len() < 100_000 {
                cfc_files(&path, &format!("{prefix}{name}."), out);
            }
        } else if let Some(stem) = name
            .strip_suffix(".cfc")
            .filter(|s| !s.eq_ignore_ascii_case("Application"))
        {
            out.push((format!("{prefix}{stem}"), path.clone()));
        }
    }
}

fn attr_text(attrs: &[(Key, Value)], name: &str) -> Option<String> {
    rime_runtime::component::attr_in(attrs, name)
        .and_then(|v| v.to_str().ok().map(|s| s.trim().to_string()))
        .filter(|s| !s.is_empty())
}

fn attr_bool(attrs: &[(Key, Value)], name: &str, default: bool) -> bool {
    rime_runtime::component::attr_in(attrs, name)
        .and_then(|v| v.to_bool().ok())
        .unwrap_or(default)
}

fn attr_flag(meta: &ComponentMeta, name: &str) -> bool {
    attr_bool(&meta.attrs, name, false)
}

/// The entity a persistent component maps to.
fn entity(dotted: &str, meta: &ComponentMeta) -> CfResult<Entity> {
    let name = attr_text(&meta.attrs, "entityName").unwrap_or_else(|| meta.name.to_string());
    let table = attr_text(&meta.attrs, "table").unwrap_or_else(|| name.clone());
    // Properties of mapped superclasses come first, as they are inherited.
    let levels: Vec<&ComponentMeta> = meta
        .chain()
        .enumerate()
        .filter(|(i, p)| *i == 0 || attr_flag(p, "mappedSuperClass") || attr_flag(p, "persistent"))
        .map(|(_, p)| p)
        .collect();
    let mut id = None;
    let mut generator = "assigned".to_string();
    let mut sequence = None;
    let mut columns: Vec<Column> = Vec::new();
    let mut relations: Vec<Relation> = Vec::new();
    for level in levels.iter().rev() {
        for p in &level.properties {
            let Some(pname) = attr_text(p, "name") else {
                continue;
            };
            if !attr_bool(p, "persistent", true) {
                continue;
            }
            let fieldtype = attr_text(p, "fieldtype")
                .unwrap_or_else(|| "column".into())
                .to_ascii_lowercase();
            let kind = match fieldtype.as_str() {
                "many-to-one" => Some(RelKind::ManyToOne),
                "one-to-one" => Some(RelKind::OneToOne),
                "one-to-many" => Some(RelKind::OneToMany),
                "many-to-many" => Some(RelKind::ManyToMany),
                _ => None,
            };
            columns.retain(|c| !c.name.eq_ignore_ascii_case(&pname));
            relations.retain(|r| !r.name.eq_ignore_ascii_case(&pname));
            if let Some(kind) = kind {
                let target = attr_text(p, "cfc")
                    .or_else(|| attr_text(p, "entityName"))
                    .map(|c| c.rsplit('.').next().unwrap_or(&c).to_string())
                    .unwrap_or_else(|| pname.clone());
                let fkcolumn = attr_text(p, "fkcolumn").unwrap_or_else(|| match kind {
                    RelKind::ManyToOne | RelKind::OneToOne => pname.clone(),
                    _ => format!("{name}_id"),
                });
                let is_struct =
                    attr_text(p, "type").is_some_and(|t| t.eq_ignore_ascii_case("struct"));
                relations.push(Relation {
                    kind,
                    target,
                    fkcolumn,
                    link_table: attr_text(p, "linktable").unwrap_or_default(),
                    inverse_column: attr_text(p, "inversejoincolumn").unwrap_or_default(),
                    inverse: attr_bool(p, "inverse", false),
                    cascade: attr_text(p, "cascade").unwrap_or_default(),
                    struct_key: if is_struct {
                        attr_text(p, "structKeyColumn")
                    } else {
                        None
                    },
                    orderby: attr_text(p, "orderby"),
                    lazy: !attr_text(p, "lazy").is_some_and(|l| l.eq_ignore_ascii_case("false")),
                    name: pname,
                });
                continue;
            }
            let implied = match fieldtype.as_str() {
                "timestamp" => Some("timestamp".to_string()),
                "version" => Some("integer".to_string()),
                _ => None,
            };
            let ormtype = attr_text(p, "ormtype")
                .or(implied)
                .or_else(|| {
                    attr_text(p, "type").filter(|t| {
                        !matches!(
                            t.to_ascii_lowercase().as_str(),
                            "any" | "string" | "array" | "struct"
                        )
                    })
                })
                .unwrap_or_else(|| "string".into())
                .to_ascii_lowercase();
            let col = Column {
                column: attr_text(p, "column").unwrap_or_else(|| pname.clone()),
                ormtype,
                insert: attr_bool(p, "insert", true),
                update: attr_bool(p, "update", true),
                formula: attr_text(p, "formula"),
                length: attr_text(p, "length").and_then(|l| l.parse().ok()),
                notnull: attr_bool(p, "notnull", false),
                auto: match fieldtype.as_str() {
                    "timestamp" => Some(Auto::Timestamp),
                    "version" => Some(Auto::Version),
                    _ => None,
                },
                name: pname,
            };
            if fieldtype == "id" {
                generator = attr_text(p, "generator")
                    .unwrap_or_else(|| "assigned".into())
                    .to_ascii_lowercase();
                sequence = attr_text(p, "sequence").or_else(|| attr_text(p, "params"));
                id = Some(col);
            } else if matches!(fieldtype.as_str(), "column" | "timestamp" | "version") {
                columns.push(col);
            }
        }
    }
    let id = match id {
        Some(id) => id,
        // Without an `id` property, one named `id` is the key (as Lucee maps it).
        None => match columns.iter().position(|c| c.name.eq_ignore_ascii_case("id")) {
            Some(i) => columns.remove(i),
            None => {
                return Err(CfmlError::new(
                    "orm",
                    format!("the persistent component [{dotted}] has no primary key (a property with fieldtype=\"id\")"),
                ))
            }
        },
    };
    Ok(Entity {
        name,
        component: dotted.to_string(),
        path: meta.path.to_string(),
        table,
        datasource: attr_text(&meta.attrs, "datasource"),
        id,
        generator,
        sequence,
        columns,
        relations,
    })
}

/// Which database the datasource is, asked of the database itself.
fn dialect(ctx: &mut dyn Ctx, ds: Option<&str>) -> Dialect {
    if ctx
        .execute_sql("select sqlite_version()", Value::Null, ds)
        .is_ok()
    {
        return Dialect::Sqlite;
    }
    match ctx.execute_sql("select version()", Value::Null, ds) {
        Ok((Value::Query(q), _)) => {
            let v = q
                .read()
                .get(0, 1)
                .and_then(|v| v.to_str().ok().map(|s| s.to_ascii_lowercase()))
                .unwrap_or_default();
            if v.contains("postgres") {
                Dialect::Postgres
            } else {
                Dialect::MySql
            }
        }
        _ => Dialect::MySql,
    }
}
