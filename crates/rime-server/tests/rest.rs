//! REST components end to end: a real server on an ephemeral port with REST mappings over
//! `tests/webroot-rest`, driven by the raw-socket HTTP client of `client/`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod client;

use client::{assert_status, get, get_with, request, start_server, webroot, Resp};
use rime_server::rest::RestMapping;
use rime_server::{Config, Handle};
use std::net::SocketAddr;

fn server_with(root: &std::path::Path, tweak: impl FnOnce(&mut Config)) -> (Handle, SocketAddr) {
    start_server(root, |c| {
        c.rest_mappings = vec![
            RestMapping::new("api", "api", false),
            RestMapping::new("tools", "tools", true),
        ];
        tweak(c);
    })
}

fn server() -> (Handle, SocketAddr) {
    server_with(&webroot("webroot-rest"), |_| {})
}

fn is_json(r: &Resp) -> bool {
    r.header("content-type")
        .is_some_and(|t| t.starts_with("application/json"))
}

#[test]
fn get_with_path_and_query_arguments() {
    let (_h, addr) = server();
    let r = get(addr, "/rest/api/users");
    assert_status(&r, 200, "list");
    assert!(is_json(&r), "{:?}", r.headers);
    assert_eq!(r.text(), r#"["Ann","Bob"]"#);
    // onRequestStart ran, with the component's path.
    assert_eq!(r.header("x-request-start"), Some("/api/Users.cfc"));

    let r = get(addr, "/rest/api/users?q=bo");
    assert_eq!(r.text(), r#"["Bob"]"#);

    let r = get(addr, "/rest/api/users/2");
    assert_status(&r, 200, "one user");
    // Path variables are strings (Rime does not cast `numeric` arguments).
    assert_eq!(r.text(), r#"{"id":"2","name":"Bob"}"#);
    // `.json` asks for JSON and is not part of the path.
    assert_eq!(
        get(addr, "/rest/api/users/1.json").text(),
        r#"{"id":"1","name":"Ann"}"#
    );
    // A literal segment wins over `{id}` whatever the declaration order.
    assert_eq!(
        get(addr, "/rest/api/users/me").text(),
        r#"{"id":0,"name":"me"}"#
    );
    // Variables inside a segment.
    assert_eq!(
        get(addr, "/rest/api/users/files/notes.txt").text(),
        "file notes"
    );
}

#[test]
fn typed_path_parameter_must_match_its_regex() {
    let (_h, addr) = server();
    let r = get(addr, "/rest/api/users/12x");
    assert_status(&r, 404, "id not numeric");
    assert!(r.text().contains("no rest service"), "{}", r.text());
    assert!(r
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/plain")));
}

#[test]
fn post_put_and_delete_with_json_bodies() {
    let (_h, addr) = server();
    let json = [("Content-Type", "application/json")];
    let r = request(
        addr,
        "POST",
        "/rest/api/users",
        &json,
        br#"{"name": "Cy", "tags": [1, 2]}"#,
    );
    assert_status(&r, 201, "create");
    assert_eq!(r.header("location"), Some("/rest/api/users/9"));
    assert_eq!(r.text(), r#"{"id":"9","name":"Cy"}"#);
    assert_eq!(
        get(addr, "/rest/api/users/9").text(),
        r#"{"id":"9","name":"Cy"}"#
    );

    // An argument without restArgSource gets the body (Lucee).
    let r = request(
        addr,
        "PUT",
        "/rest/api/users/9",
        &json,
        br#"{"name": "Cyd"}"#,
    );
    assert_status(&r, 200, "update");
    assert_eq!(r.text(), r#"{"id":"9","name":"Cyd","updated":true}"#);

    let r = request(addr, "DELETE", "/rest/api/users/9", &[], b"");
    assert_status(&r, 204, "delete");
    assert_status(&get(addr, "/rest/api/users/9"), 404, "deleted user");

    // `consumes="application/json"`: another body type is refused.
    let r = request(
        addr,
        "POST",
        "/rest/api/users",
        &[("Content-Type", "text/plain")],
        b"name=x",
    );
    assert_status(&r, 415, "wrong content type");

    // A simple-typed argument gets the body as text.
    let r = request(addr, "POST", "/rest/api/users/raw", &json, br#"{"a":1}"#);
    assert_eq!(r.text(), r#"raw={"a":1}"#);
}

#[test]
fn header_cookie_form_and_matrix_arguments() {
    let (_h, addr) = server();
    let r = get_with(
        addr,
        "/rest/api/users/token",
        &[("X-Token", "abc"), ("Cookie", "who=ann")],
    );
    assert_status(&r, 200, "token");
    assert_eq!(r.text(), "token=abc who=ann");
    assert!(r
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/plain")));
    // A required argument that is absent is the method's error.
    assert_status(&get(addr, "/rest/api/users/token"), 500, "no token");

    let r = request(
        addr,
        "POST",
        "/rest/api/users/signup",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        b"email=a%40b.c",
    );
    assert_eq!(r.text(), "signed up a@b.c");

    assert_eq!(
        get(addr, "/rest/api/users/paint;color=red;size=XL").text(),
        "color=red size=XL"
    );
    assert_eq!(
        get(addr, "/rest/api/users/paint").text(),
        "color=none size="
    );
}

#[test]
fn not_found_and_method_not_allowed() {
    let (_h, addr) = server();
    for path in [
        "/rest/api/nothing",
        "/rest/api/NotRest",
        "/rest/api/users/hidden",
        "/rest/api/users/helper",
    ] {
        let r = get(addr, path);
        assert_status(&r, 404, path);
        assert!(
            r.text().starts_with("no rest service for ["),
            "{}",
            r.text()
        );
    }
    let r = request(addr, "PATCH", "/rest/api/users/1", &[], b"");
    assert_status(&r, 405, "PATCH");
    assert_eq!(r.header("allow"), Some("DELETE, GET, HEAD, OPTIONS, PUT"));
    let r = request(addr, "OPTIONS", "/rest/api/users/1", &[], b"");
    assert_status(&r, 204, "OPTIONS");
    assert_eq!(r.header("allow"), Some("DELETE, GET, HEAD, OPTIONS, PUT"));
    // HEAD runs the GET function and sends no body.
    let r = request(addr, "HEAD", "/rest/api/users/1", &[], b"");
    assert_status(&r, 200, "HEAD");
    assert!(r.body.is_empty());
    // `produces="text/plain"` and a client that wants only JSON.
    let r = get_with(
        addr,
        "/rest/api/users/token",
        &[("X-Token", "t"), ("Accept", "application/json")],
    );
    assert_status(&r, 406, "not acceptable");
    // A prefix without such a mapping is an ordinary URL; `/rest/<path>` with a default
    // mapping goes to it.
    assert_status(&get(addr, "/rest/other/x"), 404, "no mapping");
    assert_eq!(get(addr, "/rest/ping").text(), "pong");
    assert_eq!(get(addr, "/rest/tools/ping").text(), "pong");
    // Component source is never served, REST or not.
    let r = get(addr, "/api/Users.cfc");
    assert!(!r.text().contains("restPath"), "{}", r.text());
}

#[test]
fn rest_set_response_status_headers_and_content() {
    let (_h, addr) = server();
    let r = get(addr, "/rest/api/users/custom");
    assert_status(&r, 202, "custom");
    assert_eq!(r.header("x-custom"), Some("yes"));
    assert_eq!(r.header("content-type"), Some("text/plain; charset=UTF-8"));
    assert_eq!(r.text(), "custom body");
    let r = get(addr, "/rest/api/users/77");
    assert_status(&r, 404, "missing user");
    assert_eq!(r.text(), "no user 77");
}

#[test]
fn on_request_start_can_refuse() {
    let (_h, addr) = server();
    let r = get(addr, "/rest/api/users?deny=1");
    assert_status(&r, 401, "denied");
    assert_eq!(r.text(), "denied");
}

#[test]
fn errors_are_500_with_details_only_in_development() {
    let (_h, addr) = server();
    let r = get(addr, "/rest/api/users/boom");
    assert_status(&r, 500, "boom");
    assert!(r.text().contains("it went wrong"), "{}", r.text());
    assert!(r
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/plain")));

    let (_h, addr) = server_with(&webroot("webroot-rest"), |c| c.production = true);
    let r = get(addr, "/rest/api/users/boom");
    assert_status(&r, 500, "boom in production");
    assert_eq!(r.text(), "Internal Server Error");
    // Routing still works in production (resources scanned once).
    assert_eq!(
        get(addr, "/rest/api/users/1").text(),
        r#"{"id":"1","name":"Ann"}"#
    );
}

#[test]
fn new_components_are_found_in_development() {
    let root = client::temp_dir("rest-dev");
    std::fs::create_dir_all(root.join("svc")).unwrap();
    let component = |name: &str, path: &str, answer: &str| {
        std::fs::write(
            root.join("svc").join(format!("{name}.cfc")),
            format!(
                "component rest=\"true\" restPath=\"{path}\" {{ remote function hi() httpMethod=\"GET\" produces=\"text/plain\" {{ return \"{answer}\"; }} }}"
            ),
        )
        .unwrap();
    };
    component("One", "one", "first");
    let (_h, addr) = server_with(&root, |c| {
        c.rest_mappings = vec![RestMapping::new("svc", "svc", false)];
    });
    assert_eq!(get(addr, "/rest/svc/one").text(), "first");
    assert_status(&get(addr, "/rest/svc/two"), 404, "not yet");
    component("Two", "two", "second");
    assert_eq!(get(addr, "/rest/svc/two").text(), "second");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn cfconfig_rest_mappings_and_rest_settings() {
    let root = client::temp_dir("rest-cfconfig");
    std::fs::create_dir_all(root.join("services")).unwrap();
    std::fs::create_dir_all(root.join("more")).unwrap();
    std::fs::write(
        root.join(".cfconfig.json"),
        r#"{"restMappings": {"/svc": {"physical": "services"}}}"#,
    )
    .unwrap();
    // restSettings.cfcLocation: the folders scanned instead of the mapping's; a component that
    // does not compile is skipped with skipCFCWithError.
    std::fs::write(
        root.join("services/Application.cfc"),
        r#"component { this.name = "svc"; this.restSettings = { cfcLocation: "../more", skipCFCWithError: true }; }"#,
    )
    .unwrap();
    std::fs::write(
        root.join("more/Hello.cfc"),
        r#"component rest="true" { remote function hi() httpMethod="GET" { return getApplicationSettings().name; } }"#,
    )
    .unwrap();
    std::fs::write(
        root.join("more/Broken.cfc"),
        "component rest=\"true\" { x = ; }",
    )
    .unwrap();
    let settings =
        rime_engine::cfconfig::load(&root.join(".cfconfig.json"), &|n| std::env::var(n).ok())
            .unwrap();
    let (_h, addr) = server_with(&root, move |c| {
        c.rest_mappings.clear();
        c.settings = settings;
    });
    let r = get(addr, "/rest/svc/Hello");
    assert_status(&r, 200, "hello");
    assert_eq!(r.text(), r#""svc""#);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn rest_init_application_registers_a_mapping() {
    let (_h, addr) = server_with(&webroot("webroot-rest"), |c| c.rest_mappings.clear());
    assert_status(&get(addr, "/rest/dyn/ping"), 404, "before");
    assert_eq!(get(addr, "/restinit.cfm?action=init").text().trim(), "ok");
    assert_eq!(get(addr, "/rest/dyn/ping").text(), "pong");
    assert_eq!(get(addr, "/restinit.cfm?action=delete").text().trim(), "ok");
    assert_status(&get(addr, "/rest/dyn/ping"), 404, "after");
}
