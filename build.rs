//! Tells the code when every rulebook is built (`cfg(all_rulebooks)`): the tests that play the
//! shipped files of all five run only then, and a build of fewer compiles without them.

/// The rulebooks' cargo features, as cargo names them to a build script.
const RULEBOOKS: [&str; 5] = ["COC7E", "BRP_CLASSIC", "D10_POOL", "FRONTIER", "D100_HOUSE"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(all_rulebooks)");
    println!("cargo::rerun-if-changed=build.rs");
    if RULEBOOKS
        .iter()
        .all(|feature| std::env::var_os(format!("CARGO_FEATURE_{feature}")).is_some())
    {
        println!("cargo::rustc-cfg=all_rulebooks");
    }
}
