package io.fx.micronaut.config;

import io.fx.micronaut.config.Probe;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.Set;

/**
 * Probe settings under {@code fx.probes}.
 *
 * @since 0.1.0
 */
@ConfigurationProperties(ProbesConfiguration.PREFIX)
public interface ProbesConfiguration {

    /** The configuration prefix. */
    String PREFIX = FxConfiguration.PREFIX + ".probes";

    /** @return whether {@code /ready} includes the per-dependency {@code checks} map */
    @Bindable(defaultValue = "false")
    boolean isPublishReadinessChecks();

    /** @return probes to unmount (the router then answers 404 and no middleware runs), for example {@code [health]} */
    @NonNull
    @Bindable(defaultValue = "[]")
    Set<Probe> getDisabled();
}
