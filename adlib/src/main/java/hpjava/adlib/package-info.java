/**
 * Adlib: the collective operations on distributed arrays (docs/LANGUAGE.md#adlib), over mpjdev point-to-point messages.
 *
 * <p><b>Where the classes come from.</b> The entry point {@link hpjava.adlib.Adlib} and the per-element-type
 * classes ({@code DoubleKernel}, {@code IntNumeric}, ...) are generated at {@code generate-sources} into
 * {@code adlib/target/generated-sources/adlib} by {@code adlib/src/build/GenerateAdlib.java} (the one table of
 * element types) from the templates in {@code adlib/src/template}: {@code Adlib.java.tmpl} is the {@code Adlib}
 * class as it reads, with its per-type methods written once between {@code //#each} and {@code //#end};
 * {@code Kernel.java.tmpl} and {@code Numeric.java.tmpl} give one class per element or numeric type. Everything
 * else is in {@code src/main/java}.
 *
 * <p><b>Schedules.</b> Every operation is a {@link hpjava.adlib.Schedule}: planned once, executed many times.
 * {@link hpjava.adlib.Remap} and {@link hpjava.adlib.Shift} are one {@link hpjava.adlib.TransferSchedule} planned
 * two ways; the static forms of {@code Adlib} keep their schedules in a per-rank, typed LRU cache
 * ({@code ScheduleCache}) keyed by operation, APG, integer arguments and array layouts.
 */
package hpjava.adlib;
