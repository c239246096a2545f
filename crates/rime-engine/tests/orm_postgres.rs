//! The ORM against a real PostgreSQL server (started as `rime-db`'s PostgreSQL test starts one;
//! skipped with a message when PostgreSQL is not installed, which `.ci/run` installs):
//! `dbcreate="dropcreate"` on PostgreSQL's types, keys from `SERIAL` (`native`), `uuid` and
//! `increment`, a many-to-one, a many-to-many through its link table, booleans and dates
//! written and read back, HQL with a join and named parameters, and a cascading delete.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../rime-db/tests/common/pg.rs"]
mod pg;

use rime_engine::Engine;

const AUTHOR: &str = r#"component persistent="true" table="authors" {
    property name="id" fieldtype="id" generator="native";
    property name="name";
    property name="active" ormtype="boolean";
    property name="born" ormtype="date";
    property name="books" fieldtype="one-to-many" cfc="Book" fkcolumn="author_id" inverse="true" cascade="all-delete-orphan" singularname="book";
}"#;

const BOOK: &str = r#"component persistent="true" table="books" {
    property name="id" fieldtype="id" generator="uuid";
    property name="title";
    property name="pages" ormtype="integer";
    property name="author" fieldtype="many-to-one" cfc="Author" fkcolumn="author_id";
    property name="tags" fieldtype="many-to-many" cfc="Tag" linktable="book_tags" fkcolumn="book_id" inversejoincolumn="tag_id" singularname="tag";
}"#;

const TAG: &str = r#"component persistent="true" table="tags" {
    property name="id" fieldtype="id" generator="increment";
    property name="label";
}"#;

const PAGE: &str = r#"<cfscript>
ormReload();
a = entityNew("Author", {name: "Ursula", active: true, born: createDate(1929, 10, 21)});
entitySave(a);
t1 = entityNew("Tag", {label: "sf"});
t2 = entityNew("Tag", {label: "classic"});
entitySave(t1);
entitySave(t2);
b = entityNew("Book", {title: "The Dispossessed", pages: 387});
b.setAuthor(a);
b.addTag(t1);
b.addTag(t2);
a.addBook(b);
entitySave(b);
ormFlush();
writeOutput("ids:" & (a.getId() > 0) & ":" & len(b.getId()) & ":" & t2.getId() & " ");
ormClearSession();
x = entityLoadByPK("Author", a.getId());
writeOutput("author:" & x.getName() & ":" & x.getActive() & ":" & year(x.getBorn()) & " ");
bk = x.getBooks()[1];
writeOutput("book:" & bk.getTitle() & ":" & bk.getPages() & ":" & arrayLen(bk.getTags()) & " ");
r = ormExecuteQuery("select b.title, a.name from Book b join b.author a where a.name = :n and b.pages > :p", {n: "Ursula", p: 100});
writeOutput("hql:" & r[1][1] & "/" & r[1][2] & " ");
bk.removeTag(bk.getTags()[1]);
ormFlush();
writeOutput("links:" & queryExecute("select count(*) as n from book_tags", {}, {datasource: "pg"}).n & " ");
entityDelete(x);
ormFlush();
writeOutput("left:" & queryExecute("select count(*) as n from books", {}, {datasource: "pg"}).n & ":" & arrayLen(entityLoad("Author")));
</cfscript>"#;

#[test]
fn the_orm_on_postgresql() {
    let server = match pg::start_server() {
        Ok(s) => s,
        Err(why) => {
            eprintln!("skipping the ORM PostgreSQL test: {why}");
            return;
        }
    };
    let dir = std::env::temp_dir().join(format!("rime-orm-pg-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("models")).unwrap();
    std::fs::write(
        dir.join("Application.cfc"),
        format!(
            "component {{ this.name = 'ormPgTest'; this.datasources.pg = {{ type: 'postgresql', \
             host: '127.0.0.1', port: {}, database: 'postgres', username: 'postgres' }}; \
             this.datasource = 'pg'; this.ormEnabled = true; \
             this.ormSettings = {{ cfclocation: 'models', dbcreate: 'dropcreate' }}; }}",
            server.port
        ),
    )
    .unwrap();
    std::fs::write(dir.join("models/Author.cfc"), AUTHOR).unwrap();
    std::fs::write(dir.join("models/Book.cfc"), BOOK).unwrap();
    std::fs::write(dir.join("models/Tag.cfc"), TAG).unwrap();
    std::fs::write(dir.join("page.cfm"), PAGE).unwrap();
    let engine = Engine::new(dir.clone());
    let r = engine.run_file(&dir.join("page.cfm"));
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(e) = &r.error {
        panic!("{}: {}\n{}", e.message, e.detail, r.output);
    }
    let out: Vec<&str> = r.output.split_whitespace().collect();
    assert_eq!(
        out,
        [
            "ids:true:32:2",
            "author:Ursula:true:1929",
            "book:The",
            "Dispossessed:387:2",
            "hql:The",
            "Dispossessed/Ursula",
            "links:1",
            "left:0:0"
        ]
    );
}
