package hpjava.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test method run as an SPMD job, once per process count and backend: every rank runs the method (on an instance
 * of its own, made with the no-argument constructor, from the rank's own copy of the class; JUnit's lifecycle methods
 * run on the test's thread only). The method takes no parameters or one {@link HpjavaRank}. See {@link HpjavaJob} for
 * failures, timeouts, and values returned to the test.
 *
 * <pre>
 * &#64;HpjavaTest(np = {1, 2, 4})
 * void sumsAgree(HpjavaRank rank) { assertEquals(4950.0, Heat.total(100)); }
 * </pre>
 *
 * The system property {@code hpjava.test.backends} (e.g. {@code mt,mpi}) replaces {@link #backend()} for every test.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(HpjavaTestExtension.class)
public @interface HpjavaTest {
    /** The process counts to run at. */
    int[] np() default {1, 2, 4};

    /** The backends to run on; one not on the class path or unable to run here is reported as skipped. */
    String[] backend() default {"mt"};

    /** Timeout of each job, in seconds. */
    long timeoutSeconds() default 60;
}
