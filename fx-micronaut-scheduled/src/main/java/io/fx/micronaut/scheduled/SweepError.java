package io.fx.micronaut.scheduled;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * A row, or a whole model, a sweep could not transition. The message names the failure's kind, never a value.
 *
 * @param model    the model's name
 * @param recordId the row's id, or null when the model's batch failed as a whole
 * @param message  what went wrong, fit for a report
 * @since 0.9.0
 */
public record SweepError(@NonNull String model, @Nullable String recordId, @NonNull String message) {
}
