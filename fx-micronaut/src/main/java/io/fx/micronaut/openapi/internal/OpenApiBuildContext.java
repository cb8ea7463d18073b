package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiConfiguration;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Paths;

/**
 * The document under construction and what contributors build it from. Lives only while the document
 * is built, on one thread.
 */
@Internal
public final class OpenApiBuildContext {

    private final OpenAPI document;
    private final ModelRegistry registry;
    private final OpenApiConfiguration configuration;
    private final String pathPrefix;

    /**
     * @param document      the document, with {@code info}, empty {@code paths} and {@code components}
     * @param registry      the registered models
     * @param configuration the OpenAPI settings
     * @param pathPrefix    {@code fx.path-prefix}
     */
    public OpenApiBuildContext(@NonNull OpenAPI document, @NonNull ModelRegistry registry,
                               @NonNull OpenApiConfiguration configuration, @NonNull String pathPrefix) {
        this.document = document;
        this.registry = registry;
        this.configuration = configuration;
        this.pathPrefix = normalise(pathPrefix);
    }

    /** @return the document being built */
    @NonNull
    public OpenAPI getDocument() {
        return document;
    }

    /** @return the document's components */
    @NonNull
    public Components getComponents() {
        return document.getComponents();
    }

    /** @return the document's paths */
    @NonNull
    public Paths getPaths() {
        return document.getPaths();
    }

    /** @return the registered models */
    @NonNull
    public ModelRegistry getRegistry() {
        return registry;
    }

    /** @return the OpenAPI settings */
    @NonNull
    public OpenApiConfiguration getConfiguration() {
        return configuration;
    }

    /**
     * @param relative a path below the prefix, starting with {@code /}
     * @return the full path as served
     */
    @NonNull
    public String path(@NonNull String relative) {
        return pathPrefix + relative;
    }

    private static String normalise(String prefix) {
        String p = prefix.trim();
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.isEmpty() || p.startsWith("/") ? p : "/" + p;
    }
}
