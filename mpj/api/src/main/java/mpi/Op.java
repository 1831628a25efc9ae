package mpi;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Reduction;
import hpjava.mpi.spi.Reduction.PredefinedOp;
import hpjava.mpi.spi.TypeLayout;
import java.nio.ByteBuffer;

/** A reduction operation: predefined ({@code MPI.SUM}, ...) or user-defined ({@link #Op(UserFunction, boolean)}). */
public final class Op implements Freeable {

    private final PredefinedOp predefined;
    private final UserFunction function;
    private final User_function legacyFunction;
    private final boolean commute;
    private final Reduction predefinedReduction;
    private volatile boolean freed;

    Op(PredefinedOp predefined) {
        this.predefined = predefined;
        this.function = null;
        this.legacyFunction = null;
        this.commute = predefined != PredefinedOp.REPLACE;
        this.predefinedReduction = new Reduction(predefined, null, commute);
    }

    /** A user-defined operation; {@code commute} says whether operands may be combined in any order. */
    public Op(UserFunction function, boolean commute) throws MPIException {
        ArgumentChecks.notNull("Op", "function", function);
        this.predefined = null;
        this.function = function;
        this.legacyFunction = null;
        this.commute = commute;
        this.predefinedReduction = null;
    }

    /** mpiJava: a user-defined operation. */
    public Op(User_function function, boolean commute) throws MPIException {
        ArgumentChecks.notNull("Op", "function", function);
        this.predefined = null;
        this.function = null;
        this.legacyFunction = function;
        this.commute = commute;
        this.predefinedReduction = null;
    }

    /** Whether operands may be combined in any order. */
    public boolean isCommutative() {
        return commute;
    }

    /** Whether this operation is freed (predefined ones never are). */
    public boolean isNull() {
        return freed;
    }

    /** Frees a user-defined operation; predefined ones cannot be freed ({@code ERR_OP}). */
    @Override
    public void free() throws MPIException {
        if (predefined != null) throw new MPIException(ErrorClass.OP, "free: " + predefined + " is predefined");
        freed = true;
    }

    /** The reduction for {@code type}, after checking the operation applies to it. */
    Reduction forType(String what, Datatype type, TypeLayout layout) throws MPIException {
        if (freed) throw new MPIException(ErrorClass.OP, what + ": the operation has been freed");
        if (predefined == null) return new Reduction(null, new Combining(type), commute);
        checkApplies(what, layout);
        return predefinedReduction;
    }

    private void checkApplies(String what, TypeLayout t) throws MPIException {
        boolean pair = t.name() != null && t.name().matches("MPI_(2INT|SHORT_INT|LONG_INT|FLOAT_INT|DOUBLE_INT)");
        BasicType b = t.basic();
        boolean ok = switch (predefined) {
            case MINLOC, MAXLOC -> pair;
            case MAX, MIN, SUM, PROD -> !t.isMixed() && b != BasicType.BOOLEAN && b != BasicType.OBJECT && b != BasicType.PACKED;
            case LAND, LOR, LXOR -> !t.isMixed() && b != BasicType.OBJECT && b != BasicType.PACKED && b != BasicType.FLOAT && b != BasicType.DOUBLE;
            case BAND, BOR, BXOR -> !t.isMixed() && b != BasicType.OBJECT && b != BasicType.PACKED && b != BasicType.FLOAT && b != BasicType.DOUBLE;
            case REPLACE, NO_OP -> false;
        };
        if (!ok)
            throw new MPIException(ErrorClass.OP, what + ": MPI." + predefined + " does not apply to " + (t.name() != null ? t.name() : "this datatype")
                    + (predefined == PredefinedOp.MINLOC || predefined == PredefinedOp.MAXLOC ? " (use a pair type: MPI.INT2, MPI.DOUBLE_INT, ...)" : ""));
    }

    /** The user function with its datatype, in the implementation interface's terms. */
    private final class Combining implements Reduction.UserReduction {
        private final Datatype type;

        Combining(Datatype type) {
            this.type = type;
        }

        @Override
        public void combineArrays(Object in, Object inOut, int count) throws MPIException {
            if (function != null) function.call(in, inOut, count, type);
            else legacyFunction.Call(in, 0, inOut, 0, count, type);
        }

        @Override
        public void combineBuffers(ByteBuffer in, ByteBuffer inOut, int count) throws MPIException {
            if (function != null) function.call(in, inOut, count, type);
            else throw new MPIException(ErrorClass.OP, "an mpiJava User_function combines arrays only");
        }
    }

    @Override
    public String toString() {
        return predefined != null ? "MPI." + predefined : "user operation " + (function != null ? function : legacyFunction);
    }
}
