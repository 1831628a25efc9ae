    // ---------------------------------------------------------------- @ELEM@ (generated from AdlibAll.frag)

    /** The element of the rank-0 section {@code src} (e.g. {@code a[[5, 3]]}), on every APG member. */
    @UNCHECKED@
    public static @TPARAMS@ @ELEM@ broadcast(@NAME@Multiarray@TPARAMS@ src) {
        return @CAST@((@STORE@[]) Broadcast.cached(src).run(src))[0];
    }

    /** The {@code value} passed by APG member {@code root} (an index into the APG), on every APG member. */
    @UNCHECKED@
    public static @TPARAMS@ @ELEM@ broadcast(@ELEM@ value, int root) {
        @STORE@[] box = (@STORE@[]) Broadcast.scratch(@STORE@[].class);
        box[0] = value;
        Broadcast.value(box, root, (Object) box instanceof Object[]);
        return @CAST@box[0];
    }

