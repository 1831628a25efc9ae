package hpjava.mpjdev.ucx.ffm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.StructLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.Requires;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Checks {@link UcpStructs} and {@link UcpConstants} against the installed UCX headers: generates a C program that
 * prints {@code sizeof} of every struct, {@code offsetof}/{@code sizeof} of every named member (nested ones by path)
 * and the value of every constant, compiles it with gcc, runs it and compares with what the Java side says.
 */
class UcpLayoutTest {

    @Test
    void layoutsAndConstantsMatchTheHeaders(@TempDir Path dir) throws Exception {
        Requires.that("the UCX headers", Files.exists(Path.of("/usr/include/ucp/api/ucp.h")) ? null
                : "/usr/include/ucp/api/ucp.h is missing", "apt-get install libucx-dev (bin/setup-ucx.sh)");
        Requires.command("gcc", "apt-get install gcc");
        Map<String, Long> expected = new LinkedHashMap<>();
        StringBuilder c = new StringBuilder("""
                #include <stddef.h>
                #include <stdio.h>
                #include <ucp/api/ucp.h>
                int main(void) {
                """);
        for (StructLayout s : UcpStructs.ALL) {
            String type = s.name().orElseThrow();
            line(c, expected, "sizeof " + type, "sizeof(" + type + ")", s.byteSize());
            members(c, expected, type, s, "", 0);
        }
        line(c, expected, "sizeof ucs_status_t", "sizeof(ucs_status_t)", 1);
        line(c, expected, "sizeof ucs_thread_mode_t", "sizeof(ucs_thread_mode_t)", 4);
        line(c, expected, "sizeof ucp_datatype_t", "sizeof(ucp_datatype_t)", 8);
        line(c, expected, "sizeof void*", "sizeof(void*)", 8);
        line(c, expected, "sizeof size_t", "sizeof(size_t)", 8);
        int constants = 0;
        for (Field f : UcpConstants.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) continue;
            long value = ((Number) f.get(null)).longValue();
            line(c, expected, "const " + f.getName(), f.getName(), value);
            constants++;
        }
        assertTrue(constants > 30, "constants found by reflection: " + constants);
        c.append("  return 0;\n}\n");

        Path src = dir.resolve("layouts.c");
        Path exe = dir.resolve("layouts");
        Files.writeString(src, c);
        String compiled = run(List.of("gcc", "-std=c11", "-Wall", "-o", exe.toString(), src.toString()));
        assertTrue(Files.isExecutable(exe), "gcc failed on the generated program:\n" + compiled + "\n" + c);
        String output = run(List.of(exe.toString()));

        Map<String, Long> actual = new LinkedHashMap<>();
        for (String l : output.split("\n")) {
            if (l.isBlank()) continue;
            int sp = l.lastIndexOf(' ');
            actual.put(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)));
        }
        List<String> mismatches = new ArrayList<>();
        expected.forEach((k, v) -> {
            if (!v.equals(actual.get(k))) mismatches.add(k + ": Java " + v + ", C " + actual.get(k));
        });
        if (!mismatches.isEmpty()) fail("layouts differ from the UCX headers:\n  " + String.join("\n  ", mismatches));
        assertEquals(expected.size(), actual.size());
    }

    /** Adds lines for every named member of {@code group}, recursing into nested structs. */
    private static void members(StringBuilder c, Map<String, Long> expected, String type, GroupLayout group,
                                String prefix, long base) {
        long offset = base;
        for (MemoryLayout m : group.memberLayouts()) {
            if (!(m instanceof PaddingLayout)) {
                String path = prefix + m.name().orElseThrow(() -> new AssertionError("unnamed member in " + type));
                line(c, expected, "offsetof " + type + " " + path, "offsetof(" + type + ", " + path + ")", offset);
                line(c, expected, "sizeof " + type + " " + path, "sizeof(((" + type + "*)0)->" + path + ")",
                        m.byteSize());
                if (m instanceof GroupLayout nested) members(c, expected, type, nested, path + ".", offset);
            }
            offset += m.byteSize();
        }
    }

    private static void line(StringBuilder c, Map<String, Long> expected, String key, String cExpr, long value) {
        expected.put(key, value);
        c.append("  printf(\"%s %lld\\n\", \"").append(key).append("\", (long long)(").append(cExpr).append("));\n");
    }

    private static String run(List<String> command) {
        return ChildProcess.of(command).timeout(Duration.ofSeconds(60)).mergeStreams().run().output();
    }
}
