//! The file name of each rule file's page: its stem (`heist.html`), with
//! as many of its directories as it takes to tell it from another file of
//! the same stem (`games-heist.html`, `variants-heist.html`), then a
//! number if the paths are still alike; never `index`. The same rule files
//! in the same order always get the same names.

use std::collections::BTreeMap;

use super::markup::slug;

/// The page names (without `.html`) of `files`, as the command line names
/// them, in their order.
pub fn page_names(files: &[&str]) -> Vec<String> {
    // Each file's path, last component first, the extension dropped.
    let parts: Vec<Vec<String>> = files
        .iter()
        .map(|file| {
            let trimmed = file.strip_suffix(".dice").unwrap_or(file);
            trimmed
                .split(['/', '\\'])
                .filter(|p| !p.is_empty() && *p != ".")
                .rev()
                .map(slug)
                .collect()
        })
        .collect();
    let name_at = |i: usize, depth: usize| -> String {
        let p = &parts[i];
        let taken: Vec<&str> = p.iter().take(depth).map(String::as_str).collect();
        let mut taken: Vec<&str> = taken.into_iter().rev().collect();
        if taken.is_empty() {
            taken.push("game");
        }
        taken.join("-")
    };
    let mut depth = vec![1usize; files.len()];
    // Deepen the names of files that collide, while their paths go on.
    loop {
        let names: Vec<String> = (0..files.len()).map(|i| name_at(i, depth[i])).collect();
        let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, name) in names.iter().enumerate() {
            groups.entry(name).or_default().push(i);
        }
        let mut deepened = false;
        for members in groups.values().filter(|m| m.len() > 1) {
            for &i in members {
                if depth[i] < parts[i].len() {
                    depth[i] += 1;
                    deepened = true;
                }
            }
        }
        if !deepened {
            break;
        }
    }
    let mut out: Vec<String> = Vec::with_capacity(files.len());
    for (i, &d) in depth.iter().enumerate() {
        let mut name = name_at(i, d);
        if name == "index" {
            name = "index-game".to_string();
        }
        let base = name.clone();
        let mut k = 2;
        while out.contains(&name) {
            name = format!("{base}-{k}");
            k += 1;
        }
        out.push(name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_name_pages() {
        assert_eq!(
            page_names(&["games/heist.dice", "games/punto_banco.dice"]),
            ["heist", "punto_banco"]
        );
    }

    #[test]
    fn files_of_one_stem_take_their_directories() {
        assert_eq!(
            page_names(&["games/heist.dice", "variants/heist.dice", "quatorze.dice"]),
            ["games-heist", "variants-heist", "quatorze"]
        );
        assert_eq!(
            page_names(&["a/x/heist.dice", "b/x/heist.dice"]),
            ["a-x-heist", "b-x-heist"]
        );
    }

    #[test]
    fn the_same_file_twice_and_an_index_are_told_apart() {
        assert_eq!(
            page_names(&["heist.dice", "heist.dice", "index.dice"]),
            ["heist", "heist-2", "index-game"]
        );
        assert_eq!(page_names(&["<&>.dice", ""]), ["x", "game"]);
    }
}
