//! What a request gets when arbiter cannot read it: a query, a path, a
//! JSON body or a form that does not parse, a body over its limit, an
//! address no route takes, or a method the address does not take.
//!
//! The key decision: actix-web's extractors fail with texts meant for
//! developers ("Query deserialize error: invalid digit found in string"),
//! so every one of them is turned here into a [`WebError`] whose words
//! name the part of the request at fault and what to write instead; the
//! serde text, when kept, only follows in brackets. Like every other
//! error, a person gets the styled error page and a script (any path under
//! `/api/`) gets `{"error": ...}`, with the same status: 400 for what does
//! not parse, 404 for an address that leads nowhere, 405 for a method the
//! address does not take, 413 for a body over its limit, 415 for a body of
//! the wrong type.
//!
//! Must not import anything outside `web/`: no store, no game, no replay.

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError, UrlencodedError};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest};

use super::{Answer, WebError, MAX_BODY};

/// Registers the extractors' error handlers and the answer for addresses
/// no route takes.
pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::QueryConfig::default().error_handler(|e, req| bad_query(&e, req).into()))
        .app_data(web::PathConfig::default().error_handler(|e, req| bad_path(&e, req).into()))
        .app_data(
            web::JsonConfig::default()
                .limit(MAX_BODY)
                .error_handler(|e, req| bad_json(&e, req).into()),
        )
        .app_data(web::FormConfig::default().error_handler(|e, req| bad_form(&e, req).into()))
        .default_service(web::to(unrouted));
}

/// An error for `req`: JSON under `/api/`, else the page.
fn answer(req: &HttpRequest, status: StatusCode, message: String) -> WebError {
    if is_api(req) {
        WebError::api(status, message)
    } else {
        WebError::page(status, message)
    }
}

pub(super) fn is_api(req: &HttpRequest) -> bool {
    req.path() == "/api" || req.path().starts_with("/api/")
}

/// What a query parameter or path segment holding a number counts, in
/// the words of the pages and the API; `None`: a plain "a whole number".
fn number_of(key: &str) -> Option<&'static str> {
    Some(match key {
        "pass" => "a number of passes",
        "seq" => "an event's seq",
        "size" | "from" | "to" => "a number of events",
        "n" => "a step number",
        _ => return None,
    })
}

/// Whether `value`, given under `key`, should have been a whole number
/// and is not.
fn misnumbered(key: &str, value: &str) -> bool {
    number_of(key).is_some() && value.trim().parse::<u64>().is_err()
}

/// The sentence for a value that should have been a whole number.
fn not_a_number(value: &str, key: &str, place: &str) -> String {
    match number_of(key) {
        Some(what) => {
            format!("'{value}' is not {what}: {place} takes a whole number (0, 1, 2, …)")
        }
        None => format!("'{value}' is not a whole number, which {place} takes"),
    }
}

fn bad_query(e: &QueryPayloadError, req: &HttpRequest) -> WebError {
    // The enum is non-exhaustive: a later variant keeps its own words.
    let said = match e {
        QueryPayloadError::Deserialize(inner) => inner.to_string(),
        other => other.to_string(),
    };
    let pairs = web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .map(web::Query::into_inner)
        .unwrap_or_default();
    let missing = said
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next());
    let message = if let Some(key) = missing {
        format!(
            "this address needs ?{key}=…{}; add it, like {}?{key}=0",
            number_of(key)
                .map(|w| format!(" ({w})"))
                .unwrap_or_default(),
            req.path()
        )
    } else if let Some((key, value)) = pairs.iter().find(|(k, v)| misnumbered(k, v)) {
        not_a_number(value, key, &format!("{key}=…"))
    } else {
        format!(
            "the query '?{}' could not be read ({said}); check the address, or follow a link from the match's page",
            req.query_string()
        )
    };
    answer(req, StatusCode::BAD_REQUEST, message)
}

fn bad_path(e: &PathError, req: &HttpRequest) -> WebError {
    let said = match e {
        PathError::Deserialize(inner) => inner.to_string(),
        other => other.to_string(),
    };
    let pattern = req
        .match_pattern()
        .unwrap_or_else(|| req.path().to_string());
    let message = match req.match_info().iter().find(|(k, v)| misnumbered(k, v)) {
        Some((key, value)) => not_a_number(value, key, &format!("{{{key}}} in {pattern}")),
        None => format!(
            "there is nothing at {} ({said}); its address is {pattern}",
            req.path()
        ),
    };
    answer(req, StatusCode::NOT_FOUND, message)
}

fn bad_json(e: &JsonPayloadError, req: &HttpRequest) -> WebError {
    let (status, message) = match e {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the body is over the {} MiB limit: send the events in several appends",
                MAX_BODY >> 20
            ),
        ),
        JsonPayloadError::ContentType => (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the body must be JSON: send it with 'Content-Type: application/json'".to_string(),
        ),
        JsonPayloadError::Deserialize(d) => (
            StatusCode::BAD_REQUEST,
            format!(
                "the body is not the JSON this address takes ({d}); the README's 'JSON API' section shows each body"
            ),
        ),
        other => (
            StatusCode::BAD_REQUEST,
            format!("the body did not arrive whole ({other}); send it again"),
        ),
    };
    answer(req, status, message)
}

fn bad_form(e: &UrlencodedError, req: &HttpRequest) -> WebError {
    let (status, message) = match e {
        UrlencodedError::Overflow { limit, .. } => (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the form is over its {} KiB limit: shorten what you wrote and submit it again",
                limit >> 10
            ),
        ),
        UrlencodedError::ContentType => (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "this address takes a submitted form (application/x-www-form-urlencoded): submit it from its page".to_string(),
        ),
        UrlencodedError::Parse(d) => (
            StatusCode::BAD_REQUEST,
            format!("the form could not be read ({d}): go back to its page and submit it again"),
        ),
        other => (
            StatusCode::BAD_REQUEST,
            format!(
                "the form could not be read ({other}): go back to its page and submit it again"
            ),
        ),
    };
    answer(req, status, message)
}

/// An address no route takes: 405 when a route takes the address with
/// another method (every route here is GET or POST), else 404.
async fn unrouted(req: HttpRequest) -> Answer {
    let path = req.path();
    let method = req.method().as_str();
    let routed = req.resource_map().has_resource(path);
    let (status, message) = match (routed, is_api(&req)) {
        (true, api) => (
            StatusCode::METHOD_NOT_ALLOWED,
            match (method, api) {
                ("GET", false) => format!(
                    "{path} takes a submitted form (POST), not a visit: open the page the form is on and submit it there"
                ),
                (_, false) => format!(
                    "{path} is a page to open (GET), not to {method}: follow a link to it instead"
                ),
                (_, true) => format!(
                    "{path} does not take {method}: the README's 'JSON API' section says which method each address takes"
                ),
            },
        ),
        (false, false) => (
            StatusCode::NOT_FOUND,
            format!("there is no page at {path}: the list of matches at / links to every match, its replay and its appeals"),
        ),
        (false, true) => (
            StatusCode::NOT_FOUND,
            format!("no endpoint at {path}: the README's 'JSON API' section lists them, starting from GET /api/matches"),
        ),
    };
    Err(answer(&req, status, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_named_by_what_it_counts() {
        assert_eq!(
            not_a_number("x", "pass", "pass=…"),
            "'x' is not a number of passes: pass=… takes a whole number (0, 1, 2, …)"
        );
        assert_eq!(
            not_a_number("x", "k", "k=…"),
            "'x' is not a whole number, which k=… takes"
        );
    }
}
