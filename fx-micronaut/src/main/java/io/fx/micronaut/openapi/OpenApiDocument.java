package io.fx.micronaut.openapi;

import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.OpenAPI;

/**
 * The service's OpenAPI 3.1 document, built once from the registered models, the compiled Micronaut
 * OpenAPI document (when present), {@code fx.openapi} and the {@link OpenApiCustomizer} beans, and
 * serialised once with swagger's 3.1 serialisation. A bean when {@code fx.openapi.enabled} is true and
 * swagger-core is on the classpath.
 *
 * <p>Startup checks the {@code fx.openapi} configuration (a mistake there stops the service) but builds
 * nothing: the document is built on first use (the first {@code openapi.json} request or
 * {@link #getOpenApi()} call), so loading swagger and walking every model and action stays off the cold
 * start, which matters most on serverless platforms. What a customizer throws surfaces on that first use.
 *
 * @since 0.1.0
 */
public interface OpenApiDocument {

    /** @return the document; treat it as read-only (change it through an {@link OpenApiCustomizer}) */
    @NonNull
    OpenAPI getOpenApi();

    /** @return the document as served, UTF-8 JSON */
    @NonNull
    byte[] getJson();
}
