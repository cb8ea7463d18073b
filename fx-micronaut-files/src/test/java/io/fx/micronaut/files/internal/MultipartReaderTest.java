package io.fx.micronaut.files.internal;

import io.fx.micronaut.exception.FxException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MultipartReaderTest {

    private static final String BOUNDARY = "----fxBoundary7MA4YWxkTrZu0gW";

    @Test
    void readsTextAndFileParts() throws IOException {
        byte[] file = new byte[200_000];
        new Random(3).nextBytes(file);
        // a file whose bytes hold a partial delimiter
        byte[] tricky = ("\r\n--" + BOUNDARY.substring(0, 10)).getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(tricky, 0, file, 65_530, tricky.length);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("preamble\r\n--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n"
            + "Hello; \"world\"\r\n--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"cover\"; "
            + "filename=\"a \\\"b\\\".png\"\r\nContent-Type: image/png\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(file);
        body.writeBytes(("\r\n--" + BOUNDARY + "--\r\nepilogue").getBytes(StandardCharsets.UTF_8));
        MultipartReader reader = new MultipartReader(new Trickle(body.toByteArray()), BOUNDARY);

        MultipartPart title = reader.next();
        assertEquals("title", title.name());
        assertNull(title.filename());
        assertEquals("Hello; \"world\"", new String(title.body().readAllBytes(), StandardCharsets.UTF_8));
        MultipartPart cover = reader.next();
        assertEquals("cover", cover.name());
        assertEquals("a \"b\".png", cover.filename());
        assertArrayEquals(file, cover.body().readAllBytes());
        assertNull(reader.next());
    }

    @Test
    void skipsUnreadParts() throws IOException {
        String body = "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nfirst\r\n--" + BOUNDARY
            + "\r\nContent-Disposition: form-data; name=\"b\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf\r\n\r\nsecond\r\n--"
            + BOUNDARY + "--\r\n";
        MultipartReader reader = new MultipartReader(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)),
            BOUNDARY);
        assertEquals("a", reader.next().name());
        MultipartPart b = reader.next();
        assertEquals("résumé.pdf", b.filename());
        assertEquals("second", new String(b.body().readAllBytes(), StandardCharsets.UTF_8));
        assertNull(reader.next());
    }

    @Test
    void truncatedFormsAreMultipartErrors() {
        String body = "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nnever closed";
        MultipartReader reader = new MultipartReader(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)),
            BOUNDARY);
        FxException e = assertThrows(FxException.class, () -> reader.next().body().readAllBytes());
        assertEquals("MULTIPART_ERROR", e.getCode());
        MultipartReader nameless = new MultipartReader(new ByteArrayInputStream(("--" + BOUNDARY
            + "\r\nContent-Disposition: form-data\r\n\r\nx\r\n--" + BOUNDARY + "--").getBytes(StandardCharsets.UTF_8)),
            BOUNDARY);
        assertEquals("MULTIPART_ERROR", assertThrows(FxException.class, nameless::next).getCode());
        MultipartReader garbage = new MultipartReader(new ByteArrayInputStream("not a form".getBytes(
            StandardCharsets.UTF_8)), BOUNDARY);
        assertEquals("MULTIPART_ERROR", assertThrows(FxException.class, garbage::next).getCode());
    }

    @Test
    void boundaryComesFromTheContentType() {
        assertEquals("abc", MultipartReader.boundary("multipart/form-data; boundary=abc"));
        assertEquals("a b", MultipartReader.boundary("multipart/form-data; boundary=\"a b\""));
        assertNull(MultipartReader.boundary("multipart/form-data"));
    }

    /** Hands out at most 7 bytes per read, as a slow network would. */
    private static final class Trickle extends InputStream {
        private final ByteArrayInputStream in;

        Trickle(byte[] bytes) {
            in = new ByteArrayInputStream(bytes);
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, Math.min(len, 7));
        }
    }
}
