package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.action.ActionParameter;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpMethod;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The custom actions of the {@link ActionCatalog}, each an operation under the prefix from its OpenAPI
 * block: path parameters from its {@code {name}} segments, the documented query, header and cookie
 * parameters, request and response schemas, security (a public action requires none, a protected one
 * inherits the document's unless its block names its own), and the answers its shortened pipeline can
 * give: the handler's result (200, or 204 without one), a server failure (500), and whatever the Auth
 * step, the action's middleware or the handler abort with ({@code default}, the error envelope). A GET
 * action also answers HEAD, as its route does.
 */
@Singleton
@RequiresOpenApi
final class ActionPathContributor implements OpenApiContributor {

    private static final Logger LOG = LoggerFactory.getLogger(ActionPathContributor.class);
    private static final String TAG = "Actions";
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");

    private final ActionCatalog catalog;

    ActionPathContributor(ActionCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public int getOrder() {
        return ACTIONS;
    }

    @Override
    public void contribute(@NonNull OpenApiBuildContext context) {
        List<Action> actions = catalog.getActions();
        for (Action action : actions) {
            PathItem.HttpMethod method = documentable(action.method());
            if (method == null) {
                LOG.warn("Action {} is left out of the OpenAPI document: OpenAPI has no {} operations",
                    action.describe(), action.method());
                continue;
            }
            String path = context.path(action.path());
            PathItem item = context.getPaths().get(path);
            if (item == null) {
                item = new PathItem();
                context.getPaths().addPathItem(path, item);
            }
            item.operation(method, operation(action, false));
            boolean mirrorsHead = action.method() == HttpMethod.GET && actions.stream()
                .noneMatch(a -> a.method() == HttpMethod.HEAD && a.path().equals(action.path()));
            if (mirrorsHead) {
                item.operation(PathItem.HttpMethod.HEAD, operation(action, true));
            }
        }
    }

    /** @return the OpenAPI operation of the method, or null for one OpenAPI cannot describe (CONNECT, custom) */
    private static PathItem.HttpMethod documentable(HttpMethod method) {
        for (PathItem.HttpMethod candidate : PathItem.HttpMethod.values()) {
            if (candidate.name().equals(method.name())) {
                return candidate;
            }
        }
        return null;
    }

    private static Operation operation(Action action, boolean head) {
        ActionOpenApi block = action.openApi();
        Operation operation = new Operation()
            .operationId(operationId(action, head))
            .summary(head ? "The status and headers of " + action.describe() + ", no body"
                : block.summary() == null ? action.describe() : block.summary())
            .description(block.description())
            .addTagsItem(TAG);
        Matcher names = PATH_PARAMETER.matcher(action.path());
        while (names.find()) {
            operation.addParametersItem(new Parameter().in("path").name(names.group(1)).required(true)
                .schema(Schemas.typed("string")));
        }
        for (ActionParameter parameter : block.queryParameters()) {
            operation.addParametersItem(new Parameter().in(parameter.in()).name(parameter.name())
                .description(parameter.description()).required(parameter.required() ? Boolean.TRUE : null)
                .schema(schema(parameter.schema())));
        }
        operation.addParametersItem(ModelParameters.requestId());
        if (!head && !block.requestSchema().isEmpty()) {
            operation.requestBody(new RequestBody().content(json(schema(block.requestSchema()))));
        }
        operation.responses(head ? headResponses() : responses(block));
        List<SecurityRequirement> security = security(action);
        if (security != null) {
            operation.security(security);
        }
        return operation;
    }

    /** @return the operation's security, or null to inherit the document's */
    private static List<SecurityRequirement> security(Action action) {
        List<Map<String, List<String>>> declared = action.openApi().security();
        if (!declared.isEmpty()) {
            List<SecurityRequirement> requirements = new ArrayList<>();
            for (Map<String, List<String>> requirement : declared) {
                SecurityRequirement converted = new SecurityRequirement();
                requirement.forEach(converted::addList);
                requirements.add(converted);
            }
            return requirements;
        }
        return action.access() == ActionAccess.PUBLIC ? new ArrayList<>() : null;
    }

    private static ApiResponses responses(ActionOpenApi block) {
        ApiResponse ok = new ApiResponse().description("The handler's result as the JSON body")
            .addHeaderObject(OpenApiNames.REQUEST_ID, Responses.requestIdHeader());
        if (!block.responseSchema().isEmpty()) {
            ok.content(json(schema(block.responseSchema())));
        }
        ApiResponses responses = new ApiResponses().addApiResponse("200", ok);
        responses.addApiResponse("204", new ApiResponse().description("The handler returned no result")
            .addHeaderObject(OpenApiNames.REQUEST_ID, Responses.requestIdHeader()));
        responses.addApiResponse(ErrorResponse.SERVER_ERROR.status(),
            new ApiResponse().$ref(OpenApiNames.responseRef(ErrorResponse.SERVER_ERROR.component())));
        responses.addApiResponse(ErrorResponse.UNAVAILABLE.status(),
            new ApiResponse().$ref(OpenApiNames.responseRef(ErrorResponse.UNAVAILABLE.component())));
        responses.addApiResponse(ErrorResponse.MIDDLEWARE.status(), new ApiResponse()
            .$ref(OpenApiNames.responseRef(ErrorResponse.MIDDLEWARE.component())));
        return responses;
    }

    private static ApiResponses headResponses() {
        ApiResponses responses = new ApiResponses();
        responses.addApiResponse("200", headersOnly("The handler's result (headers only)"));
        responses.addApiResponse("204", headersOnly("The handler returned no result"));
        responses.addApiResponse(ErrorResponse.SERVER_ERROR.status(),
            headersOnly(ErrorResponse.SERVER_ERROR.description() + " (no body)"));
        responses.addApiResponse(ErrorResponse.MIDDLEWARE.status(), new ApiResponse()
            .description(ErrorResponse.MIDDLEWARE.description() + " (no body)"));
        return responses;
    }

    private static ApiResponse headersOnly(String description) {
        return new ApiResponse().description(description)
            .addHeaderObject(OpenApiNames.REQUEST_ID, Responses.requestIdHeader());
    }

    private static Content json(Schema<?> schema) {
        return new Content().addMediaType(SharedComponentsContributor.JSON, new MediaType().schema(schema));
    }

    /** A JSON schema given as plain maps, read the way a 3.1 document's schema is read. */
    private static Schema<?> schema(Map<String, Object> plain) {
        if (plain.isEmpty()) {
            return new io.swagger.v3.oas.models.media.JsonSchema();
        }
        return Json31.mapper().convertValue(plain, Schema.class);
    }

    /** @return e.g. {@code postPostsIdPublish}, unique because method and path are */
    private static String operationId(Action action, boolean head) {
        StringBuilder id = new StringBuilder((head ? HttpMethod.HEAD : action.method()).name().toLowerCase());
        for (String part : action.path().split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                id.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return id.toString();
    }
}
