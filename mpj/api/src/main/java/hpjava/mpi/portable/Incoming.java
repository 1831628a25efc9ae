package hpjava.mpi.portable;

/** A message that arrived and is not yet matched (or is being delivered): envelope and packed payload. */
final class Incoming {
    final int source;
    final int tag;
    final int code;
    final int syncId;
    final Object payload;
    final int length;

    Incoming(int source, int tag, int code, int syncId, Object payload, int length) {
        this.source = source;
        this.tag = tag;
        this.code = code;
        this.syncId = syncId;
        this.payload = payload;
        this.length = length;
    }

    boolean matches(int wantSource, int wantTag) {
        return (wantSource == hpjava.mpi.spi.CommChannel.ANY_SOURCE || wantSource == source)
                && (wantTag == hpjava.mpi.spi.CommChannel.ANY_TAG || wantTag == tag);
    }

    @Override
    public String toString() {
        return "message from rank " + source + " with tag " + tag + " (" + Wire.bytes(code, length) + " bytes"
                + (syncId != 0 ? ", synchronous" : "") + ")";
    }
}
