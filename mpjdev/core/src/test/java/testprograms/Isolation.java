package testprograms;

import hpjava.mpjdev.*;

/** Each rank sets a static field to its rank; after a barrier each still sees its own value. */
public class Isolation {
    static int mine = -1;
    static int initCount;

    static {
        initCount++;
    }

    public static void main(String[] args) {
        Comm w = Comm.world();
        mine = w.id();
        w.collectives().orElseThrow().barrier();
        Check.equal(w.id(), mine, "static field is per rank");
        Check.equal(1, initCount, "static initializer ran once in this rank");
        Check.that(Isolation.class.getClassLoader() == RankContext.current().programClassLoader(), "loaded by the rank's loader");
        Check.that(Thread.currentThread().getContextClassLoader() == Isolation.class.getClassLoader(), "context class loader");
        int[] inherited = {-1};
        Thread t = new Thread(() -> inherited[0] = Comm.world().id());
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
        Check.equal(w.id(), inherited[0], "threads started by a rank inherit its world");
        System.out.println("isolated " + w.id());
    }
}
