package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.web.BodyMediaType;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

/**
 * Admits binary ({@code application/octet-stream}) and {@code multipart/form-data} bodies, for a test class
 * that sets {@value #ENABLED} to {@code true}; the routes then stream them.
 */
@Singleton
@Requires(property = BinaryBodyMediaType.ENABLED, value = "true")
public class BinaryBodyMediaType implements BodyMediaType {

    /** The property that enables the bean. */
    public static final String ENABLED = "fx.test.binary-bodies";

    @Override
    public boolean admits(@NonNull MediaType type) {
        return type.matches(MediaType.APPLICATION_OCTET_STREAM_TYPE) || type.matches(MediaType.MULTIPART_FORM_DATA_TYPE);
    }
}
