package hpjava.adlib.backends;

import hpjava.adlib.Adlib;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Calls the {@link Adlib} static overload for the runtime classes of the arguments, so one generic case covers every
 * element type (the overloads are generated per type; the program must not copy code per type either). An exact
 * match (primitive boxes for primitive parameters, the same class otherwise) wins over an assignable one.
 */
final class Calls {
    private Calls() {}

    private static final Method[] METHODS = Adlib.class.getMethods();

    static Object adlib(String name, Object... args) {
        Method m = find(name, args, true);
        if (m == null) m = find(name, args, false);
        if (m == null)
            throw new AssertionError("no Adlib." + name + " for " + Arrays.toString(Arrays.stream(args)
                    .map(a -> a == null ? null : a.getClass().getSimpleName()).toArray()));
        try {
            return m.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error er) throw er;
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Method find(String name, Object[] args, boolean exact) {
        List<Method> found = new ArrayList<>();
        for (Method m : METHODS) {
            if (!m.getName().equals(name) || m.getParameterCount() != args.length || m.isVarArgs()) continue;
            Class<?>[] pt = m.getParameterTypes();
            boolean ok = true;
            for (int i = 0; i < pt.length && ok; i++) {
                Object a = args[i];
                if (a == null) ok = !pt[i].isPrimitive();
                else if (pt[i].isPrimitive()) ok = box(pt[i]) == a.getClass();
                else ok = exact ? pt[i] == a.getClass() : pt[i].isAssignableFrom(a.getClass());
            }
            if (ok) found.add(m);
        }
        if (found.size() > 1) throw new AssertionError("ambiguous Adlib." + name + ": " + found);
        return found.isEmpty() ? null : found.get(0);
    }

    private static Class<?> box(Class<?> p) {
        return java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(p, 1), 0).getClass();
    }
}
