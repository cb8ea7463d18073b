package io.fx.micronaut.limits;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.List;

/**
 * One rate limit policy from configuration, {@code fx.rate-limit.policies.<name>}: registered for the models and
 * operations it names, on the DB step (or the Auth step) at position {@code BEFORE}.
 *
 * <pre>{@code
 * fx:
 *   rate-limit:
 *     policies:
 *       writes: { limit: 30, window: 1m, operations: [CREATE, UPDATE, DELETE] }
 *       signup: { limit: 5, window: 10m, models: [Account], operations: [CREATE], key: "body-field:email" }
 * }</pre>
 *
 * @since 0.7.0
 */
@EachProperty(RateLimitConfiguration.PREFIX + ".policies")
public interface RateLimitPolicyConfiguration {

    /** @return the policy's name, the map key */
    @Parameter
    @NonNull
    String getName();

    /** @return requests per window and key (60) */
    @Bindable(defaultValue = "60")
    long getLimit();

    /** @return the window (1 minute), whole seconds */
    @Bindable(defaultValue = "1m")
    @NonNull
    Duration getWindow();

    /** @return the models covered, by name; empty (the default) for every model */
    @NonNull
    List<String> getModels();

    /** @return the operations covered ({@code CREATE}, {@code LIST}…); empty (the default) for every one */
    @NonNull
    List<String> getOperations();

    /** @return the key: {@code principal-or-ip} (default), {@code ip}, {@code principal} or {@code body-field:<name>} */
    @Bindable(defaultValue = "principal-or-ip")
    @NonNull
    String getKey();

    /**
     * @return {@code db} (the default: after validation, so refused bodies are not counted) or {@code auth} (before
     *     authentication: every request counts, refused ones and custom actions too)
     */
    @Bindable(defaultValue = "db")
    @NonNull
    String getStep();
}
