/**
 * What every module's tests share: {@link hpjava.testsupport.ChildProcess} runs a command (usually a JVM, often a
 * whole job of rank JVMs) with a time limit, per-stream and per-rank output, and on timeout the thread dump of every
 * JVM of its process tree before the tree is killed; {@link hpjava.testsupport.Requires} states what a test needs
 * (a backend, an MPI implementation, a command) and skips the test outside CI or fails it under {@code CI=true}.
 *
 * <p>The in-process SPMD helper is not here: it needs the runtime ({@code hpjava.lang.ProcessContext}), which this
 * module must not depend on (it sits just above mpjdev-core, below the runtime); it is {@code hpjava.adlib.Spmd} in
 * adlib's test jar, which hpjava-io's tests use.
 */
package hpjava.testsupport;
