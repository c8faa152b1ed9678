//! How the solver's threads share a level: a round is spread (each thread
//! files the numbers it finds by bucket) and then settled (each thread owns
//! every other bucket and applies the updates in it, from all threads).
//!
//! It owns the threads and the buckets, and knows nothing of Dodgem: no
//! positions, no values. It must not import anything outside std.

/// Rounds smaller than this are worked through on one thread.
const SMALL: usize = 1 << 14;

/// A bucket holds the positions whose numbers agree above this many
/// bits: 2¹⁸ positions, 512 KB of entries and 32 KB of reached bits, so
/// the thread that owns a bucket works inside its core's cache.
const BUCKET_BITS: u32 = 18;

/// Positions expanded per round: bounds the buckets' memory (about 12
/// numbers of 4 bytes each, at most).
const ROUND: usize = 1 << 21;

/// In a queue of decided positions, the bit that says "lost" beside the
/// number (numbers stay below 2³¹: 240,060,402 on 5×5).
pub(super) const LOST: u32 = 1 << 31;

/// Threads to use: the machine's cores, at most 8.
pub(super) fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8)
}

/// Runs `work(part)` for every part on its own thread and collects the
/// results in part order.
pub(super) fn in_parallel<T: Send>(parts: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    if parts == 1 {
        return vec![work(0)];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..parts)
            .map(|t| {
                let work = &work;
                scope.spawn(move || work(t))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a solver thread does not panic"))
            .collect()
    })
}

/// Runs `work(part, state)` for each thread's own state, one thread each.
pub(super) fn on_threads<S: Send>(states: &mut [S], work: impl Fn(usize, &mut S) + Sync) {
    if let [only] = states {
        return work(0, only);
    }
    std::thread::scope(|scope| {
        for (t, state) in states.iter_mut().enumerate() {
            let work = &work;
            scope.spawn(move || work(t, state));
        }
    });
}

/// The `part`-th of `parts` near-equal slices of `0..len`.
pub(super) fn share(len: usize, parts: usize, part: usize) -> std::ops::Range<usize> {
    let chunk = len.div_ceil(parts);
    (part * chunk).min(len)..((part + 1) * chunk).min(len)
}

/// One thread's output of the spreading phase: the numbers it found,
/// sorted by bucket (a counting sort: they are filed as found, counted
/// per bucket, then moved into place, so the memory is one round's
/// numbers twice over however unevenly they fall), and the ends (decided
/// on sight) found while expanding.
pub(super) struct Sorted {
    found: Vec<u32>,
    sorted: Vec<u32>,
    /// Where each bucket starts in `sorted` (and, last, where it ends).
    starts: Vec<u32>,
    pub(super) ends: Vec<u32>,
}

impl Sorted {
    pub(super) fn new(bucket_count: usize) -> Sorted {
        Sorted {
            found: Vec::new(),
            sorted: Vec::new(),
            starts: vec![0; bucket_count + 1],
            ends: Vec::new(),
        }
    }

    /// Files a number (see [`Sorted::sort`]).
    #[inline(always)]
    pub(super) fn file(&mut self, x: u32) {
        self.found.push(x);
        self.starts[((x & !LOST) >> BUCKET_BITS) as usize + 1] += 1;
    }

    /// Sorts what was filed by bucket, ready for [`Sorted::bucket`].
    pub(super) fn sort(&mut self) {
        let mut sum = 0;
        for s in &mut self.starts {
            sum += *s;
            *s = sum;
        }
        self.sorted.clear();
        self.sorted.resize(self.found.len(), 0);
        // `starts[b]` walks through bucket b as it fills; afterwards each
        // start has moved on to the next bucket's, and is put back.
        for &x in &self.found {
            let b = ((x & !LOST) >> BUCKET_BITS) as usize;
            self.sorted[self.starts[b] as usize] = x;
            self.starts[b] += 1;
        }
        self.starts.rotate_right(1);
        self.starts[0] = 0;
        self.found.clear();
    }

    pub(super) fn bucket(&self, b: usize) -> &[u32] {
        &self.sorted[self.starts[b] as usize..self.starts[b + 1] as usize]
    }

    /// Ready for the next round.
    pub(super) fn reset(&mut self) {
        self.starts.iter_mut().for_each(|s| *s = 0);
    }
}

/// The buffers a level is worked through with, one set per thread, kept
/// from level to level.
pub(super) struct Rounds {
    threads: usize,
    bucket_count: usize,
    sorted: Vec<Sorted>,
    found: Vec<Vec<u32>>,
}

impl Rounds {
    /// For `threads` threads over a table of `len` positions.
    pub(super) fn new(threads: usize, len: usize) -> Rounds {
        let bucket_count = len.div_ceil(1 << BUCKET_BITS);
        Rounds {
            threads,
            bucket_count,
            sorted: (0..threads).map(|_| Sorted::new(bucket_count)).collect(),
            found: vec![Vec::new(); threads],
        }
    }

    /// Works a level through, [`ROUND`] numbers at a time: spreading, each
    /// thread calls `expand` on its share of the round, which files the
    /// numbers it finds (and may note ends); settling, `apply` hears each
    /// filed number on the thread that owns its bucket, and pushes what
    /// belongs to the next level, which is returned.
    pub(super) fn level(
        &mut self,
        level: &[u32],
        expand: impl Fn(u32, &mut Sorted) + Sync,
        apply: impl Fn(u32, &mut Vec<u32>) + Sync,
    ) -> Vec<u32> {
        let mut next = Vec::new();
        for round in level.chunks(ROUND) {
            let parts = if round.len() < SMALL { 1 } else { self.threads };
            on_threads(&mut self.sorted[..parts], |t, s| {
                for &x in &round[share(round.len(), parts, t)] {
                    expand(x, s);
                }
                s.sort();
            });
            settle(
                &mut self.found[..parts],
                &self.sorted[..parts],
                self.bucket_count,
                &apply,
            );
            for s in &mut self.sorted[..parts] {
                s.reset();
            }
            for out in &mut self.found[..parts] {
                next.append(out);
            }
        }
        next
    }

    /// The ends every thread noted while expanding, taken out.
    pub(super) fn ends(&mut self) -> Vec<u32> {
        self.sorted
            .iter_mut()
            .flat_map(|s| s.ends.drain(..))
            .collect()
    }
}

/// The settling phase of a round: thread `t` takes every `parts`-th
/// bucket, from every thread's files, and calls `apply` on each number
/// in it (see [`Tables::solve_from`]).
fn settle(
    found: &mut [Vec<u32>],
    sorted: &[Sorted],
    bucket_count: usize,
    apply: impl Fn(u32, &mut Vec<u32>) + Sync,
) {
    let parts = found.len();
    on_threads(found, |t, out| {
        for b in (t..bucket_count).step_by(parts) {
            for s in sorted {
                for &x in s.bucket(b) {
                    apply(x, out);
                }
            }
        }
    });
}
