package io.fx.micronaut.events.redis;

import io.fx.micronaut.lifecycle.BoundedStop;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.resource.ClientResources;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Stops a Lettuce client, and the client resources it was given, within a bounded time. Lettuce's blocking
 * {@code shutdown(quietPeriod, timeout)} hands the timeout to its event loops but waits for the whole shutdown
 * (connections closed first) without one, so a connection whose close never completes, as seen with a Redis that
 * went away, would hold an application's stop forever. Here each step waits at most {@link #WAIT}; one that does
 * not finish is logged and left to end in the background ({@link BoundedStop}).
 *
 * @since 0.10.0
 */
public final class RedisShutdown {

    /** How long a step (the client, then its resources) is waited for. */
    public static final Duration WAIT = Duration.ofSeconds(3);

    private static final Logger LOG = LoggerFactory.getLogger(RedisShutdown.class);
    private static final long QUIET_PERIOD = 0;
    private static final long EVENT_LOOP_TIMEOUT_MS = 2_000;

    private RedisShutdown() {
    }

    /**
     * Shuts the client down (closing its connections), then the resources, each waited for at most {@link #WAIT}.
     *
     * @param client    the client, or null when none was made
     * @param resources resources the client was created with and does not own, or null
     * @param owner     who used the client, for the log ({@code the Redis cache broadcast})
     */
    public static void shutdown(@Nullable AbstractRedisClient client, @Nullable ClientResources resources,
                                @NonNull String owner) {
        if (client != null) {
            await(client.shutdownAsync(QUIET_PERIOD, EVENT_LOOP_TIMEOUT_MS, TimeUnit.MILLISECONDS), owner,
                "client");
        }
        if (resources != null) {
            await(resources.shutdown(QUIET_PERIOD, EVENT_LOOP_TIMEOUT_MS, TimeUnit.MILLISECONDS), owner,
                "client resources");
        }
    }

    private static void await(Future<?> step, String owner, String what) {
        BoundedStop.await(step, WAIT, LOG, owner + ": the Redis " + what);
    }
}
