package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.JobQueueException;
import io.fx.micronaut.events.jobs.JobsConfiguration;
import io.fx.micronaut.events.redis.RedisServers;
import io.fx.micronaut.events.redis.RedisShutdown;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Redis store's two connections, made on first use so the application starts while Redis is down: one for
 * the poller's blocking reads (its timeout covers the block time) and one for everything else, whose commands time
 * out after {@code fx.jobs.command-timeout}. Redis is {@code redis.uri} or the {@code redis.servers} entry
 * {@code fx.jobs.server} names. Once made, a connection is kept: while Redis is down its commands fail at once,
 * and Lettuce reconnects in the background.
 */
@Internal
final class RedisJobConnections {

    private final RedisURI commandsUri;
    private final RedisURI pollUri;
    private ClientResources resources;
    private RedisClient client;
    private StatefulRedisConnection<String, String> commands;
    private StatefulRedisConnection<String, String> poll;
    private boolean closed;

    RedisJobConnections(JobsConfiguration configuration, Optional<DefaultRedisConfiguration> defaultServer,
                        List<NamedRedisServersConfiguration> servers) {
        RedisURI source = resolve(configuration, defaultServer, servers);
        this.commandsUri = RedisURI.builder(source).withTimeout(configuration.getCommandTimeout()).build();
        this.pollUri = RedisURI.builder(source)
            .withTimeout(configuration.getCommandTimeout().plus(configuration.getPollInterval())).build();
    }

    private static RedisURI resolve(JobsConfiguration configuration, Optional<DefaultRedisConfiguration> defaultServer,
                                    List<NamedRedisServersConfiguration> servers) {
        return RedisServers.resolve(configuration.getServer(), JobsConfiguration.PREFIX + ".server",
            JobsConfiguration.STORE + " is redis, but no Redis is configured", defaultServer, servers);
    }

    /** @return the commands of the shared connection, connecting first if needed */
    @NonNull
    synchronized RedisCommands<String, String> commands() {
        if (commands == null) {
            commands = connect(commandsUri);
        }
        return commands.sync();
    }

    /** @return the commands of the poller's connection, connecting first if needed */
    @NonNull
    synchronized RedisCommands<String, String> poll() {
        if (poll == null) {
            poll = connect(pollUri);
        }
        return poll.sync();
    }

    private StatefulRedisConnection<String, String> connect(RedisURI uri) {
        if (closed) {
            throw new JobQueueException("The job queue is shut down", null);
        }
        if (client == null) {
            resources = ClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ofMillis(100), Duration.ofSeconds(2), 2,
                    TimeUnit.MILLISECONDS))
                .build();
            client = RedisClient.create(resources);
            client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(commandsUri.getTimeout()).build())
                .timeoutOptions(TimeoutOptions.enabled())
                .build());
        }
        try {
            return client.connect(StringCodec.UTF8, uri);
        } catch (RedisException e) {
            throw new JobQueueException("The job queue's Redis is unreachable: " + e.getMessage(), e);
        }
    }

    synchronized void close() {
        closed = true;
        RedisShutdown.shutdown(client, resources, "The Redis job queue");
    }
}
