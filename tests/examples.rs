//! The programs of `examples/`, run as tests: they must keep working as
//! the library changes.

#[allow(dead_code)] // its `main` is the example's, not the test's
#[path = "../examples/quickstart.rs"]
mod quickstart;

#[test]
fn quickstart_analyses_and_plays_shipped_games() {
    for game in ["heist", "quatorze", "punto_banco"] {
        let path = format!("{}/games/{game}.dice", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).expect("the game reads");
        if let Err(e) = quickstart::run(&source) {
            panic!("examples/quickstart.rs on {game}: {e}");
        }
    }
}
