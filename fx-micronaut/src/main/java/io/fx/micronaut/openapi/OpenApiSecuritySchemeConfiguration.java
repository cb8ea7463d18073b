package io.fx.micronaut.openapi;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * One security scheme of the document, under {@code fx.openapi.security-schemes.<name>}, for example
 * {@code type: http, scheme: bearer, bearer-format: JWT} or {@code type: apiKey, in: header,
 * parameter-name: X-API-Key}. The document lists it under {@code components.securitySchemes}; name it
 * in {@code fx.openapi.security} to require it on every operation.
 *
 * @param name          the scheme name (the configuration key)
 * @param type          {@code http}, {@code apiKey}, {@code oauth2}, {@code openIdConnect} or {@code mutualTLS}
 * @param scheme        the HTTP authorisation scheme for {@code http}, e.g. {@code bearer}
 * @param bearerFormat  a hint for bearer tokens, e.g. {@code JWT}
 * @param in            where an {@code apiKey} travels: {@code header}, {@code query} or {@code cookie}
 * @param parameterName the header, query or cookie name of an {@code apiKey}
 * @param openIdConnectUrl the discovery URL for {@code openIdConnect}
 * @param description   free text
 * @since 0.1.0
 */
@EachProperty(OpenApiConfiguration.PREFIX + ".security-schemes")
public record OpenApiSecuritySchemeConfiguration(@Parameter @NonNull String name,
                                                 @Nullable String type,
                                                 @Nullable String scheme,
                                                 @Nullable String bearerFormat,
                                                 @Nullable String in,
                                                 @Nullable String parameterName,
                                                 @Nullable String openIdConnectUrl,
                                                 @Nullable String description) {
}
