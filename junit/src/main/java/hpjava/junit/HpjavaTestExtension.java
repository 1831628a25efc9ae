package hpjava.junit;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/** The extension behind {@link HpjavaTest}: one invocation per (backend, np), each running the method as a job. */
public final class HpjavaTestExtension implements TestTemplateInvocationContextProvider {
    /** System property replacing the backends of every {@link HpjavaTest}, comma-separated. */
    public static final String BACKENDS_PROPERTY = "hpjava.test.backends";

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> m.isAnnotationPresent(HpjavaTest.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method m = context.getRequiredTestMethod();
        HpjavaTest a = m.getAnnotation(HpjavaTest.class);
        checkSignature(m);
        List<TestTemplateInvocationContext> l = new ArrayList<>();
        for (String backend : backends(a))
            for (int np : a.np()) l.add(new JobInvocation(np, backend, Duration.ofSeconds(a.timeoutSeconds())));
        return l.stream();
    }

    private static List<String> backends(HpjavaTest a) {
        String p = System.getProperty(BACKENDS_PROPERTY, "").strip();
        if (p.isEmpty()) return List.of(a.backend());
        return Arrays.stream(p.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static void checkSignature(Method m) {
        Class<?>[] p = m.getParameterTypes();
        if (p.length > 1 || (p.length == 1 && p[0] != HpjavaRank.class) || m.getReturnType() != void.class)
            throw new IllegalArgumentException("@HpjavaTest method " + m.getName() + " must return void and take no "
                    + "parameters or one HpjavaRank; to return values to the test, use HpjavaJob.np(n).call(...)");
    }

    private record JobInvocation(int np, String backend, Duration timeout) implements TestTemplateInvocationContext {
        @Override
        public String getDisplayName(int invocationIndex) {
            return "np=" + np + " " + backend;
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of(new RunAsJob(this), new RankPlaceholder(this));
        }
    }

    /** Replaces the call on the test thread by the job that runs the method on every rank. */
    private record RunAsJob(JobInvocation inv) implements InvocationInterceptor {
        @Override
        public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                                ExtensionContext context) {
            invocation.skip();
            HpjavaJob.np(inv.np()).backend(inv.backend()).timeout(inv.timeout()).runMethod(call.getExecutable());
        }
    }

    /** Satisfies JUnit's resolution of an {@link HpjavaRank} parameter; each rank gets its real one. */
    private record RankPlaceholder(JobInvocation inv) implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
            return p.getParameter().getType() == HpjavaRank.class;
        }

        @Override
        public Object resolveParameter(ParameterContext p, ExtensionContext c) {
            return new HpjavaRank(-1, inv.np(), inv.backend());
        }
    }
}
