package io.fx.micronaut.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * How lists count and page, under {@code fx.list}.
 *
 * @since 0.4.0
 */
@ConfigurationProperties(ListConfiguration.PREFIX)
public interface ListConfiguration {

    /** The configuration prefix. */
    String PREFIX = FxConfiguration.PREFIX + ".list";

    /**
     * @return how a list counts its matches when neither the {@code total} parameter nor the model says
     *         ({@code exact}, {@code estimated} or {@code none}; default {@code exact})
     */
    @NonNull
    @Bindable(defaultValue = "exact")
    TotalMode getTotal();

    /**
     * @return under {@code total=estimated}, the planner estimate up to which a list is still counted exactly
     *         (default 10,000): a smaller estimate may be far off, and counting that few rows is cheap
     */
    @Bindable(defaultValue = "10000")
    long getEstimateThreshold();

    /**
     * @return the secret that signs list cursors, at least 32 characters; unset, each instance generates one at
     *         startup, so a cursor is then valid only on the instance that made it and only until it restarts
     *         (set the same key on every replica behind a load balancer)
     */
    @Nullable
    String getCursorKey();
}
