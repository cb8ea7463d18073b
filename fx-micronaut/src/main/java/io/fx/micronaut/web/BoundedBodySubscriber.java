package io.fx.micronaut.web;

import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.io.ByteArrayOutputStream;
import java.util.concurrent.CompletableFuture;

/**
 * Collects a body of unknown length as it arrives, without a thread waiting for it, and gives up (cancelling
 * the rest) when it passes the limit: the future then fails with {@code BODY_TOO_LARGE}.
 */
final class BoundedBodySubscriber implements Subscriber<byte[]> {

    private final long limit;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final ByteArrayOutputStream collected = new ByteArrayOutputStream();
    private Subscription subscription;
    private long count;

    BoundedBodySubscriber(long limit) {
        this.limit = limit;
    }

    CompletableFuture<byte[]> result() {
        return result;
    }

    @Override
    public void onSubscribe(Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(byte[] chunk) {
        if (result.isDone()) {
            return;
        }
        count += chunk.length;
        if (count > limit) {
            subscription.cancel();
            result.completeExceptionally(ServedBody.tooLarge(limit));
            return;
        }
        collected.write(chunk, 0, chunk.length);
    }

    @Override
    public void onError(Throwable failure) {
        result.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        result.complete(collected.toByteArray());
    }
}
