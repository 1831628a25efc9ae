package hpjava.mpi.ffm;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.CollectiveCall.Kind;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Reduction;
import hpjava.mpi.spi.TypeLayout;
import java.lang.invoke.MethodHandle;
import mpi.MPIException;

/**
 * Starts a {@link CollectiveCall} as the library's nonblocking collective ({@code MPI_Ibcast}, {@code MPI_Iallreduce}
 * ...) in a {@link NativeRequest}; the blocking form waits for it. Buffers are passed as they are (direct buffers) or
 * staged (arrays: {@link Staging}); a {@code null} send buffer is {@code MPI_IN_PLACE}. Each item of the API is one
 * native item (so counts and displacements pass unchanged), except that a reduction with a predefined operation over
 * a contiguous type passes its basic elements, the only form MPI's predefined operations accept.
 */
final class NativeCollectives {
    private NativeCollectives() {}

    static NativeRequest start(CollectiveCall c, NativeComm comm) throws MPIException {
        Reduction op = c.op();
        NativeOps.UserOp user = NativeOps.user(op);
        NativeRequest r = NativeRequest.obtain().forCollective(c.send() == null ? null : c.send().buffer(),
                c.recv() == null ? null : c.recv().buffer(), user);
        try {
            Args a = new Args(c, comm.size(), comm.rank(), r, user);
            long h = comm.handle;
            int rc;
            Natives.LIB_LOCK.lock();
            try {
                rc = switch (c.kind()) {
                    case BARRIER -> (int) CollectiveCalls.IBARRIER.invokeExact(h, r.request);
                    case BCAST -> (int) CollectiveCalls.IBCAST.invokeExact(a.rAddr, a.rCount, a.rType, c.root(), h, r.request);
                    case GATHER -> (int) CollectiveCalls.IGATHER.invokeExact(a.sAddr, a.sCount, a.sType, a.rAddr, a.rCount,
                            a.rType, c.root(), h, r.request);
                    case GATHERV -> (int) CollectiveCalls.IGATHERV.invokeExact(a.sAddr, a.sCount, a.sType, a.rAddr,
                            a.counts, a.displs, a.rType, c.root(), h, r.request);
                    case SCATTER -> (int) CollectiveCalls.ISCATTER.invokeExact(a.sAddr, a.sCount, a.sType, a.rAddr,
                            a.rCount, a.rType, c.root(), h, r.request);
                    case SCATTERV -> (int) CollectiveCalls.ISCATTERV.invokeExact(a.sAddr, a.counts, a.displs, a.sType,
                            a.rAddr, a.rCount, a.rType, c.root(), h, r.request);
                    case ALLGATHER -> (int) CollectiveCalls.IALLGATHER.invokeExact(a.sAddr, a.sCount, a.sType, a.rAddr,
                            a.rCount, a.rType, h, r.request);
                    case ALLGATHERV -> (int) CollectiveCalls.IALLGATHERV.invokeExact(a.sAddr, a.sCount, a.sType, a.rAddr,
                            a.counts, a.displs, a.rType, h, r.request);
                    case ALLTOALL -> (int) CollectiveCalls.IALLTOALL.invokeExact(a.sAddr, a.sCount, a.sType, a.rAddr,
                            a.rCount, a.rType, h, r.request);
                    case ALLTOALLV -> (int) CollectiveCalls.IALLTOALLV.invokeExact(a.sAddr, a.sCounts, a.sDispls, a.sType,
                            a.rAddr, a.counts, a.displs, a.rType, h, r.request);
                    case REDUCE -> (int) CollectiveCalls.IREDUCE.invokeExact(a.sAddr, a.rAddr, a.rCount, a.rType, a.op,
                            c.root(), h, r.request);
                    case ALLREDUCE -> reduce(CollectiveCalls.IALLREDUCE, a, h, r);
                    case SCAN -> reduce(CollectiveCalls.ISCAN, a, h, r);
                    case EXSCAN -> reduce(CollectiveCalls.IEXSCAN, a, h, r);
                    case REDUCE_SCATTER_BLOCK -> reduce(CollectiveCalls.IREDUCE_SCATTER_BLOCK, a, h, r);
                    case REDUCE_SCATTER -> (int) CollectiveCalls.IREDUCE_SCATTER.invokeExact(a.sAddr, a.rAddr, a.counts,
                            a.rType, a.op, h, r.request);
                };
                r.started(rc);
                if (rc == Natives.SUCCESS) r.poll();
            } finally {
                Natives.LIB_LOCK.unlock();
            }
        } catch (MPIException e) {
            r.finish(null);
            throw e;
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "starting " + c.kind());
        }
        return r;
    }

    private static int reduce(MethodHandle start, Args a, long comm, NativeRequest r) throws Throwable {
        return (int) start.invokeExact(a.sAddr, a.rAddr, a.rCount, a.rType, a.op, comm, r.request);
    }

    /** The native arguments of one call: addresses, counts and types of both buffers, v-arrays and operation. */
    private static final class Args {
        long sAddr, rAddr, sType = Natives.BYTE, rType = Natives.BYTE, op, counts, displs, sCounts, sDispls;
        int sCount, rCount;

        Args(CollectiveCall c, int n, int rank, NativeRequest r, NativeOps.UserOp user) throws MPIException {
            Kind k = c.kind();
            Data s = c.send(), d = c.recv();
            boolean reduction = c.op() != null;
            boolean flatten = reduction && user == null;
            boolean inPlace = s == null && k != Kind.BCAST && k != Kind.BARRIER && !(isScatter(k) && rank == c.root());
            if (reduction) op = user != null ? user.handle : NativeOps.predefined(c.op());
            int[] recvCounts = c.recvCounts();
            long reduceItems = d != null ? d.count() : s != null ? s.count() : 0;
            if (k == Kind.REDUCE_SCATTER) reduceItems = recvCounts[rank];
            long rItems = switch (k) {
                case GATHER, ALLGATHER, ALLTOALL -> (long) n * (d == null ? 0 : d.count());
                case GATHERV, ALLGATHERV, ALLTOALLV -> span(c.recvCounts(), c.recvDispls());
                case REDUCE_SCATTER -> inPlace ? sum(recvCounts) : recvCounts[rank];
                case REDUCE_SCATTER_BLOCK -> inPlace ? (long) n * d.count() : d.count();
                default -> d == null ? 0 : d.count();
            };
            long sItems = switch (k) {
                case SCATTER, ALLTOALL -> (long) n * (s == null ? 0 : s.count());
                case SCATTERV -> span(c.sendCounts(), c.sendDispls());
                case ALLTOALLV -> span(c.sendCounts(), c.sendDispls());
                case REDUCE_SCATTER -> sum(recvCounts);
                case REDUCE_SCATTER_BLOCK -> (long) n * (d == null ? 0 : d.count());
                default -> s == null ? 0 : s.count();
            };
            if (isScatter(k) && d == null && rank == c.root()) {
                rAddr = Natives.IN_PLACE;
            } else if (d != null) {
                boolean needOld = inPlace || !d.type().isContiguous() || k == Kind.GATHERV || k == Kind.ALLGATHERV
                        || k == Kind.ALLTOALLV || k == Kind.EXSCAN || k == Kind.BCAST && rank == c.root();
                rAddr = r.second.prepare(d, rItems, needOld);
                rType = type(d.type(), flatten);
                rCount = count(d.type(), reduction ? reduceItems : d.count(), flatten);
                if (user != null) user.itemBytes = d.type().extent() * Staging.unitBytes(d.type());
            }
            if (inPlace) {
                sAddr = Natives.IN_PLACE;
            } else if (s != null) {
                sAddr = r.data.prepare(s, sItems, true);
                r.data.clear();
                sType = type(s.type(), flatten);
                sCount = count(s.type(), s.count(), flatten);
                if (d == null) {
                    rType = sType;
                    rCount = count(s.type(), reduceItems == 0 ? s.count() : reduceItems, flatten);
                }
                if (user != null && d == null) user.itemBytes = s.type().extent() * Staging.unitBytes(s.type());
            }
            int scale = flatten && d != null && d.type().name() == null && d.type().isContiguous()
                    ? Math.toIntExact(d.type().elementCount()) : 1;
            counts = r.ints.of(0, scaled(recvCounts, scale));
            displs = r.ints.of(1, c.recvDispls());
            sCounts = r.ints.of(2, c.sendCounts());
            sDispls = r.ints.of(3, c.sendDispls());
            if (isScatter(k)) {
                counts = sCounts;
                displs = sDispls;
            }
        }

        private static boolean isScatter(Kind k) {
            return k == Kind.SCATTER || k == Kind.SCATTERV;
        }

        private static long type(TypeLayout t, boolean flatten) throws MPIException {
            return flatten ? NativeTypes.of(t) : NativeTypes.itemType(t);
        }

        private static int count(TypeLayout t, long items, boolean flatten) {
            return flatten ? NativeTypes.nativeCount(t, Math.toIntExact(items)) : Math.toIntExact(items);
        }

        private static int[] scaled(int[] a, int scale) {
            if (a == null || scale == 1) return a;
            int[] b = new int[a.length];
            for (int i = 0; i < a.length; i++) b[i] = Math.multiplyExact(a[i], scale);
            return b;
        }

        private static long span(int[] counts, int[] displs) {
            long max = 0;
            if (counts == null) return 0;
            for (int i = 0; i < counts.length; i++) if (counts[i] > 0) max = Math.max(max, (long) displs[i] + counts[i]);
            return max;
        }

        private static long sum(int[] a) {
            long s = 0;
            for (int v : a) s += v;
            return s;
        }
    }
}
