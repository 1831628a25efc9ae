package hpjava.adlib;

import hpjava.lang.CollapsedRange;
import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;
import hpjava.lang.Procs;
import hpjava.lang.Range;

import java.io.PrintStream;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code aprintf(format, arrays...)}: APG member 0 prints the format once per element index of the arrays (all of
 * one shape), in row-major order. {@code %R0}, {@code %R1}, ... interpolate the index in that dimension, {@code %N} a
 * newline, {@code %%} a percent sign; the k-th other conversion ({@code %d}, {@code %8.3f}, {@code %s}, ...,
 * {@link java.util.Formatter} syntax, root locale) formats the element of the k-th array. The elements are first
 * remapped to member 0. The format is checked on every member before any message is sent.
 */
final class Aprintf {
    private static final Pattern SPEC = Pattern.compile("%(R\\d+|N|%|[-#+ 0,(]*\\d*(?:\\.\\d+)?[a-zA-Z])");

    private Aprintf() {}

    static void print(PrintStream out, String format, Multiarray... arrays) {
        if (format == null) throw new AdlibException("aprintf: format is null");
        if (arrays == null) arrays = new Multiarray[0];
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        int[] shape = arrays.length == 0 ? new int[0] : arrays[0].shape();
        for (int k = 0; k < arrays.length; k++) {
            AdlibRank.checkInApg(apg, arrays[k], "aprintf", "argument " + k);
            if (!Arrays.equals(arrays[k].shape(), shape))
                throw new AdlibException("aprintf: array argument " + k + " has shape " + Arrays.toString(arrays[k].shape())
                        + ", argument 0 has " + Arrays.toString(shape));
        }
        // parse and check the format against the element types, identically on every member
        List<String> parts = new ArrayList<>();
        Matcher m = SPEC.matcher(format);
        int last = 0, conversions = 0;
        while (m.find()) {
            parts.add(format.substring(last, m.start()));
            String s = m.group(1);
            if (s.startsWith("R")) {
                int r = Integer.parseInt(s.substring(1));
                if (r >= shape.length)
                    throw new AdlibException("aprintf: %" + s + " names dimension " + r + " but the arrays have rank " + shape.length);
            } else if (!s.equals("N") && !s.equals("%")) {
                if (conversions >= arrays.length)
                    throw new AdlibException("aprintf: the format has more conversions than the " + arrays.length + " array arguments: " + format);
                Object sample = Array.get(Kernel.of(arrays[conversions]).newArray(1), 0);
                if (sample == null) sample = "";
                try {
                    String.format(Locale.ROOT, "%" + s, sample);
                } catch (IllegalFormatException e) {
                    throw new AdlibException("aprintf: conversion %" + s + " does not fit the " + arrays[conversions].elementType()
                            + " elements of argument " + conversions + ": " + e.getMessage());
                }
                conversions++;
            }
            parts.add("%" + s);
            last = m.end();
        }
        parts.add(format.substring(last));
        if (conversions != arrays.length)
            throw new AdlibException("aprintf: the format has " + conversions + " conversions for " + arrays.length + " array arguments");

        new CallCheck.Call(apg, ctx.id(), CallCheck.signature("aprintf", arrays.length == 0 ? null : arrays[0].elementType(),
                shape, format.hashCode(), arrays.length), CallCheck.describe("aprintf", arrays.length == 0 ? null : arrays[0],
                ", \"" + format + "\"")).agree(AdlibRank.current(ctx));

        // bring every array to member 0
        Procs root = new Procs(apg, 1);
        Range[] collapsed = new Range[shape.length];
        for (int r = 0; r < shape.length; r++) collapsed[r] = new CollapsedRange(shape[r]);
        Multiarray[] copies = new Multiarray[arrays.length];
        for (int k = 0; k < arrays.length; k++) {
            copies[k] = Kernel.of(arrays[k]).create(root, collapsed);
            Adlib.remap(copies[k], arrays[k]);
        }
        if (apg.indexOf(ctx.id()) != 0) return;
        StringBuilder b = new StringBuilder();
        long n = 1;
        for (int s : shape) n *= s;
        int[] g = new int[shape.length];
        for (long e = 0; e < n; e++) {
            int conv = 0;
            for (String p : parts) {
                if (!p.startsWith("%")) { b.append(p); continue; }
                String s = p.substring(1);
                if (s.equals("N")) b.append('\n');
                else if (s.equals("%")) b.append('%');
                else if (s.startsWith("R")) b.append(g[Integer.parseInt(s.substring(1))]);
                else {
                    Multiarray c = copies[conv++];
                    Object v = Array.get(Kernel.of(c).dat(c), c.offset(g));
                    b.append(String.format(Locale.ROOT, p, v));
                }
            }
            for (int r = shape.length - 1; r >= 0 && ++g[r] == shape[r]; r--) g[r] = 0;
        }
        out.print(b);
        out.flush();
    }
}
