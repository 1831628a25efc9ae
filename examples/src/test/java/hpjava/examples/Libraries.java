package hpjava.examples;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/** Where the HPJava libraries the examples are compiled against live in this test's class path. */
final class Libraries {
    private Libraries() {}

    /**
     * The class path a program is compiled against: the runtime (hpjava.lang), Adlib, hpjava.io and mpjdev, wherever the build
     * resolved them (jars in the local repository, or module class directories in a reactor build). These packages
     * are loaded parent-first by every rank's class loader, so listing them again for the program is harmless.
     */
    static String programClassPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {hpjava.lang.Multiarray.class, hpjava.adlib.Adlib.class, hpjava.io.ArrayIO.class, hpjava.mpjdev.Comm.class}) {
            entries.add(location(c).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot tell where " + c.getName() + " was loaded from", e);
        }
    }
}
