package mpi;

/** The MPI standard version implemented. */
public final class Version {
    private final int version, subversion;

    Version(int version, int subversion) {
        this.version = version;
        this.subversion = subversion;
    }

    /** Major version. */
    public int getVersion() {
        return version;
    }

    /** Minor version. */
    public int getSubversion() {
        return subversion;
    }
}
