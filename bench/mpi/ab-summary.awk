# Summary of bench/mpi/ab.sh or levels.sh output ("round impl mode size value"): per implementation the median of
# its round medians, and for pairs of implementations the median of the per-round ratios.
function median(arr, n,   i, j, t) { for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
                                     return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
/^#/ { next }
{ k = $1 SUBSEP $2; n[k]++; v[k, n[k]] = $5; impls[$2] = 1; if ($1 + 0 > R) R = $1 + 0 }
END {
  for (k in n) { for (i = 1; i <= n[k]; i++) a[i] = v[k, i]; m[k] = median(a, n[k]) }
  for (im in impls) { c = 0; for (r = 1; r <= R; r++) if ((r SUBSEP im) in m) b[++c] = m[r, im]; printf "%-18s median of %d round medians %.4f   per round:", im, c, median(b, c)
                      for (r = 1; r <= R; r++) printf " %.3f", m[r, im]; printf "\n" }
  split("java-raw-serialized/java-raw java-raw-single/java-raw java-raw-funneled/java-raw java-raw-mt/java-raw new-pair-mpjdev/java-raw new-pair-mpjdev/new-pair-raw new-pair-raw/java-raw old-pair-mpjdev/java-raw old-pair-mpjdev/old-pair-raw old-pair-raw/java-raw new-pair-mpjdev/old-pair-mpjdev ser-pair-mpjdev/java-raw ser-pair-mpjdev/ser-pair-raw ser-pair-raw/java-raw", q, " ")
  for (i = 1; i in q; i++) { split(q[i], p, "/"); c = 0
    for (r = 1; r <= R; r++) if (((r SUBSEP p[1]) in m) && ((r SUBSEP p[2]) in m)) b[++c] = m[r, p[1]] / m[r, p[2]]
    if (c) { printf "%-45s median of %d per-round ratios %.3f  (", q[i], c, median(b, c); for (j = 1; j <= c; j++) printf " %.2f", b[j]; printf " )\n" } }
}
