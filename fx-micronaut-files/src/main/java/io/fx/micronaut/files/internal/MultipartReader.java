package io.fx.micronaut.files.internal;

import io.micronaut.core.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a {@code multipart/form-data} body (RFC 7578) part by part as it arrives, holding one buffer of 64 KiB and
 * never a whole part. A part's stream ends at the next boundary; asking for the next part skips what is left of the
 * current one. A body that is not a form (no boundary, headers too long, a part without a name, the closing boundary
 * missing) is a 400 {@code MULTIPART_ERROR}; the reader's own failures (a size limit) pass through as they are.
 */
final class MultipartReader {

    private static final int MAX_HEADERS = 16 * 1024;
    private static final int MAX_PARTS = 1000;

    private final InputStream in;
    private final byte[] delimiter;
    private final byte[] buffer = new byte[64 * 1024];
    private int start;
    private int end;
    private boolean eof;
    private PartStream current;
    private boolean finished;
    private int parts;

    /**
     * @param in       the body
     * @param boundary the boundary of its {@code Content-Type}
     */
    MultipartReader(InputStream in, String boundary) {
        this.in = in;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        // the first boundary may open the body: read it as if a line break came before it
        buffer[0] = '\r';
        buffer[1] = '\n';
        end = 2;
    }

    /**
     * @param contentType a {@code Content-Type} header
     * @return its {@code boundary} parameter, or null when it has none fit for use (1 to 70 characters)
     */
    @Nullable
    static String boundary(String contentType) {
        Map<String, String> parameters = HeaderParameters.parse(contentType);
        String boundary = parameters.get("boundary");
        return boundary == null || boundary.isEmpty() || boundary.length() > 70 ? null : boundary;
    }

    /**
     * @return the next part, or null after the closing boundary
     * @throws IOException when the body cannot be read
     */
    @Nullable
    MultipartPart next() throws IOException {
        if (finished) {
            return null;
        }
        if (current == null) {
            drain(new PartStream()); // the preamble
        } else {
            drain(current);
        }
        int first = readByte();
        int second = readByte();
        if (first == '-' && second == '-') {
            finished = true;
            return null;
        }
        skipLineEnd(first, second);
        if (++parts > MAX_PARTS) {
            throw MultipartException.of("The form has more than " + MAX_PARTS + " parts");
        }
        Map<String, String> headers = headers();
        Map<String, String> disposition = HeaderParameters.parse(headers.getOrDefault("content-disposition", ""));
        if (!"form-data".equals(disposition.get(""))) {
            throw MultipartException.of("A part without Content-Disposition: form-data");
        }
        String name = disposition.get("name");
        if (name == null || name.isEmpty()) {
            throw MultipartException.of("A part without a name");
        }
        current = new PartStream();
        return new MultipartPart(name, disposition.get("filename"), current);
    }

    private void drain(PartStream part) throws IOException {
        byte[] skip = new byte[8192];
        while (part.read(skip, 0, skip.length) >= 0) {
            // skipped
        }
    }

    /** After a boundary: optional transport padding (spaces, tabs), then CRLF. */
    private void skipLineEnd(int first, int second) throws IOException {
        int b = first;
        int after = second;
        while (b == ' ' || b == '\t') {
            b = after;
            after = readByte();
        }
        if (b != '\r' || after != '\n') {
            throw MultipartException.of("A boundary is not followed by a line break");
        }
    }

    private Map<String, String> headers() throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int total = 0;
        while (true) {
            int b = readByte();
            if (++total > MAX_HEADERS) {
                throw MultipartException.of("A part's headers are too long");
            }
            if (b == '\r') {
                if (readByte() != '\n') {
                    throw MultipartException.of("A part's header line does not end with CRLF");
                }
                if (line.size() == 0) {
                    return headers;
                }
                String text = line.toString(StandardCharsets.UTF_8);
                int colon = text.indexOf(':');
                if (colon <= 0) {
                    throw MultipartException.of("A part's header has no name");
                }
                headers.put(text.substring(0, colon).trim().toLowerCase(Locale.ROOT), text.substring(colon + 1).trim());
                line.reset();
            } else {
                line.write(b);
            }
        }
    }

    private int readByte() throws IOException {
        if (start == end && !fill()) {
            throw MultipartException.of("The form ends before its closing boundary");
        }
        return buffer[start++] & 0xff;
    }

    /** @return whether bytes were added to the buffer (false at the end of the body, or when it is full) */
    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buffer.length) {
            return false;
        }
        int n = in.read(buffer, end, buffer.length - end);
        if (n < 0) {
            eof = true;
            return false;
        }
        end += n;
        return true;
    }

    /** @return where the delimiter starts in the buffered bytes, or -1 */
    private int find() {
        int last = end - delimiter.length;
        byte first = delimiter[0];
        outer:
        for (int i = start; i <= last; i++) {
            if (buffer[i] != first) {
                continue;
            }
            for (int j = 1; j < delimiter.length; j++) {
                if (buffer[i + j] != delimiter[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** A part's bytes, up to the next delimiter, which it consumes. */
    private final class PartStream extends InputStream {

        private boolean done;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            while (end - start < delimiter.length && fill()) {
                // filled
            }
            int at = find();
            if (at == start) {
                start += delimiter.length;
                done = true;
                return -1;
            }
            int available;
            if (at >= 0) {
                available = at - start;
            } else if (eof) {
                throw MultipartException.of("The form ends before its closing boundary");
            } else {
                // the delimiter may begin in the last bytes: keep them for the next look
                available = end - start - (delimiter.length - 1);
                if (available <= 0) {
                    fill();
                    return read(b, off, len);
                }
            }
            int n = Math.min(len, available);
            System.arraycopy(buffer, start, b, off, n);
            start += n;
            return n;
        }
    }
}
