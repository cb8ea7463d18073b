/**
 * The OpenAPI 3.1 document ({@code {prefix}/openapi.json}) built once, on first use, from the registered
 * models, its configuration ({@code fx.openapi}) and the {@link io.fx.micronaut.openapi.OpenApiCustomizer}
 * extension point. Needs {@code io.swagger.core.v3:swagger-core} on the classpath and
 * {@code fx.openapi.enabled: true}.
 */
package io.fx.micronaut.openapi;
