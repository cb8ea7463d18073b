package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.openapi.OpenApiConfiguration;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;

/**
 * Stops startup when {@code fx.openapi.enabled} is true but swagger-core is not on the classpath, so
 * the document is never silently missing.
 */
@Internal
@Context
@Requires(property = OpenApiConfiguration.ENABLED, value = "true")
@Requires(missingClasses = {"io.swagger.v3.oas.models.OpenAPI", "io.swagger.v3.core.util.Json31"})
final class MissingSwaggerCheck {

    MissingSwaggerCheck() {
        throw new FxConfigurationException(OpenApiConfiguration.ENABLED + " is true, but the OpenAPI document needs "
            + "io.swagger.core.v3:swagger-core on the classpath; add it or turn the document off");
    }
}
