import jdk.incubator.vector.*;

/**
 * bench/scaling/probe/vector (issue 13): forms of the Jacobi and red-black sweeps on flattened storage as hpjavac's
 * runtime lays it out (rows of N + 2 with one ghost each side), to find what closes the gap to gcc -O3:
 *
 *   java --add-modules jdk.incubator.vector SweepForms.java KERNEL VARIANT N WARMUP ITERS     (-Dbits=256|128)
 *
 * jacobi: scalar (the generated fast copy), vector (Vector API, SPECIES_PREFERRED, scalar tail), scratchrow (into a
 * local row, then arraycopy), samearray (b and a in one double[]). redblack: scalar, vector (blend with a static mask),
 * vectorlm (mask from a long), vectorms (masked store), vectorpipe (next chunk loaded before the store), vectorslice
 * (left neighbours by slice of the previous chunk), vectorslicesafe (the slice form as the lowering emits it: the
 * first chunk loads, every load inside what the scalar loop reads), vectorslice2 (both neighbours by slice), vectorpair
 * (rows i and i + 1 interleaved chunk by chunk), blend (vectorslicesafe with a blend and an unmasked store), deint
 * (gcc's form: deinterleaved lanes by two-source permutes, only the useful results computed, unmasked stores; what
 * hpjavac emits since rbperm is deintsum, deint with up + down added before their permute), deintshuf (deint with
 * shuffles). Prints RESULT lines as bench/scaling's variants do (same field,
 * same checksum). run.sh here runs them against c/stencil.c, interleaved.
 */
public class SweepForms {
  static final VectorSpecies<Double> S = Integer.getInteger("bits", 0) == 256 ? DoubleVector.SPECIES_256 : Integer.getInteger("bits", 0) == 128 ? DoubleVector.SPECIES_128 : DoubleVector.SPECIES_PREFERRED;
  static double u(int x, int y) { return (double) x * x - (double) y * y + 3.0 * x * y; }

  // layout: element (i,j), 0<=i,j<N, at o + s0*i + j with s0 = N+2, o = s0 + 1 (one ghost each side)
  static int N, s0, o;

  static double[] init() {
    double[] a = new double[s0 * s0];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++)
      a[o + s0 * i + j] = (i == 0 || i == N - 1 || j == 0 || j == N - 1) ? u(i, j) : 0.0;
    return a;
  }

  // (a) scalar, as generated: constant-scale fast copy
  static void jacobiScalar(double[] b, double[] a, int lo, int hi) {
    for (int i = lo; i <= hi; i++) {
      final int rb = o + s0 * i, ra = o + s0 * i;
      for (int k = 0; k <= hi - lo; k++) {
        final int j = lo + k;
        b[rb + j] = 0.25 * (a[ra - s0 + j] + a[ra + s0 + j] + a[ra + j - 1] + a[ra + j + 1]);
      }
    }
  }

  // (b) Vector API row + scalar tail
  static void jacobiVector(double[] b, double[] a, int lo, int hi) {
    final DoubleVector q = DoubleVector.broadcast(S, 0.25);
    final int L = S.length();
    for (int i = lo; i <= hi; i++) {
      final int rb = o + s0 * i, ra = o + s0 * i;
      final int n = hi - lo + 1;
      int k = 0;
      for (; k <= n - L; k += L) {
        final int j = lo + k;
        DoubleVector v = DoubleVector.fromArray(S, a, ra - s0 + j).add(DoubleVector.fromArray(S, a, ra + s0 + j))
            .add(DoubleVector.fromArray(S, a, ra + j - 1)).add(DoubleVector.fromArray(S, a, ra + j + 1));
        q.mul(v).intoArray(b, rb + j);
      }
      for (; k < n; k++) {
        final int j = lo + k;
        b[rb + j] = 0.25 * (a[ra - s0 + j] + a[ra + s0 + j] + a[ra + j - 1] + a[ra + j + 1]);
      }
    }
  }

  // (c1) no-alias form: compute into a local scratch row, then arraycopy
  static double[] row;
  static void jacobiScratchRow(double[] b, double[] a, int lo, int hi) {
    final double[] r = row;
    for (int i = lo; i <= hi; i++) {
      final int rb = o + s0 * i, ra = o + s0 * i;
      final int n = hi - lo + 1;
      for (int k = 0; k < n; k++) {
        final int j = lo + k;
        r[k] = 0.25 * (a[ra - s0 + j] + a[ra + s0 + j] + a[ra + j - 1] + a[ra + j + 1]);
      }
      System.arraycopy(r, 0, b, rb + lo, n);
    }
  }

  // (c2) one array: b and a are the same object, disjoint halves (proves nothing to C2 but no cross-object aliasing)
  static void jacobiSameArray(double[] ab, int boff, int lo, int hi) {
    for (int i = lo; i <= hi; i++) {
      final int rb = boff + o + s0 * i, ra = o + s0 * i;
      for (int k = 0; k <= hi - lo; k++) {
        final int j = lo + k;
        ab[rb + j] = 0.25 * (ab[ra - s0 + j] + ab[ra + s0 + j] + ab[ra + j - 1] + ab[ra + j + 1]);
      }
    }
  }

  // red-black scalar: step 2
  static void rbScalar(double[] a, int colour, double omega) {
    for (int i = 1; i <= N - 2; i++) {
      final int r = o + s0 * i;
      final int lo = 1 + (i + colour) % 2;
      for (int k = 0; k <= (N - 2 - lo) / 2; k++) {
        final int j = lo + 2 * k;
        double delta = 0.25 * (a[r - s0 + j] + a[r + s0 + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // red-black vector: compute full row of candidates, blend with mask of the right parity, store.
  // Within one colour, updated points do not read each other (neighbours are the other colour), so vectorizing a
  // contiguous chunk and keeping the other-colour lanes unchanged gives the same values.
  static VectorMask<Double> EVEN, ODD; // lanes with lane-index parity 0 / 1
  static void rbVectorBlend(double[] a, int colour, double omega) {
    final int L = S.length();
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    for (int i = 1; i <= N - 2; i++) {
      final int r = o + s0 * i;
      final int lo = 1 + (i + colour) % 2;
      final int hi = N - 2;
      // chunk starting at j = lo (aligned on parity): lanes 0,2,4.. are updated
      int j = lo;
      for (; j + L - 1 <= hi + 1 && j + L - 1 <= N - 1; j += L) {  // lanes up to j+L-1; last lane may be non-updated col
        DoubleVector c = DoubleVector.fromArray(S, a, r + j);
        DoubleVector delta = q.mul(DoubleVector.fromArray(S, a, r - s0 + j).add(DoubleVector.fromArray(S, a, r + s0 + j))
            .add(DoubleVector.fromArray(S, a, r + j - 1)).add(DoubleVector.fromArray(S, a, r + j + 1))).sub(c);
        c.blend(c.add(w.mul(delta)), EVEN).intoArray(a, r + j);
      }
      for (; j <= hi; j += 2) {
        double delta = 0.25 * (a[r - s0 + j] + a[r + s0 + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  static void rbVectorLocalMask(double[] a, int colour, double omega) {
    final int L = S.length();
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int hi = n - 2;
      int j = lo;
      for (; j + L - 1 <= hi; j += L) {
        DoubleVector c = DoubleVector.fromArray(S, a, r + j);
        DoubleVector sum = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j))
            .add(DoubleVector.fromArray(S, a, r + j - 1)).add(DoubleVector.fromArray(S, a, r + j + 1));
        DoubleVector delta = q.mul(sum).sub(c);
        c.blend(c.add(w.mul(delta)), even).intoArray(a, r + j);
      }
      for (; j <= hi; j += 2) {
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // masked store only (no blend): intoArray with mask
  static void rbVectorMaskedStore(double[] a, int colour, double omega) {
    final int L = S.length();
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int hi = n - 2;
      int j = lo;
      for (; j + L - 1 <= hi; j += L) {
        DoubleVector c = DoubleVector.fromArray(S, a, r + j);
        DoubleVector sum = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j))
            .add(DoubleVector.fromArray(S, a, r + j - 1)).add(DoubleVector.fromArray(S, a, r + j + 1));
        DoubleVector delta = q.mul(sum).sub(c);
        c.add(w.mul(delta)).intoArray(a, r + j, even);
      }
      for (; j <= hi; j += 2) {
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // masked store, the next chunk's loads issued before this chunk's store (no store-to-load forwarding stall: the
  // load at j-1 of the next chunk overlaps the last lane of this chunk's store otherwise)
  static void rbVectorPipelined(double[] a, int colour, double omega) {
    final int L = S.length();
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int hi = n - 2;
      int j = lo;
      if (j + L - 1 <= hi) {
        DoubleVector c = DoubleVector.fromArray(S, a, r + j), l = DoubleVector.fromArray(S, a, r + j - 1);
        for (;;) {
          DoubleVector sum = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j))
              .add(l).add(DoubleVector.fromArray(S, a, r + j + 1));
          DoubleVector nv = c.add(w.mul(q.mul(sum).sub(c)));
          final int jn = j + L;
          if (jn + L - 1 <= hi) {
            c = DoubleVector.fromArray(S, a, r + jn);
            l = DoubleVector.fromArray(S, a, r + jn - 1);
            nv.intoArray(a, r + j, even);
            j = jn;
          } else {
            nv.intoArray(a, r + j, even);
            j = jn;
            break;
          }
        }
      }
      for (; j <= hi; j += 2) {
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // left neighbours from registers: slice of the previous and current chunk (no load overlapping the last store)
  static void rbVectorSlice(double[] a, int colour, double omega) {
    final int L = S.length();
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int hi = n - 2;
      int j = lo;
      if (j + L - 1 <= hi) {
        DoubleVector prev = DoubleVector.fromArray(S, a, r + j - L);
        for (; j + L - 1 <= hi; j += L) {
          DoubleVector c = DoubleVector.fromArray(S, a, r + j);
          DoubleVector l = prev.slice(L - 1, c);
          DoubleVector sum = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j))
              .add(l).add(DoubleVector.fromArray(S, a, r + j + 1));
          DoubleVector nv = c.add(w.mul(q.mul(sum).sub(c)));
          nv.intoArray(a, r + j, even);
          prev = c;
        }
      }
      for (; j <= hi; j += 2) {
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // the form the lowering would emit: masked store of the even lanes, left neighbours by slice of the previous chunk
  // (the first chunk loads them), every lane of every load inside the elements the scalar loop reads (the vector loop
  // stops while at least one updated element is left for the scalar tail)
  static void rbVectorSliceSafe(double[] a, int colour, double omega) {
    final int L = S.length(), H = L / 2;
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int m = (n - 2 - lo) / 2 + 1;
      int k = 0;
      if (k + H < m) {
        int j = lo;
        DoubleVector c = DoubleVector.fromArray(S, a, r + j), l = DoubleVector.fromArray(S, a, r + j - 1);
        for (;;) {
          DoubleVector sum = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j))
              .add(l).add(DoubleVector.fromArray(S, a, r + j + 1));
          c.add(w.mul(q.mul(sum).sub(c))).intoArray(a, r + j, even);
          k += H;
          if (k + H >= m) break;
          DoubleVector prev = c;
          j += L;
          c = DoubleVector.fromArray(S, a, r + j);
          l = prev.slice(L - 1, c);
        }
      }
      for (; k < m; k++) {
        final int j = lo + 2 * k;
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // vectorslicesafe with the masked store replaced by a blend into the chunk as loaded and an unmasked store: the odd
  // lanes are written back with the values just loaded (the other colour, which no store of this loop changes)
  static void rbVectorBlendSafe(double[] a, int colour, double omega) {
    final int L = S.length(), H = L / 2;
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int m = (n - 2 - lo) / 2 + 1;
      int k = 0;
      if (k + H < m) {
        int j = lo;
        DoubleVector c = DoubleVector.fromArray(S, a, r + j), l = DoubleVector.fromArray(S, a, r + j - 1);
        for (;;) {
          DoubleVector sum = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j))
              .add(l).add(DoubleVector.fromArray(S, a, r + j + 1));
          c.blend(c.add(w.mul(q.mul(sum).sub(c))), even).intoArray(a, r + j);
          k += H;
          if (k + H >= m) break;
          DoubleVector prev = c;
          j += L;
          c = DoubleVector.fromArray(S, a, r + j);
          l = prev.slice(L - 1, c);
        }
      }
      for (; k < m; k++) {
        final int j = lo + 2 * k;
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // deinterleaved lanes (gcc's form): a chunk is 2L consecutive elements of a row, L of them the loop's (even
  // offsets from the first). Two loads per row; two-source permutes (vpermt2pd) take the even lanes (the loop's
  // elements, and the up and down rows at them) and the odd lanes of the centre row (right neighbours; the left ones
  // are the previous chunk's last odd lane and these, one more permute). Only the L useful results are computed; the
  // inverse permutes put them back between the odd lanes as loaded and both vectors are stored unmasked. A chunk runs
  // while k + L < m, so every lane loaded or stored lies between the loop's first and last element of the row.
  // The index vectors are computed in the method (addIndex, blend): taken from a static field, their payload is
  // reloaded and converted to integers in every chunk (C2 cannot hoist a load of a double[] past the stores to a).
  static void rbDeint(double[] a, int colour, double omega) {
    final int L = S.length();
    final DoubleVector zero = DoubleVector.zero(S), ev = zero.addIndex(2), od = ev.add(1), half = ev.mul(0.25);
    final DoubleVector left = zero.addIndex(1).add(L - 1);
    final DoubleVector li = half.blend(half.add(L - 0.5), VectorMask.fromLong(S, 0xAAAAAAAAAAAAAAAAL)), hi = li.add(L / 2);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int m = (n - 2 - lo) / 2 + 1;
      int k = 0;
      if (k + L < m) {
        int j = lo;
        DoubleVector po = DoubleVector.broadcast(S, a[r + j - 1]);
        for (;;) {
          DoubleVector c0 = DoubleVector.fromArray(S, a, r + j), c1 = DoubleVector.fromArray(S, a, r + j + L);
          DoubleVector ce = ev.selectFrom(c0, c1), co = od.selectFrom(c0, c1);
          DoubleVector up = ev.selectFrom(DoubleVector.fromArray(S, a, r - s + j), DoubleVector.fromArray(S, a, r - s + j + L));
          DoubleVector dn = ev.selectFrom(DoubleVector.fromArray(S, a, r + s + j), DoubleVector.fromArray(S, a, r + s + j + L));
          DoubleVector sum = up.add(dn).add(left.selectFrom(po, co)).add(co);
          DoubleVector res = ce.add(w.mul(q.mul(sum).sub(ce)));
          li.selectFrom(res, co).intoArray(a, r + j);
          hi.selectFrom(res, co).intoArray(a, r + j + L);
          k += L;
          if (k + L >= m) break;
          po = co;
          j += 2 * L;
        }
      }
      for (; k < m; k++) {
        final int j = lo + 2 * k;
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // rbDeint with up + down added before the permute (the same additions, on every lane): one permute less
  static void rbDeintSum(double[] a, int colour, double omega) {
    final int L = S.length();
    final DoubleVector zero = DoubleVector.zero(S), ev = zero.addIndex(2), od = ev.add(1), half = ev.mul(0.25);
    final DoubleVector left = zero.addIndex(1).add(L - 1);
    final DoubleVector li = half.blend(half.add(L - 0.5), VectorMask.fromLong(S, 0xAAAAAAAAAAAAAAAAL)), hi = li.add(L / 2);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int m = (n - 2 - lo) / 2 + 1;
      int k = 0;
      if (k + L < m) {
        int j = lo;
        DoubleVector po = DoubleVector.broadcast(S, a[r + j - 1]);
        for (;;) {
          DoubleVector c0 = DoubleVector.fromArray(S, a, r + j), c1 = DoubleVector.fromArray(S, a, r + j + L);
          DoubleVector ce = ev.selectFrom(c0, c1), co = od.selectFrom(c0, c1);
          DoubleVector ud0 = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j));
          DoubleVector ud1 = DoubleVector.fromArray(S, a, r - s + j + L).add(DoubleVector.fromArray(S, a, r + s + j + L));
          DoubleVector sum = ev.selectFrom(ud0, ud1).add(left.selectFrom(po, co)).add(co);
          DoubleVector res = ce.add(w.mul(q.mul(sum).sub(ce)));
          li.selectFrom(res, co).intoArray(a, r + j);
          hi.selectFrom(res, co).intoArray(a, r + j + L);
          k += L;
          if (k + L >= m) break;
          po = co;
          j += 2 * L;
        }
      }
      for (; k < m; k++) {
        final int j = lo + 2 * k;
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // rbDeint with shuffles (rearrange(shuffle, v)) instead of index vectors, made in the method
  static void rbDeintShuffle(double[] a, int colour, double omega) {
    final int L = S.length();
    final VectorShuffle<Double> ev = VectorShuffle.fromOp(S, t -> 2 * t), od = VectorShuffle.fromOp(S, t -> 2 * t + 1);
    final VectorShuffle<Double> li = VectorShuffle.fromOp(S, t -> t / 2 + (t % 2) * L), hi = VectorShuffle.fromOp(S, t -> L / 2 + t / 2 + (t % 2) * L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int m = (n - 2 - lo) / 2 + 1;
      int k = 0;
      if (k + L < m) {
        int j = lo;
        DoubleVector po = DoubleVector.broadcast(S, a[r + j - 1]);
        for (;;) {
          DoubleVector c0 = DoubleVector.fromArray(S, a, r + j), c1 = DoubleVector.fromArray(S, a, r + j + L);
          DoubleVector ce = c0.rearrange(ev, c1), co = c0.rearrange(od, c1);
          DoubleVector up = DoubleVector.fromArray(S, a, r - s + j).rearrange(ev, DoubleVector.fromArray(S, a, r - s + j + L));
          DoubleVector dn = DoubleVector.fromArray(S, a, r + s + j).rearrange(ev, DoubleVector.fromArray(S, a, r + s + j + L));
          DoubleVector sum = up.add(dn).add(po.slice(L - 1, co)).add(co);
          DoubleVector res = ce.add(w.mul(q.mul(sum).sub(ce)));
          res.rearrange(li, co).intoArray(a, r + j);
          res.rearrange(hi, co).intoArray(a, r + j + L);
          k += L;
          if (k + L >= m) break;
          po = co;
          j += 2 * L;
        }
      }
      for (; k < m; k++) {
        final int j = lo + 2 * k;
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // both neighbours from registers: right = c.slice(1, next chunk); one load of the row per chunk
  static void rbVectorSlice2(double[] a, int colour, double omega) {
    final int L = S.length(), H = L / 2;
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o;
    for (int i = 1; i <= n - 2; i++) {
      final int r = off + s * i;
      final int lo = 1 + (i + colour) % 2;
      final int m = (n - 2 - lo) / 2 + 1;
      int k = 0;
      if (k + L < m) {
        int j = lo;
        DoubleVector c = DoubleVector.fromArray(S, a, r + j), l = DoubleVector.fromArray(S, a, r + j - 1);
        for (;;) {
          DoubleVector nx = DoubleVector.fromArray(S, a, r + j + L);
          DoubleVector sum = DoubleVector.fromArray(S, a, r - s + j).add(DoubleVector.fromArray(S, a, r + s + j))
              .add(l).add(c.slice(1, nx));
          c.add(w.mul(q.mul(sum).sub(c))).intoArray(a, r + j, even);
          k += H;
          j += L;
          l = c.slice(L - 1, nx);
          c = nx;
          if (k + L >= m) break;
        }
      }
      for (; k < m; k++) {
        final int j = lo + 2 * k;
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  // two rows at a time (i and i + 1, the other parity): the chunks of the two rows alternate, so a row's store is
  // followed by the other row's loads before the same row's next chunk loads at j - 1
  static void rbVectorPair(double[] a, int colour, double omega) {
    final int L = S.length();
    final VectorMask<Double> even = VectorMask.fromLong(S, 0x5555555555555555L);
    final DoubleVector q = DoubleVector.broadcast(S, 0.25), w = DoubleVector.broadcast(S, omega);
    final int n = N, s = s0, off = o, hi = n - 2;
    int i = 1;
    for (; i + 1 <= n - 2; i += 2) {
      final int r0 = off + s * i, r1 = r0 + s;
      final int lo0 = 1 + (i + colour) % 2, lo1 = 1 + (i + 1 + colour) % 2;
      int j0 = lo0, j1 = lo1;
      for (; j0 + L - 1 <= hi && j1 + L - 1 <= hi; j0 += L, j1 += L) {
        DoubleVector c0 = DoubleVector.fromArray(S, a, r0 + j0);
        DoubleVector d0 = q.mul(DoubleVector.fromArray(S, a, r0 - s + j0).add(DoubleVector.fromArray(S, a, r0 + s + j0))
            .add(DoubleVector.fromArray(S, a, r0 + j0 - 1)).add(DoubleVector.fromArray(S, a, r0 + j0 + 1))).sub(c0);
        c0.add(w.mul(d0)).intoArray(a, r0 + j0, even);
        DoubleVector c1 = DoubleVector.fromArray(S, a, r1 + j1);
        DoubleVector d1 = q.mul(DoubleVector.fromArray(S, a, r1 - s + j1).add(DoubleVector.fromArray(S, a, r1 + s + j1))
            .add(DoubleVector.fromArray(S, a, r1 + j1 - 1)).add(DoubleVector.fromArray(S, a, r1 + j1 + 1))).sub(c1);
        c1.add(w.mul(d1)).intoArray(a, r1 + j1, even);
      }
      for (; j0 <= hi; j0 += 2) {
        double delta = 0.25 * (a[r0 - s + j0] + a[r0 + s + j0] + a[r0 + j0 - 1] + a[r0 + j0 + 1]) - a[r0 + j0];
        a[r0 + j0] += omega * delta;
      }
      for (; j1 <= hi; j1 += 2) {
        double delta = 0.25 * (a[r1 - s + j1] + a[r1 + s + j1] + a[r1 + j1 - 1] + a[r1 + j1 + 1]) - a[r1 + j1];
        a[r1 + j1] += omega * delta;
      }
    }
    for (; i <= n - 2; i++) {
      final int r = off + s * i;
      for (int j = 1 + (i + colour) % 2; j <= hi; j += 2) {
        double delta = 0.25 * (a[r - s + j] + a[r + s + j] + a[r + j - 1] + a[r + j + 1]) - a[r + j];
        a[r + j] += omega * delta;
      }
    }
  }

  static long checksum(double[] a, int off) {
    long s = 0;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) s += Double.doubleToRawLongBits(a[off + o + s0 * i + j]);
    return s;
  }

  static void copy(double[] a, double[] b) {
    for (int i = 0; i < N; i++) System.arraycopy(b, o + s0 * i, a, o + s0 * i, N);
  }

  private static String kernelVariant(String[] args) {
    return args.length > 1 ? args[0] + " " + args[1] : "";
  }

  public static void main(String[] args) {
    System.err.println("species " + S + " " + kernelVariant(args));
    String kernel = args[0], variant = args[1];
    N = Integer.parseInt(args[2]);
    int warm = Integer.parseInt(args[3]), iters = Integer.parseInt(args[4]);
    s0 = N + 2; o = s0 + 1;
    row = new double[N];
    boolean[] ev = new boolean[S.length()];
    for (int l = 0; l < ev.length; l++) ev[l] = l % 2 == 0;
    EVEN = VectorMask.fromArray(S, ev, 0);
    double omega = 2.0 / (1.0 + Math.sin(Math.PI / (N - 1)));
    double[] a = init(), b = a.clone();
    double[] ab = null;
    if (variant.equals("samearray")) { ab = new double[2 * a.length]; System.arraycopy(a, 0, ab, 0, a.length); System.arraycopy(a, 0, ab, a.length, a.length); }
    long t0 = 0, sweep = 0;
    for (int it = 0; it < warm + iters; it++) {
      if (it == warm) t0 = System.nanoTime();
      long s = System.nanoTime();
      if (kernel.equals("jacobi")) {
        switch (variant) {
          case "scalar" -> jacobiScalar(b, a, 1, N - 2);
          case "vector" -> jacobiVector(b, a, 1, N - 2);
          case "scratchrow" -> jacobiScratchRow(b, a, 1, N - 2);
          case "samearray" -> jacobiSameArray(ab, a.length, 1, N - 2);
          default -> throw new IllegalArgumentException(variant);
        }
      } else {
        switch (variant) {
          case "scalar" -> { rbScalar(a, 0, omega); rbScalar(a, 1, omega); }
          case "vector" -> { rbVectorBlend(a, 0, omega); rbVectorBlend(a, 1, omega); }
          case "vectorlm" -> { rbVectorLocalMask(a, 0, omega); rbVectorLocalMask(a, 1, omega); }
          case "vectorpipe" -> { rbVectorPipelined(a, 0, omega); rbVectorPipelined(a, 1, omega); }
          case "vectorslice" -> { rbVectorSlice(a, 0, omega); rbVectorSlice(a, 1, omega); }
          case "vectorslicesafe" -> { rbVectorSliceSafe(a, 0, omega); rbVectorSliceSafe(a, 1, omega); }
          case "vectorslice2" -> { rbVectorSlice2(a, 0, omega); rbVectorSlice2(a, 1, omega); }
          case "blend" -> { rbVectorBlendSafe(a, 0, omega); rbVectorBlendSafe(a, 1, omega); }
          case "deint" -> { rbDeint(a, 0, omega); rbDeint(a, 1, omega); }
          case "deintsum" -> { rbDeintSum(a, 0, omega); rbDeintSum(a, 1, omega); }
          case "deintshuf" -> { rbDeintShuffle(a, 0, omega); rbDeintShuffle(a, 1, omega); }
          case "vectorpair" -> { rbVectorPair(a, 0, omega); rbVectorPair(a, 1, omega); }
          case "vectorms" -> { rbVectorMaskedStore(a, 0, omega); rbVectorMaskedStore(a, 1, omega); }
          default -> throw new IllegalArgumentException(variant);
        }
      }
      if (it >= warm) sweep += System.nanoTime() - s;
      if (kernel.equals("jacobi")) {
        if (ab != null) { for (int i = 0; i < N; i++) System.arraycopy(ab, a.length + o + s0 * i, ab, o + s0 * i, N); }
        else copy(a, b);
      }
    }
    long total = System.nanoTime() - t0;
    long cs = ab != null ? checksum(ab, 0) : checksum(a, 0);
    System.out.printf("RESULT impl=java-%s kernel=%s n=%d iter_ms=%.4f sweep_ms=%.4f checksum=%016x%n", variant, kernel, N,
        total / 1e6 / iters, sweep / 1e6 / iters, cs);
  }
}
