package hpjava.mpjdev;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Byte streams over a buffer's segment, for object sections; one pair per buffer, reused. */
final class SegmentStreams {
    private final Buffer buffer;
    long writePos;
    private long readPos;
    private long readEnd;

    final OutputStream out = new OutputStream() {
        @Override
        public void write(int b) {
            buffer.ensureCapacityForStream(writePos + 1);
            buffer.segment().set(ValueLayout.JAVA_BYTE, writePos++, (byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            buffer.ensureCapacityForStream(writePos + len);
            MemorySegment.copy(b, off, buffer.segment(), ValueLayout.JAVA_BYTE, writePos, len);
            writePos += len;
        }
    };

    private final InputStream in = new InputStream() {
        @Override
        public int read() {
            return readPos < readEnd ? buffer.segment().get(ValueLayout.JAVA_BYTE, readPos++) & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) return 0;
            if (readPos >= readEnd) return -1;
            int n = (int) Math.min(len, readEnd - readPos);
            MemorySegment.copy(buffer.segment(), ValueLayout.JAVA_BYTE, readPos, b, off, n);
            readPos += n;
            return n;
        }

        @Override
        public int available() {
            return (int) Math.min(Integer.MAX_VALUE, readEnd - readPos);
        }
    };

    SegmentStreams(Buffer buffer) {
        this.buffer = buffer;
    }

    void startWrite(long at) {
        writePos = at;
    }

    InputStream startRead(long from, long to) {
        readPos = from;
        readEnd = to;
        return in;
    }
}
