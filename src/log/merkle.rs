//! A Merkle tree over a match's events, as Certificate Transparency builds
//! one (RFC 6962, RFC 9162 §2.1).
//!
//! The hash chain already makes any change to a log visible, but only to
//! someone who reads the whole log. The tree gives short proofs instead:
//! that event k is in the log of size n (an inclusion proof, about log₂ n
//! hashes), and that the log of size m a player saw earlier is a prefix of
//! the log of size n now (a consistency proof). A player keeps a signed
//! checkpoint (size, root) as a receipt; later anyone can check, without
//! trusting the server, that nothing before it was rewritten.
//!
//! Leaves are the events' chain hashes: `leaf = sha256(0x00 ‖ event hash)`,
//! `node = sha256(0x01 ‖ left ‖ right)`; the two prefixes keep a leaf from
//! passing for a node. The tree of n leaves splits at the largest power of
//! two below n, so it never needs padding. The functions below follow the
//! RFC's recursive definitions (MTH, PATH, PROOF) and its verification
//! algorithms; each subtree hash is computed once per call, so building a
//! root or a proof is O(n) and checking one O(log n).
//!
//! Must not import anything above `log/` (a game, a page, the importer, the
//! verifier, the replay, bundles or samples): the log stores and seals, and
//! knows no game.

use sha2::{Digest, Sha256};

use super::seal::Hash;

mod frontier;
pub use frontier::Frontier;

/// `sha256(0x00 ‖ data)`.
pub fn leaf_hash(data: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(data);
    h.finalize().into()
}

/// `sha256(0x01 ‖ left ‖ right)`.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The largest power of two smaller than `n` (n ≥ 2).
fn split(n: usize) -> usize {
    let mut k = 1;
    while k * 2 < n {
        k *= 2;
    }
    k
}

/// The root of the tree over `leaves` (already leaf-hashed): RFC 9162's
/// MTH. The empty tree's root is sha256 of nothing.
pub fn root(leaves: &[Hash]) -> Hash {
    match leaves.len() {
        0 => Sha256::digest([]).into(),
        1 => leaves[0],
        n => {
            let k = split(n);
            node_hash(&root(&leaves[..k]), &root(&leaves[k..]))
        }
    }
}

/// The leaf hashes of events with these chain hashes.
pub fn leaves(event_hashes: &[Hash]) -> Vec<Hash> {
    event_hashes.iter().map(|h| leaf_hash(h)).collect()
}

/// Why a proof cannot be made or does not check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    #[error("seq {index} is not in a tree of size {size} (seqs run 0 to {})", size.saturating_sub(1))]
    NoSuchLeaf { index: u64, size: u64 },
    #[error("the log has {have} events, so there is no tree of size {size}")]
    TooBig { size: u64, have: u64 },
    #[error("a consistency proof goes from a smaller tree to a larger one; {from} > {to}")]
    Backwards { from: u64, to: u64 },
    #[error("a tree of size 0 has no root to be consistent with; start from size 1")]
    Empty,
    #[error("the proof does not check: {0}")]
    Fails(&'static str),
}

/// The inclusion proof of leaf `index` in the tree over `leaves`: RFC
/// 9162's PATH, siblings from the leaf up.
pub fn inclusion_proof(index: usize, leaves: &[Hash]) -> Result<Vec<Hash>, ProofError> {
    if index >= leaves.len() {
        return Err(ProofError::NoSuchLeaf {
            index: index as u64,
            size: leaves.len() as u64,
        });
    }
    fn path(m: usize, d: &[Hash], out: &mut Vec<Hash>) {
        if d.len() <= 1 {
            return;
        }
        let k = split(d.len());
        if m < k {
            path(m, &d[..k], out);
            out.push(root(&d[k..]));
        } else {
            path(m - k, &d[k..], out);
            out.push(root(&d[..k]));
        }
    }
    let mut out = Vec::new();
    path(index, leaves, &mut out);
    Ok(out)
}

/// Checks that `leaf` is leaf `index` of the tree of `size` leaves whose
/// root is `root` (RFC 9162 §2.1.3.2).
pub fn verify_inclusion(
    index: u64,
    size: u64,
    leaf: &Hash,
    proof: &[Hash],
    root: &Hash,
) -> Result<(), ProofError> {
    if index >= size {
        return Err(ProofError::NoSuchLeaf { index, size });
    }
    let mut r = *leaf;
    walk_up((index, size - 1), proof, |p, left| {
        r = if left {
            node_hash(p, &r)
        } else {
            node_hash(&r, p)
        };
    })?;
    if r != *root {
        return Err(ProofError::Fails(
            "the root it leads to is not the checkpoint's root",
        ));
    }
    Ok(())
}

/// The walk up a proof path that both checks take (RFC 9162 §2.1.3.2 and
/// §2.1.4.2): from node `f` of a level whose last node is `s`, one proof
/// hash a level, handed to `visit` with whether it sits on the left.
/// Fails when the proof is longer or shorter than the path.
fn walk_up(
    (mut f, mut s): (u64, u64),
    proof: &[Hash],
    mut visit: impl FnMut(&Hash, bool),
) -> Result<(), ProofError> {
    for p in proof {
        if s == 0 {
            return Err(ProofError::Fails(
                "the proof is longer than the tree is deep",
            ));
        }
        if f & 1 == 1 || f == s {
            visit(p, true);
            while f & 1 == 0 && f != 0 {
                f >>= 1;
                s >>= 1;
            }
        } else {
            visit(p, false);
        }
        f >>= 1;
        s >>= 1;
    }
    if s != 0 {
        return Err(ProofError::Fails(
            "the proof is shorter than the tree is deep",
        ));
    }
    Ok(())
}

/// The consistency proof that the tree of the first `from` leaves is a
/// prefix of the tree over all `leaves`: RFC 9162's PROOF.
pub fn consistency_proof(from: usize, leaves: &[Hash]) -> Result<Vec<Hash>, ProofError> {
    let to = leaves.len();
    if from == 0 {
        return Err(ProofError::Empty);
    }
    if from > to {
        return Err(ProofError::Backwards {
            from: from as u64,
            to: to as u64,
        });
    }
    fn subproof(m: usize, d: &[Hash], whole: bool, out: &mut Vec<Hash>) {
        let n = d.len();
        if m == n {
            if !whole {
                out.push(root(d));
            }
            return;
        }
        let k = split(n);
        if m <= k {
            subproof(m, &d[..k], whole, out);
            out.push(root(&d[k..]));
        } else {
            subproof(m - k, &d[k..], false, out);
            out.push(root(&d[..k]));
        }
    }
    let mut out = Vec::new();
    subproof(from, leaves, true, &mut out);
    Ok(out)
}

/// Checks that the tree of `from` leaves with root `first` is a prefix of
/// the tree of `to` leaves with root `second` (RFC 9162 §2.1.4.2).
pub fn verify_consistency(
    from: u64,
    to: u64,
    first: &Hash,
    second: &Hash,
    proof: &[Hash],
) -> Result<(), ProofError> {
    if from == 0 {
        return Err(ProofError::Empty);
    }
    if from > to {
        return Err(ProofError::Backwards { from, to });
    }
    if from == to {
        return if proof.is_empty() && first == second {
            Ok(())
        } else {
            Err(ProofError::Fails(
                "equal sizes need equal roots and an empty proof",
            ))
        };
    }
    let mut path: Vec<Hash> = Vec::with_capacity(proof.len() + 1);
    if from.is_power_of_two() {
        path.push(*first);
    }
    path.extend_from_slice(proof);
    let Some((&start, rest)) = path.split_first() else {
        return Err(ProofError::Fails("the proof is empty"));
    };
    let (mut f, mut s) = (from - 1, to - 1);
    while f & 1 == 1 {
        f >>= 1;
        s >>= 1;
    }
    let (mut fr, mut sr) = (start, start);
    walk_up((f, s), rest, |c, left| {
        if left {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
        } else {
            sr = node_hash(&sr, c);
        }
    })?;
    if fr != *first {
        return Err(ProofError::Fails("it does not lead to the older root"));
    }
    if sr != *second {
        return Err(ProofError::Fails("it does not lead to the newer root"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6962's test leaves, as Certificate Transparency's own tests use
    /// them (raw data, hashed as leaves).
    const RFC_LEAVES: [&str; 8] = [
        "",
        "00",
        "10",
        "2021",
        "3031",
        "40414243",
        "5051525354555657",
        "606162636465666768696a6b6c6d6e6f",
    ];

    /// The published roots of the first 1..8 of those leaves.
    const RFC_ROOTS: [&str; 8] = [
        "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
        "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
        "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
        "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
        "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
        "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
    ];

    fn rfc_leaves() -> Vec<Hash> {
        RFC_LEAVES
            .iter()
            .map(|h| leaf_hash(&hex::decode(h).unwrap()))
            .collect()
    }

    fn h(n: u8) -> Hash {
        leaf_hash(&[n])
    }

    #[test]
    fn roots_match_the_rfc_6962_test_vectors() {
        let leaves = rfc_leaves();
        for (n, want) in RFC_ROOTS.iter().enumerate() {
            assert_eq!(hex::encode(root(&leaves[..=n])), *want, "size {}", n + 1);
        }
        assert_eq!(
            hex::encode(root(&[])),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn roots_match_hand_built_trees_of_sizes_1_to_9() {
        let l: Vec<Hash> = (0..9).map(h).collect();
        let n = |a: &Hash, b: &Hash| node_hash(a, b);
        let n01 = n(&l[0], &l[1]);
        let n23 = n(&l[2], &l[3]);
        let n45 = n(&l[4], &l[5]);
        let n67 = n(&l[6], &l[7]);
        let n0_3 = n(&n01, &n23);
        let n4_7 = n(&n45, &n67);
        let n0_7 = n(&n0_3, &n4_7);
        let want = [
            l[0],
            n01,
            n(&n01, &l[2]),
            n0_3,
            n(&n0_3, &l[4]),
            n(&n0_3, &n45),
            n(&n0_3, &n(&n45, &l[6])),
            n0_7,
            n(&n0_7, &l[8]),
        ];
        for (size, w) in want.iter().enumerate() {
            assert_eq!(root(&l[..=size]), *w, "size {}", size + 1);
        }
    }

    #[test]
    fn every_inclusion_proof_up_to_size_33_checks() {
        let l: Vec<Hash> = (0..33).map(h).collect();
        for size in 1..=l.len() {
            let r = root(&l[..size]);
            for i in 0..size {
                let p = inclusion_proof(i, &l[..size]).unwrap();
                assert!(p.len() <= 6);
                verify_inclusion(i as u64, size as u64, &l[i], &p, &r).unwrap();
                // Another leaf, index or size does not check.
                assert!(verify_inclusion(i as u64, size as u64, &h(200), &p, &r).is_err());
                if size > 1 {
                    let other = ((i + 1) % size) as u64;
                    assert!(verify_inclusion(other, size as u64, &l[i], &p, &r).is_err());
                }
            }
        }
        assert!(inclusion_proof(3, &l[..3]).is_err());
    }

    #[test]
    fn every_consistency_proof_up_to_size_33_checks() {
        let l: Vec<Hash> = (0..33).map(h).collect();
        for to in 1..=l.len() {
            let second = root(&l[..to]);
            for from in 1..=to {
                let first = root(&l[..from]);
                let p = consistency_proof(from, &l[..to]).unwrap();
                verify_consistency(from as u64, to as u64, &first, &second, &p).unwrap();
                // A rewritten older log does not check.
                let mut other = l[..from].to_vec();
                other[from - 1] = h(201);
                assert!(
                    verify_consistency(from as u64, to as u64, &root(&other), &second, &p).is_err()
                );
            }
        }
        assert_eq!(consistency_proof(0, &l), Err(ProofError::Empty));
        assert!(consistency_proof(5, &l[..4]).is_err());
    }

    #[test]
    fn the_rfc_example_proofs_have_the_rfcs_shapes() {
        // RFC 6962 §2.1.3: in the tree of 7 leaves d0..d6, the path of
        // d0 is [b, h, l] = [leaf 1, node(2,3), node(4..6)].
        let l = rfc_leaves();
        let p = inclusion_proof(0, &l[..7]).unwrap();
        let n23 = node_hash(&l[2], &l[3]);
        let n456 = node_hash(&node_hash(&l[4], &l[5]), &l[6]);
        assert_eq!(p, vec![l[1], n23, n456]);
        // §2.1.4: PROOF(3, D[7]) = [c, d, g, l].
        let q = consistency_proof(3, &l[..7]).unwrap();
        assert_eq!(q, vec![l[2], l[3], node_hash(&l[0], &l[1]), n456]);
        // PROOF(4, D[7]) = [l]; PROOF(6, D[7]) = [i, j, k].
        assert_eq!(consistency_proof(4, &l[..7]).unwrap(), vec![n456]);
        let n45 = node_hash(&l[4], &l[5]);
        let n0_3 = node_hash(&node_hash(&l[0], &l[1]), &n23);
        assert_eq!(
            consistency_proof(6, &l[..7]).unwrap(),
            vec![n45, l[6], n0_3]
        );
    }

    #[test]
    fn verification_rejects_every_single_bit_change() {
        let l: Vec<Hash> = (0..11).map(h).collect();
        let r = root(&l);
        let p = inclusion_proof(6, &l).unwrap();
        verify_inclusion(6, 11, &l[6], &p, &r).unwrap();
        for k in 0..p.len() {
            for bit in 0..256 {
                let mut q = p.clone();
                q[k][bit / 8] ^= 1 << (bit % 8);
                assert!(verify_inclusion(6, 11, &l[6], &q, &r).is_err());
            }
        }
        for bit in 0..256 {
            let mut leaf = l[6];
            leaf[bit / 8] ^= 1 << (bit % 8);
            assert!(verify_inclusion(6, 11, &leaf, &p, &r).is_err());
            let mut rr = r;
            rr[bit / 8] ^= 1 << (bit % 8);
            assert!(verify_inclusion(6, 11, &l[6], &p, &rr).is_err());
        }
        let first = root(&l[..5]);
        let c = consistency_proof(5, &l).unwrap();
        verify_consistency(5, 11, &first, &r, &c).unwrap();
        for k in 0..c.len() {
            for bit in 0..256 {
                let mut q = c.clone();
                q[k][bit / 8] ^= 1 << (bit % 8);
                assert!(verify_consistency(5, 11, &first, &r, &q).is_err());
            }
        }
    }
}
