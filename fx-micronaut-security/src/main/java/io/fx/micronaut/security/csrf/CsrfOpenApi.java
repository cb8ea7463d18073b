package io.fx.micronaut.security.csrf;

import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.Set;

/**
 * Documents the CSRF check when it is on: the token header as an optional parameter of every POST, PUT, PATCH
 * and DELETE below the prefix, and a 403 answer naming the CSRF codes where the operation has none yet. It runs
 * just before the security module's own customizer, whose 403 answer (on generated operations) names the CSRF
 * codes too.
 */
@Singleton
@Requires(classes = OpenAPI.class)
final class CsrfOpenApi implements OpenApiCustomizer {

    static final String PARAMETER = "FxCsrfToken";
    static final String REFUSED = "FxCsrfRefused";
    /** The codes, for the descriptions of 403 answers. */
    static final String CODES = "CSRF_ORIGIN_REJECTED, CSRF_TOKEN_MISSING, CSRF_COOKIE_MISSING, CSRF_NO_SESSION, "
        + "CSRF_TOKEN_MISMATCH";
    private static final Set<PathItem.HttpMethod> UNSAFE = Set.of(PathItem.HttpMethod.POST, PathItem.HttpMethod.PUT,
        PathItem.HttpMethod.PATCH, PathItem.HttpMethod.DELETE);

    private final CsrfSettings settings;

    CsrfOpenApi(CsrfSettings settings) {
        this.settings = settings;
    }

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE - 1;
    }

    @Override
    public void customize(@NonNull OpenAPI document) {
        if (settings.mode() == CsrfMode.OFF || document.getPaths() == null) {
            return;
        }
        Components components = document.getComponents() == null ? new Components() : document.getComponents();
        document.setComponents(components);
        components.addParameters(PARAMETER, new Parameter().in("header").name(settings.headerName()).required(false)
            .schema(new StringSchema()).description(description()));
        components.addResponses(REFUSED, new ApiResponse().description("Refused by the CSRF check (" + CODES + ")")
            .content(new Content().addMediaType("application/json",
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/FxError")))));
        for (Map.Entry<String, PathItem> path : document.getPaths().entrySet()) {
            if (!path.getKey().startsWith(settings.prefix() + "/")) {
                continue;
            }
            path.getValue().readOperationsMap().forEach((method, operation) -> {
                if (UNSAFE.contains(method)) {
                    operation.addParametersItem(new Parameter().$ref("#/components/parameters/" + PARAMETER));
                    if (operation.getResponses() != null && !operation.getResponses().containsKey("403")) {
                        operation.getResponses().addApiResponse("403",
                            new ApiResponse().$ref("#/components/responses/" + REFUSED));
                    }
                }
            });
        }
    }

    private String description() {
        String token = settings.mode() == CsrfMode.SIGNED
            ? "the signed token of the caller's session"
            : "the value of the " + settings.cookieName() + " cookie (set on GET, HEAD and OPTIONS)";
        return "CSRF token: " + token + ". Required on writes of browser callers; callers with a bearer token or API key "
            + (settings.enforceBearer() ? "need it too" : "are exempt") + ". Refusals are 403 " + CODES + ".";
    }
}
