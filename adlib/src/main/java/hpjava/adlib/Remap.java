package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;

import java.util.Arrays;

/**
 * A reusable {@code remap(dst, src)}: elementwise copy between arrays (or sections) of the same shape and element
 * type with any distributions; every copy of a replicated destination receives. Collective over the APG.
 */
public final class Remap extends TransferSchedule {
    private static final ScheduleCache.Planner KIND = (a, b, c, p) -> new Remap(a, b);

    /** Plans {@code dst = src}. */
    public Remap(Multiarray dst, Multiarray src) {
        super("remap", dst, src, plan(dst, src));
    }

    private static int[][] plan(Multiarray dst, Multiarray src) {
        check("remap", AdlibRank.context().apg(), dst, src);
        if (!Arrays.equals(dst.shape(), src.shape()))
            throw new AdlibException("remap: shapes differ: destination " + Local.shape(dst) + ", source " + Local.shape(src));
        return Plans.identity(dst);
    }

    static void check(String op, Group apg, Multiarray dst, Multiarray src) {
        AdlibRank.checkInApg(apg, dst, op, "destination");
        AdlibRank.checkInApg(apg, src, op, "source");
        if (dst.getClass() != src.getClass() || !dst.elementType().equals(src.elementType()))
            throw new AdlibException(op + ": element types differ: destination " + dst.describe() + ", source " + src.describe());
    }

    static Remap cached(Multiarray dst, Multiarray src) {
        return (Remap) ScheduleCache.cached(KIND, dst, src, null);
    }
}
