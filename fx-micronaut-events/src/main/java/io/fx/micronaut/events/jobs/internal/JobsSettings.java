package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.events.jobs.JobsConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.reflect.ClassUtils;
import jakarta.inject.Singleton;

import java.time.Duration;

/**
 * {@code fx.jobs} checked once: a non-positive count or duration, an unknown store, a timeout longer than the
 * lease, or the Redis store without Lettuce fails startup naming the key.
 */
@Internal
@Singleton
final class JobsSettings {

    private final JobsConfiguration configuration;
    private final Duration shutdownTimeout;

    JobsSettings(JobsConfiguration configuration, FxConfiguration fx) {
        this.configuration = configuration;
        this.shutdownTimeout = fx.getShutdownTimeout();
        String store = configuration.getStore();
        if (!JobsConfiguration.MEMORY.equals(store) && !JobsConfiguration.REDIS.equals(store)) {
            throw new FxConfigurationException(JobsConfiguration.STORE + " must be memory or redis, not '" + store
                + "'");
        }
        if (JobsConfiguration.REDIS.equals(store) && !ClassUtils.isPresent("io.lettuce.core.RedisClient", null)) {
            throw new FxConfigurationException(JobsConfiguration.STORE
                + " is redis, but micronaut-redis-lettuce is not on the classpath");
        }
        positive("concurrency", configuration.getConcurrency());
        positive("max-attempts", configuration.getMaxAttempts());
        positive("initial-backoff", configuration.getInitialBackoff());
        positive("max-backoff", configuration.getMaxBackoff());
        positive("lease", configuration.getLease());
        positive("status-ttl", configuration.getStatusTtl());
        positive("poll-interval", configuration.getPollInterval());
        positive("command-timeout", configuration.getCommandTimeout());
        if (configuration.getTimeout() != null) {
            positive("timeout", configuration.getTimeout());
            if (configuration.getTimeout().compareTo(configuration.getLease()) > 0) {
                throw new FxConfigurationException(JobsConfiguration.PREFIX + ".timeout (" + configuration.getTimeout()
                    + ") must not exceed " + JobsConfiguration.PREFIX + ".lease (" + configuration.getLease() + ")");
            }
        }
        if (configuration.getPrefix().isBlank()) {
            throw new FxConfigurationException(JobsConfiguration.PREFIX + ".prefix must not be blank");
        }
    }

    private static void positive(String key, long value) {
        if (value < 1) {
            throw new FxConfigurationException(JobsConfiguration.PREFIX + "." + key + " must be positive, not "
                + value);
        }
    }

    private static void positive(String key, Duration value) {
        if (value.isZero() || value.isNegative()) {
            throw new FxConfigurationException(JobsConfiguration.PREFIX + "." + key + " must be positive, not "
                + value);
        }
    }

    @NonNull
    JobsConfiguration configuration() {
        return configuration;
    }

    /** @return how long a handler may run: {@code fx.jobs.timeout}, else the lease */
    @NonNull
    Duration timeout() {
        return configuration.getTimeout() != null ? configuration.getTimeout() : configuration.getLease();
    }

    /** @return {@code fx.shutdown-timeout} */
    @NonNull
    Duration shutdownTimeout() {
        return shutdownTimeout;
    }

    @NonNull
    JobBackoff backoff() {
        return new JobBackoff(configuration.getInitialBackoff(), configuration.getMaxBackoff());
    }
}
