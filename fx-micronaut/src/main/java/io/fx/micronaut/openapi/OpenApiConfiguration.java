package io.fx.micronaut.openapi;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;
import java.util.Optional;

/**
 * The OpenAPI document settings under {@code fx.openapi}. Security schemes are configured one per name
 * under {@code fx.openapi.security-schemes.<name>} ({@link OpenApiSecuritySchemeConfiguration}).
 *
 * @since 0.1.0
 */
@ConfigurationProperties(OpenApiConfiguration.PREFIX)
public interface OpenApiConfiguration {

    /** The configuration prefix. */
    String PREFIX = FxConfiguration.PREFIX + ".openapi";
    /** The switch that mounts {@code {prefix}/openapi.json}. */
    String ENABLED = PREFIX + ".enabled";
    /** The document title when none is configured and no compiled document names one. */
    String DEFAULT_TITLE = "fx-micronaut API";
    /** The document version when none is configured and no compiled document names one. */
    String DEFAULT_VERSION = "0.1.0";

    /** @return whether {@code {prefix}/openapi.json} is served; off by default */
    @Bindable(defaultValue = "false")
    boolean isEnabled();

    /** @return {@code info.title}; falls back to the compiled document's, then {@link #DEFAULT_TITLE} */
    @NonNull
    Optional<String> getTitle();

    /** @return {@code info.description} */
    @NonNull
    Optional<String> getDescription();

    /** @return {@code info.version}; falls back to the compiled document's, then {@link #DEFAULT_VERSION} */
    @NonNull
    Optional<String> getVersion();

    /** @return server URLs for {@code servers}; none leaves the list out (clients then use the document's origin) */
    @NonNull
    Optional<List<String>> getServers();

    /**
     * @return names of configured security schemes that every operation requires (the top-level
     * {@code security}); none requires none
     */
    @NonNull
    Optional<List<String>> getSecurity();

    /**
     * @return whether the documents Micronaut OpenAPI writes at compile time ({@code META-INF/swagger/*.yml}
     * on the classpath) are merged in, so one document describes the whole service
     */
    @Bindable(defaultValue = "true")
    boolean isMergeCompiled();

    /** @return whether {@code {prefix}/docs} serves a Swagger UI page for the document (needs the webjar) */
    @Bindable(defaultValue = "true")
    boolean isDocsEnabled();

    /**
     * @return who may fetch the document and the docs page: {@code as-reads} (the default: public when
     *     anonymous reads are allowed anywhere, otherwise a credential is needed), {@code public} or
     *     {@code protected}
     * @since 0.7.0
     */
    @Bindable(defaultValue = "AS_READS")
    @NonNull
    OpenApiAccess getAccess();
}
