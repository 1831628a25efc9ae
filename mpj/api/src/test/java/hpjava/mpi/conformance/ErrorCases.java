package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.error;

import java.nio.ByteBuffer;
import mpi.CartComm;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Prequest;

/**
 * Garbage to every kind of entry point: each must throw {@link MPIException} of the MPI error class for the argument
 * at fault, before anything is sent (the calls below would otherwise hang or corrupt the peers' messages).
 */
final class ErrorCases {

    private ErrorCases() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize();
        int[] b = new int[4];
        pointToPoint(w, n, b);
        collectives(w, n, b);
        objects(w, n, b);
        error(MPI.ERR_OTHER, "Init twice", () -> MPI.Init(new String[0]));
    }

    private static void pointToPoint(Intracomm w, int n, int[] b) throws MPIException {
        error(MPI.ERR_RANK, "send to rank size", () -> w.send(b, 1, MPI.INT, n, 0));
        error(MPI.ERR_RANK, "send to rank -5", () -> w.send(b, 1, MPI.INT, -5, 0));
        error(MPI.ERR_RANK, "send to ANY_SOURCE", () -> w.send(b, 1, MPI.INT, MPI.ANY_SOURCE, 0));
        error(MPI.ERR_TAG, "send with tag -3", () -> w.send(b, 1, MPI.INT, 0, -3));
        error(MPI.ERR_TAG, "send with ANY_TAG", () -> w.send(b, 1, MPI.INT, 0, MPI.ANY_TAG));
        error(MPI.ERR_COUNT, "send with count -1", () -> w.send(b, -1, MPI.INT, 0, 0));
        error(MPI.ERR_TYPE, "send with a null type", () -> w.send(b, 1, null, 0, 0));
        error(MPI.ERR_TYPE, "send with DATATYPE_NULL", () -> w.send(b, 1, MPI.DATATYPE_NULL, 0, 0));
        error(MPI.ERR_BUFFER, "send of 5 from a 4-array", () -> w.send(b, 5, MPI.INT, 0, 0));
        error(MPI.ERR_BUFFER, "send with a null buffer", () -> w.send(null, 1, MPI.INT, 0, 0));
        error(MPI.ERR_TYPE, "int[] as MPI.DOUBLE", () -> w.send(b, 1, MPI.DOUBLE, 0, 0));
        error(MPI.ERR_BUFFER, "a String as buffer", () -> w.send("abc", 1, MPI.CHAR, 0, 0));
        error(MPI.ERR_BUFFER, "a heap ByteBuffer", () -> w.send(ByteBuffer.allocate(8), 1, MPI.INT, 0, 0));
        error(MPI.ERR_BUFFER, "a direct buffer smaller than the count", () -> w.send(MPI.newIntBuffer(2), 3, MPI.INT, 0, 0));
        error(MPI.ERR_TYPE, "an IntBuffer as MPI.DOUBLE", () -> w.send(MPI.newIntBuffer(2), 1, MPI.DOUBLE, 0, 0));
        error(MPI.ERR_BUFFER, "mpiJava offset past the end", () -> w.Send(b, 3, 2, MPI.INT, 0, 0));
        error(MPI.ERR_BUFFER, "negative offset", () -> w.Send(b, -1, 1, MPI.INT, 0, 0));
        error(MPI.ERR_RANK, "recv from rank size", () -> w.recv(b, 1, MPI.INT, n, 0));
        error(MPI.ERR_TAG, "recv with tag -7", () -> w.recv(b, 1, MPI.INT, 0, -7));
        error(MPI.ERR_BUFFER, "recv into too short an array", () -> w.recv(b, 9, MPI.INT, 0, 0));
        error(MPI.ERR_RANK, "iSend to rank size", () -> w.iSend(b, 1, MPI.INT, n, 0));
        error(MPI.ERR_BUFFER, "iRecv into too short a buffer", () -> w.iRecv(MPI.newIntBuffer(1), 2, MPI.INT, 0, 0));
        error(MPI.ERR_RANK, "sSend to rank size", () -> w.sSend(b, 1, MPI.INT, n, 0));
        error(MPI.ERR_BUFFER, "bSend without an attached buffer", () -> w.bSend(b, 1, MPI.INT, 0, 0));
        error(MPI.ERR_RANK, "sendInit to rank size", () -> w.sendInit(b, 1, MPI.INT, n, 0));
        error(MPI.ERR_TAG, "recvInit with tag -2", () -> w.recvInit(b, 1, MPI.INT, 0, -2));
        error(MPI.ERR_RANK, "probe of rank size", () -> w.probe(n, 0));
        error(MPI.ERR_TAG, "iProbe with tag -9", () -> w.iProbe(0, -9));
        error(MPI.ERR_BUFFER, "sendRecv with one buffer", () -> w.sendRecv(b, 1, MPI.INT, 0, 0, b, 1, MPI.INT, 0, 0));
        error(MPI.ERR_RANK, "sendRecvReplace to rank size", () -> w.sendRecvReplace(b, 1, MPI.INT, n, 0, 0, 0));
        error(MPI.ERR_REQUEST, "mRecv without a probe", () -> new Message().mRecv(b, 1, MPI.INT));
        error(MPI.ERR_RANK, "mProbe of rank size", () -> new Message().mProbe(n, 0, w));
        error(MPI.ERR_TRUNCATE, "pack past the end", () -> w.pack(b, 4, MPI.INT, new byte[8], 0));
        error(MPI.ERR_TYPE, "pack of objects", () -> w.pack(new Object[1], 1, MPI.OBJECT, new byte[8], 0));
        Prequest p = w.recvInit(b, 1, MPI.INT, MPI.ANY_SOURCE, 12345);
        p.start();
        error(MPI.ERR_REQUEST, "start of an active persistent request", p::start);
        p.cancel();
        p.waitFor();
        p.free();
        error(MPI.ERR_REQUEST, "start of a freed persistent request", p::start);
    }

    private static void collectives(Intracomm w, int n, int[] b) throws MPIException {
        int[] big = new int[4 * n];
        error(MPI.ERR_ROOT, "bcast from root size", () -> w.bcast(b, 1, MPI.INT, n));
        error(MPI.ERR_ROOT, "bcast from root -1", () -> w.bcast(b, 1, MPI.INT, -1));
        error(MPI.ERR_COUNT, "bcast of -2", () -> w.bcast(b, -2, MPI.INT, 0));
        error(MPI.ERR_ROOT, "reduce to root size", () -> w.reduce(b, big, 1, MPI.INT, MPI.SUM, n));
        error(MPI.ERR_ARG, "reduce with a null op", () -> w.allReduce(b, big, 1, MPI.INT, null));
        error(MPI.ERR_BUFFER, "allReduce into too short a buffer", () -> w.allReduce(b, new int[1], 2, MPI.INT, MPI.SUM));
        error(MPI.ERR_BUFFER, "reduce with one buffer for both", () -> w.allReduce(b, b, 1, MPI.INT, MPI.SUM));
        error(MPI.ERR_BUFFER, "allGather into a buffer for fewer ranks", () -> w.allGather(b, 4, MPI.INT, new int[4 * n - 1], 4, MPI.INT));
        error(MPI.ERR_ARG, "allGatherv with a short counts array", () -> w.allGatherv(b, 1, MPI.INT, big, new int[n - 1], new int[n], MPI.INT));
        error(MPI.ERR_COUNT, "allGatherv with a negative count", () -> w.allGatherv(b, 1, MPI.INT, big, negativeFirst(n), new int[n], MPI.INT));
        error(MPI.ERR_BUFFER, "allToAll from too short a buffer", () -> w.allToAll(b, 5, MPI.INT, new int[5 * n], 5, MPI.INT));
        error(MPI.ERR_ARG, "allToAllv with null displacements", () -> w.allToAllv(big, new int[n], null, MPI.INT, big, new int[n], new int[n], MPI.INT));
        error(MPI.ERR_ARG, "reduceScatter with a short counts array", () -> w.reduceScatter(big, b, new int[0], MPI.INT, MPI.SUM));
        error(MPI.ERR_OP, "user op freed", () -> {
            mpi.Op op = new mpi.Op(new mpi.UserFunction() {
            }, true);
            op.free();
            w.allReduce(b, big, 1, MPI.INT, op);
        });
        error(MPI.ERR_DIMS, "createCart larger than the communicator", () -> w.createCart(new int[] {n + 1}, new boolean[] {false}, false));
        error(MPI.ERR_DIMS, "createCart with a zero dimension", () -> w.createCart(new int[] {0}, new boolean[] {false}, false));
        error(MPI.ERR_DIMS, "createDims that cannot be", () -> CartComm.createDims(7, new int[] {2, 0}));
        error(MPI.ERR_TOPOLOGY, "createGraph with an edge to no node", () -> w.createGraph(new int[] {1}, new int[] {5}, false));
        error(MPI.ERR_ARG, "split with a negative colour", () -> w.split(-4, 0));
        if (n >= 2) error(MPI.ERR_GROUP, "create from a group with ranks outside", () -> MPI.COMM_SELF.create(w.getGroup()));
        error(MPI.ERR_ARG, "create from a null group", () -> w.create(null));
    }

    private static int[] negativeFirst(int n) {
        int[] c = new int[n];
        c[0] = -1;
        return c;
    }

    private static void objects(Intracomm w, int n, int[] b) throws MPIException {
        Intracomm d = w.dup();
        d.free();
        error(MPI.ERR_COMM, "send on a freed communicator", () -> d.send(b, 1, MPI.INT, 0, 0));
        error(MPI.ERR_COMM, "barrier on a freed communicator", d::barrier);
        error(MPI.ERR_COMM, "free of COMM_WORLD", w::free);
        error(MPI.ERR_TYPE, "free of a predefined datatype", MPI.INT::free);
        error(MPI.ERR_OP, "free of a predefined op", MPI.SUM::free);
        error(MPI.ERR_RANK, "group incl of rank size", () -> w.getGroup().incl(new int[] {n}));
        error(MPI.ERR_RANK, "group incl of a rank twice", () -> w.getGroup().incl(new int[] {0, 0}));
        error(MPI.ERR_RANK, "translateRanks of rank size", () -> Group.translateRanks(w.getGroup(), new int[] {n}, w.getGroup()));
        error(MPI.ERR_KEYVAL, "getAttr of a key never created", () -> w.getAttr(987654));
        error(MPI.ERR_INFO_KEY, "Info key too long", () -> new Info().set("k".repeat(MPI.MAX_INFO_KEY + 1), "v"));
        error(MPI.ERR_INFO_NOKEY, "Info delete of an absent key", () -> new Info().delete("absent"));
        error(MPI.ERR_COUNT, "vector of -1 blocks", () -> Datatype.createVector(-1, 1, 1, MPI.INT));
        error(MPI.ERR_ARG, "struct with mismatched arrays", () -> Datatype.createStruct(new int[] {1}, new int[] {0, 4}, new Datatype[] {MPI.INT}));
        error(MPI.ERR_TYPE, "struct with MPI.OBJECT", () -> Datatype.createStruct(new int[] {1}, new int[] {0}, new Datatype[] {MPI.OBJECT}));
        error(MPI.ERR_BUFFER, "attachBuffer of a heap buffer", () -> MPI.attachBuffer(ByteBuffer.allocate(64)));
        error(MPI.ERR_BUFFER, "detachBuffer with none attached", MPI::detachBuffer);
        MPI.attachBuffer(MPI.newByteBuffer(64));
        error(MPI.ERR_BUFFER, "attachBuffer twice", () -> MPI.attachBuffer(MPI.newByteBuffer(64)));
        error(MPI.ERR_BUFFER, "bSend larger than the attached buffer", () -> w.bSend(new int[64], 64, MPI.INT, 0, 0));
        MPI.detachBuffer();
        if (MPI.getLibVersion().contains("portable")) {
            error(MPI.ERR_UNSUPPORTED_OPERATION, "Win on the portable path", () -> new mpi.Win(MPI.newByteBuffer(8), 8, 1, MPI.INFO_NULL, w));
            error(MPI.ERR_UNSUPPORTED_OPERATION, "File on the portable path", () -> new mpi.File(w, "x", 0));
        }
        error(MPI.ERR_OTHER, "callErrhandler", () -> w.callErrhandler(MPI.ERR_OTHER));
        Comm c = w;
        error(MPI.ERR_ARG, "setName(null)", () -> c.setName(null));
    }
}
