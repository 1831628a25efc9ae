package hpjava.mpi.ffm;

import hpjava.mpi.spi.MpiEngine;
import hpjava.mpi.spi.MpiProvider;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.mpi.MpiLibrary;
import mpi.MPI;
import mpi.MPIException;

/**
 * The native implementation of the {@code mpi} API ({@link java.util.ServiceLoader} provider): serves ranks of the
 * mpi backend that call MPI through {@code java.lang.foreign} (the default binding). Chosen only when the job's
 * environment has {@value #CHOOSE_VARIABLE}{@code =native}: until it passes the API's conformance suite and is faster
 * than the portable implementation over the device (docs/MPI.md), the portable one serves the mpi backend.
 */
public final class NativeProvider implements MpiProvider {
    /** The entry of the ABI table made last; a table without it predates the native implementation. */
    private static final String NEWEST_TABLE_ENTRY = "MPI_ERR_LASTCODE";
    /** The environment variable that chooses this implementation ({@code native}). */
    static final String CHOOSE_VARIABLE = "HPJAVA_MPI_API";

    @Override
    public String name() {
        return "native";
    }

    @Override
    public boolean supports(Comm world) {
        if (!"mpi".equals(world.backendName())) return false;
        try {
            MpiLibrary.ofRank();
            return true;
        } catch (DeviceException e) {
            return false;
        }
    }

    @Override
    public int priority() {
        return "native".equals(System.getenv(CHOOSE_VARIABLE)) ? 100 : -1;
    }

    @Override
    public MpiEngine open(Comm world) throws MPIException {
        MpiLibrary lib = MpiLibrary.ofRank();
        if (!lib.has(NEWEST_TABLE_ENTRY)) {
            throw new MPIException(MPI.ERR_INTERN, "the MPI ABI table " + lib.abi().source() + " was made by an older "
                    + "bin/setup-mpi.sh and lacks what the mpi API needs; run bin/setup-mpi.sh again");
        }
        NativeEngine e = new NativeEngine();
        if (e.world().size() != world.size() || e.world().rank() != world.id()) {
            throw new MPIException(MPI.ERR_INTERN, "the native world (rank " + e.world().rank() + " of "
                    + e.world().size() + ") differs from the device's (rank " + world.id() + " of " + world.size() + ")");
        }
        return e;
    }
}
