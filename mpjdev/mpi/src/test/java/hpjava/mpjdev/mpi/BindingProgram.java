package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Comm;

/** An mpi job that prints how many processors each rank's JVM sees, which mpirun's binding decides (BindingTest). */
public final class BindingProgram {
    private BindingProgram() {}

    public static void main(String[] args) {
        System.out.println("rank " + Comm.world().id() + ": processors=" + Runtime.getRuntime().availableProcessors());
    }
}
