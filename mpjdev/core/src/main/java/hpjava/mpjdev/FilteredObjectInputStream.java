package hpjava.mpjdev;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/** Reads object sections: classes resolve through the rank's program class loader, checked by {@link ObjectAdmission}. */
final class FilteredObjectInputStream extends ObjectInputStream {
    private final ClassLoader loader;

    FilteredObjectInputStream(InputStream in, ObjectAdmission admission) throws IOException {
        super(in);
        this.loader = admission.programLoader();
        setObjectInputFilter(admission);
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
