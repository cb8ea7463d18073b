package io.fx.micronaut.openapi;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.Ordered;
import io.swagger.v3.oas.models.OpenAPI;

/**
 * Changes the OpenAPI document after fx-micronaut built it and merged the compiled one, once at
 * startup. Every customizer bean runs, in {@link Ordered} order (lowest first), on the same document;
 * what it leaves there is what {@code {prefix}/openapi.json} serves.
 *
 * <pre>{@code
 * @Singleton
 * class ContactInfo implements OpenApiCustomizer {
 *     public void customize(OpenAPI document) {
 *         document.getInfo().contact(new Contact().email("api@example.com"));
 *     }
 * }
 * }</pre>
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface OpenApiCustomizer extends Ordered {

    /**
     * @param document the document, mutable
     */
    void customize(@NonNull OpenAPI document);
}
