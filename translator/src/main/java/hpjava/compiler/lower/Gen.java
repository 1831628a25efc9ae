package hpjava.compiler.lower;

import java.util.List;

/**
 * The table of every name the lowering generates. All start with {@link #PREFIX} ({@code $}), which a Java program
 * may use but by convention does not (JLS 3.8), so they cannot collide with user names and a debugger can hide them
 * (translator/README.md, "Debugging"). {@code N} is the number of the overall, at or on statement that declares the
 * name, {@code H} the number of a hoisted array.
 */
enum Gen {
    /** {@code $cN}: the rank's {@code ProcessContext}, read once per outermost construct N. */
    CONTEXT("$c"),
    /** {@code $pN}: the group of {@code on} N. */
    GROUP("$p"),
    /** {@code $mN}: the APG mark {@code enterIndex}/{@code pushApg} returned, restored in the finally of N. */
    MARK("$m"),
    /** {@code $xN}: the range of overall or at N. */
    RANGE("$x"),
    /** {@code $lN}, {@code $uN}, {@code $tN}: lower bound, upper bound and step of overall N ({@code $lN}: the location of at N). */
    LOWER("$l"), UPPER("$u"), STEP("$t"),
    /** {@code $bN}: the local block of overall N (reused by the iterations of an enclosing overall). */
    BLOCK("$b"),
    /**
     * {@code $bcN}: the blocks of nested overall N by range and bounds ({@code hpjava.lang.BlockCache}), made once
     * per execution of the outermost construct, when N's set-up runs per iteration of the overall around it.
     */
    BLOCK_CACHE("$bc"),
    /** {@code $SN}: the label of the segment loop of overall N ({@code break} out of the overall). */
    SEGMENT_LOOP("$S"),
    /** {@code $gN}, {@code $nsN}: the segment number and the number of segments of overall N's block. */
    SEGMENT("$g"), SEGMENTS("$ns"),
    /** {@code $nN}: the number of elements of the current segment. */
    COUNT("$n"),
    /** {@code $gbN}, {@code $gsN}: global index of the segment's first element and its step ({@code i`}). */
    GLOBAL_BASE("$gb"), GLOBAL_STEP("$gs"),
    /** {@code $sbN}, {@code $ssN}: local subscript of the segment's first element and its step. */
    SUB_BASE("$sb"), SUB_STEP("$ss"),
    /** {@code $KN}: the label of the element loop of overall N ({@code continue} of a labeled overall). */
    ELEMENT_LOOP("$K"),
    /** {@code $kN}: the element counter of overall N. */
    ELEMENT("$k"),
    /** {@code $iN}: the local subscript of index N (the user's name holds the global index, for debuggers). */
    SUBSCRIPT("$i"),
    /** {@code $dH}, {@code $oH}, {@code $sH_r}: data, base offset and stride of dimension r of hoisted array H. */
    DATA("$d"), BASE("$o"), STRIDE("$s"),
    /** {@code $ON}: the local class holding overall N outlined into its method {@link #RUN} (Outlining). */
    OUTLINED("$O"),
    /** {@code $VN}: the local class holding the vector loop of overall N in its method {@link #ROW} (Vectorizer). */
    VECTOR_CLASS("$V"),
    /** {@code $vN}: the element where overall N's scalar loop starts after the vector loop (0 when it did not run). */
    VECTOR_START("$v"),
    /** {@code $ptN}: the part (0: interior, then the boundary strips) of nest N run around a ghost exchange (Overlap). */
    PART("$pt"),
    /** {@code $ilN_q}, {@code $ihN_q}: the interior's global bounds in restricted dimension q of nest N (Overlap). */
    INTERIOR_LOW("$il"), INTERIOR_HIGH("$ih"),
    /*
     * Inside a vector loop's method {@link #ROW} (a scope of its own: a static method of the local class $VN), where
     * N is the number the Vectorizer gave the body's local, invariant, hoisted array or operand slot.
     */
    /** {@code $rtN}: body local N as a vector. */
    ROW_LOCAL("$rt"),
    /** {@code $rbN}: loop invariant N broadcast to a vector. */
    ROW_INVARIANT("$rb"),
    /** {@code $rpN}: loop invariant N's scalar value, a parameter of {@link #ROW}. */
    ROW_SCALAR("$rp"),
    /** {@code $raH}: hoisted array H's data, a parameter of {@link #ROW}. */
    ROW_ARRAY("$ra"),
    /** {@code $rfS}: the offset of operand slot S's element at the segment's first subscript, a parameter. */
    ROW_OFFSET("$rf");

    /** The prefix of every generated name. */
    static final String PREFIX = "$";
    /** The method of an outlined overall's local class. */
    static final String RUN = "$run";
    /** The method of a vector loop's local class: {@code static int $row(...)}, the count of elements it did. */
    static final String ROW = "$row";
    /**
     * The unnumbered names inside {@link #ROW} (VectorCode writes them in its templates): the element count
     * {@code $n}, the species {@code $S} and its lane count {@code $L}, the element {@code $k} and chunk offset
     * {@code $j}, the written value {@code $w}; at step 2 the lane vectors and permutes {@code $z}, {@code $ev},
     * {@code $od}, {@code $hf}, {@code $lo}, {@code $hi}, {@code $lf}, the chunk's two loads {@code $ca}, {@code $cb},
     * their odd lanes {@code $co}, the left neighbours {@code $cl}, the previous odd lanes {@code $po} and a row
     * distance {@code $e}. None equals a numbered name of this table.
     */
    static final List<String> ROW_NAMES = List.of("$n", "$S", "$L", "$k", "$j", "$w", "$z", "$ev", "$od",
            "$hf", "$lo", "$hi", "$lf", "$ca", "$cb", "$co", "$cl", "$po", "$e");

    private final String prefix;

    Gen(String prefix) {
        this.prefix = prefix;
    }

    /** The name for statement or hoist {@code n}. */
    String of(int n) {
        return prefix + n;
    }

    /** {@code $sH_r} for {@link #STRIDE}; {@code $ilN_q}, {@code $ihN_q} for the interior bounds. */
    String of(int h, int r) {
        return prefix + h + "_" + r;
    }
}
