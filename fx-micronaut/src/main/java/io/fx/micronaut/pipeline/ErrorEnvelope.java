package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the error envelope {@code {"error":{"code","message","details"?}}}.
 *
 * @since 0.1.0
 */
public final class ErrorEnvelope {

    private ErrorEnvelope() {
    }

    /**
     * @param code    the error code
     * @param message the message
     * @param details the details, omitted when null
     * @return the envelope as a JSON-ready map
     */
    @NonNull
    public static Map<String, Object> of(@NonNull String code, @NonNull String message, @Nullable Object details) {
        Map<String, Object> error = new LinkedHashMap<>(4);
        error.put("code", code);
        error.put("message", message);
        if (details != null) {
            error.put("details", details);
        }
        return Map.of("error", error);
    }
}
