package io.fx.micronaut.scheduled;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * One scheduled field of a model, checked at startup: the timestamp field whose moment triggers the action, and for
 * {@link ScheduledAction#SET_FIELD} the field it sets with its values cast to that field's type ({@code from} null
 * when unguarded).
 *
 * @param model     the model's name
 * @param timestamp the scheduled timestamp field
 * @param action    what happens when it is due
 * @param field     the field set, null unless {@code SET_FIELD}
 * @param from      the value the field must hold for the transition to happen (a guard), or null
 * @param to        the value set, null unless {@code SET_FIELD}
 * @since 0.9.0
 */
public record Schedule(@NonNull String model, @NonNull String timestamp, @NonNull ScheduledAction action,
                       @Nullable String field, @Nullable Object from, @Nullable Object to) {

    /** @return whether the transition happens only while the field holds {@link #from()} */
    public boolean isGuarded() {
        return from != null;
    }
}
