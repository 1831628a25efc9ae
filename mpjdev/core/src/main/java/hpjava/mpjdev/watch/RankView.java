package hpjava.mpjdev.watch;

/**
 * One report of one rank, as the launcher's {@link JobWatch} received it (see {@link RankReporter} for the line's
 * fields), from {@code host} (its hello's).
 */
record RankView(int rank, char state, long blockedMs, long progress, long sent, long received, long probes,
                String collective, String operation, String site, String host) {

    /** Parses one report line; throws a {@link RuntimeException} when it is not one. */
    static RankView parse(String line, String host) {
        String[] f = line.split("\t", -1);
        return new RankView(Integer.parseInt(f[0]), f[1].charAt(0), Long.parseLong(f[2]), Long.parseLong(f[3]),
                Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]), f[7], f[8], f.length > 9 ? f[9] : "",
                host);
    }

    /** Whether the rank waits in a native collective ({@link #collective} is {@code CONTEXT/SIZE}). */
    boolean inCollective() {
        return state == 'W' && !collective.equals("-");
    }

    /** The size of the communicator of the pending native collective ({@link #inCollective()} only). */
    int collectiveSize() {
        return Integer.parseInt(collective.substring(collective.indexOf('/') + 1));
    }

    /**
     * Whether this later report shows the rank in the very state of {@code earlier}: nothing counted since (every exit
     * from a blocking call counts progress, so the same progress and state mean the same wait, never left).
     */
    boolean sameStateAs(RankView earlier) {
        return state == earlier.state && progress == earlier.progress && sent == earlier.sent
                && received == earlier.received && collective.equals(earlier.collective)
                && operation.equals(earlier.operation);
    }
}
