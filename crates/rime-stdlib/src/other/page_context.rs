//! `getPageContext()`: the parts of Lucee's `PageContext` (a Java object) that frameworks call —
//! the servlet response (status, headers, content type), the request (URI, method, headers) and
//! the output writer. Each is a native object acting on the running request through `Ctx`.
//! Also `location()`, the script form of `<cflocation>`.

use rime_runtime::{CfResult, CfmlError, Ctx, Native, NativeObject, Value};

pub(crate) fn get_page_context(_: &mut dyn Ctx, _: &rime_runtime::Args) -> CfResult<Value> {
    Ok(Value::Native(Native::new(PageContext)))
}

fn no_method(class: &str, name: &str) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "No matching Method for [{class}.{name}()] found (Rime's page context has the response, request and output methods frameworks use)"
    ))
}

fn text_arg(args: &[Value], i: usize, class: &str, name: &str) -> CfResult<String> {
    match args.get(i) {
        Some(v) => Ok(v.to_str()?.into_owned()),
        None => Err(CfmlError::expression(format!(
            "[{class}.{name}()] takes at least {} argument(s)",
            i + 1
        ))),
    }
}

#[derive(Debug)]
struct PageContext;

impl NativeObject for PageContext {
    fn class_name(&self) -> &str {
        "lucee.runtime.PageContextImpl"
    }
    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "getresponse" => Value::Native(Native::new(Response)),
            "getrequest" => Value::Native(Native::new(Request)),
            "getout" => Value::Native(Native::new(Writer)),
            "gettemplatepath" => Value::from(ctx.base_template()),
            "getapplicationcontext" => Value::Native(Native::new(AppContext(app_name(ctx)))),
            // Lucee code binds a background thread to the application that made the task;
            // Rime runs background tasks in that application already, so only another
            // application would be a change, which Rime can't make.
            "setapplicationcontext" => {
                let wanted = match args.first() {
                    Some(Value::Native(n)) if n.get().class_name() == APP_CONTEXT => {
                        n.get().to_text().unwrap_or_default()
                    }
                    _ => {
                        return Err(CfmlError::expression(
                            "setApplicationContext takes what getApplicationContext() returned",
                        ))
                    }
                };
                let current = app_name(ctx);
                if !wanted.eq_ignore_ascii_case(&current) {
                    return Err(CfmlError::application(format!(
                        "this thread runs in the application [{current}]; Rime can't move it to [{wanted}]"
                    )));
                }
                Value::Null
            }
            _ => return Err(no_method(self.class_name(), name)),
        })
    }
}

const APP_CONTEXT: &str = "lucee.runtime.listener.ModernApplicationContext";

/// The running application's name ("" outside any).
fn app_name(ctx: &mut dyn Ctx) -> String {
    ctx.application_settings()
        .and_then(|s| s.get("name"))
        .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
        .unwrap_or_default()
}

/// `getPageContext().getApplicationContext()`: the application a request (or a background task
/// it started) runs in.
#[derive(Debug)]
struct AppContext(String);

impl NativeObject for AppContext {
    fn class_name(&self) -> &str {
        APP_CONTEXT
    }
    fn call(&self, _: &Native, _: &mut dyn Ctx, name: &str, _: Vec<Value>) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            "getname" | "tostring" => Ok(Value::from(self.0.as_str())),
            _ => Err(no_method(APP_CONTEXT, name)),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

/// The servlet response (`javax.servlet.http.HttpServletResponse`).
#[derive(Debug)]
struct Response;

impl NativeObject for Response {
    fn class_name(&self) -> &str {
        "lucee.runtime.net.http.HttpServletResponseWrap"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "HttpServletResponse";
        let m = name.to_ascii_lowercase();
        Ok(match m.as_str() {
            // Lucee wraps the container's response; asking for the inner one gives the same.
            "getresponse" => Value::Native(this.clone()),
            "setstatus" | "senderror" => {
                let code = match args.first() {
                    Some(v) => v.to_num()?,
                    None => return Err(no_method(C, name)),
                };
                if !(100.0..=599.0).contains(&code) || code.fract() != 0.0 {
                    return Err(CfmlError::expression(format!(
                        "[{code}] is not a valid HTTP status code"
                    )));
                }
                let text = match args.get(1) {
                    Some(v) => v.to_str()?.into_owned(),
                    None => String::new(),
                };
                ctx.response_status(Some((code as u16, text)));
                Value::Null
            }
            "getstatus" => Value::Num(ctx.response_status(None) as f64),
            "setheader" | "addheader" | "setintheader" | "addintheader" => {
                let n = text_arg(&args, 0, C, name)?;
                let v = text_arg(&args, 1, C, name)?;
                ctx.response_header(&n, &v, m.starts_with("add"))?;
                Value::Null
            }
            "setcontenttype" => {
                let t = text_arg(&args, 0, C, name)?;
                ctx.response_header("Content-Type", &t, false)?;
                Value::Null
            }
            "getcontenttype" => ctx
                .response_header_value("Content-Type")
                .map_or(Value::Null, Value::from),
            "getheader" => {
                let n = text_arg(&args, 0, C, name)?;
                ctx.response_header_value(&n)
                    .map_or(Value::Null, Value::from)
            }
            "containsheader" => {
                let n = text_arg(&args, 0, C, name)?;
                Value::Bool(ctx.response_header_value(&n).is_some())
            }
            "setcharacterencoding" => Value::Null,
            "getcharacterencoding" => Value::from("UTF-8"),
            // Nothing is sent before the page ends (unless it flushes).
            "iscommitted" => Value::Bool(false),
            "flushbuffer" => Value::Null,
            "reset" | "resetbuffer" => {
                ctx.reset_output();
                Value::Null
            }
            _ => return Err(no_method(C, name)),
        })
    }
}

/// The servlet request (`javax.servlet.http.HttpServletRequest`), read from the `cgi` scope.
#[derive(Debug)]
struct Request;

impl NativeObject for Request {
    fn class_name(&self) -> &str {
        "lucee.runtime.net.http.HTTPServletRequestWrap"
    }
    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        const C: &str = "HttpServletRequest";
        let mut cgi = |k: &str| -> String {
            ctx.lookup(&format!("cgi.{k}"))
                .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
                .unwrap_or_default()
        };
        Ok(match name.to_ascii_lowercase().as_str() {
            "getrequesturi" => Value::from(format!("{}{}", cgi("script_name"), cgi("path_info"))),
            "getservletpath" => Value::from(cgi("script_name")),
            "getpathinfo" => Value::from(cgi("path_info")),
            "getquerystring" => Value::from(cgi("query_string")),
            "getmethod" => Value::from(cgi("request_method")),
            "getremoteaddr" => Value::from(cgi("remote_addr")),
            "getremotehost" => Value::from(cgi("remote_host")),
            "getservername" => Value::from(cgi("server_name")),
            "getserverport" => Value::Num(cgi("server_port").parse::<f64>().unwrap_or(80.0)),
            "getprotocol" => Value::from(cgi("server_protocol")),
            "getscheme" => Value::from(if cgi("https").eq_ignore_ascii_case("on") {
                "https"
            } else {
                "http"
            }),
            "getcontextpath" => Value::from(""),
            "getheader" => {
                let n = text_arg(&args, 0, C, name)?;
                let data = ctx.http_request_data(false)?;
                match data {
                    Value::Struct(s) => s
                        .get("headers")
                        .and_then(|h| match h {
                            Value::Struct(h) => h.get(&n),
                            _ => None,
                        })
                        .unwrap_or(Value::Null),
                    _ => Value::Null,
                }
            }
            _ => return Err(no_method(C, name)),
        })
    }
}

/// The page's output writer (`javax.servlet.jsp.JspWriter`).
#[derive(Debug)]
struct Writer;

impl NativeObject for Writer {
    fn class_name(&self) -> &str {
        "lucee.runtime.writer.CFMLWriterImpl"
    }
    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let m = name.to_ascii_lowercase();
        Ok(match m.as_str() {
            "print" | "write" | "println" | "append" => {
                let mut s = match args.first() {
                    Some(v) => v.to_str()?.into_owned(),
                    None => String::new(),
                };
                if m == "println" {
                    s.push('\n');
                }
                ctx.write(&s);
                Value::Null
            }
            "clear" | "clearbuffer" => {
                ctx.reset_output();
                Value::Null
            }
            "flush" => Value::Null,
            _ => return Err(no_method("JspWriter", name)),
        })
    }
}

/// `location(url [, addToken [, statusCode]])`: the script form of `<cflocation>`: a redirect
/// (302 unless given), then the request stops.
pub(crate) fn location(ctx: &mut dyn Ctx, a: &rime_runtime::Args) -> CfResult<Value> {
    let url = a.str(0)?.into_owned();
    let code = match a.get(2) {
        Some(v) if !v.is_null() => v.to_num()?,
        _ => 302.0,
    };
    if !(300.0..=308.0).contains(&code) || code.fract() != 0.0 {
        return Err(CfmlError::application(format!(
            "invalid status code [{code}] for location, valid are 300 to 308"
        )));
    }
    ctx.response_header("Location", &url, false)?;
    ctx.response_status(Some((code as u16, String::new())));
    Err(CfmlError::abort())
}
