//! Cycle collectors compared on one shape: trees whose children point back at their parent.
//! `garbage`: 200,000 nodes in 100 trees, all dropped, then one collection.
//! `live`: 200,000 nodes kept, then one collection that frees nothing.
use std::cell::RefCell;
use std::time::Instant;

const TREES: usize = 100;
const PER_TREE: usize = 2_000;

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

mod bacon {
    use super::*;
    use bacon_rajan_cc::{Cc, Trace, Tracer, collect_cycles};
    pub struct Node {
        parent: RefCell<Option<Cc<Node>>>,
        children: RefCell<Vec<Cc<Node>>>,
    }
    impl Trace for Node {
        fn trace(&self, t: &mut Tracer) {
            self.parent.trace(t);
            self.children.trace(t);
        }
    }
    fn tree() -> Cc<Node> {
        let root = Cc::new(Node {
            parent: RefCell::new(None),
            children: RefCell::new(Vec::new()),
        });
        let mut nodes = vec![root.clone()];
        for i in 1..PER_TREE {
            let p = nodes[i / 2].clone();
            let n = Cc::new(Node {
                parent: RefCell::new(Some(p.clone())),
                children: RefCell::new(Vec::new()),
            });
            p.children.borrow_mut().push(n.clone());
            nodes.push(n);
        }
        root
    }
    pub fn run() -> (f64, f64, f64) {
        let t = Instant::now();
        let trees: Vec<_> = (0..TREES).map(|_| tree()).collect();
        let build = ms(t);
        let t = Instant::now();
        collect_cycles();
        let live = ms(t);
        drop(trees);
        let t = Instant::now();
        collect_cycles();
        (build, live, ms(t))
    }
}

mod gcm {
    use super::*;
    use gcmodule::{Cc, Trace, collect_thread_cycles};
    #[derive(Trace)]
    pub struct Node {
        parent: RefCell<Option<Cc<Node>>>,
        children: RefCell<Vec<Cc<Node>>>,
    }
    fn tree() -> Cc<Node> {
        let root = Cc::new(Node {
            parent: RefCell::new(None),
            children: RefCell::new(Vec::new()),
        });
        let mut nodes = vec![root.clone()];
        for i in 1..PER_TREE {
            let p = nodes[i / 2].clone();
            let n = Cc::new(Node {
                parent: RefCell::new(Some(p.clone())),
                children: RefCell::new(Vec::new()),
            });
            p.children.borrow_mut().push(n.clone());
            nodes.push(n);
        }
        root
    }
    pub fn run() -> (f64, f64, f64) {
        let t = Instant::now();
        let trees: Vec<_> = (0..TREES).map(|_| tree()).collect();
        let build = ms(t);
        let t = Instant::now();
        collect_thread_cycles();
        let live = ms(t);
        drop(trees);
        let t = Instant::now();
        collect_thread_cycles();
        (build, live, ms(t))
    }
}

mod dump {
    use super::*;
    use dumpster::Trace;
    use dumpster::sync::{Gc, collect};
    use std::sync::Mutex;
    #[derive(Trace)]
    pub struct Node {
        parent: Mutex<Option<Gc<Node>>>,
        children: Mutex<Vec<Gc<Node>>>,
    }
    fn tree() -> Gc<Node> {
        let root = Gc::new(Node {
            parent: Mutex::new(None),
            children: Mutex::new(Vec::new()),
        });
        let mut nodes = vec![root.clone()];
        for i in 1..PER_TREE {
            let p = nodes[i / 2].clone();
            let n = Gc::new(Node {
                parent: Mutex::new(Some(p.clone())),
                children: Mutex::new(Vec::new()),
            });
            p.children.lock().unwrap().push(n.clone());
            nodes.push(n);
        }
        root
    }
    pub fn run() -> (f64, f64, f64, f64) {
        let t = Instant::now();
        let trees: Vec<_> = (0..TREES).map(|_| tree()).collect();
        let build = ms(t);
        let t = Instant::now();
        collect();
        let live = ms(t);
        let t = Instant::now();
        drop(trees);
        let dropping = ms(t);
        let t = Instant::now();
        collect();
        (build, live, dropping, ms(t))
    }
}

mod rime {
    use super::*;
    use rime_runtime::{Array, Key, Struct, Value, gc};
    fn tree() -> Struct {
        let root = Struct::new();
        root.set(Key::new("children"), Value::Array(Array::new()));
        let mut nodes = vec![root.clone()];
        for i in 1..PER_TREE {
            let p = nodes[i / 2].clone();
            let n = Struct::new();
            n.set(Key::new("parent"), Value::Struct(p.clone()));
            n.set(Key::new("children"), Value::Array(Array::new()));
            if let Some(Value::Array(c)) = p.get("children") {
                c.push(Value::Struct(n.clone()));
            }
            nodes.push(n);
        }
        root
    }
    pub fn run() -> (f64, f64, f64, f64) {
        let t = Instant::now();
        let trees: Vec<_> = (0..TREES).map(|_| tree()).collect();
        let build = ms(t);
        // Once, so the live set is in the old list as in a long-running server.
        gc::collect_all();
        let t = Instant::now();
        gc::collect_all();
        let live = ms(t);
        let t = Instant::now();
        drop(trees);
        let dropping = ms(t);
        let t = Instant::now();
        let s = gc::collect_all();
        assert_eq!(s.garbage, TREES * PER_TREE * 2);
        (build, live, dropping, ms(t))
    }
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    match which.as_str() {
        "bacon" => {
            let (b, l, g) = bacon::run();
            println!(
                "bacon_rajan_cc 0.4.0 (single-thread): build {b:.1} ms, live {l:.1} ms, garbage {g:.1} ms"
            );
        }
        "gcmodule" => {
            let (b, l, g) = std::thread::Builder::new()
                .stack_size(1 << 30)
                .spawn(gcm::run)
                .unwrap()
                .join()
                .unwrap();
            println!(
                "gcmodule 0.3.3 Cc (single-thread): build {b:.1} ms, live {l:.1} ms, garbage {g:.1} ms"
            );
        }
        "dumpster" => {
            let (b, l, d, g) = dump::run();
            println!(
                "dumpster 2.1.0 sync: build {b:.1} ms, live {l:.1} ms, drop {d:.1} ms, garbage {g:.1} ms"
            );
        }
        _ => {
            let (b, l, d, g) = rime::run();
            println!(
                "rime gc (2 containers a node): build {b:.1} ms, live {l:.1} ms, drop {d:.1} ms, garbage {g:.1} ms"
            );
        }
    }
}
