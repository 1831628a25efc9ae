package hpjava.mpjdev.ucx;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.spi.Backend;

/**
 * The {@code ucx} backend: LAPI-like active messages over UCX, one JVM per rank on this host, called through
 * {@code java.lang.foreign}. Registered for {@link java.util.ServiceLoader} in
 * {@code META-INF/services/hpjava.mpjdev.spi.Backend}. See the module README for the design.
 */
public final class UcxBackend implements Backend {
    /** The name users select the backend by. */
    public static final String NAME = "ucx";

    public UcxBackend() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "UCX active messages (one JVM per rank on this host; needs libucx0; options: "
                + hpjava.mpjdev.spi.BackendOptions.names(UcxOptions.KEYS) + ")";
    }

    @Override
    public String unavailableReason() {
        try {
            hpjava.mpjdev.ucx.ffm.UcxLibrary.require();
            return null;
        } catch (hpjava.mpjdev.ucx.ffm.UcxUnavailableException | LinkageError e) {
            return e.getMessage();
        }
    }

    @Override
    public int launch(LaunchSpec spec) {
        return UcxJobLauncher.launch(spec);
    }
}
