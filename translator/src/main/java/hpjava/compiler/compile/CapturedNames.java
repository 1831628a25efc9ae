package hpjava.compiler.compile;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Names the captured variables of lambda methods, so that a debugger stopped inside an outlined overall nest (which
 * the lowering writes as a lambda, in place) shows the user's locals under their own names. ECJ passes a lambda's
 * captured locals as the first parameters of its synthetic {@code lambda$N} method and gives them no entry in the
 * LocalVariableTable; the names are recovered at the lambda's creation site, where each captured value is loaded
 * from a local of the enclosing method whose name that method's table holds. Best effort: a site whose captured
 * values are not plain local loads is left as it is.
 */
final class CapturedNames {
    private CapturedNames() {
    }

    /** The class file with names for the captured parameters of its lambda methods (unchanged when there is none). */
    static byte[] name(byte[] classFile) {
        ClassNode cls = new ClassNode();
        new ClassReader(classFile).accept(cls, 0);
        Map<String, String[]> captured = new HashMap<>();  // lambda method name+desc -> names of its captured params
        for (MethodNode m : cls.methods) collect(cls.name, m, captured);
        boolean changed = false;
        for (MethodNode m : cls.methods) {
            String[] names = captured.get(m.name + m.desc);
            if (names != null) changed |= addNames(m, names);
        }
        if (!changed) return classFile;
        ClassWriter w = new ClassWriter(0);
        cls.accept(w);
        return w.toByteArray();
    }

    /** Records, for each lambda of this class created in {@code m}, the names of the locals it captures. */
    private static void collect(String owner, MethodNode m, Map<String, String[]> captured) {
        if (m.localVariables == null || m.instructions == null) return;
        for (AbstractInsnNode insn : m.instructions) {
            if (!(insn instanceof InvokeDynamicInsnNode indy) || indy.bsmArgs.length < 2
                    || !(indy.bsmArgs[1] instanceof Handle impl) || !impl.getOwner().equals(owner)
                    || !impl.getName().startsWith("lambda$")) continue;
            Type[] args = Type.getArgumentTypes(indy.desc);
            boolean receiver = impl.getTag() != Opcodes.H_INVOKESTATIC;  // an instance lambda: args[0] is this
            String[] names = new String[args.length - (receiver ? 1 : 0)];
            AbstractInsnNode load = insn;
            boolean plain = true;
            for (int k = args.length - 1; k >= (receiver ? 1 : 0) && plain; k--) {
                load = load.getPrevious();
                if (load instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ILOAD && v.getOpcode() <= Opcodes.ALOAD) {
                    names[k - (receiver ? 1 : 0)] = nameAt(m, v.var, m.instructions.indexOf(v));
                    plain = names[k - (receiver ? 1 : 0)] != null;
                } else {
                    plain = false;
                }
            }
            if (plain && names.length > 0) captured.put(impl.getName() + impl.getDesc(), names);
        }
    }

    private static String nameAt(MethodNode m, int slot, int at) {
        for (LocalVariableNode v : m.localVariables)
            if (v.index == slot && m.instructions.indexOf(v.start) <= at && at < m.instructions.indexOf(v.end))
                return v.name;
        return null;
    }

    /** Adds table entries for the first {@code names.length} parameters of {@code m}, where it has none. */
    private static boolean addNames(MethodNode m, String[] names) {
        Type[] params = Type.getArgumentTypes(m.desc);
        if (params.length < names.length || m.instructions.size() == 0) return false;
        List<LocalVariableNode> table = m.localVariables == null ? (m.localVariables = new java.util.ArrayList<>())
                : m.localVariables;
        LabelNode start = new LabelNode(), end = new LabelNode();
        m.instructions.insert(start);
        m.instructions.add(end);
        int slot = (m.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        boolean added = false;
        for (int k = 0; k < names.length; k++) {
            final int s = slot;
            if (table.stream().noneMatch(v -> v.index == s)) {
                table.add(new LocalVariableNode(names[k], params[k].getDescriptor(), null, start, end, slot));
                added = true;
            }
            slot += params[k].getSize();
        }
        return added;
    }
}
