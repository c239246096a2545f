//! The request-wide scopes (`url`, `form`, `cookie`, `cgi`, `request`, and the application and
//! session scopes the engine attaches), created lazily.

use crate::HttpRequest;
use rime_runtime::Struct;
use std::sync::Arc;

/// A request scope created when first used: most requests never touch most of `request`,
/// `url`, `form`, `cgi` and `cookie`, and an empty scope made and dropped per request cost more
/// than a small page. Reading through `Deref` creates it (empty); `peek` does not.
#[derive(Default)]
pub struct LazyScope(std::sync::OnceLock<Struct>);

impl LazyScope {
    /// A scope that already has its fields.
    pub fn of(s: Struct) -> LazyScope {
        LazyScope(std::sync::OnceLock::from(s))
    }

    /// The scope if anything created it.
    #[inline]
    pub fn peek(&self) -> Option<&Struct> {
        self.0.get()
    }
}

impl std::ops::Deref for LazyScope {
    type Target = Struct;
    #[inline]
    fn deref(&self) -> &Struct {
        self.0.get_or_init(Struct::new)
    }
}

/// Clones share the one scope (a `<cfthread>` sees the page's), so cloning creates it.
impl Clone for LazyScope {
    fn clone(&self) -> LazyScope {
        LazyScope::of((**self).clone())
    }
}

impl std::fmt::Debug for LazyScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.peek().fmt(f)
    }
}

/// The request-wide scopes.
#[derive(Clone, Debug, Default)]
pub struct RequestScopes {
    pub request: LazyScope,
    pub url: LazyScope,
    pub form: LazyScope,
    /// Filled when first read (`cgi::fill`).
    pub cgi: LazyScope,
    pub cookie: LazyScope,
    pub application: Option<Struct>,
    pub session: Option<Struct>,
    /// The client scope, when the application has `clientManagement` (`rime-engine`'s
    /// `client.rs`).
    pub client: Option<Struct>,
    /// The HTTP request behind these scopes (None outside the server).
    pub http: Option<Arc<HttpRequest>>,
}
