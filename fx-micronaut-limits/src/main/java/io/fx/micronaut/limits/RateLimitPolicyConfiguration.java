package io.fx.micronaut.limits;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.List;

/**
 * One rate limit policy from configuration, {@code fx.rate-limit.policies.<name>}: registered for the models and
 * operations it names: after the Validate step (or before the Auth step's default).
 *
 * <pre>{@code
 * fx:
 *   rate-limit:
 *     policies:
 *       writes: { limit: 30, window: 1m, operations: [CREATE, UPDATE, DELETE] }
 *       signup: { limit: 5, window: 10m, models: [Account], operations: [CREATE], key: "body-field:email" }
 * }</pre>
 *
 * @param name       the policy's name, the map key
 * @param limit      requests per window and key (60)
 * @param window     the window (1 minute), whole seconds
 * @param models     the models covered, by name; empty (the default) for every model
 * @param operations the operations covered ({@code CREATE}, {@code LIST}…); empty (the default) for every one
 * @param key        {@code principal-or-ip} (the default), {@code ip}, {@code principal} or {@code body-field:<name>}
 * @param step       {@code db} (the default: registered on the Validate step at position {@code AFTER}, so refused
 *                   bodies are not counted and no Service-step transaction is open yet) or {@code auth}
 *                   (before authentication: every request counts, refused ones too, and custom actions when no
 *                   models are named)
 * @since 0.7.0
 */
@EachProperty(RateLimitConfiguration.PREFIX + ".policies")
public record RateLimitPolicyConfiguration(@Parameter @NonNull String name,
                                           @Bindable(defaultValue = "60") long limit,
                                           @Bindable(defaultValue = "1m") @NonNull Duration window,
                                           @Nullable List<String> models,
                                           @Nullable List<String> operations,
                                           @Bindable(defaultValue = "principal-or-ip") @NonNull String key,
                                           @Bindable(defaultValue = "db") @NonNull String step) {

    /** Absent lists are empty. */
    public RateLimitPolicyConfiguration {
        models = models == null ? List.of() : List.copyOf(models);
        operations = operations == null ? List.of() : List.copyOf(operations);
    }
}
