package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.equal;
import static hpjava.mpi.conformance.Expect.that;

import mpi.CartComm;
import mpi.Comm;
import mpi.GraphComm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/** Communicators and groups (dup, split, create, createGroup, compare, free, attributes, names) and topologies. */
final class CommunicatorCases {

    private CommunicatorCases() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        Intracomm d = w.dup();
        equal(MPI.CONGRUENT, Comm.compare(w, d), "compare(world, dup)");
        equal(MPI.IDENT, Comm.compare(w, w), "compare(world, world)");
        int right = (me + 1) % n, left = (me - 1 + n) % n;
        d.send(new int[] {me}, 1, MPI.INT, right, 3);
        w.barrier();
        that(w.iProbe(left, 3) == null, "a message sent on a dup is visible on the world");
        int[] x = new int[1];
        d.recv(x, 1, MPI.INT, left, 3);
        equal(left, x[0], "receive on the dup");

        Intracomm half = w.split(me % 2, -me);
        int size = (n + 1 - me % 2) / 2;
        equal(size, half.getSize(), "split size");
        int[] members = new int[size];
        half.allGather(new int[] {me}, 1, MPI.INT, members, 1, MPI.INT);
        for (int k = 1; k < size; k++) that(members[k] < members[k - 1], "split ordered by key (descending ranks): " + java.util.Arrays.toString(members));
        that(w.split(MPI.UNDEFINED, 0) == null, "split with UNDEFINED is not null");

        Group g = w.getGroup();
        equal(n, g.getSize(), "world group size");
        equal(me, g.getRank(), "world group rank");
        Group evens = g.rangeIncl(new int[][] {{0, n - 1, 2}});
        Group odds = g.excl(ranks(0, n, 2));
        equal(n, Group.union(evens, odds).getSize(), "union");
        equal(0, Group.intersection(evens, odds).getSize(), "intersection");
        equal(evens.getSize(), Group.difference(g, odds).getSize(), "difference");
        equal(n == 1 ? MPI.IDENT : MPI.SIMILAR, Group.compare(Group.union(odds, evens), g), "compare of a reordered group");
        int[] t = Group.translateRanks(g, new int[] {0}, evens);
        equal(0, t[0], "translateRanks");
        equal(me % 2 == 0 ? me / 2 : MPI.UNDEFINED, evens.getRank(), "rank in the evens group");

        Intracomm ev = w.create(evens);
        if (me % 2 == 0) {
            equal(evens.getSize(), ev.getSize(), "create: size");
            equal(me / 2, ev.getRank(), "create: rank");
            int[] s = {1};
            ev.allReduce(s, 1, MPI.INT, MPI.SUM);
            equal(evens.getSize(), s[0], "allReduce on a created communicator");
            Intracomm cg = w.createGroup(evens, 9);
            equal(evens.getSize(), cg.getSize(), "createGroup size");
            cg.barrier();
            cg.free();
        } else {
            that(ev == null, "create gives a communicator to a non-member");
        }

        int key = Comm.createKeyval();
        d.setAttr(key, "value");
        equal("value", d.getAttr(key), "attribute");
        Intracomm dd = d.dup();
        equal("value", dd.getAttr(key), "attribute copied by dup");
        d.deleteAttr(key);
        that(d.getAttr(key) == null, "deleted attribute");
        Comm.freeKeyval(key);
        d.setName("mine");
        equal("mine", d.getName(), "name");
        d.setErrhandler(MPI.ERRORS_RETURN);
        that(d.getErrhandler() == MPI.ERRORS_RETURN, "errhandler");
        dd.free();
        d.free();
        that(d.isNull(), "freed communicator not null");
        half.free();
    }

    private static int[] ranks(int from, int to, int step) {
        int[] r = new int[(to - from + step - 1) / step];
        for (int k = 0; k < r.length; k++) r[k] = from + k * step;
        return r;
    }

    static void runTopologies() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        int[] dims = new int[2];
        CartComm.createDims(n, dims);
        equal(n, dims[0] * dims[1], "createDims product");
        that(dims[0] >= dims[1], "createDims order " + java.util.Arrays.toString(dims));
        CartComm c = w.createCart(dims, new boolean[] {true, false}, false);
        equal(MPI.CART, c.getTopology(), "topology");
        int[] coords = c.getCoords(c.getRank());
        equal(c.getRank(), c.getRank(coords), "rank of own coordinates");
        equal(coords[0], c.getTopo().getCoord(0), "getTopo coordinates");
        ShiftParms sh = c.shift(0, 1);
        int[] up = coords.clone();
        up[0] = (up[0] + 1) % dims[0];
        equal(c.getRank(up), sh.getRankDest(), "periodic shift destination");
        ShiftParms edge = c.shift(1, 1);
        if (coords[1] == dims[1] - 1) equal(MPI.PROC_NULL, edge.getRankDest(), "non-periodic edge");
        int[] token = new int[1];
        c.sendRecv(new int[] {me}, 1, MPI.INT, sh.getRankDest(), 0, token, 1, MPI.INT, sh.getRankSource(), 0);
        equal(sh.getRankSource(), token[0], "exchange along a shift");
        CartComm row = c.sub(new boolean[] {false, true});
        equal(dims[1], row.getSize(), "sub-grid size");
        CartComm big = null;
        if (n >= 2) {
            CartComm line = w.createCart(new int[] {n - 1}, new boolean[] {false}, false);
            that((me == n - 1) == (line == null), "rank beyond the grid gets null");
            big = line;
        }
        if (big != null) big.free();

        int[] index = new int[n], edges = new int[2 * n];
        for (int r = 0; r < n; r++) {
            index[r] = 2 * (r + 1);
            edges[2 * r] = (r + 1) % n;
            edges[2 * r + 1] = (r - 1 + n) % n;
        }
        GraphComm gr = w.createGraph(index, edges, false);
        equal(MPI.GRAPH, gr.getTopology(), "graph topology");
        equal(new int[] {(me + 1) % n, (me - 1 + n) % n}, gr.getNeighbors(me), "graph neighbours");
        GraphComm dg = w.createDistGraphAdjacent(new int[] {(me - 1 + n) % n}, new int[] {(me + 1) % n}, MPI.INFO_NULL, false);
        equal(MPI.DIST_GRAPH, dg.getTopology(), "dist graph topology");
        equal((me + 1) % n, dg.getDistGraphNeighbors().getDestination(0), "dist graph destination");
        mpi.Cartcomm legacy = w.Create_cart(new int[] {n}, new boolean[] {true}, false);
        ShiftParms ls = legacy.Shift(0, 1);
        equal((me + 1) % n, ls.rank_dest, "mpiJava Shift");
        equal(new int[] {me}, legacy.Coords(me), "mpiJava Coords");
    }
}
