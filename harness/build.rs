//! The case files, adapter programs, expected-failure lists and recordings are compiled
//! into urlcert (`src/assets.rs`, with `include_dir`). `include_dir` makes cargo watch
//! the files it embeds; this makes cargo also notice a file added to or removed from
//! those folders. The adapters folder is watched file by file, not as a folder, so the
//! `__pycache__/` Python writes beside the scripts does not rebuild urlcert.

fn main() {
    for dir in ["../cases", "expected", "recordings", "adapters/install.d"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    if let Ok(entries) = std::fs::read_dir("adapters") {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with('.') && entry.path().is_file() {
                println!("cargo:rerun-if-changed=adapters/{name}");
            }
        }
    }
}
