package dev.uringlab.workloads.scenario;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.List;

/**
 * A scenario file's bytes as lines of text: strict UTF-8 after an optional byte-order mark, a
 * byte that is not UTF-8 or a NUL byte being {@code FILE:LINE: not UTF-8 text} or
 * {@code FILE:LINE: not text (a NUL byte)} at the line it is on.
 */
final class ScenarioText {
    private ScenarioText() {
    }

    /** The lines of a scenario file's bytes, decoded strictly as UTF-8 after an optional byte-order mark. */
    static List<String> lines(String file, byte[] bytes) throws ScenarioSyntaxException {
        int start = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer text = CharBuffer.allocate(bytes.length); // UTF-8 never decodes to more chars than bytes
        CharsetDecoder decoder = UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        CoderResult result = decoder.decode(in, text, true);
        if (!result.isError()) {
            result = decoder.flush(text);
        }
        if (result.isError()) {
            throw new ScenarioSyntaxException(file, lineOf(bytes, in.position()), "not UTF-8 text");
        }
        int nul = indexOf(bytes, (byte) 0);
        if (nul >= 0) {
            throw new ScenarioSyntaxException(file, lineOf(bytes, nul), "not text (a NUL byte)");
        }
        return text.flip().toString().lines().toList();
    }

    /** The 1-based line holding byte {@code offset}. */
    private static int lineOf(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
