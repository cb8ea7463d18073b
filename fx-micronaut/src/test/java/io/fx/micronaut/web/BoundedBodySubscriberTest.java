package io.fx.micronaut.web;

import io.fx.micronaut.exception.FxException;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;

import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The read-ahead of a chunked body: collected up to the limit, cancelled at byte limit + 1. */
class BoundedBodySubscriberTest {

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final Subscription subscription = new Subscription() {
        @Override
        public void request(long n) {
        }

        @Override
        public void cancel() {
            cancelled.set(true);
        }
    };

    @Test
    void chunksUpToExactlyTheLimitAreCollected() {
        BoundedBodySubscriber subscriber = new BoundedBodySubscriber(4);
        subscriber.onSubscribe(subscription);
        subscriber.onNext(new byte[] {1, 2});
        subscriber.onNext(new byte[] {3, 4});
        subscriber.onComplete();
        assertArrayEquals(new byte[] {1, 2, 3, 4}, subscriber.result().join());
    }

    @Test
    void byteLimitPlusOneCancelsTheRestAndFailsTheRead() {
        BoundedBodySubscriber subscriber = new BoundedBodySubscriber(4);
        subscriber.onSubscribe(subscription);
        subscriber.onNext(new byte[] {1, 2, 3});
        subscriber.onNext(new byte[] {4, 5});
        assertTrue(cancelled.get());
        CompletionException e = assertThrows(CompletionException.class, () -> subscriber.result().join());
        assertEquals("BODY_TOO_LARGE", ((FxException) e.getCause()).getCode());
    }
}
