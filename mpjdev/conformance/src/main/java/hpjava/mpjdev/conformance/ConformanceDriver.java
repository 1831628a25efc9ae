package hpjava.mpjdev.conformance;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

/**
 * The conformance program every rank runs (SPMD), launched through the launcher on any backend:
 *
 * <pre>
 * java hpjava.mpjdev.Launcher --backend B --np N hpjava.mpjdev.conformance.ConformanceDriver [case...]
 * </pre>
 *
 * With no case names it runs {@link ConformanceCases#names()}; {@code --list} prints the known names; an unknown
 * name ends the job with status 2 and a message. For each case
 * every rank prints a START line, runs the case with the world communicator and prints PASS or FAIL (format:
 * {@link ResultLine}); ranks then meet in a barrier built on point-to-point messages (dissemination, on a private
 * copy of the world, so it cannot match any case's messages) before the next case.
 *
 * <p>Fail-fast: when a case fails on a rank, that rank prints FAIL with the stack trace and ends by throwing
 * {@link CaseFailedException}; the backend then ends the job (the other ranks' blocked calls throw and they report
 * FAIL for where they were) and the exit status is non-zero. Case {@value ConformanceCases#PEER_FAILURE} must be run
 * alone; after it the surviving ranks return at once.
 */
public final class ConformanceDriver {
    private static final int BARRIER_TAG = 7_000;

    private ConformanceDriver() {}

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("--list")) {
            if (Comm.world().id() == 0) ConformanceCases.allNames().forEach(System.out::println);
            return;
        }
        List<String> cases = args.length == 0 ? ConformanceCases.names() : List.of(args);
        List<ConformanceCase> runs = new ArrayList<>();
        try {
            for (String c : cases) runs.add(ConformanceCases.get(c));
            if (cases.contains(ConformanceCases.PEER_FAILURE) && cases.size() > 1) {
                throw new IllegalArgumentException("case " + ConformanceCases.PEER_FAILURE + " ends the job and must be run alone");
            }
        } catch (IllegalArgumentException e) {
            // A usage error: every rank sees the same arguments, so every rank stops with status 2. Rank 0 says why;
            // the barrier keeps the other ranks from ending the process before it has.
            Comm w = Comm.world();
            if (w.id() == 0) {
                System.err.println("conformance: " + e.getMessage());
                System.err.flush();
            }
            barrier(w);
            System.exit(2);
        }
        Comm world = Comm.world();
        int n = world.size();
        Comm barrierComm = world.create(java.util.stream.IntStream.range(0, n).toArray());
        for (int i = 0; i < cases.size(); i++) {
            String name = cases.get(i);
            print(new CaseResult(world.id(), n, name, CaseResult.Status.START, 0, ""));
            long t0 = System.nanoTime();
            try {
                runs.get(i).run(world);
            } catch (Throwable t) {
                long us = (System.nanoTime() - t0) / 1000;
                reportFailure(world.id(), n, name, us, t);
                if (t instanceof PeerFailureCase.InjectedFailure inj) throw inj;
                throw new CaseFailedException(name, world.id(), t);
            }
            print(new CaseResult(world.id(), n, name, CaseResult.Status.PASS, (System.nanoTime() - t0) / 1000, ""));
            if (name.equals(ConformanceCases.PEER_FAILURE)) return;
            String barrierName = "barrier-after-" + name;
            long tb = System.nanoTime();
            try {
                barrier(barrierComm);
            } catch (Throwable t) {
                reportFailure(world.id(), n, barrierName, (System.nanoTime() - tb) / 1000, t);
                throw new CaseFailedException(barrierName, world.id(), t);
            }
        }
    }

    /** A dissemination barrier: ceil(log2 n) rounds of zero-section messages. */
    static void barrier(Comm c) {
        int n = c.size(), me = c.id();
        if (n == 1) return;
        Buffer out = Buffer.allocate(0), in = Buffer.allocate(0);
        try {
            for (int d = 1; d < n; d <<= 1) {
                Request s = c.isend(out, (me + d) % n, BARRIER_TAG);
                c.recv(in, (me - d + n) % n, BARRIER_TAG);
                s.iwait();
            }
        } finally {
            if (!out.isLent()) out.release();
            if (!in.isLent()) in.release();
        }
    }

    private static void reportFailure(int rank, int np, String name, long micros, Throwable t) {
        StringWriter sw = new StringWriter();
        t.printStackTrace(new PrintWriter(sw));
        StringBuilder sb = new StringBuilder(ResultLine.format(new CaseResult(rank, np, name, CaseResult.Status.FAIL, micros, t.toString())));
        for (String line : sw.toString().split("\n")) {
            sb.append('\n').append(ResultLine.TRACE_MARKER).append("rank=").append(rank).append(' ').append(line.stripTrailing());
        }
        System.out.println(sb);
    }

    private static void print(CaseResult r) {
        System.out.println(ResultLine.format(r));
    }

    /** Ends a rank's run after a failed case (already reported on standard output). */
    public static final class CaseFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CaseFailedException(String caseName, int rank, Throwable cause) {
            super("conformance case " + caseName + " failed on rank " + rank + ": " + cause, cause);
        }
    }
}
