# Checks a flood output file: every line is 79 characters "rank R seq S x..." and, per rank, the sequence numbers
# run 0, 1, 2, ... in order (nothing lost, nothing reordered within a rank). Prints "ok R ranks, L lines" or the first
# problems, and exits 1 on any. Variable: lines (expected per rank), np.
{
    if (length($0) != 79 || $1 != "rank" || $3 != "seq") { if (bad++ < 5) print "bad line " NR ": " substr($0, 1, 100); next }
    r = $2 + 0; s = $4 + 0
    if (!(r in next_seq)) next_seq[r] = 0
    if (s != next_seq[r]) { if (bad++ < 5) print "rank " r ": seq " s " where " next_seq[r] " was due (line " NR ")"; next_seq[r] = s }
    next_seq[r]++
    total++
}
END {
    ranks = 0
    for (r in next_seq) { ranks++; if (next_seq[r] != lines) { bad++; print "rank " r ": " next_seq[r] " lines, " lines " expected" } }
    if (ranks != np) { bad++; print ranks " ranks printed, " np " expected" }
    if (bad) { print "FAILED: " bad " problems"; exit 1 }
    print "ok " ranks " ranks, " total " lines"
}
