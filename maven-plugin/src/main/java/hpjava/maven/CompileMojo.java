package hpjava.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Compiles {@code src/main/hpj} into {@code target/classes} at {@code process-sources}, before javac compiles
 * {@code src/main/java} (which can then use the .hpj classes; the .hpj sources see the .java ones through ECJ's
 * source path).
 */
@Mojo(name = "compile", defaultPhase = LifecyclePhase.PROCESS_SOURCES, requiresDependencyResolution = ResolutionScope.COMPILE,
        threadSafe = true)
public final class CompileMojo extends AbstractHpjavaMojo {

    /** The .hpj source root. */
    @Parameter(defaultValue = "${project.basedir}/src/main/hpj", property = "hpjava.sourceDirectory")
    File sourceDirectory;

    /** The class output (javac's too). */
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true)
    File outputDirectory;

    /** Where the generated Java is kept for inspection. */
    @Parameter(defaultValue = "${project.build.directory}/generated-sources/hpjava", property = "hpjava.generatedJavaDirectory")
    File generatedJavaDirectory;

    @Override
    Path sourceDirectory() {
        return sourceDirectory.toPath();
    }

    @Override
    Path outputDirectory() {
        return outputDirectory.toPath();
    }

    @Override
    Path generatedJavaDirectory() {
        return generatedJavaDirectory.toPath();
    }

    @Override
    List<String> classPathElements() throws MojoExecutionException {
        try {
            return project.getCompileClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("hpjava: " + e.getMessage(), e);
        }
    }

    @Override
    List<String> javaSourceRoots() {
        return project.getCompileSourceRoots();
    }

    @Override
    String goal() {
        return "compile";
    }
}
