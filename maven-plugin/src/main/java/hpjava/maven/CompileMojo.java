package hpjava.maven;

import java.io.File;

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
    Goal goal() {
        return new Goal("compile", sourceDirectory, outputDirectory, generatedJavaDirectory, project::getCompileClasspathElements,
                project.getCompileSourceRoots());
    }
}
