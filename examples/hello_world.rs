//! The yardstick for `scripts/load.sh`: a minimal actix-web server that
//! answers every GET with a fixed 9.4 KB page, with the same two workers
//! as `arbiter serve`. Pages are judged as a share of its requests/s.
//!
//!     cargo run --release --example hello_world -- 127.0.0.1:8089

use actix_web::{web, App, HttpResponse, HttpServer};

fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8089".to_string());
    let page: &'static str = Box::leak("<p>hello, world</p>\n".repeat(470).into_boxed_str());
    actix_web::rt::System::new().block_on(async move {
        HttpServer::new(move || {
            App::new().default_service(web::to(move || async move {
                HttpResponse::Ok().content_type("text/html").body(page)
            }))
        })
        .workers(2)
        .bind(addr)?
        .run()
        .await
    })
}
