package io.fx.micronaut.openapi.internal;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.Ordered;

/**
 * Adds one concern to the OpenAPI document while it is built at startup (models, paths, probes, the
 * compiled document, the custom actions). Contributors run in {@link #getOrder()} order on the
 * same {@link OpenApiBuildContext}; the public {@code OpenApiCustomizer} beans run after all of them.
 * A contributor bean carries {@link RequiresOpenApi}.
 */
@Internal
public interface OpenApiContributor extends Ordered {

    /** Shared components: the error and list envelopes, common parameters, headers and error responses. */
    int SHARED_COMPONENTS = 0;
    /** Per-model schemas: record, create and update bodies, envelopes, filter clause and sort key. */
    int MODEL_SCHEMAS = 100;
    /** The generated model routes. */
    int MODEL_PATHS = 200;
    /** Generated operations declared public: no security. */
    int PUBLIC_ACCESS = 250;
    /** The probes. */
    int PROBES = 300;
    /** The custom actions. */
    int ACTIONS = 400;
    /** The document Micronaut OpenAPI wrote at compile time, merged last so generated parts win. */
    int COMPILED_DOCUMENT = 1000;

    /**
     * @param context the document under construction and what it is built from
     */
    void contribute(@NonNull OpenApiBuildContext context);
}
