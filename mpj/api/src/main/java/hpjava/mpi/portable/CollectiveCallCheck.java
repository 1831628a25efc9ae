package hpjava.mpi.portable;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.CollectiveCall.Kind;
import hpjava.mpi.spi.Data;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import java.util.ArrayList;
import java.util.List;
import mpi.MPIException;

/**
 * On mt, every collective call is compared with the same call of the other members before it runs: each member but
 * rank 0 sends rank 0, on a communicator of its own, what must agree (operation, root, element type and count where
 * MPI requires them equal) and the program's Java line; rank 0 compares them with its own and, when one differs,
 * fails with every member's call and line instead of a hang or a wrong answer (the job then ends). Members do not
 * wait for a verdict. Costs a small message per member and collective, and a stack walk, on mt only.
 */
final class CollectiveCallCheck {

    private static final StackWalker WALKER = StackWalker.getInstance();

    private final Comm dev;

    CollectiveCallCheck(Comm dev) {
        this.dev = dev;
    }

    static boolean rootMatters(Kind k) {
        return k == Kind.BCAST || k == Kind.GATHER || k == Kind.GATHERV || k == Kind.SCATTER || k == Kind.SCATTERV
                || k == Kind.REDUCE;
    }

    /** What a call must agree on, and how to name it: taken in the calling thread (its stack has the program's line). */
    record Call(int tag, String agreed, String where) {
    }

    static Call of(int tag, CollectiveCall c) {
        return new Call(tag, agreed(c), c.kind().name().toLowerCase() + (rootMatters(c.kind()) ? " (root " + c.root() + ")" : "")
                + (dataOf(c) == null ? "" : " of " + data(dataOf(c))) + " at " + callerLine());
    }

    /**
     * Compares the call with the other members' (rank 0 compares; the others send and go on). Every member calls this
     * for every collective, in order; for a nonblocking one, from the thread that runs it.
     */
    void check(Call call) throws MPIException {
        if (dev.size() == 1) return;
        int tag = call.tag();
        String agreed = call.agreed(), where = call.where();
        if (dev.id() != 0) {
            Buffer b = BufferPool.shared().acquire(512);
            try {
                b.clear();
                b.writeObjects(new Object[] {agreed, where}, 0, 2);
                dev.send(b, 0, tag);
            } finally {
                b.release();
            }
            return;
        }
        List<String> calls = new ArrayList<>();
        calls.add("rank 0 called " + where);
        boolean differ = false;
        Buffer b = BufferPool.shared().acquire(512);
        try {
            for (int r = 1; r < dev.size(); r++) {
                dev.recv(b, r, tag);
                Object[] got = new Object[2];
                b.readObjects(got, 0);
                differ |= !agreed.equals(got[0]);
                calls.add("rank " + r + " called " + got[1]);
            }
        } finally {
            b.release();
        }
        if (differ)
            throw new MPIException(mpi.MPI.ERR_OTHER, "collective calls do not match (every member must make the same "
                    + "collective calls in the same order):\n  " + String.join("\n  ", calls));
    }

    private static String agreed(CollectiveCall c) {
        Data d = dataOf(c);
        return c.kind() + (rootMatters(c.kind()) ? "/" + c.root() : "") + (d == null ? "" : "/" + data(d));
    }

    /** The buffer whose element type and count every member must give the same, where MPI requires it. */
    private static Data dataOf(CollectiveCall c) {
        return switch (c.kind()) {
            case BCAST -> c.recv();
            case REDUCE, ALLREDUCE, SCAN, EXSCAN -> c.send() != null ? c.send() : c.recv();
            default -> null;
        };
    }

    private static String data(Data d) {
        return d.count() * d.type().elementCount() + " " + Wire.name(d.type());
    }

    /** The first frame of the program: not of the MPI library or the JDK. */
    private static String callerLine() {
        return WALKER.walk(frames -> frames.filter(f -> !library(f.getClassName())).findFirst()
                .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")")
                .orElse("an unknown line"));
    }

    private static boolean library(String cls) {
        String pkg = cls.substring(0, Math.max(0, cls.lastIndexOf('.')));
        return pkg.equals("mpi") || pkg.equals("hpjava.mpi.spi") || pkg.equals("hpjava.mpi.portable")
                || cls.startsWith("java.") || cls.startsWith("jdk.");
    }
}
