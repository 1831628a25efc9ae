package hpjava.mpjdev;

import java.io.IOException;
import java.io.InputStream;

import hpjava.mpjdev.spi.LoaderObjectInputStream;

/** Reads object sections: classes resolve through the rank's program class loader, checked by {@link ObjectAdmission}. */
final class FilteredObjectInputStream extends LoaderObjectInputStream {

    FilteredObjectInputStream(InputStream in, ObjectAdmission admission) throws IOException {
        super(in, admission.programLoader());
        setObjectInputFilter(admission);
    }
}
