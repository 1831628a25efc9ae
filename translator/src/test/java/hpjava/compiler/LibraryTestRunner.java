package hpjava.compiler;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The child JVM of {@link LibraryCompatibilityTest}: runs the test classes under {@code args[0]} whose names surefire
 * runs by default on the JUnit Platform, after checking that class {@code args[2]} of the library comes from
 * {@code args[1]} (hpjavac's output). Prints {@code passed N failed M}, then one line per failure; exit status 0 only
 * when every test passed.
 */
public final class LibraryTestRunner {
    private LibraryTestRunner() {
    }

    public static void main(String[] args) throws Exception {
        Path testClasses = Path.of(args[0]);
        String from = Class.forName(args[2]).getProtectionDomain().getCodeSource().getLocation().toString();
        if (!from.equals(Path.of(args[1]).toUri().toURL().toString()))
            throw new IllegalStateException(args[2] + " was loaded from " + from + ", not from hpjavac's " + args[1]);
        Map<String, String> failures = new TreeMap<>();
        int[] passed = {0};
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClasspathRoots(Set.of(testClasses)))
                .filters(ClassNameFilter.includeClassNamePatterns(".*\\.Test[^.]*", ".*Test", ".*Tests", ".*TestCase"))
                .build();
        LauncherFactory.create().execute(request, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL)
                    failures.put(id.getUniqueId(), String.valueOf(result.getThrowable().orElse(null)));
                else if (id.isTest()) passed[0]++;
            }
        });
        System.out.println("passed " + passed[0] + " failed " + failures.size());
        failures.forEach((test, why) -> System.out.println(test + ": " + why));
        System.exit(failures.isEmpty() ? 0 : 1);
    }
}
