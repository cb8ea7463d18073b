package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiConfiguration;
import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.fx.micronaut.openapi.OpenApiSecuritySchemeConfiguration;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.OrderUtil;
import io.fx.micronaut.exception.FxConfigurationException;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles the document: {@code info}, servers and security schemes from configuration, then every
 * contributor in order, then every customizer in order.
 */
@Internal
public final class OpenApiAssembler {

    private final ModelRegistry registry;
    private final OpenApiConfiguration configuration;
    private final String pathPrefix;
    private final List<OpenApiSecuritySchemeConfiguration> securitySchemes;
    private final List<OpenApiContributor> contributors;
    private final List<OpenApiCustomizer> customizers;

    /**
     * @param registry        the registered models
     * @param configuration   the OpenAPI settings
     * @param pathPrefix      {@code fx.path-prefix}
     * @param securitySchemes configured security schemes
     * @param contributors    the document's contributors
     * @param customizers     the application's customizers
     */
    public OpenApiAssembler(@NonNull ModelRegistry registry, @NonNull OpenApiConfiguration configuration,
                            @NonNull String pathPrefix, @NonNull List<OpenApiSecuritySchemeConfiguration> securitySchemes,
                            @NonNull List<OpenApiContributor> contributors, @NonNull List<OpenApiCustomizer> customizers) {
        this.registry = registry;
        this.configuration = configuration;
        this.pathPrefix = pathPrefix;
        this.securitySchemes = List.copyOf(securitySchemes);
        List<OpenApiContributor> orderedContributors = new ArrayList<>(contributors);
        OrderUtil.sort(orderedContributors);
        this.contributors = List.copyOf(orderedContributors);
        List<OpenApiCustomizer> orderedCustomizers = new ArrayList<>(customizers);
        OrderUtil.sort(orderedCustomizers);
        this.customizers = List.copyOf(orderedCustomizers);
    }

    /**
     * Checks what {@code fx.openapi} configures (security schemes and the requirements naming them)
     * without building the document: cheap enough for startup, where a mistake must stop the service.
     *
     * @return the configured security schemes by name
     */
    @NonNull
    public Map<String, SecurityScheme> checkConfiguration() {
        Map<String, SecurityScheme> schemes = new LinkedHashMap<>();
        for (OpenApiSecuritySchemeConfiguration scheme : securitySchemes) {
            schemes.put(scheme.name(), securityScheme(scheme));
        }
        for (String required : configuration.getSecurity().orElse(List.of())) {
            if (!schemes.containsKey(required)) {
                throw new FxConfigurationException("fx.openapi.security names '" + required
                    + "', which is not configured under fx.openapi.security-schemes");
            }
        }
        return schemes;
    }

    /** @return a freshly built document */
    @NonNull
    public OpenAPI assemble() {
        OpenAPI document = new OpenAPI(SpecVersion.V31).openapi("3.1.0")
            .info(new Info()
                .title(configuration.getTitle().orElse(OpenApiConfiguration.DEFAULT_TITLE))
                .version(configuration.getVersion().orElse(OpenApiConfiguration.DEFAULT_VERSION))
                .description(configuration.getDescription().orElse(null)))
            .paths(new Paths())
            .components(new Components());
        configuration.getServers().orElse(List.of()).forEach(url -> document.addServersItem(new Server().url(url)));
        checkConfiguration().forEach(document.getComponents()::addSecuritySchemes);
        configuration.getSecurity().orElse(List.of())
            .forEach(required -> document.addSecurityItem(new SecurityRequirement().addList(required)));
        OpenApiBuildContext context = new OpenApiBuildContext(document, registry, configuration, pathPrefix);
        contributors.forEach(c -> c.contribute(context));
        customizers.forEach(c -> c.customize(document));
        return document;
    }

    private static SecurityScheme securityScheme(OpenApiSecuritySchemeConfiguration config) {
        SecurityScheme.Type type = Arrays.stream(SecurityScheme.Type.values())
            .filter(t -> t.toString().equalsIgnoreCase(config.type() == null ? "" : config.type())).findFirst()
            .orElseThrow(() -> new FxConfigurationException("fx.openapi.security-schemes." + config.name()
                + ".type must be one of http, apiKey, oauth2, openIdConnect, mutualTLS, not '" + config.type() + "'"));
        SecurityScheme scheme = new SecurityScheme().type(type).description(config.description())
            .scheme(config.scheme()).bearerFormat(config.bearerFormat()).openIdConnectUrl(config.openIdConnectUrl());
        if (type == SecurityScheme.Type.APIKEY) {
            SecurityScheme.In in = Arrays.stream(SecurityScheme.In.values())
                .filter(i -> i.toString().equalsIgnoreCase(config.in() == null ? "header" : config.in())).findFirst()
                .orElseThrow(() -> new FxConfigurationException("fx.openapi.security-schemes." + config.name()
                    + ".in must be header, query or cookie"));
            if (config.parameterName() == null || config.parameterName().isBlank()) {
                throw new FxConfigurationException("fx.openapi.security-schemes." + config.name()
                    + ".parameter-name is required for an apiKey scheme");
            }
            scheme.in(in).name(config.parameterName());
        }
        return scheme;
    }
}
