package io.fx.micronaut.events.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RedisShutdownTest {

    private static final RedisURI LOCAL = RedisURI.builder().withHost("127.0.0.1").withPort(6379)
        .withTimeout(Duration.ofSeconds(2)).build();

    @Test
    void aClientWithAnOpenConnectionAndItsResourcesStop() {
        ClientResources resources = ClientResources.create();
        RedisClient client = RedisClient.create(resources, LOCAL);
        StatefulRedisConnection<String, String> connection = client.connect();
        assertTrue(connection.isOpen());

        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> RedisShutdown.shutdown(client, resources, "test"));

        assertFalse(connection.isOpen());
        assertTrue(resources.eventExecutorGroup().isShutdown());
    }

    @Test
    void aClientWhoseShutdownNeverCompletesIsWaitedForABoundedTime() {
        ClientResources resources = ClientResources.create();
        NeverStoppingClient client = new NeverStoppingClient(resources);

        assertTimeoutPreemptively(Duration.ofSeconds(15), () -> RedisShutdown.shutdown(client, resources, "test"));

        assertTrue(client.asked, "the client was asked to stop");
        assertTrue(resources.eventExecutorGroup().isShutdown(), "the resources were stopped after the client's wait");
    }

    @Test
    void nothingMadeIsNothingToStop() {
        assertTimeoutPreemptively(Duration.ofSeconds(1), () -> RedisShutdown.shutdown(null, null, "test"));
    }

    /** A client whose shutdown hangs, as Lettuce's did when a connection's close never completed. */
    private static final class NeverStoppingClient extends RedisClient {

        private volatile boolean asked;

        NeverStoppingClient(ClientResources resources) {
            super(resources, LOCAL);
        }

        @Override
        public CompletableFuture<Void> shutdownAsync(long quietPeriod, long timeout, TimeUnit timeUnit) {
            asked = true;
            return new CompletableFuture<>();
        }
    }
}
