package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.Objects;

/**
 * A value that is already JSON text, written into a response as it is instead of as a string: a module that keeps
 * JSON of its own (a history row's {@code diff} and {@code snapshot}) answers it without parsing it and writing it
 * again. The framework's response writer and {@link RecordRenderer#toJson} splice the text in verbatim; whoever makes
 * one vouches that it is exactly one valid JSON value (the framework does not check it).
 *
 * @param text one JSON value, as text
 * @since 0.8.0
 */
public record RawJson(@NonNull String text) {

    /** Refuses null and blank text, which is no JSON value. */
    public RawJson {
        Objects.requireNonNull(text, "text");
        if (text.isBlank()) {
            throw new IllegalArgumentException("Raw JSON holds one JSON value, not blank text");
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
