package io.fx.micronaut.http;

import io.micronaut.core.annotation.NonNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One request and its whole response with the JDK's {@link HttpClient}, within a deadline and a body size.
 *
 * <p>The client's own {@linkplain HttpRequest.Builder#timeout(Duration) request timeout} ends when the response's
 * headers arrive (JDK 17): a server that sends them and then stalls its body holds a blocking {@code send}, and
 * whatever lock its caller holds, forever. Here the deadline covers the connection, the headers and the body; an
 * exchange that misses it is cancelled. A body larger than the limit is refused as soon as it passes it, without
 * being kept.</p>
 *
 * @since 0.10.0
 */
public final class BoundedExchange {

    private BoundedExchange() {
    }

    /**
     * @param client   the client
     * @param request  the request
     * @param deadline how long the whole exchange may take
     * @param maxBytes the largest body accepted
     * @return the response, its body read whole
     * @throws HttpTimeoutException when the exchange did not complete within the deadline
     * @throws IOException          when it failed, or the body is larger than {@code maxBytes}
     * @throws InterruptedException when the waiting thread was interrupted (the exchange is cancelled)
     */
    @NonNull
    public static HttpResponse<byte[]> send(@NonNull HttpClient client, @NonNull HttpRequest request,
                                            @NonNull Duration deadline, int maxBytes)
        throws IOException, InterruptedException {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative");
        }
        CompletableFuture<HttpResponse<byte[]>> exchange = client.sendAsync(request, info -> new LimitedBody(maxBytes));
        try {
            return exchange.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new HttpTimeoutException("no complete response from " + request.uri() + " within " + deadline);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause.getMessage(), cause);
        }
    }

    /** Collects a body up to a size; past it, cancels the stream and fails. */
    private static final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {

        private final int maxBytes;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private Flow.Subscription subscription;

        LimitedBody(int maxBytes) {
            this.maxBytes = maxBytes;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (result.isDone()) {
                return;
            }
            for (ByteBuffer buffer : buffers) {
                if (buffer.remaining() > maxBytes - bytes.size()) {
                    subscription.cancel();
                    result.completeExceptionally(new IOException("the response body exceeds " + maxBytes + " bytes"));
                    return;
                }
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                bytes.write(chunk, 0, chunk.length);
            }
        }

        @Override
        public void onError(Throwable error) {
            result.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            result.complete(bytes.toByteArray());
        }
    }
}
