package io.fx.micronaut.examples.files;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** {@code multipart/form-data} bodies for the blog's file tests, all under one boundary. */
final class MultipartForm {

    private static final String BOUNDARY = "blogFilesBoundary42";

    /** The Content-Type of every body {@link #of} builds. */
    static final String CONTENT_TYPE = "multipart/form-data; boundary=" + BOUNDARY;

    private MultipartForm() {
    }

    /**
     * @param extension the extension of each file part's name ({@code .png}: a part for field {@code cover} is
     *                  {@code cover.png})
     * @param parts     name, value pairs; a value that is a {@code byte[]} is a file part named after its field
     * @return the body
     */
    static byte[] of(String extension, Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < parts.length; i += 2) {
            String name = (String) parts[i];
            if (parts[i + 1] instanceof byte[] bytes) {
                out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name
                    + "\"; filename=\"" + name + extension + "\"\r\n\r\n").getBytes(StandardCharsets.UTF_8));
                out.writeBytes(bytes);
                out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
            } else {
                out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n"
                    + parts[i + 1] + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
