package hpjava.mpjdev.mt;

import hpjava.mpjdev.spi.ProgramClassLoader;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Whether the ranks of an mt job may share one copy of the program's classes: reads every class file of the user's
 * class path (directories and jars) with ASM, before any rank runs, and finds the first class through which one rank
 * could observe another's static state (mpjdev/README.md, "Program classes in mt", gives the rule and its reasons).
 * A class qualifies when:
 * <ul>
 *   <li>every static field is final and of a primitive type or {@code String} (an array or object behind a final
 *       field can still change), except an enum's own constants and its synthetic array of them, and the synthetic
 *       {@code $assertionsDisabled};</li>
 *   <li>its static initializer, if any, only computes constants and stores them into its own fields (no call out of
 *       the class: it runs once for all ranks instead of once per rank, so a printed line, a value read from the rank,
 *       the clock or a file would differ);</li>
 *   <li>it has no {@code static synchronized} method and no method that both enters a monitor and takes a class
 *       object (a literal or {@code getClass()}): the ranks would share the class's monitor;</li>
 *   <li>if it is an enum (or an enum constant's body), its instance fields are final and primitive or {@code String},
 *       and its constructors only store their arguments and constants (the constants are shared objects).</li>
 * </ul>
 * Anything not understood means per rank: a class file ASM cannot read, an entry that is neither a directory nor a
 * readable jar, more than {@link #MAX_CLASSES} class files or {@link #MAX_BYTES} bytes of them, a directory of more than
 * {@link #MAX_ENTRIES} entries, a scan longer than {@link #MAX_NANOS}. Classes of the
 * packages a {@link ProgramClassLoader} loads parent-first (the JDK and the HPJava library) are skipped: every rank
 * shares them anyway.
 */
final class StaticStateScan {
    /** The most class files a scan reads before it gives up (per rank then). */
    static final int MAX_CLASSES = 50_000;
    /** The most bytes of class files a scan reads before it gives up (per rank then). */
    static final long MAX_BYTES = 256L << 20;

    /**
     * The result of a scan.
     *
     * @param reason null when the classes may be shared, else why not, naming the class and member
     * @param classes how many class files were read
     * @param nanos how long the scan took
     */
    record Verdict(String reason, int classes, long nanos) {
        boolean shareable() {
            return reason == null;
        }
    }

    /** The most directory entries (of any kind) a scan lists before it gives up: {@code -cp .} in a large tree. */
    static final int MAX_ENTRIES = 200_000;
    /** The longest a scan may take before it gives up (checked per entry). */
    static final long MAX_NANOS = 2_000_000_000L;

    private final long startNanos = System.nanoTime();
    private int classes;
    private long bytes;
    private int entries;

    private StaticStateScan() {
    }

    /** Scans the class files of {@code classPath} (directories and jars; missing entries are skipped, as a loader does). */
    static Verdict scan(List<Path> classPath) {
        StaticStateScan scan = new StaticStateScan();
        String reason;
        try {
            for (Path entry : classPath) scan.entry(entry);
            reason = null;
        } catch (Disqualified d) {
            reason = d.getMessage();
        }
        return new Verdict(reason, scan.classes, System.nanoTime() - scan.startNanos);
    }

    private void entry(Path entry) {
        if (Files.isDirectory(entry)) {
            directory(entry);
        } else if (Files.isRegularFile(entry)) {
            jar(entry);
        } else if (Files.exists(entry)) {
            throw new Disqualified("class path entry " + entry + " is neither a directory nor a file");
        }
    }

    private void directory(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (java.util.Iterator<Path> it = walk.iterator(); it.hasNext(); ) {
                Path f = it.next();
                if (++entries > MAX_ENTRIES || System.nanoTime() - startNanos > MAX_NANOS)
                    throw new Disqualified("the class path directory " + dir + " holds more than " + MAX_ENTRIES
                            + " files or took over " + MAX_NANOS / 1_000_000_000 + " s to list (not scanned further)");
                if (!f.getFileName().toString().endsWith(".class") || !Files.isRegularFile(f)) continue;
                String relative = dir.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/");
                if (skipped(relative)) continue;
                count(Files.size(f), f.toString());
                check(Files.readAllBytes(f), f.toString());
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new Disqualified("cannot read the class path directory " + dir + ": " + e.getMessage());
        }
    }

    private void jar(Path file) {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (Enumeration<? extends ZipEntry> es = zip.entries(); es.hasMoreElements(); ) {
                ZipEntry e = es.nextElement();
                if (e.isDirectory() || !e.getName().endsWith(".class") || skipped(e.getName())) continue;
                String where = file + "!/" + e.getName();
                long size = e.getSize();
                count(Math.max(size, 0), where);
                try (InputStream in = zip.getInputStream(e)) {
                    byte[] b = in.readNBytes((int) (MAX_BYTES + 1));
                    if (size < 0 && (bytes += b.length) > MAX_BYTES) throw tooMuch();
                    check(b, where);
                }
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof Disqualified d) throw d;
            throw new Disqualified("cannot read the class path entry " + file + " as a jar: " + e.getMessage());
        }
    }

    /** module-info and the parent-first packages are not program classes (the latter's path is checked as a name). */
    private static boolean skipped(String relativePath) {
        String path = relativePath.startsWith("META-INF/versions/")
                ? relativePath.replaceFirst("^META-INF/versions/[0-9]+/", "") : relativePath;
        if (path.endsWith("module-info.class") || path.endsWith("package-info.class")) return true;
        return ProgramClassLoader.parentFirst(path.replace('/', '.'));
    }

    private void count(long size, String where) {
        if (System.nanoTime() - startNanos > MAX_NANOS)
            throw new Disqualified("the scan took over " + MAX_NANOS / 1_000_000_000 + " s (stopped at " + where + ")");
        if (++classes > MAX_CLASSES) throw new Disqualified("the class path holds more than " + MAX_CLASSES + " class files (not scanned further)");
        if (size > 0 && (bytes += size) > MAX_BYTES) throw tooMuch();
    }

    private static Disqualified tooMuch() {
        return new Disqualified("the class path holds more than " + (MAX_BYTES >> 20) + " MiB of class files (not scanned further)");
    }

    /** Checks one class file; throws {@link Disqualified} naming the class and member that rules sharing out. */
    static void check(byte[] classFile, String where) {
        ClassReader reader;
        try {
            reader = new ClassReader(classFile);
        } catch (RuntimeException e) {
            throw new Disqualified("cannot read the class file " + where + ": " + e);
        }
        try {
            reader.accept(new ClassCheck(), ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (Disqualified d) {
            throw d;
        } catch (RuntimeException e) {
            throw new Disqualified("cannot read the class file " + where + ": " + e);
        }
    }

    /** Why the classes may not be shared; a control-flow exception of the scan, without a stack trace. */
    static final class Disqualified extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Disqualified(String reason) {
            super(reason, null, false, false);
        }
    }

    // ------------------------------------------------------------------ one class

    private static final class ClassCheck extends ClassVisitor {
        private String name;
        private String superName;
        private boolean isEnum;

        ClassCheck() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            this.name = name;
            this.superName = superName;
            this.isEnum = (access & Opcodes.ACC_ENUM) != 0;
        }

        private String java(String internal) {
            return internal.replace('/', '.');
        }

        @Override
        public FieldVisitor visitField(int access, String field, String descriptor, String signature, Object value) {
            String where = java(name) + "." + field;
            boolean isStatic = (access & Opcodes.ACC_STATIC) != 0, isFinal = (access & Opcodes.ACC_FINAL) != 0;
            boolean synthetic = (access & Opcodes.ACC_SYNTHETIC) != 0;
            if (isStatic) {
                if (!isFinal) throw new Disqualified(where + " is a static field that is not final");
                if (isEnum && (access & Opcodes.ACC_ENUM) != 0 && descriptor.equals("L" + name + ";")) return null;
                if (isEnum && synthetic && descriptor.equals("[L" + name + ";")) return null;
                if (synthetic && field.equals("$assertionsDisabled") && descriptor.equals("Z")) return null;
                if (!constantType(descriptor))
                    throw new Disqualified(where + " is a static final field of type " + typeName(descriptor)
                            + " (an array or object whose contents can change)");
            } else if (isEnum && (!isFinal || !constantType(descriptor))) {
                throw new Disqualified("enum " + java(name) + " has the instance field " + field + " that is "
                        + (!isFinal ? "not final" : "of type " + typeName(descriptor)) + " (enum constants are shared objects)");
            }
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int access, String method, String descriptor, String signature, String[] exceptions) {
            String where = java(name) + "." + method;
            if ((access & Opcodes.ACC_STATIC) != 0 && (access & Opcodes.ACC_SYNCHRONIZED) != 0)
                throw new Disqualified(where + " is a static synchronized method (the ranks would share its class's monitor)");
            boolean initializer = method.equals("<clinit>") || isEnum && (method.equals("<init>")
                    || method.equals("$values") && (access & Opcodes.ACC_SYNTHETIC) != 0);
            return initializer ? new InitializerCheck(where) : new MonitorCheck(where);
        }

        /** Any method: synchronizing on a class literal shares the class's monitor between the ranks. */
        private final class MonitorCheck extends MethodVisitor {
            private final String where;
            private boolean loadsClassLiteral;
            private boolean entersMonitor;

            MonitorCheck(String where) {
                super(Opcodes.ASM9);
                this.where = where;
            }

            @Override
            public void visitLdcInsn(Object value) {
                if (value instanceof org.objectweb.asm.Type t && t.getSort() != org.objectweb.asm.Type.METHOD) loadsClassLiteral = true;
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String method, String descriptor, boolean isInterface) {
                if (method.equals("getClass") && descriptor.equals("()Ljava/lang/Class;")) loadsClassLiteral = true;
            }

            @Override
            public void visitInsn(int opcode) {
                if (opcode == Opcodes.MONITORENTER) entersMonitor = true;
            }

            @Override
            public void visitEnd() {
                // Conservative: which object a monitorenter locks would need data flow; a method that both takes a
                // class object (a literal or getClass()) and enters a monitor is taken to lock the class.
                if (loadsClassLiteral && entersMonitor)
                    throw new Disqualified(where + " synchronizes and takes a class object (it may lock it: the ranks would share its monitor)");
            }
        }

        /**
         * A static initializer, or an enum's constructor: allowed are constants, locals, arithmetic, branches, arrays,
         * this class's own fields, and creating this class's instances (enum constants); no call out of the class
         * except the superclass's constructor and {@code Class.desiredAssertionStatus} (javac's assert set-up).
         */
        private final class InitializerCheck extends MethodVisitor {
            private final String where;

            InitializerCheck(String where) {
                super(Opcodes.ASM9);
                this.where = where;
            }

            private Disqualified runsCode(String what) {
                String of = where.endsWith(".<clinit>") ? "the static initializer of " + java(name)
                        : "the enum constructor " + where.replace(".<init>", "");
                return new Disqualified(of + " " + what + " (it runs once for all ranks, not once per rank)");
            }

            @Override
            public void visitInsn(int opcode) {
                if (opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT || opcode == Opcodes.ATHROW)
                    throw runsCode("uses a monitor or throws");
            }

            @Override
            public void visitFieldInsn(int opcode, String owner, String field, String descriptor) {
                if (!owner.equals(name)) throw runsCode("uses the field " + java(owner) + "." + field);
            }

            @Override
            public void visitTypeInsn(int opcode, String type) {
                if (opcode == Opcodes.NEW && !type.equals(name) && !isEnumBodyOf(type))
                    throw runsCode("creates a " + java(type));
            }

            private boolean isEnumBodyOf(String type) {
                return isEnum && type.startsWith(name + "$");
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String method, String descriptor, boolean isInterface) {
                boolean ownConstructor = method.equals("<init>") && (owner.equals(name) || isEnumBodyOf(owner)
                        || owner.equals(superName) && isEnum);
                boolean enumValues = method.equals("$values") && owner.equals(name) && isEnum;
                boolean assertions = owner.equals("java/lang/Class") && method.equals("desiredAssertionStatus");
                if (!(opcode == Opcodes.INVOKESPECIAL && ownConstructor || opcode == Opcodes.INVOKESTATIC && enumValues
                        || opcode == Opcodes.INVOKEVIRTUAL && assertions))
                    throw runsCode("calls " + java(owner) + "." + method);
            }

            @Override
            public void visitInvokeDynamicInsn(String method, String descriptor, org.objectweb.asm.Handle bsm, Object... args) {
                throw runsCode("calls " + method + " through invokedynamic");
            }

            @Override
            public void visitTableSwitchInsn(int min, int max, org.objectweb.asm.Label dflt, org.objectweb.asm.Label... labels) {
                throw runsCode("branches on a switch");
            }

            @Override
            public void visitLookupSwitchInsn(org.objectweb.asm.Label dflt, int[] keys, org.objectweb.asm.Label[] labels) {
                throw runsCode("branches on a switch");
            }
        }
    }

    /** Primitive or {@code String}: a final field of such a type cannot change once its class is initialized. */
    private static boolean constantType(String descriptor) {
        return descriptor.length() == 1 || descriptor.equals("Ljava/lang/String;");
    }

    private static String typeName(String descriptor) {
        return org.objectweb.asm.Type.getType(descriptor).getClassName();
    }
}
