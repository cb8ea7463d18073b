/**
 * How the OpenAPI document is assembled: ordered {@link io.fx.micronaut.openapi.internal.OpenApiContributor}
 * beans (shared components, model schemas, model paths, probes, the compiled document) each add their
 * part to one {@link io.fx.micronaut.openapi.internal.OpenApiBuildContext}.
 */
@Internal
package io.fx.micronaut.openapi.internal;

import io.micronaut.core.annotation.Internal;
