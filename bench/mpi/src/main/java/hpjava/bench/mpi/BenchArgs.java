package hpjava.bench.mpi;

/** The command line shared by the mpi benchmark programs: {@code lat|bw SIZE ITERS REPS}, run on exactly 2 ranks. */
record BenchArgs(boolean bandwidth, int size, int iters, int reps) {

    static BenchArgs parse(String program, String[] args, int np) {
        String usage = "usage: mpirun -np 2 ... " + program + " lat|bw SIZE ITERS REPS";
        if (args.length != 4 || !(args[0].equals("lat") || args[0].equals("bw"))) {
            throw new IllegalArgumentException(usage);
        }
        if (np != 2) throw new IllegalArgumentException(program + ": needs exactly 2 ranks, got " + np + "; " + usage);
        int size = positive(program, "SIZE", args[1]);
        int iters = positive(program, "ITERS", args[2]);
        int reps = positive(program, "REPS", args[3]);
        if (args[0].equals("bw") && (long) size * RawJavaPingPong.WINDOW > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(program + ": SIZE " + size + " too large for a window of "
                    + RawJavaPingPong.WINDOW);
        }
        return new BenchArgs(args[0].equals("bw"), size, iters, reps);
    }

    private static int positive(String program, String name, String value) {
        try {
            int v = Integer.parseInt(value);
            if (v > 0) return v;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(program + ": " + name + " must be a positive integer, got '" + value + "'");
    }

    String mode() { return bandwidth ? "bw" : "lat"; }

    void print(String impl, double value) {
        System.out.printf("%s %s %d %.4f%n", impl, mode(), size, value);
    }
}
