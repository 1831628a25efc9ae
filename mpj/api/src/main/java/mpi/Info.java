package mpi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Key/value hints ({@code MPI_Info}). Keys at most {@code MPI.MAX_INFO_KEY} characters, values {@code MAX_INFO_VAL}. */
public final class Info implements Freeable, Cloneable {

    private final Map<String, String> entries = new LinkedHashMap<>();
    private final boolean predefined;
    private boolean freed;

    /** An empty info object. */
    public Info() throws MPIException {
        this(false);
    }

    Info(boolean predefined) {
        this.predefined = predefined;
    }

    private void usable(String what) throws MPIException {
        if (freed) throw new MPIException(ErrorClass.INFO, what + ": the info object has been freed");
    }

    private void writable(String what) throws MPIException {
        usable(what);
        if (predefined) throw new MPIException(ErrorClass.INFO, what + ": predefined info objects cannot be changed");
    }

    /** Sets {@code key} to {@code value}. */
    public synchronized void set(String key, String value) throws MPIException {
        writable("set");
        checkKey("set", key);
        if (value == null || value.length() > MPI.MAX_INFO_VAL)
            throw new MPIException(ErrorClass.INFO_VALUE, "set: the value of '" + key + "' is null or longer than MPI.MAX_INFO_VAL");
        entries.put(key, value);
    }

    /** The value of {@code key}, or {@code null}. */
    public synchronized String get(String key) throws MPIException {
        usable("get");
        checkKey("get", key);
        return entries.get(key);
    }

    /** Removes {@code key} ({@code ERR_INFO_NOKEY} if absent). */
    public synchronized void delete(String key) throws MPIException {
        writable("delete");
        checkKey("delete", key);
        if (entries.remove(key) == null) throw new MPIException(ErrorClass.INFO_NOKEY, "delete: no key '" + key + "'");
    }

    /** Number of keys. */
    public synchronized int size() throws MPIException {
        usable("size");
        return entries.size();
    }

    /** The {@code i}-th key. */
    public synchronized String getKey(int i) throws MPIException {
        usable("getKey");
        List<String> keys = new ArrayList<>(entries.keySet());
        if (i < 0 || i >= keys.size()) throw new MPIException(ErrorClass.ARG, "getKey: index " + i + " is outside 0.." + (keys.size() - 1));
        return keys.get(i);
    }

    /** A copy. */
    public synchronized Info dup() throws MPIException {
        usable("dup");
        Info d = new Info(false);
        d.entries.putAll(entries);
        return d;
    }

    @Override
    public Info clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Whether the object is freed. */
    public boolean isNull() {
        return freed;
    }

    @Override
    public synchronized void free() throws MPIException {
        writable("free");
        freed = true;
    }

    private static void checkKey(String what, String key) throws MPIException {
        if (key == null || key.isEmpty() || key.length() > MPI.MAX_INFO_KEY)
            throw new MPIException(ErrorClass.INFO_KEY, what + ": key is null, empty or longer than MPI.MAX_INFO_KEY");
    }
}
