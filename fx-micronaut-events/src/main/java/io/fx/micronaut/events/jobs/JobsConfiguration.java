package io.fx.micronaut.events.jobs;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * The job queue's settings, under {@code fx.jobs}. Non-positive counts and durations fail startup naming the key.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(JobsConfiguration.PREFIX)
public interface JobsConfiguration {

    /** The prefix. */
    String PREFIX = "fx.jobs";
    /** The property that turns the job queue off ({@code false}). */
    String ENABLED = PREFIX + ".enabled";
    /** The store property. */
    String STORE = PREFIX + ".store";
    /** The in-process store. */
    String MEMORY = "memory";
    /** The Redis store. */
    String REDIS = "redis";

    /** @return {@code memory} (in process, lost on restart) or {@code redis} */
    @Bindable(defaultValue = MEMORY)
    @NonNull
    String getStore();

    /** @return how many jobs run at once in this instance */
    @Bindable(defaultValue = "4")
    int getConcurrency();

    /** @return attempts of a job before it is dead, unless its options say otherwise */
    @Bindable(defaultValue = "5")
    int getMaxAttempts();

    /** @return the delay before the first retry; each later one doubles it, up to {@link #getMaxBackoff()} */
    @Bindable(defaultValue = "1s")
    @NonNull
    Duration getInitialBackoff();

    /** @return the longest delay before a retry */
    @Bindable(defaultValue = "10m")
    @NonNull
    Duration getMaxBackoff();

    /**
     * @return how long a job may run before its attempt fails (its thread is interrupted); unset: the lease.
     *     At most the lease, so a job is not re-claimed by another instance while it still runs here.
     */
    @Nullable
    Duration getTimeout();

    /** @return (redis) how long a taken job stays with its instance before another one re-claims it */
    @Bindable(defaultValue = "5m")
    @NonNull
    Duration getLease();

    /** @return how long the status of a finished job is kept */
    @Bindable(defaultValue = "7d")
    @NonNull
    Duration getStatusTtl();

    /** @return (redis) the prefix of every key: {@code <prefix>:stream}, {@code <prefix>:dead}, … */
    @Bindable(defaultValue = "fx:jobs")
    @NonNull
    String getPrefix();

    /** @return (redis) the {@code redis.servers} entry to use; unset: micronaut-redis-lettuce's {@code redis.uri} */
    @Nullable
    String getServer();

    /** @return (redis) this instance's consumer name in the group; unset: the host name and a random suffix */
    @Nullable
    String getConsumer();

    /** @return (redis) the longest a read waits for new jobs, and how often due delayed jobs are moved */
    @Bindable(defaultValue = "1s")
    @NonNull
    Duration getPollInterval();

    /** @return (redis) how long one Redis command may take before it fails (an enqueue then throws) */
    @Bindable(defaultValue = "5s")
    @NonNull
    Duration getCommandTimeout();
}
