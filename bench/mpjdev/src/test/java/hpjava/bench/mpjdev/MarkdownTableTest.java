package hpjava.bench.mpjdev;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MarkdownTableTest {

    @Test
    void oneRowPerSizeLatencyThenBandwidthPerKind() {
        String out = """
                # mpjdev-bench v1 backend=mt np=2
                # test kind bytes median_us min_us max_us mb_per_s iters window
                latency byte 8 0.5000 0.4000 0.6000 16.00 100 1
                latency double 8 0.7500 0.7000 0.8000 10.67 100 1
                bandwidth byte 8 0.1000 0.1000 0.1000 80.00 100 64
                [0] latency byte 1048576 100.0000 90.0000 110.0000 10485.76 10 1
                mpjdev: something else
                """;
        assertEquals("""
                | bytes | latency byte (µs) | latency double (µs) | bandwidth byte (MB/s) | bandwidth double (MB/s) |
                |---:|---:|---:|---:|---:|
                | 8 | 0.50 | 0.75 | 80 |  |
                | 1 Mi | 100.00 |  |  |  |
                """, MarkdownTable.table(out));
    }
}
