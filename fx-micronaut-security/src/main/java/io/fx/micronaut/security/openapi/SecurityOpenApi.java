package io.fx.micronaut.security.openapi;

import io.fx.micronaut.security.AuthScheme;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.AccessGuard;
import io.micronaut.context.BeanProvider;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.csrf.CsrfMiddleware;
import io.fx.micronaut.security.jwt.JwtVerification;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Documents the module in the OpenAPI document: a security scheme per configured credential (bearer
 * JWT, API key) required by every generated operation as alternatives, {@code security: []} on public
 * operations, optional security on anonymous operations, and the 401 and 403 answers. Public and anonymous
 * operations are read off the compiled pipeline (each Auth-step middleware's {@link AccessGuard}
 * classification), so rules registered in code are documented exactly as those configured in YAML.
 */
@Internal
@Singleton
@Requires(classes = OpenAPI.class)
public final class SecurityOpenApi implements OpenApiCustomizer {

    static final String UNAUTHORIZED = "FxUnauthorized";
    static final String FORBIDDEN = "FxForbidden";
    static final String KEY_SET_UNAVAILABLE = "FxKeySetUnavailable";
    static final String REVOCATION_UNAVAILABLE = "FxRevocationUnavailable";
    /** The core's shared 500 answer, as the document names it. */
    static final String SERVER_ERROR = "FxServerError";
    static final String POLICY_ERROR = "POLICY_ERROR";
    static final String CSRF_CODES = "CSRF_ORIGIN_REJECTED, CSRF_TOKEN_MISSING, CSRF_COOKIE_MISSING, CSRF_NO_SESSION, "
        + "CSRF_TOKEN_MISMATCH";

    private final List<AuthScheme> schemes = new ArrayList<>();
    private final ModelRegistry registry;
    private final BeanProvider<MiddlewareInventory> pipeline;
    private final String prefix;
    private final boolean keySet;
    private final boolean csrf;
    private final boolean revocation;

    SecurityOpenApi(List<Authenticator> authenticators, ModelRegistry registry, BeanProvider<MiddlewareInventory> pipeline,
                    FxConfiguration configuration, CsrfMiddleware csrf, @Nullable JwtVerification verification) {
        authenticators.forEach(a -> a.scheme().ifPresent(schemes::add));
        this.registry = registry;
        this.pipeline = pipeline;
        String p = configuration.getPathPrefix().strip();
        this.prefix = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        this.keySet = schemes.stream().anyMatch(AuthScheme::keySet);
        this.csrf = csrf.isEnabled();
        this.revocation = verification != null && verification.revocationEnabled();
    }

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE;
    }

    @Override
    public void customize(@NonNull OpenAPI document) {
        if (schemes.isEmpty() || document.getPaths() == null) {
            return;
        }
        Components components = document.getComponents() == null ? new Components() : document.getComponents();
        document.setComponents(components);
        List<SecurityRequirement> required = new ArrayList<>();
        for (AuthScheme scheme : schemes) {
            components.addSecuritySchemes(scheme.name(), scheme.bearer()
                ? new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT")
                : new SecurityScheme().type(SecurityScheme.Type.APIKEY).in(SecurityScheme.In.HEADER).name(scheme.parameterName()));
            required.add(new SecurityRequirement().addList(scheme.name()));
        }
        components.addResponses(UNAUTHORIZED, response("Missing or refused credential (UNAUTHORIZED, INVALID_TOKEN, "
            + "TOKEN_MISSING_EXPIRY, TOKEN_EXPIRED, TOKEN_NOT_YET_VALID, TOKEN_FUTURE_ISSUED"
            + (revocation ? ", TOKEN_NOT_REVOCABLE, TOKEN_REVOKED" : "") + "); WWW-Authenticate names the challenge"));
        if (revocation) {
            components.addResponses(REVOCATION_UNAVAILABLE, response("The revocation store could not be consulted in time "
                + "(REVOCATION_UNAVAILABLE); the message is generic"));
        }
        components.addResponses(FORBIDDEN, response("Refused by a role, scope, tenant or policy rule (FORBIDDEN)"
            + (csrf ? "; on writes, by the CSRF check (" + CSRF_CODES + ")" : "")));
        if (keySet) {
            components.addResponses(KEY_SET_UNAVAILABLE, response("The key set that verifies bearer tokens was never "
                + "fetched (JWKS_UNAVAILABLE); the message is the generic status text"));
        }
        documentPolicyErrors(components);
        if (document.getSecurity() == null || document.getSecurity().isEmpty()) {
            document.setSecurity(required);
        }
        for (ModelDescriptor model : registry.getModels()) {
            document(model, document.getPaths().get(prefix + "/" + model.getTable()), false, required);
            document(model, document.getPaths().get(prefix + "/" + model.getTable() + "/{id}"), true, required);
        }
    }

    /** A policy that throws answers 500 {@code POLICY_ERROR}: the shared server-error answer lists it too. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void documentPolicyErrors(Components components) {
        ApiResponse serverError = components.getResponses() == null ? null : components.getResponses().get(SERVER_ERROR);
        if (serverError == null || serverError.getDescription() == null || serverError.getDescription().contains(POLICY_ERROR)) {
            return;
        }
        serverError.setDescription(serverError.getDescription() + ", " + POLICY_ERROR + " (an access policy threw)");
        if (serverError.getContent() == null) {
            return;
        }
        serverError.getContent().values().forEach(media -> {
            io.swagger.v3.oas.models.media.Schema envelope = media.getSchema();
            Map<String, io.swagger.v3.oas.models.media.Schema> properties = envelope == null ? null : envelope.getProperties();
            io.swagger.v3.oas.models.media.Schema error = properties == null ? null : properties.get("error");
            Map<String, io.swagger.v3.oas.models.media.Schema> fields = error == null ? null : error.getProperties();
            io.swagger.v3.oas.models.media.Schema code = fields == null ? null : fields.get("code");
            if (code != null && code.getEnum() != null && !code.getEnum().contains(POLICY_ERROR)) {
                code.addEnumItemObject(POLICY_ERROR);
            }
        });
    }

    private void document(ModelDescriptor model, PathItem item, boolean record, List<SecurityRequirement> required) {
        if (item == null) {
            return;
        }
        for (Map.Entry<PathItem.HttpMethod, io.swagger.v3.oas.models.Operation> entry : item.readOperationsMap().entrySet()) {
            Operation operation = operation(entry.getKey(), record);
            if (operation == null || Operation.OPTIONS.equals(operation)) {
                continue;
            }
            io.swagger.v3.oas.models.Operation op = entry.getValue();
            switch (admission(model, operation)) {
                case DECLARES_PUBLIC -> op.setSecurity(new ArrayList<>());
                case ALLOWS_ANONYMOUS -> {
                    List<SecurityRequirement> optional = new ArrayList<>(required);
                    optional.add(0, new SecurityRequirement());
                    op.setSecurity(optional);
                }
                default -> { }
            }
            op.getResponses().addApiResponse("401", new ApiResponse().$ref("#/components/responses/" + UNAUTHORIZED));
            op.getResponses().addApiResponse("403", new ApiResponse().$ref("#/components/responses/" + FORBIDDEN));
            if (keySet || revocation) {
                op.getResponses().addApiResponse("503", new ApiResponse().$ref("#/components/responses/"
                    + (keySet ? KEY_SET_UNAVAILABLE : REVOCATION_UNAVAILABLE)));
            }
        }
    }

    /**
     * How an anonymous caller fares, from the operation's Auth-step middleware in chain order: public when a
     * middleware declares it public, anonymous-allowed when an admission comes before the first authenticator;
     * either only when no middleware authorises (requires a principal, role, scope or owner).
     */
    private AccessGuard.Access admission(ModelDescriptor model, Operation operation) {
        boolean isPublic = false;
        boolean anonymous = false;
        boolean authenticated = false;
        for (Object middleware : pipeline.get().authMiddleware(model, operation)) {
            if (!(middleware instanceof AccessGuard guard)) {
                return AccessGuard.Access.AUTHORISES;
            }
            switch (guard.access(operation)) {
                case AUTHORISES -> {
                    return AccessGuard.Access.AUTHORISES;
                }
                case DECLARES_PUBLIC -> isPublic = true;
                case ALLOWS_ANONYMOUS -> anonymous |= !authenticated;
                case AUTHENTICATES -> authenticated = true;
                default -> { }
            }
        }
        return isPublic ? AccessGuard.Access.DECLARES_PUBLIC
            : anonymous ? AccessGuard.Access.ALLOWS_ANONYMOUS : AccessGuard.Access.AUTHENTICATES;
    }

    private static Operation operation(PathItem.HttpMethod method, boolean record) {
        return switch (method) {
            case GET, HEAD -> record ? Operation.READ : Operation.LIST;
            case POST -> record ? null : Operation.CREATE;
            case PATCH -> record ? Operation.UPDATE : null;
            case DELETE -> record ? Operation.DELETE : null;
            default -> null;
        };
    }

    private static ApiResponse response(String description) {
        return new ApiResponse().description(description).content(new Content().addMediaType("application/json",
            new MediaType().schema(new Schema<>().$ref("#/components/schemas/FxError"))));
    }
}
