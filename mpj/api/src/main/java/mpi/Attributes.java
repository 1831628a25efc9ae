package mpi;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Attribute values cached on a communicator or datatype, under keys from {@link #createKeyval()}. Keys are unique in
 * the JVM (so also between the ranks of mt, who never see each other's objects); predefined keys are below
 * {@link #FIRST_USER_KEY}.
 */
final class Attributes {

    static final int FIRST_USER_KEY = 100;
    private static final AtomicInteger NEXT_KEY = new AtomicInteger(FIRST_USER_KEY);
    private static final java.util.Set<Integer> LIVE_KEYS = ConcurrentHashMap.newKeySet();

    private final ConcurrentHashMap<Integer, Object> values = new ConcurrentHashMap<>();

    static int createKeyval() {
        int k = NEXT_KEY.getAndIncrement();
        LIVE_KEYS.add(k);
        return k;
    }

    static void freeKeyval(int keyval) throws MPIException {
        if (!LIVE_KEYS.remove(keyval))
            throw new MPIException(ErrorClass.KEYVAL, "freeKeyval: " + keyval + " is not a live attribute key");
    }

    private static void checkUserKey(String what, int keyval) throws MPIException {
        if (!LIVE_KEYS.contains(keyval))
            throw new MPIException(ErrorClass.KEYVAL, what + ": " + keyval + " is not a key from createKeyval() (or it was freed)");
    }

    void set(int keyval, Object value) throws MPIException {
        checkUserKey("setAttr", keyval);
        if (value == null) values.remove(keyval); else values.put(keyval, value);
    }

    Object get(int keyval) throws MPIException {
        if (keyval < FIRST_USER_KEY) throw new MPIException(ErrorClass.KEYVAL, "getAttr: " + keyval + " is not an attribute key");
        checkUserKey("getAttr", keyval);
        return values.get(keyval);
    }

    void delete(int keyval) throws MPIException {
        checkUserKey("deleteAttr", keyval);
        values.remove(keyval);
    }

    /** A copy for a duplicated communicator ({@code MPI_Comm_dup} copies attributes). */
    void copyInto(Attributes other) {
        other.values.putAll(values);
    }
}
