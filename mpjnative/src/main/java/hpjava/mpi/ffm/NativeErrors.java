package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import mpi.MPI;
import mpi.MPIException;

/**
 * Turns an MPI return code into {@link MPIException}: {@code MPI_Error_class} gives the library's class, whose name
 * (from the ABI table, e.g. {@code MPI_ERR_TRUNCATE}) gives the API's class; the message names the function and
 * carries {@code MPI_Error_string}. Communicators, windows and files of the native implementation use
 * {@code MPI_ERRORS_RETURN}, so every error comes back here instead of aborting the job.
 */
final class NativeErrors {
    private NativeErrors() {}

    private static final Map<Integer, Integer> API_CLASS_OF_NATIVE = apiClasses();

    private static Map<Integer, Integer> apiClasses() {
        Map<String, Integer> api = new HashMap<>();
        for (Field f : MPI.class.getFields()) {
            if (f.getName().startsWith("ERR_") && f.getType() == int.class && Modifier.isStatic(f.getModifiers())) {
                try {
                    api.put("MPI_" + f.getName(), f.getInt(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("mpi.MPI." + f.getName() + " is public yet unreadable", e);
                }
            }
        }
        Map<Integer, Integer> m = new HashMap<>();
        Properties t = Natives.LIB.abi().table();
        for (String k : t.stringPropertyNames()) {
            Integer apiClass = api.get(k);
            if (k.startsWith("MPI_ERR_") && apiClass != null) m.put(Natives.LIB.constant(k), apiClass);
        }
        m.put(Natives.SUCCESS, 0);
        return Map.copyOf(m);
    }

    /** Throws the {@link MPIException} of {@code rc} unless it is {@code MPI_SUCCESS}. */
    static void check(int rc, String function) throws MPIException {
        if (rc != Natives.SUCCESS) throw error(rc, function);
    }

    /** The API's error class of a native error code (error codes of a status included). */
    static int apiClass(int rc) {
        int nativeClass = nativeClass(rc);
        return API_CLASS_OF_NATIVE.getOrDefault(nativeClass, MPI.ERR_OTHER);
    }

    static MPIException error(int rc, String function) {
        return new MPIException(rc, apiClass(rc), function + " failed: " + errorString(rc) + " ("
                + Natives.LIB.abi().implementation() + ")");
    }

    /** An exception thrown in Java where MPI was being called (a downcall's own failure), as {@code MPI_ERR_OTHER}. */
    static MPIException wrap(Throwable t, String function) {
        if (t instanceof MPIException e) return e;
        if (t instanceof Error e) throw e;
        return new MPIException(MPI.ERR_OTHER, function + " failed: " + t, t);
    }

    private static int nativeClass(int rc) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            int r = (int) CommCalls.ERROR_CLASS.invokeExact(rc, out.address());
            return r == Natives.SUCCESS ? out.get(JAVA_INT, 0) : rc;
        } catch (Throwable t) {
            return rc;
        }
    }

    private static String errorString(int rc) {
        int max = Natives.LIB.abi().maxErrorString();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(max + 1L), len = a.allocate(JAVA_INT);
            int r = (int) CommCalls.ERROR_STRING.invokeExact(rc, s.address(), len.address());
            return r == Natives.SUCCESS ? s.getString(0, StandardCharsets.UTF_8) : "error code " + rc;
        } catch (Throwable t) {
            return "error code " + rc;
        }
    }
}
