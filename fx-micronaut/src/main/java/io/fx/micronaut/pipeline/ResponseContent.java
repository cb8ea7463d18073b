package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

import java.io.InputStream;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A body that is not JSON, sent as it is with its own {@code Content-Type}: bytes in memory or a stream read
 * as it is sent (a file, an export). Build a response with it through {@link FxResponse#bytes} or
 * {@link FxResponse#stream}.
 *
 * @since 0.7.0
 */
public sealed interface ResponseContent permits ResponseContent.BytesContent, ResponseContent.StreamContent {

    /** @return the {@code Content-Type}, for example {@code application/pdf} or {@code text/csv; charset=utf-8} */
    @NonNull
    String contentType();

    /** @return the length in bytes, when known: sent as {@code Content-Length} (on HEAD too) */
    @NonNull
    OptionalLong length();

    /**
     * Bytes in memory.
     *
     * @param contentType the content type
     * @param bytes       the body
     */
    record BytesContent(@NonNull String contentType, @NonNull byte[] bytes) implements ResponseContent {
        /** Checks both are present. */
        public BytesContent {
            Objects.requireNonNull(contentType, "contentType");
            Objects.requireNonNull(bytes, "bytes");
        }

        @Override
        @NonNull
        public OptionalLong length() {
            return OptionalLong.of(bytes.length);
        }
    }

    /**
     * A stream, read on an I/O thread as it is sent and closed afterwards (closed unread for HEAD). If it fails
     * part-way, the status line has gone out: the connection is closed, so the client sees a broken body.
     *
     * @param contentType the content type
     * @param stream      the body
     * @param size        its length in bytes, or -1 when unknown (the body is then sent chunked)
     */
    record StreamContent(@NonNull String contentType, @NonNull InputStream stream, long size) implements ResponseContent {
        /** Checks both are present. */
        public StreamContent {
            Objects.requireNonNull(contentType, "contentType");
            Objects.requireNonNull(stream, "stream");
        }

        @Override
        @NonNull
        public OptionalLong length() {
            return size < 0 ? OptionalLong.empty() : OptionalLong.of(size);
        }
    }
}
