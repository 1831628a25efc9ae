package hpjava.compiler.compile;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the SourceFile attribute of a class compiled from generated Java so that stack traces name the .hpj
 * file. Line numbers need no rewriting: the generated Java is line-aligned with the .hpj source.
 */
final class SourceFileRewriter {
    private SourceFileRewriter() {
    }

    /** The SourceFile attribute of a class file, or null. */
    static String sourceFile(byte[] classFile) {
        String[] holder = new String[1];
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visitSource(String source, String debug) {
                holder[0] = source;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
        return holder[0];
    }

    static byte[] rewrite(byte[] classFile, String hpjFileName) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visitSource(String source, String debug) {
                super.visitSource(hpjFileName, debug);
            }
        }, 0);
        return writer.toByteArray();
    }
}
