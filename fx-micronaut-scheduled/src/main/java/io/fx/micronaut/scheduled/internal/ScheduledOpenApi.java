package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.fx.micronaut.scheduled.Schedule;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Marks each scheduled timestamp in the model's record, create and update schemas with
 * {@code x-fx-scheduled: {action, field, from, to}} ({@code action} in lower case; {@code field}, {@code from} and
 * {@code to} only for a set-field, {@code from} only when guarded).
 */
@Internal
@Singleton
@Requires(classes = OpenAPI.class)
final class ScheduledOpenApi implements OpenApiCustomizer {

    static final String EXTENSION = "x-fx-scheduled";

    private final ScheduledModels models;

    ScheduledOpenApi(ScheduledModels models) {
        this.models = models;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public void customize(@NonNull OpenAPI document) {
        if (document.getComponents() == null || document.getComponents().getSchemas() == null) {
            return;
        }
        Map<String, Schema> schemas = document.getComponents().getSchemas();
        models.schedules().forEach((model, schedules) -> {
            for (String name : List.of(model, model + "Create", model + "Update")) {
                Schema<?> schema = schemas.get(name);
                if (schema == null || schema.getProperties() == null) {
                    continue;
                }
                for (Schedule schedule : schedules) {
                    Schema<?> property = schema.getProperties().get(schedule.timestamp());
                    if (property != null) {
                        property.addExtension(EXTENSION, describe(schedule));
                    }
                }
            }
        });
    }

    private static Map<String, Object> describe(Schedule schedule) {
        Map<String, Object> description = new LinkedHashMap<>();
        description.put("action", schedule.action().name().toLowerCase(Locale.ROOT));
        if (schedule.field() != null) {
            description.put("field", schedule.field());
            if (schedule.isGuarded()) {
                description.put("from", schedule.from());
            }
            description.put("to", schedule.to());
        }
        return description;
    }
}
