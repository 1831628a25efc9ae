package hpjava.mpjdev.mpi;

import hpjava.mpjdev.DeviceException;
import java.io.IOException;
import java.io.Reader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The ABI facts of one installed MPI implementation, as {@code mpjdev/mpi/src/main/c/mpi-abi.c} printed them from its
 * {@code mpi.h} (compiled with that implementation's {@code mpicc} by {@code bin/setup-mpi.sh}): which library, its
 * version line, the sizes of handles, requests and {@code MPI_Status}, the status fields' offsets, the predefined
 * handles (numbers, or {@code sym:NAME} for the address of a library symbol) and the constants the binding uses.
 * Where the table is: the {@link MpiOptions} key {@code abi} (set by the launcher for every rank).
 */
public record MpiAbi(Path source, String implementation, String library, String libraryVersion, int maxLibraryVersion,
              int maxErrorString, int handleBytes, int requestBytes, int statusBytes, int statusSource, int statusTag,
              Properties table) {

    /** Loads the table named by the key {@code abi}. */
    static MpiAbi load() {
        String p = MpiOptions.ofRank().abi();
        if (p == null) {
            throw new DeviceException("no MPI ABI table: -D" + MpiOptions.property("abi")
                    + " is not set (the mpi backend's launcher sets it)");
        }
        return read(Path.of(p));
    }

    static MpiAbi read(Path file) {
        Properties t = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            t.load(r);
        } catch (IOException e) {
            throw new DeviceException("cannot read the MPI ABI table " + file + ": " + e.getMessage()
                    + " (bin/setup-mpi.sh writes it)", e);
        }
        MpiAbi abi = new MpiAbi(file, text(t, file, "implementation"), text(t, file, "library"),
                text(t, file, "library.version"), number(t, file, "MPI_MAX_LIBRARY_VERSION_STRING"),
                number(t, file, "MPI_MAX_ERROR_STRING"), number(t, file, "sizeof.MPI_Comm"),
                number(t, file, "sizeof.MPI_Request"), number(t, file, "sizeof.MPI_Status"),
                number(t, file, "offsetof.MPI_Status.MPI_SOURCE"), number(t, file, "offsetof.MPI_Status.MPI_TAG"), t);
        for (String h : new String[] {"sizeof.MPI_Group", "sizeof.MPI_Datatype"}) {
            if (number(t, file, h) != abi.handleBytes) {
                throw new DeviceException(file + ": " + h + " differs from sizeof.MPI_Comm; this binding expects handles of one size");
            }
        }
        if (abi.handleBytes != 4 && abi.handleBytes != 8) {
            throw new DeviceException(file + ": handles of " + abi.handleBytes + " bytes are not supported (4 or 8)");
        }
        if (abi.requestBytes != abi.handleBytes) {
            throw new DeviceException(file + ": sizeof.MPI_Request differs from the other handles' size");
        }
        return abi;
    }

    /** An integer constant of the table. */
    public int constant(String name) {
        return number(table, source, name);
    }

    /** A handle or pointer constant: a number, or the address of {@code sym:NAME} looked up in {@code lib}. */
    public long handle(String name, SymbolLookup lib) {
        String v = text(table, source, name);
        if (v.startsWith("sym:")) {
            String sym = v.substring(4);
            return lib.find(sym).map(MemorySegment::address).orElseThrow(() -> new DeviceException(
                    library + " has no symbol " + sym + " (" + name + " in " + source + "): the table was made for "
                            + "another build of " + implementation + "; run bin/setup-mpi.sh again"));
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new DeviceException(source + ": " + name + " is neither a number nor sym:NAME: '" + v + "'");
        }
    }

    private static String text(Properties t, Path file, String key) {
        String v = t.getProperty(key);
        if (v == null) throw new DeviceException(file + " has no entry " + key + "; run bin/setup-mpi.sh again");
        return v;
    }

    private static int number(Properties t, Path file, String key) {
        String v = text(t, file, key);
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new DeviceException(file + ": " + key + " is not a number: '" + v + "'");
        }
    }
}
