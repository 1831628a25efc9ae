package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

import java.util.IdentityHashMap;

/**
 * A reusable broadcast of the element of a rank-0 section ({@code Adlib.broadcast(a[[5, 3]])}) to every APG member:
 * from the first member of the section's group, along a binomial tree (or the backend's native broadcast when the
 * APG is the whole job); objects are serialized.
 */
public final class Broadcast extends Schedule {
    private static final ScheduleCache.Planner KIND = (a, b, c, p) -> new Broadcast(a);
    private final AdlibRank rk;
    private final Multiarray src;
    private final Kernel kernel;
    private final int[] members;
    private final int me, root;
    private final boolean useNative;
    private final Object box;
    private final Object[] boxes;
    private static final int[] ONE = {1};
    private final CallCheck.Call call;

    /** A broadcast of the element of {@code src}, a rank-0 section. */
    public Broadcast(Multiarray src) {
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        AdlibRank.checkInApg(apg, src, "broadcast", "source");
        if (src.rank() != 0)
            throw new AdlibException("broadcast: the source must be a rank-0 section (e.g. a[[5, 3]]), not the rank-"
                    + src.rank() + " array " + src.describe());
        this.rk = AdlibRank.current(ctx);
        this.src = src;
        this.kernel = Kernel.of(src);
        this.members = MemberLists.of(apg);
        this.me = apg.indexOf(ctx.id());
        this.root = apg.indexOf(src.grp().member(0));
        this.useNative = !kernel.isObject() && rk.nativeFor(members);
        this.box = kernel.newArray(1);
        this.boxes = new Object[] {box};
        this.call = new CallCheck.Call(apg, ctx.id(), CallCheck.signature("broadcast", src, root),
                CallCheck.describe("broadcast", src, " section, from member " + root));
    }

    static Broadcast cached(Multiarray src) {
        return (Broadcast) ScheduleCache.cached(KIND, src, null, null);
    }

    /** Runs the broadcast; {@link #value()} then holds the element on every APG member. */
    @Override
    public void execute() {
        run(src);
    }

    /** The element broadcast by the last execution (boxed). */
    public Object value() {
        return java.lang.reflect.Array.get(box, 0);
    }

    /** Runs on a section of this layout; returns the one-element array holding the value. */
    Object run(Multiarray s) {
        call.agree(rk);
        if (me == root) System.arraycopy(kernel.dat(s), s.bas(), box, 0, 1);
        if (kernel.isObject()) {
            ((Object[]) box)[0] = Tree.bcastObject(rk, members, me, root, ((Object[]) box)[0]);
        } else if (useNative) {
            rk.nat.broadcast(box, 0, 1, root);
        } else {
            Tree.bcast(rk, members, me, root, boxes, ONE);
        }
        return box;
    }

    /**
     * {@code broadcast(value, root)}: the value of APG member {@code root}, on every member. {@code box} is a
     * one-element array of the value's type, holding the caller's value; it receives the root's.
     */
    static void value(Object box, int root, boolean object) {
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        if (root < 0 || root >= apg.size())
            throw new AdlibException("broadcast: root " + root + " is not a member of the active process group (0.." + (apg.size() - 1) + ")");
        AdlibRank rk = AdlibRank.current(ctx);
        int[] members = apg.members();
        int me = apg.indexOf(ctx.id());
        long sig = CallCheck.valueSignature(box.getClass(), root);
        rk.began(sig);
        long seq = rk.seqs.next(members);
        if (!CallCheck.agree(rk, members, me, sig, seq))
            throw CallCheck.mismatch(rk, members, me, seq, "broadcast(" + box.getClass().getComponentType().getSimpleName() + " value, root " + root + ")");
        if (object) ((Object[]) box)[0] = Tree.bcastObject(rk, members, me, root, ((Object[]) box)[0]);
        else if (rk.nativeFor(members)) rk.nat.broadcast(box, 0, 1, root);
        else Tree.bcast(rk, members, me, root, new Object[] {box}, ONE);
    }

    /** A per-rank one-element array of the element type of {@code k} (scratch for the static value broadcasts). */
    static Object scratch(Class<?> arrayClass) {
        AdlibRank rk = AdlibRank.current(AdlibRank.context());
        synchronized (rk.boxes) {
            return rk.boxes.computeIfAbsent(arrayClass, c -> java.lang.reflect.Array.newInstance(c.getComponentType(), 1));
        }
    }

    static final class Boxes extends IdentityHashMap<Class<?>, Object> {
        private static final long serialVersionUID = 1L;
    }
}
