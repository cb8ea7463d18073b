package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.openapi.OpenApiConfiguration;
import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.fx.micronaut.openapi.OpenApiDocument;
import io.fx.micronaut.openapi.OpenApiSecuritySchemeConfiguration;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.runtime.event.annotation.EventListener;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;
import jakarta.inject.Singleton;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The service's OpenAPI 3.1 document, built once from the registered models, the compiled Micronaut
 * OpenAPI document (when present), {@code fx.openapi} and the {@link OpenApiCustomizer} beans, and
 * serialised once with swagger's 3.1 serialisation. Present when {@code fx.openapi.enabled} is true and
 * swagger-core is on the classpath.
 *
 * <p>Startup checks the {@code fx.openapi} configuration (a mistake there stops the service) but builds
 * nothing: the document is built on first use (the first {@code openapi.json} request or
 * {@link #getOpenApi()} call), so loading swagger and walking every model and action stays off the cold
 * start, which matters most on serverless platforms. What a customizer throws surfaces on that first use.
 *
 * The document is built once, on first use.
 */
@Singleton
@RequiresOpenApi
final class DefaultOpenApiDocument implements OpenApiDocument {

    private final OpenApiAssembler assembler;
    private volatile Built built;

    DefaultOpenApiDocument(ModelRegistry registry, OpenApiConfiguration configuration, FxConfiguration fx,
                    List<OpenApiSecuritySchemeConfiguration> securitySchemes, List<OpenApiContributor> contributors,
                    List<OpenApiCustomizer> customizers) {
        this.assembler = new OpenApiAssembler(registry, configuration, fx.getPathPrefix(), securitySchemes,
            contributors, customizers);
    }

    /**
     * Checks the {@code fx.openapi} configuration when the application starts.
     *
     * @param event the startup event
     */
    @EventListener
    void onStartup(StartupEvent event) {
        assembler.checkConfiguration();
    }

    @Override
    @NonNull
    public OpenAPI getOpenApi() {
        return built().document;
    }

    @Override
    @NonNull
    public byte[] getJson() {
        return built().json.clone();
    }

    /** @return the served bytes, without a defensive copy */
    byte[] json() {
        return built().json;
    }

    private Built built() {
        Built current = built;
        if (current == null) {
            synchronized (this) {
                current = built;
                if (current == null) {
                    OpenAPI document = assembler.assemble();
                    try {
                        current = new Built(document, Json31.mapper().writeValueAsString(document)
                            .getBytes(StandardCharsets.UTF_8));
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        throw new UncheckedIOException(e);
                    }
                    built = current;
                }
            }
        }
        return current;
    }

    private record Built(OpenAPI document, byte[] json) {
    }
}
