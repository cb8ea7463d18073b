package io.fx.micronaut.events.audit;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * How audit records reach their sinks, under {@code fx.audit}.
 *
 * @since 0.8.0
 */
@ConfigurationProperties(AuditConfiguration.PREFIX)
public interface AuditConfiguration {

    /** The prefix. */
    String PREFIX = "fx.audit";

    /** @return how long one sink call may take before its thread is interrupted and the call counted as timed out */
    @Bindable(defaultValue = "5s")
    @NonNull
    Duration getTimeout();

    /** @return records of one kind waiting for the sink; a record arriving when that many wait is dropped */
    @Bindable(defaultValue = "10000")
    int getQueueSize();

    /** @return threads calling the sink, per kind */
    @Bindable(defaultValue = "2")
    int getThreads();
}
