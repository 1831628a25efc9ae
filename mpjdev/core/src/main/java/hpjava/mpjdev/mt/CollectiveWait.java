package hpjava.mpjdev.mt;

/** Descriptor of a rank blocked in a native collective, for the deadlock report; one per rank and context. */
final class CollectiveWait {
    final MtContext context;
    volatile String kind = "barrier";
    volatile long generation;

    CollectiveWait(MtContext context) {
        this.context = context;
    }
}
