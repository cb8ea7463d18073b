package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.io.InputStream;
import java.util.OptionalLong;

/**
 * The request body, read once, either whole ({@link #bytes()}) or as it arrives ({@link #stream()}), and
 * never past the route's size limit ({@link #maxSize()}, {@code fx.max-body-size} unless a
 * {@code io.fx.micronaut.web.BodySizeLimit} bean says otherwise). A body whose {@code Content-Length} is over
 * the limit is refused before a byte of it is read; one sent without a length is refused when its byte
 * {@code limit + 1} arrives; a body of exactly the limit passes, and none is ever cut short. The refusal is
 * an {@link io.fx.micronaut.exception.FxException} with code {@code BODY_TOO_LARGE} (413), which the pipeline
 * answers as an error envelope; a body that cannot be read (a broken {@code Content-Encoding}) is
 * {@code BODY_READ_ERROR} (400).
 *
 * <p>JSON bodies (and the bodies of any media type whose {@code BodyMediaType} bean asks for it) arrive in
 * full before the pipeline starts, so {@link #bytes()} returns at once; a body of another admitted type
 * (binary, {@code multipart/form-data}) is left unread for the route, so a middleware or an action can
 * stream it without it ever being held in memory:</p>
 *
 * <pre>{@code
 * try (InputStream in = context.payload().getRequestBody().stream()) {
 *     long size = in.transferTo(storage);
 * }
 * }</pre>
 *
 * <p>One thread at a time, like the context it belongs to.</p>
 *
 * @since 0.7.0
 */
public interface RequestBody {

    /**
     * @param bytes the body, or null for none
     * @return a body held in memory, without a limit of its own: for tests, and for middleware that
     *     replaces the body ({@link RequestPayload#setRawBody})
     */
    @NonNull
    static RequestBody of(@Nullable byte[] bytes) {
        return new BufferedRequestBody(bytes);
    }

    /**
     * @return the length the client declared ({@code Content-Length}), or the length of a body already in
     *     memory; empty when it is only known once read (a chunked body)
     */
    @NonNull
    OptionalLong declaredLength();

    /** @return the most bytes the route accepts in this body */
    long maxSize();

    /**
     * Reads the whole body, once; later calls return the same bytes.
     *
     * @return the body, empty when none was sent
     * @throws io.fx.micronaut.exception.FxException {@code BODY_TOO_LARGE} over {@link #maxSize()},
     *     {@code BODY_READ_ERROR} when it cannot be read
     * @throws IllegalStateException when it was already read as a {@link #stream()}
     */
    @NonNull
    byte[] bytes();

    /**
     * The body as it arrives, read by the caller; close it when done. A stream can be taken once, unless the
     * body was read with {@link #bytes()} first (then each call streams those bytes).
     *
     * @return the body as a stream, whose reads throw an {@link io.fx.micronaut.exception.FxException}
     *     {@code BODY_TOO_LARGE} at byte {@code maxSize() + 1} (or {@code BODY_READ_ERROR})
     * @throws io.fx.micronaut.exception.FxException {@code BODY_TOO_LARGE} at once when the declared
     *     length is over {@link #maxSize()}
     * @throws IllegalStateException when a stream was already taken
     */
    @NonNull
    InputStream stream();
}
