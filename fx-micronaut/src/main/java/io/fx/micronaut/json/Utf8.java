package io.fx.micronaut.json;

import io.micronaut.core.annotation.Internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 validation of request bodies: overlong forms, encoded surrogates, code points above
 * U+10FFFF and truncated sequences are all refused, which a JSON parser may let through.
 */
@Internal
final class Utf8 {

    private static final int CHUNK = 8192;

    private Utf8() {
    }

    /**
     * @param bytes the raw bytes
     * @return whether they are well-formed UTF-8
     */
    static boolean isValid(byte[] bytes) {
        int ascii = 0;
        while (ascii < bytes.length && bytes[ascii] >= 0) {
            ascii++;
        }
        if (ascii == bytes.length) {
            return true;
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, ascii, bytes.length - ascii);
        CharBuffer out = CharBuffer.allocate(Math.min(CHUNK, bytes.length - ascii + 1));
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return false;
            }
            if (result.isUnderflow()) {
                return !decoder.flush(out).isError();
            }
            out.clear();
        }
    }
}
