package hpjava.maven;

import java.io.File;

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

    // The parameters mirror CompileMojo's on purpose: Maven injects a goal's parameters into fields of its own class,
    // and their defaults and user properties differ (src/test/hpj, test-classes); the logic is AbstractHpjavaMojo's.

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
    Goal goal() {
        return new Goal("testCompile", sourceDirectory, outputDirectory, generatedJavaDirectory, project::getTestClasspathElements,
                project.getTestCompileSourceRoots());
    }
}
