package io.fx.micronaut.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * Pipeline tracing under {@code fx.trace}, logged by the {@code io.fx.micronaut.trace} logger at INFO.
 * Off by default; when off the chains carry no tracing code at all. Bodies are traced as field names
 * only, never values, so secrets do not reach the log.
 *
 * @since 0.1.0
 */
@ConfigurationProperties(TraceConfiguration.PREFIX)
public interface TraceConfiguration {

    /** The configuration prefix. */
    String PREFIX = FxConfiguration.PREFIX + ".trace";

    /** @return whether tracing is on */
    @Bindable(defaultValue = "false")
    boolean isEnabled();

    /** @return trace each middleware as it runs, with its step */
    @Bindable(defaultValue = "true")
    boolean isSteps();

    /** @return trace each middleware's duration */
    @Bindable(defaultValue = "true")
    boolean isTimings();

    /** @return trace the middleware that aborted a request, with status and code */
    @Bindable(defaultValue = "true")
    boolean isAborts();

    /** @return trace the field names of write bodies */
    @Bindable(defaultValue = "false")
    boolean isBodies();

    /** @return trace registered middleware whose filters left them out of a chain */
    @Bindable(defaultValue = "false")
    boolean isSkips();
}
