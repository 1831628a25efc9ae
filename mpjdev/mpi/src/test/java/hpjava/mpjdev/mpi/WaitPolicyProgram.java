package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Comm;

/** An mpi job that prints how each rank counted its host's cores for its wait policy (HostCoresTest). */
public final class WaitPolicyProgram {
    private WaitPolicyProgram() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        System.out.println("rank " + world.id() + ": hostCores=" + hpjava.mpjdev.idle.Cores.host() + " oversubscribed="
                + MpiDevice.OVERSUBSCRIBED);
    }
}
