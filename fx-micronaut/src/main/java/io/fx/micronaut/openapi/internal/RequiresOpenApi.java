package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.openapi.OpenApiConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The condition of every OpenAPI bean: swagger-core on the classpath and {@code fx.openapi.enabled: true}.
 * Contributors added by other features carry it too.
 */
@Internal
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Requires(classes = {OpenAPI.class, Json31.class}, property = OpenApiConfiguration.ENABLED, value = "true")
public @interface RequiresOpenApi {
}
