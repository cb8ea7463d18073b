package io.fx.micronaut.events;

import io.cloudevents.CloudEvent;
import io.fx.micronaut.db.StorageContext;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * Publishes custom events through the outbox and subscribes handlers to events. A bean.
 *
 * @since 0.7.0
 */
public interface EventBus {

    /**
     * Publishes a custom event on the application's own behalf: written to the outbox in the active transaction
     * (it is then sent only if that commits), or in a transaction of its own when none is active.
     *
     * @param type    the type, dot-separated segments of {@code a-z}, {@code 0-9} and {@code _}
     * @param subject the subject, such as {@code posts/<id>}
     * @param data    the data: plain JSON values (maps, lists, strings, numbers, booleans), or null
     * @return the event
     * @throws IllegalArgumentException when the type is not valid
     */
    @NonNull
    default CloudEvent publish(@NonNull String type, @NonNull String subject, @Nullable Object data) {
        return publish(StorageContext.system(), type, subject, data);
    }

    /**
     * As {@link #publish(String, String, Object)}, for a caller: its principal, tenant, request id and trace
     * context go into the event.
     *
     * @param context who publishes (a request's context, or background work's)
     * @param type    the type
     * @param subject the subject
     * @param data    the data, or null
     * @return the event
     */
    @NonNull
    CloudEvent publish(@NonNull StorageContext context, @NonNull String type, @NonNull String subject,
                       @Nullable Object data);

    /**
     * Subscribes a handler. Events committed from now on whose types match get a delivery for it; so do those
     * still pending under its name from before.
     *
     * @param subscription the subscription
     * @return ends it (pending deliveries stay for the next subscription under the name)
     * @throws IllegalArgumentException when a destination of that name is already subscribed
     * @throws IllegalStateException    when this is the application's first use of the outbox (no model emits, no
     *                                  destination is configured) and a transaction is active: the outbox's tables
     *                                  are then created first, which must not happen inside a transaction
     */
    @NonNull
    AutoCloseable subscribe(@NonNull Subscription subscription);
}
