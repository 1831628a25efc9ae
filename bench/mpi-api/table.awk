# Reads "ROUND SIDE TEST SIZE VALUE" lines; prints one markdown row per test and size: the median over rounds of each
# side, and the native path's ratio to C of the same library (latency: native/C, lower is better; bandwidth:
# native/C, higher is better) and to Open MPI's JNI binding.
function median(key,    n, i, j, t, a) {
  n = split(vals[key], a, " ")
  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
  return n == 0 ? "" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
}
function cell(side, row,    v) { v = median(side SUBSEP row); return v == "" ? "-" : sprintf(v + 0 < 10 ? "%.3f" : "%.0f", v) }
function ratio(a, b, row,    x, y) {
  x = median(a SUBSEP row); y = median(b SUBSEP row)
  return (x == "" || y == "" || y + 0 == 0) ? "-" : sprintf("%.2f", x / y)
}
{ row = $3 " " $4; vals[$2 SUBSEP row] = vals[$2 SUBSEP row] " " $5; if (!(row in seen)) { seen[row] = 1; rows[++nrows] = row } }
END {
  print "| test (np " np ") | unit | C ompi | native ompi arr | native ompi dir | JNI arr | JNI dir | dir/C | arr/C | dir/JNI dir | C mpich | native mpich arr | native mpich dir | dir/C mpich |"
  print "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for (i = 1; i <= nrows; i++) {
    r = rows[i]; split(r, p, " "); unit = (p[1] ~ /bw/) ? "MB/s" : "us"
    printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r, unit, cell("c-openmpi", r),
      cell("native-openmpi-arr", r), cell("native-openmpi-dir", r), cell("jni-arr", r), cell("jni-dir", r),
      ratio("native-openmpi-dir", "c-openmpi", r), ratio("native-openmpi-arr", "c-openmpi", r),
      ratio("native-openmpi-dir", "jni-dir", r), cell("c-mpich", r), cell("native-mpich-arr", r),
      cell("native-mpich-dir", r), ratio("native-mpich-dir", "c-mpich", r)
  }
}
