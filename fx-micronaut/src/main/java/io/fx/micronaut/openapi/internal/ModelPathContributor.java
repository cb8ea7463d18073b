package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.pipeline.Operation;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpMethod;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Locale;

import static io.fx.micronaut.openapi.internal.ErrorResponse.CONFLICT;
import static io.fx.micronaut.openapi.internal.ErrorResponse.INVALID_BODY;
import static io.fx.micronaut.openapi.internal.ErrorResponse.INVALID_LIST_QUERY;
import static io.fx.micronaut.openapi.internal.ErrorResponse.INVALID_QUERY;
import static io.fx.micronaut.openapi.internal.ErrorResponse.NOT_FOUND;
import static io.fx.micronaut.openapi.internal.ErrorResponse.SERVER_ERROR;
import static io.fx.micronaut.openapi.internal.ErrorResponse.TIMEOUT;
import static io.fx.micronaut.openapi.internal.ErrorResponse.UNAVAILABLE;
import static io.fx.micronaut.openapi.internal.ErrorResponse.UNSUPPORTED_MEDIA_TYPE;
import static io.fx.micronaut.openapi.internal.ErrorResponse.URI_TOO_LONG;
import static io.fx.micronaut.openapi.internal.ErrorResponse.VALIDATION_FAILED;
import static io.fx.micronaut.openapi.internal.ErrorResponse.BODY_TOO_LARGE;

/**
 * The routes {@code FxController} serves for every model: list, read, create, update, delete, HEAD on
 * both GET paths and OPTIONS on both paths, with their parameters, bodies, envelopes and the error
 * answers each can give, and each sub-resource's methods. (PUT answers 405 and is left out.)
 */
@Singleton
@RequiresOpenApi
final class ModelPathContributor implements OpenApiContributor {

    private static final List<ErrorResponse> LIST_ERRORS =
        List.of(INVALID_LIST_QUERY, URI_TOO_LONG, SERVER_ERROR, UNAVAILABLE, TIMEOUT);
    private static final List<ErrorResponse> READ_ERRORS =
        List.of(INVALID_QUERY, NOT_FOUND, URI_TOO_LONG, SERVER_ERROR, UNAVAILABLE, TIMEOUT);
    private static final List<ErrorResponse> CREATE_ERRORS = List.of(INVALID_BODY, CONFLICT, BODY_TOO_LARGE,
        URI_TOO_LONG, UNSUPPORTED_MEDIA_TYPE, VALIDATION_FAILED, SERVER_ERROR, UNAVAILABLE, TIMEOUT);
    private static final List<ErrorResponse> UPDATE_ERRORS = List.of(INVALID_BODY, NOT_FOUND, CONFLICT,
        BODY_TOO_LARGE, URI_TOO_LONG, UNSUPPORTED_MEDIA_TYPE, VALIDATION_FAILED, SERVER_ERROR, UNAVAILABLE, TIMEOUT);
    private static final List<ErrorResponse> DELETE_ERRORS =
        List.of(INVALID_QUERY, NOT_FOUND, CONFLICT, URI_TOO_LONG, SERVER_ERROR, UNAVAILABLE, TIMEOUT);
    private static final List<ErrorResponse> OPTIONS_ERRORS = List.of(INVALID_QUERY, URI_TOO_LONG, SERVER_ERROR);

    private static final List<ErrorResponse> SUB_RESOURCE_METHOD_ERRORS = List.of(NOT_FOUND, BODY_TOO_LARGE,
        URI_TOO_LONG, UNSUPPORTED_MEDIA_TYPE, SERVER_ERROR, UNAVAILABLE, TIMEOUT);

    private final List<SubResource> subResources;

    /** @param subResources the sub-resources of records, documented under each model they apply to */
    ModelPathContributor(List<SubResource> subResources) {
        this.subResources = List.copyOf(subResources);
    }

    @Override
    public int getOrder() {
        return MODEL_PATHS;
    }

    @Override
    public void contribute(@NonNull OpenApiBuildContext context) {
        for (ModelDescriptor model : context.getRegistry().getModels()) {
            if (model.isHeadless()) {
                continue;
            }
            context.getComponents().addParameters(OpenApiNames.limit(model), ModelParameters.limit(model));
            String collection = context.path("/" + model.getTable());
            boolean writeConflicts = ConflictSources.onWrite(model);
            context.getPaths().addPathItem(collection, collection(model, writeConflicts));
            context.getPaths().addPathItem(collection + "/{id}", record(model, writeConflicts,
                ConflictSources.onDelete(model, context.getRegistry())));
            for (SubResource sub : subResources) {
                if (sub.appliesTo(model)) {
                    for (String name : sub.names(model)) {
                        context.getPaths().addPathItem(collection + "/{id}/" + name, subResource(model, sub, name));
                    }
                }
            }
        }
    }

    private static PathItem subResource(ModelDescriptor model, SubResource sub, String subName) {
        Parameter id = new Parameter().in("path").name("id").required(true)
            .description("The record id; a malformed one answers 404").schema(uuid());
        PathItem item = new PathItem().addParametersItem(id);
        for (HttpMethod method : sub.methods()) {
            if (method == HttpMethod.GET) {
                item.get(subResourceRead(model, sub, subName));
            } else {
                item.operation(PathItem.HttpMethod.valueOf(method.name()), subResourceMethod(model, sub, subName, method));
            }
        }
        return item;
    }

    private static io.swagger.v3.oas.models.Operation subResourceRead(ModelDescriptor model, SubResource sub,
                                                                      String subName) {
        String name = model.getName();
        ModelDescriptor result = sub.resultModel(model).orElse(null);
        ApiResponse answered = result == null
            ? Responses.success(200, "The " + subName + " of the " + name, null)
            : Responses.success(200, "The " + subName + " of the " + name + ", as " + result.getName() + " records",
                OpenApiNames.list(result));
        String operationId = subName.replace("-", "_") + name;
        return operation(model, operationId, "Read the " + subName + " of a " + name,
            List.of(ModelParameters.requestId())).responses(Responses.of("200", answered, READ_ERRORS));
    }

    /** A method other than GET: its declared success status, and the errors of a route reading a body. */
    private static io.swagger.v3.oas.models.Operation subResourceMethod(ModelDescriptor model, SubResource sub,
                                                                        String subName, HttpMethod method) {
        String name = model.getName();
        int status = sub.status(method);
        String operationId = method.name().toLowerCase(Locale.ROOT) + "_" + subName.replace("-", "_") + name;
        ApiResponse answered = Responses.success(status, status == 204 ? "Done; no body"
            : "The answer of " + method + " on the " + subName + " of a " + name, null);
        return operation(model, operationId, method + " the " + subName + " of a " + name,
            List.of(ModelParameters.requestId())).responses(Responses.of(String.valueOf(status), answered,
                SUB_RESOURCE_METHOD_ERRORS));
    }

    private static PathItem collection(ModelDescriptor model, boolean writeConflicts) {
        String name = model.getName();
        ApiResponse listed = Responses.success(200, "A page of " + name + " records", OpenApiNames.list(model));
        ApiResponse created = Responses.success(201, "The created " + name, OpenApiNames.data(model))
            .addHeaderObject("Location", Responses.header("The path of the created record"));
        return new PathItem()
            .get(operation(model, "list" + name, "List " + name + " records", ModelParameters.list(model))
                .responses(Responses.of("200", listed, LIST_ERRORS)))
            .head(operation(model, "head" + name + "List", "The list's status and headers, no body",
                ModelParameters.list(model)).responses(Responses.head(listed, LIST_ERRORS)))
            .post(operation(model, "create" + name, "Create a " + name, List.of(ModelParameters.requestId()))
                .requestBody(body(OpenApiNames.create(model)))
                .responses(Responses.of("201", created, conflicts(CREATE_ERRORS, writeConflicts))))
            .options(operation(model, "options" + name + "List", "The methods served on the collection",
                List.of(ModelParameters.requestId())).responses(Responses.of("204", allow(false), OPTIONS_ERRORS)));
    }

    private static PathItem record(ModelDescriptor model, boolean writeConflicts, boolean deleteConflicts) {
        String name = model.getName();
        ApiResponse read = Responses.success(200, "The " + name, OpenApiNames.data(model));
        Parameter id = new Parameter().in("path").name("id").required(true)
            .description("The record id; a malformed one answers 404").schema(uuid());
        return new PathItem()
            .addParametersItem(id)
            .get(operation(model, "read" + name, "Read one " + name, ModelParameters.read(model))
                .responses(Responses.of("200", read, READ_ERRORS)))
            .head(operation(model, "head" + name, "The read's status and headers, no body", ModelParameters.read(model))
                .responses(Responses.head(read, READ_ERRORS)))
            .patch(operation(model, "update" + name, "Update a " + name + " with the fields sent",
                List.of(ModelParameters.requestId())).requestBody(body(OpenApiNames.update(model)))
                .responses(Responses.of("200", Responses.success(200, "The updated " + name, OpenApiNames.data(model)),
                    conflicts(UPDATE_ERRORS, writeConflicts))))
            .delete(operation(model, "delete" + name, deleteSummary(model), List.of(ModelParameters.requestId()))
                .responses(Responses.of("204", Responses.success(204, "Deleted", null),
                    conflicts(DELETE_ERRORS, deleteConflicts))))
            .options(operation(model, "options" + name, "The methods served on a record",
                List.of(ModelParameters.requestId())).responses(Responses.of("204", allow(true), OPTIONS_ERRORS)));
    }

    /** The errors with 409 CONFLICT left out when nothing in the model can cause it. */
    private static List<ErrorResponse> conflicts(List<ErrorResponse> errors, boolean possible) {
        return possible ? errors : errors.stream().filter(e -> e != CONFLICT).toList();
    }

    private static io.swagger.v3.oas.models.Operation operation(ModelDescriptor model, String id, String summary,
                                                                List<Parameter> parameters) {
        io.swagger.v3.oas.models.Operation operation = new io.swagger.v3.oas.models.Operation()
            .operationId(id).summary(summary).addTagsItem(model.getName());
        parameters.forEach(operation::addParametersItem);
        return operation;
    }

    private static RequestBody body(String schemaName) {
        return new RequestBody().required(true).content(new Content().addMediaType(SharedComponentsContributor.JSON,
            new MediaType().schema(Schemas.ref(schemaName))));
    }

    private static ApiResponse allow(boolean record) {
        return Responses.success(204, "No body; Allow lists " + Operation.allowedMethods(record), null)
            .addHeaderObject("Allow", Responses.header("The methods served: " + Operation.allowedMethods(record)));
    }

    private static String deleteSummary(ModelDescriptor model) {
        return switch (model.getSoftDelete()) {
            case NONE -> "Delete a " + model.getName();
            default -> "Soft-delete a " + model.getName() + " (sets " + model.getSoftDeleteField()
                .map(f -> f.name()).orElse("the marker") + ")";
        };
    }

    private static io.swagger.v3.oas.models.media.Schema<Object> uuid() {
        io.swagger.v3.oas.models.media.Schema<Object> schema = Schemas.typed("string");
        schema.setFormat("uuid");
        return schema;
    }
}
