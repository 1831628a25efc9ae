package hpjava.mpjdev.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * An object stream that resolves classes in a given class loader first (a rank's program class loader, so that each
 * rank gets its own copy of the program's classes), then as {@link ObjectInputStream} does. Filters, if wanted, are
 * the caller's ({@link #setObjectInputFilter}). Used by mpjdev's object sections and by hpjava-junit's rank tasks.
 */
public class LoaderObjectInputStream extends ObjectInputStream {
    private final ClassLoader loader;

    public LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
        super(in);
        this.loader = loader;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        try {
            return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
            return super.resolveClass(desc);
        }
    }
}
