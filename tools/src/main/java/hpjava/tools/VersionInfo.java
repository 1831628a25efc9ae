package hpjava.tools;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.TreeMap;

import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.spi.Backend;
import picocli.CommandLine.IVersionProvider;

/** {@code --version} of every tool: the HPJava version, the JDK running it, and which backends can run here. */
public final class VersionInfo implements IVersionProvider {

    /** The version of this build, from the tools' jar ({@code version.properties}). */
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = VersionInfo.class.getResourceAsStream("version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            // reported as unknown
        }
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        List<String> lines = new ArrayList<>();
        lines.add("HPJava " + version());
        lines.add("JDK " + Runtime.version() + " (" + System.getProperty("java.vendor", "?") + ") at "
                + System.getProperty("java.home"));
        lines.add("backends:");
        TreeMap<String, Backend> backends = new TreeMap<>();
        for (Backend b : ServiceLoader.load(Backend.class, Launcher.class.getClassLoader())) backends.put(b.name(), b);
        for (Backend b : backends.values()) {
            String why = unavailableReason(b);
            lines.add(String.format("  %-4s %s", b.name(), why == null ? "available: " + b.description() : "not available: " + why));
        }
        return lines.toArray(String[]::new);
    }

    private static String unavailableReason(Backend b) {
        try {
            return b.unavailableReason();
        } catch (RuntimeException | LinkageError e) {
            return e.toString();
        }
    }
}
