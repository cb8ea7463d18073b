package io.fx.micronaut.events;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The events module's settings, under {@code fx.events}.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(EventsConfiguration.PREFIX)
public interface EventsConfiguration {

    /** The prefix. */
    String PREFIX = "fx.events";

    /** @return the CloudEvents {@code source} of every event; unset: {@code /} and {@code fx.service-name} */
    @Nullable
    String getSource();

    /**
     * @return the models whose writes emit, by name, besides those an {@link FxEvents#emit()} registration covers;
     * {@code *} for every model
     */
    @Bindable(defaultValue = "")
    @NonNull
    List<String> getEmitModels();

    /** @return how often the relay looks for due deliveries when no commit woke it */
    @Bindable(defaultValue = "1s")
    @NonNull
    Duration getPollInterval();

    /**
     * @return how long the relay waits after a commit before it claims, so the commits of that window are claimed
     * together (one claim per destination instead of one per commit)
     */
    @Bindable(defaultValue = "20ms")
    @NonNull
    Duration getWakeDelay();

    /** @return how many deliveries the relay claims at once per destination, unless {@link #getBatchSizes()} names it */
    @Bindable(defaultValue = "100")
    int getBatchSize();

    /**
     * @return how many deliveries the relay claims at once for particular destinations, by destination name
     * ({@code kafka}, {@code nats}, {@code rabbitmq}, {@code redis}, a webhook's or a subscription's name;
     * {@code fx.events.batch-sizes.kafka: 500}); the others claim {@link #getBatchSize()}. A webhook's connection
     * pool is as large as its batch.
     */
    @NonNull
    Map<String, Integer> getBatchSizes();

    /**
     * @return attempts of one delivery before it is marked {@code failed}; 0 retries forever (an event that can
     * never be delivered then holds back the later events of its record at that destination)
     */
    @Bindable(defaultValue = "25")
    int getMaxAttempts();

    /** @return the first retry's delay; each later one doubles it, up to {@link #getMaxBackoff()}, with jitter */
    @Bindable(defaultValue = "1s")
    @NonNull
    Duration getInitialBackoff();

    /** @return the longest delay between two attempts */
    @Bindable(defaultValue = "1m")
    @NonNull
    Duration getMaxBackoff();

    /** @return how long one publish may take before it counts as a failed attempt */
    @Bindable(defaultValue = "10s")
    @NonNull
    Duration getPublishTimeout();

    /** @return how long a claimed delivery stays with the instance that claimed it; longer than the publish timeout */
    @Bindable(defaultValue = "1m")
    @NonNull
    Duration getClaimLease();

    /** @return how long delivered rows are kept before they are pruned */
    @Bindable(defaultValue = "7d")
    @NonNull
    Duration getRetention();

    /** @return threads that run subscribers' handlers */
    @Bindable(defaultValue = "4")
    int getSubscriberThreads();
}
