package hpjava.compiler.parse;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reading a source file as UTF-8, with errors a user can act on instead of the JDK's bare messages. */
final class SourceText {
    private SourceText() {
    }

    static String readUtf8(Path file) throws IOException {
        if (Files.isDirectory(file)) throw new IOException(file + ": error: is a directory, not a .hpj file");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IOException(file + ": error: file not found", e);
        } catch (AccessDeniedException e) {
            throw new IOException(file + ": error: cannot read the file: permission denied", e);
        } catch (OutOfMemoryError e) {
            throw new IOException(file + ": error: the file is too large to read", e);
        }
        return decode(file, bytes);
    }

    /** {@code bytes} as UTF-8 (a leading byte order mark dropped); the first malformed byte is reported with its position. */
    static String decode(Path file, byte[] bytes) throws IOException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            int offset = in.position();
            out.flip();
            String before = out.toString();
            int line = 1, lineStart = 0;
            for (int i = 0; i < before.length(); i++) if (before.charAt(i) == '\n') { line++; lineStart = i + 1; }
            throw new IOException(String.format("%s:%d:%d: error: the file is not UTF-8: byte 0x%02X at offset %d is"
                    + " not valid UTF-8 (save the file as UTF-8)", file, line, before.length() - lineStart + 1,
                    bytes[offset] & 0xff, offset));
        }
        decoder.flush(out);
        out.flip();
        String text = out.toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }
}
