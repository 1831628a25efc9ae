package hpjava.mpi.portable;

import hpjava.mpi.spi.MpiEngine;
import hpjava.mpi.spi.MpiProvider;
import hpjava.mpjdev.Comm;

/** The portable implementation: every backend, lowest priority (a native implementation for a backend wins). */
public final class PortableProvider implements MpiProvider {

    @Override
    public String name() {
        return "portable";
    }

    @Override
    public boolean supports(Comm world) {
        return true;
    }

    @Override
    public int priority() {
        return 0;
    }

    @Override
    public MpiEngine open(Comm world) {
        return new PortableEngine(world);
    }
}
