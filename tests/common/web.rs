//! Over HTTP with actix's test utilities: a GET's status and text.

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test;

/// An app under test, as `test::init_service` makes it: what every helper
/// that sends it requests takes.
pub trait App:
    Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>
{
}

impl<S> App for S where
    S: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>
{
}

/// GETs `uri` from `app`: the status and the body as text.
pub async fn get_text(app: &impl App, uri: &str) -> (StatusCode, String) {
    let resp = test::call_service(app, test::TestRequest::get().uri(uri).to_request()).await;
    let status = resp.status();
    let body = test::read_body(resp).await;
    (status, String::from_utf8(body.to_vec()).unwrap())
}

/// The matches `app` lists: (id, game slug, events), from the API.
pub async fn samples(app: &impl App) -> Vec<(String, String, u64)> {
    let (_, list) = get_text(app, "/api/matches").await;
    let list: serde_json::Value = serde_json::from_str(&list).unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["id"].as_str().unwrap().to_string(),
                m["game"].as_str().unwrap().to_string(),
                m["events"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// The `/import` form's fields for `rush-hour-round.txt` (`transcript`):
/// mira against jonas, hosted by kg, on 2026-11-14 UTC, under match `id`.
pub fn round_fields<'a>(
    transcript: &'a str,
    action: &'a str,
    token: &'a str,
    id: &'a str,
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("transcript", transcript),
        ("game", "rush-hour"),
        ("player_a", "mira"),
        ("player_b", "jonas"),
        ("host", "kg"),
        ("tz", "UTC"),
        ("date", "2026-11-14"),
        ("action", action),
        ("token", token),
        ("id", id),
    ]
}

/// The `/import` form posted as multipart with `fields`.
pub fn import_form(fields: &[(&str, &str)]) -> actix_http::Request {
    let boundary = "----arbiter-test-boundary";
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        ));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    test::TestRequest::post()
        .uri("/import")
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body)
        .to_request()
}
