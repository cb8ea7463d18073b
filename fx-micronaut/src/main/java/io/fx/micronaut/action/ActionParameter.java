package io.fx.micronaut.action;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;

/**
 * One documented parameter of an action, as an OpenAPI parameter object. Documentation only: it is
 * neither validated nor bound at runtime.
 *
 * @param name        the parameter name
 * @param in          where it travels: {@code query} (the default), {@code header} or {@code cookie}
 * @param description what it means, or null
 * @param required    whether it is required
 * @param schema      its JSON schema as plain maps, e.g. {@code Map.of("type", "integer")}
 * @since 0.2.0
 */
public record ActionParameter(@NonNull String name, @NonNull String in, @Nullable String description,
                              boolean required, @NonNull Map<String, Object> schema) {

    /** Defaults {@code in} to {@code query}; defensive copy of the schema. */
    public ActionParameter {
        in = in == null || in.isBlank() ? "query" : in;
        schema = schema == null ? Map.of() : Map.copyOf(schema);
    }

    /**
     * @param name        the name
     * @param description the description
     * @param schema      the schema
     * @return an optional query parameter
     */
    @NonNull
    public static ActionParameter query(@NonNull String name, @Nullable String description,
                                        @NonNull Map<String, Object> schema) {
        return new ActionParameter(name, "query", description, false, schema);
    }
}
