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
 * Compiles {@code src/test/hpj} into {@code target/test-classes} at {@code process-test-sources}, before javac compiles
 * {@code src/test/java} (which can then use the .hpj classes; the .hpj sources see the .java ones through ECJ's
 * source path).
 */
@Mojo(name = "testCompile", defaultPhase = LifecyclePhase.PROCESS_TEST_SOURCES, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public final class TestCompileMojo extends AbstractHpjavaMojo {

    /** The .hpj test source root. */
    @Parameter(defaultValue = "${project.basedir}/src/test/hpj", property = "hpjava.testSourceDirectory")
    File sourceDirectory;

    /** The test class output (javac's too). */
    @Parameter(defaultValue = "${project.build.testOutputDirectory}", readonly = true)
    File outputDirectory;

    /** Where the generated Java is kept for inspection. */
    @Parameter(defaultValue = "${project.build.directory}/generated-test-sources/hpjava", property = "hpjava.generatedTestJavaDirectory")
    File generatedJavaDirectory;

    /** Skips compiling the tests, as it does for javac. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    boolean testSkip;

    @Override
    boolean skipped() {
        return skip || testSkip;
    }

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
            return project.getTestClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("hpjava: " + e.getMessage(), e);
        }
    }

    @Override
    List<String> javaSourceRoots() {
        return project.getTestCompileSourceRoots();
    }

    @Override
    String goal() {
        return "testCompile";
    }
}
