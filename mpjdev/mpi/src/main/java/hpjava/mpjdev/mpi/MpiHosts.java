package hpjava.mpjdev.mpi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The hosts a job names, for the job watchdog's choice of the address ranks on other hosts report to: the
 * {@code hostfile} option's file and, in the launcher arguments ({@code mpirun-args}, {@code HPJAVA_MPIRUN_ARGS}),
 * Open MPI's {@code --hostfile}/{@code --machinefile}/{@code --default-hostfile} FILE and {@code --host}/{@code -H}
 * LIST, MPICH's {@code -f} FILE and {@code -hosts}/{@code -host} LIST (one or two dashes). A hostfile line's first word
 * is its host, without MPICH's {@code :N} count; {@code #} starts a comment. An unreadable file names no hosts (mpirun
 * reports it).
 */
final class MpiHosts {
    private static final Set<String> FILE_OPTIONS = Set.of("hostfile", "machinefile", "default-hostfile", "f");
    private static final Set<String> LIST_OPTIONS = Set.of("host", "hosts", "H");

    private MpiHosts() {}

    /** The hosts of a job with hostfile {@code hostfile} (or null) and launcher arguments {@code mpirunArgs}. */
    static List<String> of(String hostfile, List<String> mpirunArgs) {
        Set<String> hosts = new LinkedHashSet<>();
        if (hostfile != null) hosts.addAll(fromFile(Path.of(hostfile)));
        for (int i = 0; i + 1 < mpirunArgs.size(); i++) {
            String name = mpirunArgs.get(i).replaceFirst("^--?", "");
            if (name.equals(mpirunArgs.get(i))) continue;
            if (FILE_OPTIONS.contains(name)) hosts.addAll(fromFile(Path.of(mpirunArgs.get(++i))));
            else if (LIST_OPTIONS.contains(name)) {
                for (String h : mpirunArgs.get(++i).split(",")) if (!h.isBlank()) hosts.add(withoutCount(h.trim()));
            }
        }
        return new ArrayList<>(hosts);
    }

    static List<String> fromFile(Path file) {
        List<String> hosts = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException | java.io.UncheckedIOException e) {
            return hosts;
        }
        for (String line : lines) {
            int hash = line.indexOf('#');
            String l = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (!l.isEmpty()) hosts.add(withoutCount(l.split("\\s+")[0]));
        }
        return hosts;
    }

    /** {@code node1:4} (MPICH's count, Open MPI's {@code --host node1:4}) is {@code node1}; IPv6 literals stay whole. */
    private static String withoutCount(String h) {
        int colon = h.lastIndexOf(':');
        return colon > 0 && h.indexOf(':') == colon ? h.substring(0, colon) : h;
    }
}
