package io.fx.micronaut.lifecycle;

import io.micronaut.core.annotation.NonNull;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits a bounded time for one step of a component's shutdown (a client library's asynchronous stop, say), so that
 * a step that never completes cannot hold an application's stop. A step that misses the wait is logged as a
 * warning and left to end in the background; one that fails is logged at debug level (the application is stopping
 * either way). For modules whose client libraries offer only an unbounded blocking shutdown beside an asynchronous
 * one, such as Lettuce.
 *
 * @since 0.10.0
 */
public final class BoundedStop {

    private BoundedStop() {
    }

    /**
     * @param step the step's completion
     * @param wait how long to wait for it
     * @param log  the stopping component's logger
     * @param what what is stopping, for the log ({@code Limits: the Redis client})
     * @return whether the step finished, normally or not, within the wait (false also when the waiting thread was
     *         interrupted; its interrupt status is kept)
     */
    public static boolean await(@NonNull Future<?> step, @NonNull Duration wait, @NonNull Logger log,
                                @NonNull String what) {
        try {
            step.get(wait.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (TimeoutException e) {
            log.warn("{} did not stop within {} ms; it is left to end on its own", what, wait.toMillis());
            return false;
        } catch (ExecutionException e) {
            log.debug("{} failed to stop cleanly", what, e.getCause());
            return true;
        }
    }
}
