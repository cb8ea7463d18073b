package io.fx.micronaut.testsuite.files;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Builds a {@code multipart/form-data} body by hand, so tests control every byte (hostile names, two parts). */
final class Form {

    static final String BOUNDARY = "fxTestBoundary0123456789";
    static final Map<String, String> HEADERS = Map.of("Content-Type", "multipart/form-data; boundary=" + BOUNDARY);

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Form text(String name, String value) {
        write("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n");
        return this;
    }

    Form file(String name, String filename, byte[] bytes) {
        return file(name, filename, "application/octet-stream", bytes);
    }

    Form file(String name, String filename, String contentType, byte[] bytes) {
        write("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename
            + "\"\r\nContent-Type: " + contentType + "\r\n\r\n");
        out.writeBytes(bytes);
        write("\r\n");
        return this;
    }

    byte[] bytes() {
        ByteArrayOutputStream done = new ByteArrayOutputStream();
        done.writeBytes(out.toByteArray());
        done.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return done.toByteArray();
    }

    private void write(String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    /** @return a PNG of exactly {@code size} bytes: the signature and an IHDR, then padding */
    static byte[] png(int size) {
        byte[] png = new byte[size];
        byte[] head = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0};
        System.arraycopy(head, 0, png, 0, Math.min(head.length, size));
        return png;
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
