//! The right frontier of a match's Merkle tree (RFC 9162's compact range
//! from 0): the roots of the perfect subtrees that make up the first n
//! leaves, one per set bit of n, largest first.
//!
//! Why: a receipt is a signed (size, root). Recomputing the root reads and
//! hashes the whole log, so the 3,000th append of a match cost eight times
//! the 10th. Kept beside the match's head and updated in the same
//! transaction, the frontier gives the root after an append in O(log n)
//! hashes and one small record, whatever the match's length.
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use super::{leaf_hash, node_hash, root, Hash};

/// At most 64 subtrees (one per bit of a u64 size).
const MAX_ROOTS: usize = 64;

/// The compact range `[0, size)` of a tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frontier {
    size: u64,
    /// Subtree roots, largest (leftmost) first.
    roots: Vec<Hash>,
}

impl Frontier {
    /// The frontier of the events with these chain hashes.
    pub fn of(event_hashes: &[Hash]) -> Frontier {
        let mut f = Frontier::default();
        for h in event_hashes {
            f.push(h);
        }
        f
    }

    /// How many leaves it covers.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Adds the event with chain hash `event_hash` as the next leaf: equal
    /// subtrees merge like a binary counter's carries.
    pub fn push(&mut self, event_hash: &Hash) {
        let mut carry = leaf_hash(event_hash);
        let mut size = self.size;
        while size & 1 == 1 {
            let left = self
                .roots
                .pop()
                .expect("a set bit of the size has its subtree");
            carry = node_hash(&left, &carry);
            size >>= 1;
        }
        self.roots.push(carry);
        self.size += 1;
    }

    /// The tree's root (RFC 9162's MTH): the subtrees folded from the right.
    pub fn root(&self) -> Hash {
        let mut rest = self.roots.iter().rev();
        match rest.next() {
            None => root(&[]),
            Some(last) => rest.fold(*last, |right, left| node_hash(left, &right)),
        }
    }

    /// `size (u64, big-endian) ‖ roots`.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = self.size.to_be_bytes().to_vec();
        for r in &self.roots {
            out.extend_from_slice(r);
        }
        out
    }

    /// Reads [`Frontier::encode`]'s bytes; a record whose length does not
    /// match its size's bits is refused.
    pub fn decode(bytes: &[u8]) -> Result<Frontier, String> {
        let (size, rest) = bytes
            .split_first_chunk::<8>()
            .ok_or("the frontier record is shorter than its size")?;
        let size = u64::from_be_bytes(*size);
        let count = size.count_ones() as usize;
        if count > MAX_ROOTS || rest.len() != count * 32 {
            return Err(format!(
                "the frontier of size {size} needs {count} hashes, and the record holds {} bytes of them",
                rest.len()
            ));
        }
        let roots = rest
            .chunks_exact(32)
            .map(|c| c.try_into().expect("chunks of 32"))
            .collect();
        Ok(Frontier { size, roots })
    }
}

#[cfg(test)]
mod tests {
    use super::super::leaves;
    use super::*;

    #[test]
    fn the_frontier_root_is_the_tree_root_at_every_size() {
        let hashes: Vec<Hash> = (0..70u8).map(|i| [i; 32]).collect();
        let mut f = Frontier::default();
        assert_eq!(f.root(), root(&[]));
        for n in 1..=hashes.len() {
            f.push(&hashes[n - 1]);
            assert_eq!(f.size(), n as u64);
            assert_eq!(f.root(), root(&leaves(&hashes[..n])), "size {n}");
            assert_eq!(f.roots.len(), n.count_ones() as usize);
            assert_eq!(Frontier::decode(&f.encode()), Ok(f.clone()));
        }
        assert_eq!(Frontier::of(&hashes), f);
    }

    #[test]
    fn a_damaged_record_is_refused() {
        let f = Frontier::of(&[[1; 32], [2; 32], [3; 32]]);
        let mut bytes = f.encode();
        assert!(Frontier::decode(&bytes[..bytes.len() - 1]).is_err());
        bytes[7] ^= 4; // size 3 → 7: three roots, two given
        assert!(Frontier::decode(&bytes).is_err());
        assert!(Frontier::decode(&[0; 5]).is_err());
    }
}
