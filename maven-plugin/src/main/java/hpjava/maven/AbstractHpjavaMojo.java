package hpjava.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the {@code compile} and {@code testCompile} goals share: find the sources, run an {@link IncrementalBuild},
 * report each diagnostic as a Maven error ({@code File.hpj:line:col: error: message}, the source line and a caret)
 * and fail the build on any.
 */
abstract class AbstractHpjavaMojo extends AbstractMojo {

    /** The lowest JDK the translator runs on (ECJ compiles {@code --release 25} and reads the JDK's own modules). */
    static final int REQUIRED_JDK = 25;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Skips the goal. */
    @Parameter(property = "hpjava.skip", defaultValue = "false")
    boolean skip;

    /** Whether the goal does nothing this time. */
    boolean skipped() {
        return skip;
    }

    /** The class path of a goal's scope, as Maven resolves it. */
    @FunctionalInterface
    interface ClassPath {
        List<String> elements() throws DependencyResolutionRequiredException;
    }

    /**
     * What differs between the goals.
     *
     * @param name short name of the goal, for messages and the state file
     * @param sources where the goal's .hpj sources are
     * @param output where the class files go
     * @param generatedJava where the generated Java is kept (for reading, never compiled again)
     * @param classPath the module's output directories and its dependencies of the goal's scope
     * @param javaSourceRoots the module's .java source roots of the goal (ECJ's source path)
     */
    record Goal(String name, File sources, File output, File generatedJava, ClassPath classPath,
            List<String> javaSourceRoots) {
    }

    /** This goal's directories and paths. */
    abstract Goal goal();

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            getLog().info("hpjava: skipped");
            return;
        }
        Goal goal = goal();
        Path sources = goal.sources().toPath();
        Path output = goal.output().toPath();
        Path generatedJava = goal.generatedJava().toPath();
        Path state = Path.of(project.getBuild().getDirectory(), "hpjava-state", goal.name() + ".txt");
        // With no sources and no earlier build there is nothing to do; with an earlier build, the classes of the
        // sources since removed must go.
        if (IncrementalBuild.scanQuietly(sources).isEmpty() && !Files.exists(state)) {
            getLog().debug("hpjava: no .hpj sources in " + sources);
            return;
        }
        if (Runtime.version().feature() < REQUIRED_JDK)
            throw new MojoExecutionException("hpjava: the HPJava translator needs JDK " + REQUIRED_JDK + " or later; Maven runs on "
                    + Runtime.version() + ". Set JAVA_HOME to a JDK " + REQUIRED_JDK + ".");
        List<Path> cp = new ArrayList<>();
        try {
            for (String e : goal.classPath().elements()) cp.add(Path.of(e));
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("hpjava: " + e.getMessage(), e);
        }
        List<Path> javaRoots = goal.javaSourceRoots().stream().map(Path::of).filter(p -> !p.startsWith(generatedJava)).toList();
        IncrementalBuild.Outcome o;
        try {
            o = IncrementalBuild.run(new IncrementalBuild.Request(sources, cp, javaRoots, output, generatedJava, state));
        } catch (IOException e) {
            throw new MojoExecutionException("hpjava: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new MojoExecutionException("hpjava: internal error of the translator, please report it with the source "
                    + "that caused it: " + e, e);
        }
        if (o.compiled().isEmpty()) {
            getLog().info("hpjava: nothing to compile - all classes are up to date");
            return;
        }
        if (o.failed()) {
            for (String e : o.errors()) getLog().error(e);
            int n = o.errors().size();
            StringBuilder msg = new StringBuilder("hpjava: " + n + (n == 1 ? " error" : " errors") + " compiling the .hpj sources:");
            for (String e : o.errors()) msg.append(System.lineSeparator()).append(e.lines().findFirst().orElse(e));
            throw new MojoFailureException(msg.toString());
        }
        getLog().info("hpjava: compiled " + o.compiled().size() + " .hpj source" + (o.compiled().size() == 1 ? "" : "s")
                + " to " + output);
        getLog().debug("hpjava: compiled " + o.compiled());
    }
}
