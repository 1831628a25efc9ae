package org.objectweb.asm;

/**
 * Stands for a serializable class of the tool chain (here ASM's package): present on the launcher's class path, so a
 * program class loader over {@code java.class.path} defines it, yet object messages must never admit it
 * ({@code ObjectAdmissionTest}).
 */
public record ToolChainValue(int v) implements java.io.Serializable {}
