package hpjava.mpjdev.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResultLineTest {

    @Test
    void roundTripsEveryStatus() {
        for (CaseResult r : new CaseResult[] {
                new CaseResult(3, 8, "order", CaseResult.Status.START, 0, ""),
                new CaseResult(0, 1, "large-messages", CaseResult.Status.PASS, 123456, ""),
                new CaseResult(1023, 1024, "types", CaseResult.Status.FAIL, 7, "java.lang.AssertionError: a\\b\nsecond line")}) {
            String line = ResultLine.format(r);
            assertEquals(-1, line.indexOf('\n'), "one line: " + line);
            assertEquals(r, ResultLine.parse(line).orElseThrow());
            assertEquals(r, ResultLine.parse("[5] " + line).orElseThrow(), "a launcher prefix is skipped");
        }
    }

    @Test
    void ignoresOtherLines() {
        assertTrue(ResultLine.parse("mpjdev: rank 1 failed: x").isEmpty());
        assertTrue(ResultLine.parse("@@conformance-trace rank=1 at Foo.bar").isEmpty());
        assertTrue(ResultLine.parse("@@conformance rank=x np=1 case=a status=PASS").isEmpty());
    }
}
