/**
 * The HPJava runtime: process context and active process group ({@link hpjava.lang.ProcessContext}), process groups
 * and grids ({@link hpjava.lang.Group}, {@link hpjava.lang.Procs}, {@link hpjava.lang.Dimension}), distributed ranges
 * ({@link hpjava.lang.Range} and its kinds) with their local blocks ({@link hpjava.lang.Block}), and distributed arrays
 * ({@link hpjava.lang.Multiarray} and the per-element-type subclasses generated from one template).
 *
 * <p>Every class here is shared by all ranks that run in one JVM; per-rank state lives only in the rank's
 * {@code ProcessContext} and in objects the rank creates. Nothing here communicates: grids, groups and arrays are
 * built purely locally and deterministically, identically on every process that builds them. See runtime/README.md
 * for the storage representation and the code the translator generates.
 */
package hpjava.lang;
