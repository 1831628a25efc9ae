package hpjava.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import hpjava.compiler.DeepStack;
import hpjava.compiler.HpjavaCompiler;
import hpjava.compiler.Phase;
import hpjava.compiler.parse.SourceUnit;

/** One compile as the tools run it: read, parse and compile on one deep-stack thread, with the libraries added. */
final class Compilation {
    private Compilation() {
    }

    /**
     * Compiles {@code files} up to {@code phase}; the jars next to the tools (dist/target/lib) are added to
     * {@code classPath}.
     *
     * @throws IOException with a message for the user when a file cannot be read or is not UTF-8
     */
    /** What a tool prints when the compile ran out of heap. */
    static String outOfMemoryMessage(String tool) {
        return tool + ": out of memory (heap limit " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MB); give more with HPJAVA_JAVA_OPTS=-Xmx4g, or split the source";
    }

    static HpjavaCompiler.Result compile(List<Path> files, List<Path> classPath, Phase phase, Path outDir, Path emitJava)
            throws IOException {
        return compile(files, classPath, List.of(), phase, outDir, emitJava, true, true);
    }

    /** As above, with {@code sourcePath}: directories of plain .java classes the sources use (compiled on demand). */
    static HpjavaCompiler.Result compile(List<Path> files, List<Path> classPath, List<Path> sourcePath, Phase phase,
                                         Path outDir, Path emitJava) throws IOException {
        return compile(files, classPath, sourcePath, phase, outDir, emitJava, true, true);
    }

    /**
     * As above; {@code vector}: whether qualifying element loops get their vector form (hpjavac --no-vector);
     * {@code overlap}: whether ghost exchanges overlap with computation where legal (hpjavac --no-overlap).
     */
    static HpjavaCompiler.Result compile(List<Path> files, List<Path> classPath, List<Path> sourcePath, Phase phase,
                                         Path outDir, Path emitJava, boolean vector, boolean overlap) throws IOException {
        List<Path> cp = new ArrayList<>(classPath);
        cp.addAll(HpjavaCompiler.toolClassPath());
        if (phase.includes(Phase.COMPILE)) Files.createDirectories(outDir);
        return DeepStack.call(() -> {
            List<SourceUnit> units = new ArrayList<>();
            for (Path f : files) units.add(SourceUnit.read(f));
            return HpjavaCompiler.compile(units, new HpjavaCompiler.Options(phase, cp, outDir, emitJava, sourcePath)
                    .withVector(vector).withOverlap(overlap));
        });
    }
}
