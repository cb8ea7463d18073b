package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

import java.util.Locale;

/**
 * Admits {@code application/json} and every {@code application/*+json} type, whatever their parameters, and
 * has them read in full before the pipeline starts.
 */
@Internal
@Singleton
final class JsonBodyMediaType implements BodyMediaType {

    @Override
    public boolean admits(@NonNull MediaType type) {
        if (!"application".equalsIgnoreCase(type.getType())) {
            return false;
        }
        String subtype = type.getSubtype().toLowerCase(Locale.ROOT);
        return subtype.equals("json") || (subtype.endsWith("+json") && subtype.length() > "+json".length());
    }

    @Override
    public boolean buffered(@NonNull MediaType type) {
        return true;
    }
}
