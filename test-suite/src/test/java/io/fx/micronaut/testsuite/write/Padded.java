package io.fx.micronaut.testsuite.write;

import java.nio.charset.StandardCharsets;

/** Builds valid gadget bodies of an exact byte length. */
public final class Padded {

    private Padded() {
    }

    /**
     * @param bytes the exact UTF-8 length wanted
     * @return a valid gadget create body whose ignored {@code padding} member fills it to that length
     */
    public static byte[] gadget(int bytes) {
        String head = "{\"name\":\"Padded\",\"category\":\"tool\",\"padding\":\"";
        String tail = "\"}";
        int fill = bytes - head.length() - tail.length();
        if (fill < 0) {
            throw new IllegalArgumentException("too small: " + bytes);
        }
        byte[] body = (head + "x".repeat(fill) + tail).getBytes(StandardCharsets.UTF_8);
        if (body.length != bytes) {
            throw new IllegalStateException(body.length + " != " + bytes);
        }
        return body;
    }
}
