package io.fx.micronaut.scheduled;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * An application event the {@link ScheduledRunner} publishes for each transition it committed, in row order, after
 * its model's transaction has committed (never after a rollback): the spec's {@code OnSetField} and
 * {@code OnDelete}. Listen with Micronaut's {@code @EventListener}; a listener that throws is logged and the
 * others still run.
 *
 * <pre>{@code
 * @EventListener
 * void onTransition(ScheduledTransition transition) {
 *     LOG.info("{} {} {}", transition.model(), transition.recordId(), transition.action());
 * }
 * }</pre>
 *
 * @param model    the model's name
 * @param recordId the record's id
 * @param action   what happened
 * @param field    the field set ({@code SET_FIELD}), else the scheduled timestamp field that triggered the delete
 * @param from     the field's value before ({@code SET_FIELD}), else null
 * @param to       the value set ({@code SET_FIELD}), else null
 * @param at       the sweep's moment ({@code now} from the runner's clock)
 * @since 0.9.0
 */
public record ScheduledTransition(@NonNull String model, @NonNull String recordId, @NonNull ScheduledAction action,
                                  @NonNull String field, @Nullable Object from, @Nullable Object to,
                                  @NonNull Instant at) {
}
