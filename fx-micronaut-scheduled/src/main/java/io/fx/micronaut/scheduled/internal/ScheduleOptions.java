package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.scheduled.ScheduledAction;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;

/**
 * A {@code scheduled} directive as written, its options checked for form: the action, and for a set-field the
 * field's name and its values as text (cast once the model's fields are all known, by {@link ScheduledModels}).
 */
@Internal
record ScheduleOptions(ScheduledAction action, @Nullable String field, @Nullable String from, @Nullable String to) {

    /** Where the directive leaves its options on the field's descriptor. */
    static final AttributeKey<ScheduleOptions> ATTRIBUTE = AttributeKey.of("scheduled.options", ScheduleOptions.class);
}
