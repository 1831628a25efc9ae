package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.conformance.Conformance;
import hpjava.mpjdev.conformance.ConformanceCases;
import hpjava.mpjdev.conformance.ConformanceRun;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The second binding, Open MPI's Java bindings ({@code --option binding=jni}): compiled and run only with mpi.jar. */
class JniBindingTest {
    static final Map<String, String> JNI = Map.of("impl", "openmpi", "binding", "jni");

    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {1, 2, 4})
    void deviceChecksPass(int np) {
        MpiTestSupport.require("openmpi", "jni");
        MpiJob job = MpiJob.run(LaunchSpec.of(np, DeviceChecksProgram.class.getName()).withOptions(JNI), Duration.ofSeconds(240));
        assertEquals(0, job.exitStatus, "exit status; stderr:\n" + job.stderr);
        assertTrue(job.stdout.contains("DeviceChecksProgram: all checks passed on " + np + " ranks"), job.stdout);
    }

    @Test
    void conformanceAtTwoRanks() {
        MpiTestSupport.require("openmpi", "jni");
        Conformance.assertAllPass(ConformanceRun.of("mpi", 2)
                .withLauncherArgs("--option", "impl=openmpi", "--option", "binding=jni")
                .withTimeout(Duration.ofMinutes(5))
                .withCases(ConformanceCases.names().stream().filter(c -> !c.equals(ConformanceCases.OBJECTS)).toList()));
    }

    @Test
    void programsMayCallOpenMpiDirectly() {
        MpiTestSupport.require("openmpi", "jni");
        MpiJob job = MpiJob.run(LaunchSpec.of(2, mpiprogram.RawMpiProgram.class.getName()).withOptions(JNI), Duration.ofSeconds(120));
        assertEquals(0, job.exitStatus, "exit status; stderr:\n" + job.stderr);
        assertTrue(job.stdout.contains("RawMpiProgram: raw MPI beside mpjdev works on 2 ranks"), job.stdout);
    }
}
