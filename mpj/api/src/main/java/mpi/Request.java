package mpi;

import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.StatusRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * A nonblocking operation. Completion is observed by a wait or a successful test, after which the request is null
 * ({@link #isNull()}), as MPI sets the handle to {@code MPI_REQUEST_NULL}; waiting for a null request returns an empty
 * status at once. A request is used by one thread at a time. Open MPI's names ({@link #waitFor()},
 * {@link #waitAny(Request[])}) and mpiJava 1.2's ({@link #Wait()}, {@link #Waitany(Request[])}) both work.
 */
public class Request implements Freeable {

    /** What to do after an operation completes (copy results, release buffered-send space); may throw. */
    interface AfterCompletion {
        void run(StatusRecord status) throws MPIException;
    }

    RequestHandle handle;
    private Status ready;
    private AfterCompletion after;

    Request(RequestHandle handle, AfterCompletion after) {
        this.handle = handle;
        this.after = after;
    }

    /** A request complete from the start (an operation with {@code MPI.PROC_NULL}). */
    static Request completed(Status status) {
        Request r = new Request(null, null);
        r.ready = status;
        return r;
    }

    /** Re-arms the request with a new handle (persistent requests). */
    void arm(RequestHandle handle, AfterCompletion after) {
        this.handle = handle;
        this.after = after;
        this.ready = null;
    }

    boolean isActive() {
        return handle != null || ready != null;
    }

    private Status finish(StatusRecord rec, int index) throws MPIException {
        handle = null;
        AfterCompletion a = after;
        after = null;
        if (a != null) a.run(rec);
        return new Status(rec, index);
    }

    private Status takeReady(int index) {
        Status s = ready;
        ready = null;
        s.index = index;
        return s;
    }

    /** Waits for completion and returns the status ({@code MPI_Wait}). */
    public final Status waitStatus() throws MPIException {
        if (ready != null) return takeReady(-1);
        if (handle == null) return Status.empty(MPI.ANY_SOURCE);
        StatusRecord rec = new StatusRecord();
        handle.await(rec);
        return finish(rec, -1);
    }

    /** Waits for completion ({@code MPI_Wait} without status). */
    public final void waitFor() throws MPIException {
        waitStatus();
    }

    /** The status if the operation completed (the request is then null), else {@code null} ({@code MPI_Test}). */
    public final Status testStatus() throws MPIException {
        if (ready != null) return takeReady(-1);
        if (handle == null) return Status.empty(MPI.ANY_SOURCE);
        StatusRecord rec = new StatusRecord();
        return handle.test(rec) ? finish(rec, -1) : null;
    }

    /** Whether the operation completed (the request is then null). */
    public final boolean test() throws MPIException {
        return testStatus() != null;
    }

    /**
     * The status if the operation completed, else {@code null}, leaving the request as it is
     * ({@code MPI_Request_get_status}): a later wait returns the same status.
     */
    public final Status getStatus() throws MPIException {
        if (ready == null && handle != null) {
            StatusRecord rec = new StatusRecord();
            if (handle.test(rec)) ready = finish(rec, -1);
        }
        if (ready != null) return ready;
        return handle == null ? Status.empty(MPI.ANY_SOURCE) : null;
    }

    /** Asks for cancellation; the request must still be completed by a wait or test ({@code MPI_Cancel}). */
    public final void cancel() throws MPIException {
        if (handle != null) handle.cancel();
    }

    /** Releases the request without waiting; the operation still completes. */
    @Override
    public void free() throws MPIException {
        if (handle != null) handle.free();
        handle = null;
        ready = null;
    }

    /** Whether this is a null request (completion observed, freed, or {@code MPI.REQUEST_NULL}). */
    public final boolean isNull() {
        return !isActive() && !(this instanceof Prequest p && p.isPersistentLive());
    }

    // ---- arrays ----

    /** Waits for one of the active requests; its status with {@link Status#getIndex()}, or {@code null} if none is active. */
    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        ArgumentChecks.notNull("waitAny", "requests", requests);
        for (int i = 0; i < requests.length; i++)
            if (requests[i] != null && requests[i].ready != null) return requests[i].takeReady(i);
        RequestHandle[] handles = new RequestHandle[requests.length];
        boolean any = false;
        for (int i = 0; i < requests.length; i++) {
            handles[i] = requests[i] == null ? null : requests[i].handle;
            any |= handles[i] != null;
        }
        if (!any) return null;
        StatusRecord rec = new StatusRecord();
        int i = Ranks.engine().waitAny(handles, rec);
        return requests[i].finish(rec, i);
    }

    /** Index of the request that completed, or {@code MPI.UNDEFINED} if none was active. */
    public static int waitAny(Request[] requests) throws MPIException {
        Status s = waitAnyStatus(requests);
        return s == null ? MPI.UNDEFINED : s.index;
    }

    /** The status of one completed request (with its index), or {@code null} if none has completed. */
    public static Status testAnyStatus(Request[] requests) throws MPIException {
        ArgumentChecks.notNull("testAny", "requests", requests);
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (r == null || !r.isActive()) continue;
            if (r.ready != null) return r.takeReady(i);
            StatusRecord rec = new StatusRecord();
            if (r.handle.test(rec)) return r.finish(rec, i);
        }
        return null;
    }

    /** Index of a completed request, or {@code MPI.UNDEFINED}. */
    public static int testAny(Request[] requests) throws MPIException {
        Status s = testAnyStatus(requests);
        return s == null ? MPI.UNDEFINED : s.index;
    }

    /** Waits for every request; their statuses. A failure of any is reported after all complete ({@code ERR_IN_STATUS}). */
    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        ArgumentChecks.notNull("waitAll", "requests", requests);
        Status[] out = new Status[requests.length];
        MPIException first = null;
        int failed = 0;
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] == null) {
                out[i] = Status.empty(MPI.ANY_SOURCE);
                continue;
            }
            try {
                out[i] = requests[i].waitStatus();
            } catch (MPIException e) {
                if (first == null) first = e;
                failed++;
                out[i] = new Status(new StatusRecord().set(MPI.ANY_SOURCE, MPI.ANY_TAG, e.getErrorClass(), false, 0), i);
            }
        }
        if (first != null)
            throw new MPIException(ErrorClass.IN_STATUS, "waitAll: " + failed + " of " + requests.length
                    + " requests failed; the first: " + first.getMessage(), first);
        return out;
    }

    /** Waits for every request. */
    public static void waitAll(Request[] requests) throws MPIException {
        waitAllStatus(requests);
    }

    /** The statuses if every request has completed (then all are null), else {@code null} and none is completed. */
    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        ArgumentChecks.notNull("testAll", "requests", requests);
        for (Request r : requests) {
            if (r != null && r.ready == null && r.handle != null) {
                StatusRecord rec = new StatusRecord();
                if (!r.handle.test(rec)) return null;
                r.ready = r.finish(rec, -1);
            }
        }
        return waitAllStatus(requests);
    }

    /** Whether every request has completed. */
    public static boolean testAll(Request[] requests) throws MPIException {
        return testAllStatus(requests) != null;
    }

    /** Waits until at least one completes; the statuses of all that have (indexes set), or {@code null} if none active. */
    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        Status first = waitAnyStatus(requests);
        if (first == null) return null;
        List<Status> done = new ArrayList<>();
        done.add(first);
        Status more;
        while ((more = testAnyStatus(requests)) != null) done.add(more);
        return done.toArray(new Status[0]);
    }

    /** Indexes of the requests that completed (at least one), or {@code null} if none was active. */
    public static int[] waitSome(Request[] requests) throws MPIException {
        return indexes(waitSomeStatus(requests));
    }

    /** Statuses of the requests that have completed now (possibly none), or {@code null} if none was active. */
    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        ArgumentChecks.notNull("testSome", "requests", requests);
        boolean anyActive = false;
        for (Request r : requests) anyActive |= r != null && r.isActive();
        if (!anyActive) return null;
        List<Status> done = new ArrayList<>();
        Status s;
        while ((s = testAnyStatus(requests)) != null) done.add(s);
        return done.toArray(new Status[0]);
    }

    /** Indexes of the requests that have completed now, or {@code null} if none was active. */
    public static int[] testSome(Request[] requests) throws MPIException {
        return indexes(testSomeStatus(requests));
    }

    private static int[] indexes(Status[] statuses) {
        if (statuses == null) return null;
        int[] r = new int[statuses.length];
        for (int i = 0; i < r.length; i++) r[i] = statuses[i].index;
        return r;
    }

    // ---- mpiJava 1.2 forms ----

    /** mpiJava: {@link #waitStatus()}. */
    public Status Wait() throws MPIException {
        return waitStatus();
    }

    /** mpiJava: {@link #testStatus()} ({@code null} while incomplete). */
    public Status Test() throws MPIException {
        return testStatus();
    }

    /** mpiJava: {@link #cancel()}. */
    public void Cancel() throws MPIException {
        cancel();
    }

    /** mpiJava: {@link #free()}. */
    public void Free() throws MPIException {
        free();
    }

    /** mpiJava: {@link #isNull()}. */
    public boolean Is_null() {
        return isNull();
    }

    /** mpiJava: {@link #waitAnyStatus(Request[])}. */
    public static Status Waitany(Request[] requests) throws MPIException {
        return waitAnyStatus(requests);
    }

    /** mpiJava: {@link #testAnyStatus(Request[])}. */
    public static Status Testany(Request[] requests) throws MPIException {
        return testAnyStatus(requests);
    }

    /** mpiJava: {@link #waitAllStatus(Request[])}. */
    public static Status[] Waitall(Request[] requests) throws MPIException {
        return waitAllStatus(requests);
    }

    /** mpiJava: {@link #testAllStatus(Request[])}. */
    public static Status[] Testall(Request[] requests) throws MPIException {
        return testAllStatus(requests);
    }

    /** mpiJava: {@link #waitSomeStatus(Request[])}. */
    public static Status[] Waitsome(Request[] requests) throws MPIException {
        return waitSomeStatus(requests);
    }

    /** mpiJava: {@link #testSomeStatus(Request[])}. */
    public static Status[] Testsome(Request[] requests) throws MPIException {
        return testSomeStatus(requests);
    }
}
