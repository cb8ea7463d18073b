package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.RequestBody;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpRequestWrapper;
import io.micronaut.http.ServerHttpRequest;
import io.micronaut.http.body.AvailableByteBody;
import io.micronaut.http.body.ByteBody;
import io.micronaut.http.body.CloseableAvailableByteBody;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * The body of a request served by a route, over Micronaut's {@link ByteBody}: nothing is read until the
 * route asks. Whole, it is the bytes the server already holds (a body that arrived with its headers), the
 * bytes {@link BodyPrefetch} read before the pipeline started, or the bytes read now; as a stream, it is read
 * as the client sends it, through a {@link BoundedInputStream}. A declared length over the limit is refused
 * before anything is read.
 */
final class ServedBody implements RequestBody {

    private static final byte[] NONE = new byte[0];

    private final ByteBody source;
    private final CompletableFuture<byte[]> prefetched;
    private final long limit;
    private final Function<Throwable, FxException> failures;
    private byte[] bytes;
    private boolean taken;
    private FxException failure;
    private InputStream handedOut;

    ServedBody(ByteBody source, CompletableFuture<byte[]> prefetched, long limit,
                       Function<Throwable, FxException> failures) {
        this.source = source;
        this.prefetched = prefetched;
        this.limit = limit;
        this.failures = failures;
    }

    /**
     * @param request  the request
     * @param limit    the route's limit
     * @param failures turns a read failure into the client's error
     * @return its body; outside a server (no {@link ServerHttpRequest}) the body Micronaut binds
     */
    static ServedBody of(HttpRequest<?> request, long limit, Function<Throwable, FxException> failures) {
        CompletableFuture<byte[]> prefetched = BodyPrefetch.find(request);
        ByteBody source = byteBody(request);
        if (source == null && prefetched == null) {
            prefetched = CompletableFuture.completedFuture(request.getBody(byte[].class).orElse(NONE));
        }
        return new ServedBody(source, prefetched, limit, failures);
    }

    /** @return the server's body of the request, or null when it is not a server's request */
    static ByteBody byteBody(HttpRequest<?> request) {
        HttpRequest<?> current = request;
        while (current instanceof HttpRequestWrapper<?> wrapper) {
            current = wrapper.getDelegate();
        }
        return current instanceof ServerHttpRequest<?> server ? server.byteBody() : null;
    }

    /** @return the refusal of a body over the limit */
    static FxException tooLarge(long limit) {
        return ErrorCode.BODY_TOO_LARGE.exception("The request body exceeds the limit of " + limit + " bytes");
    }

    @Override
    @NonNull
    public OptionalLong declaredLength() {
        if (bytes != null) {
            return OptionalLong.of(bytes.length);
        }
        return source == null ? OptionalLong.empty() : source.expectedLength();
    }

    @Override
    public long maxSize() {
        return limit;
    }

    /**
     * @return why the body read ahead failed, when it failed for a reason of the server's (its own size limits, a
     *     broken encoding) rather than the route's limit; null otherwise
     */
    @Nullable
    Throwable failedAhead() {
        if (prefetched == null || !prefetched.isCompletedExceptionally()) {
            return null;
        }
        try {
            prefetched.join();
            return null;
        } catch (CompletionException e) {
            return e.getCause() instanceof FxException ? null : e.getCause();
        }
    }

    /**
     * @return whether the body is empty: known from its declared length or the bytes already read; a chunked body
     *     still arriving counts as one, so nothing is read to find out (before the Auth step, that would hold up to
     *     the route's limit in memory for any caller)
     */
    boolean isEmpty() {
        OptionalLong declared = declaredLength();
        if (declared.isPresent()) {
            return declared.getAsLong() == 0;
        }
        if (prefetched != null && prefetched.isDone() && !prefetched.isCompletedExceptionally()) {
            return prefetched.join().length == 0;
        }
        return false;
    }

    /** Closes the stream the route took, if it did: its buffers go back to the server whatever the route did. */
    void release() {
        if (handedOut != null) {
            try {
                handedOut.close();
            } catch (IOException e) {
                // the connection is gone already; nothing is left to release
            }
        }
    }

    @Override
    @NonNull
    public byte[] bytes() {
        if (bytes != null) {
            return bytes;
        }
        if (failure != null) {
            throw failure;
        }
        if (taken) {
            throw new IllegalStateException("The request body was already read as a stream");
        }
        try {
            refuseDeclaredOverLimit();
            taken = true;
            byte[] read = read();
            if (read.length > limit) {
                throw tooLarge(limit);
            }
            bytes = read;
            return read;
        } catch (FxException e) {
            failure = e;
            throw e;
        }
    }

    @Override
    @NonNull
    public InputStream stream() {
        if (bytes != null) {
            return new ByteArrayInputStream(bytes);
        }
        if (failure != null) {
            throw failure;
        }
        if (taken) {
            throw new IllegalStateException("The request body's stream was already taken");
        }
        refuseDeclaredOverLimit();
        if (source == null || prefetched != null || source instanceof AvailableByteBody) {
            return new ByteArrayInputStream(bytes());
        }
        taken = true;
        handedOut = new BoundedInputStream(source.toInputStream(), limit, failures);
        return handedOut;
    }

    private void refuseDeclaredOverLimit() {
        OptionalLong declared = source == null ? OptionalLong.empty() : source.expectedLength();
        if (declared.isPresent() && declared.getAsLong() > limit) {
            throw tooLarge(limit);
        }
    }

    private byte[] read() {
        if (prefetched != null) {
            return join(prefetched);
        }
        if (source instanceof AvailableByteBody available) {
            return available.toByteArray();
        }
        if (source.expectedLength().isPresent()) {
            try (CloseableAvailableByteBody whole = join(source.buffer())) {
                return whole.toByteArray();
            }
        }
        try (InputStream in = new BoundedInputStream(source.toInputStream(), limit, failures)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw failures.apply(e);
        }
    }

    private <T> T join(CompletableFuture<? extends T> future) {
        try {
            return future.join();
        } catch (RuntimeException e) {
            throw failures.apply(e);
        }
    }
}
