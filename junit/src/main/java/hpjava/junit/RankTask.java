package hpjava.junit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import hpjava.mpjdev.spi.LoaderObjectInputStream;

/**
 * What every rank of a job runs: a test method (class and method name) or a serialized {@link RankBody} /
 * {@link RankFunction}. Each rank resolves it in its own program class loader, so each rank has its own copy of the
 * test class and of every class it uses (their static fields included), as separate processes would.
 */
record RankTask(String testClass, String method, boolean takesRank, byte[] lambda) implements Serializable {

    static RankTask ofMethod(Method m) {
        return new RankTask(m.getDeclaringClass().getName(), m.getName(), m.getParameterCount() == 1, null);
    }

    static RankTask ofLambda(Serializable body) {
        return new RankTask(null, null, false, serialize(body));
    }

    /** Runs the task as {@code rank} with classes from {@code loader}; returns the body's value (null for void). */
    Object invoke(ClassLoader loader, HpjavaRank rank) throws Throwable {
        try {
            if (lambda != null) {
                Object body = deserialize(lambda, loader);
                if (body instanceof RankFunction<?> f) return f.apply(rank);
                ((RankBody) body).run(rank);
                return null;
            }
            Class<?> c = Class.forName(testClass, true, loader);
            Method m = takesRank ? c.getDeclaredMethod(method, HpjavaRank.class) : c.getDeclaredMethod(method);
            m.setAccessible(true);
            Object target = null;
            if (!Modifier.isStatic(m.getModifiers())) {
                var ctor = c.getDeclaredConstructor();
                ctor.setAccessible(true);
                target = ctor.newInstance();
            }
            return takesRank ? m.invoke(target, rank) : m.invoke(target);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static byte[] serialize(Object o) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(b)) {
            out.writeObject(o);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot serialize " + o.getClass().getName() + ": " + e
                    + " (ranks receive bodies and return values by serialization: capture and return only Serializable values)", e);
        }
        return b.toByteArray();
    }

    /** Reads a serialized object, resolving its classes (the lambda's capturing class included) in {@code loader}. */
    static Object deserialize(byte[] data, ClassLoader loader) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(data), loader)) {
            return in.readObject();
        }
    }
}
