package hpjava.compiler.compile;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the SourceFile attribute of a class compiled from generated Java so that stack traces and debuggers name
 * the .hpj file, and adds a JSR-45 SourceDebugExtension (SMAP) with a stratum {@code HPJava} mapping the .hpj lines,
 * for tools that read it. Line numbers need no rewriting: the generated Java is line-aligned with the .hpj source.
 */
public final class SourceFileRewriter {
    private SourceFileRewriter() {
    }

    /** The SourceFile attribute of a class file, or null (the Maven plugin maps class files to sources by it). */
    public static String sourceFile(byte[] classFile) {
        String[] holder = new String[1];
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visitSource(String source, String debug) {
                holder[0] = source;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
        return holder[0];
    }

    /**
     * The class file with SourceFile {@code hpjFileName} and the SMAP of {@link #smap}; {@code hpjLines} is the
     * number of lines of the .hpj source.
     */
    static byte[] rewrite(byte[] classFile, String hpjFileName, String javaFileName, long hpjLines) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        String smap = smap(hpjFileName, javaFileName, hpjLines);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visitSource(String source, String debug) {
                super.visitSource(hpjFileName, smap);
            }
        }, 0);
        return writer.toByteArray();
    }

    /**
     * A JSR-45 SMAP whose default stratum {@code HPJava} maps .hpj line n to line n of the class (the generated Java
     * is line-aligned), for lines 1 to {@code hpjLines}; lines past the .hpj's end (generated helpers) have none.
     */
    static String smap(String hpjFileName, String javaFileName, long hpjLines) {
        return "SMAP\n" + javaFileName + "\nHPJava\n*S HPJava\n*F\n1 " + hpjFileName + "\n*L\n1#1,"
                + Math.max(1, hpjLines) + ":1\n*E\n";
    }
}
