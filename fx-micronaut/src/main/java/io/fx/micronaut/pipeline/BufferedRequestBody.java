package io.fx.micronaut.pipeline;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.OptionalLong;

/** A body already in memory: a test's, or one a middleware set. Streams as often as asked. */
final class BufferedRequestBody implements RequestBody {

    private static final byte[] NONE = new byte[0];

    private final byte[] bytes;

    BufferedRequestBody(byte[] bytes) {
        this.bytes = bytes == null ? NONE : bytes;
    }

    @Override
    public OptionalLong declaredLength() {
        return OptionalLong.of(bytes.length);
    }

    @Override
    public long maxSize() {
        return Long.MAX_VALUE;
    }

    @Override
    public byte[] bytes() {
        return bytes;
    }

    @Override
    public InputStream stream() {
        return new ByteArrayInputStream(bytes);
    }
}
