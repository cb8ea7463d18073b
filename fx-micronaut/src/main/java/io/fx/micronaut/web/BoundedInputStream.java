package io.fx.micronaut.web;

import io.fx.micronaut.exception.FxException;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Function;

/**
 * A request body's stream that never reads past the route's limit: the read that would return byte
 * {@code limit + 1} throws {@code BODY_TOO_LARGE} instead, and a failure of the stream below is the client's
 * error it stands for ({@link BodyReadFailures}).
 */
final class BoundedInputStream extends InputStream {

    private final InputStream in;
    private final long limit;
    private final Function<Throwable, FxException> failures;
    private final byte[] single = new byte[1];
    private long count;

    BoundedInputStream(InputStream in, long limit, Function<Throwable, FxException> failures) {
        this.in = in;
        this.limit = limit;
        this.failures = failures;
    }

    @Override
    public int read() throws IOException {
        return read(single, 0, 1) < 0 ? -1 : single[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (count > limit) {
            throw ServedBody.tooLarge(limit);
        }
        // never ask for more than one byte past the limit: that byte is the refusal
        long room = limit - count;
        int asked = room >= length ? length : (int) room + 1;
        int read;
        try {
            read = in.read(buffer, offset, asked);
        } catch (IOException | RuntimeException e) {
            throw failures.apply(e);
        }
        if (read > 0) {
            count += read;
            if (count > limit) {
                throw ServedBody.tooLarge(limit);
            }
        }
        return read;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(in.available(), Math.max(0, limit - count));
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
