package io.fx.micronaut.history.internal;

import io.fx.micronaut.history.History;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Documents each versioned model's history: {@code GET} (and {@code HEAD}) {@code {collection}/{id}/history}
 * answering {@code <Model>HistoryList} with {@code page} and {@code limit}; the history model's {@code diff} as an
 * object of {@code FxHistoryChange} ({@code {old, new}}) and its {@code snapshot} as the model's record, or, when
 * the model has {@linkplain FieldDescriptor#isRedacted() redacted} fields that its record shows (an encrypted one),
 * as {@code <Model>HistorySnapshot}: the record without them, as the recorder writes it; no create or update schema
 * for the read-only history model. Runs before the security module's customizer, so the operations it adds are
 * secured as the others are.
 */
@Singleton
@Requires(classes = OpenAPI.class)
final class HistoryOpenApi implements OpenApiCustomizer {

    static final String CHANGE = "FxHistoryChange";

    private final ModelRegistry registry;

    HistoryOpenApi(ModelRegistry registry) {
        this.registry = registry;
    }

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE - 100;
    }

    @Override
    public void customize(@NonNull OpenAPI document) {
        if (document.getComponents() == null || document.getComponents().getSchemas() == null) {
            return;
        }
        Map<String, Schema> schemas = document.getComponents().getSchemas();
        boolean any = false;
        for (ModelDescriptor model : registry.getModels()) {
            ModelDescriptor history = History.historyModel(registry, model).orElse(null);
            if (history == null) {
                continue;
            }
            any = true;
            describeRow(schemas, model, history);
            schemas.remove(history.getName() + "Create");
            schemas.remove(history.getName() + "Update");
            if (document.getPaths() != null) {
                document.getPaths().forEach((path, item) -> {
                    if (path.endsWith("/{id}/" + History.PATH) && item.getGet() != null
                        && ("history" + model.getName()).equals(item.getGet().getOperationId())) {
                        describeRoute(document, item, model, history);
                    }
                });
            }
        }
        if (any) {
            schemas.put(CHANGE, new ObjectSchema().description("A field's value before and after a write (null when "
                    + "absent: before a create, after a delete)")
                .addProperty("old", new Schema<>().description("The value before the write"))
                .addProperty("new", new Schema<>().description("The value after the write"))
                .required(List.of("old", "new")));
        }
    }

    @SuppressWarnings("unchecked")
    private static void describeRow(Map<String, Schema> schemas, ModelDescriptor model, ModelDescriptor history) {
        Schema<Object> row = schemas.get(history.getName());
        if (row == null || row.getProperties() == null) {
            return;
        }
        row.description("One write of a " + model.getName() + " record: create, update or delete");
        row.getProperties().put(History.DIFF, new ObjectSchema().description("The changed fields, by name, without id")
            .additionalProperties(new Schema<>().$ref("#/components/schemas/" + CHANGE)));
        if (row.getProperties().containsKey(History.SNAPSHOT)) {
            row.getProperties().put(History.SNAPSHOT, new Schema<>().description("The record after the write (before "
                + "it, for a delete)").$ref("#/components/schemas/" + snapshot(schemas, model, history)));
        }
        row.getProperties().put(History.OPERATION, new io.swagger.v3.oas.models.media.StringSchema()
            ._enum(List.of("create", "update", "delete")));
    }

    /**
     * @return the name of the snapshot's schema: the model's record, or, when the record shows fields that history
     *     redacts, {@code <History>Snapshot}, the record without them
     */
    @SuppressWarnings("unchecked")
    private static String snapshot(Map<String, Schema> schemas, ModelDescriptor model, ModelDescriptor history) {
        Schema<Object> record = schemas.get(model.getName());
        if (record == null || record.getProperties() == null) {
            return model.getName();
        }
        List<String> redacted = model.getFields().stream().filter(FieldDescriptor::isRedacted).map(FieldDescriptor::name)
            .filter(record.getProperties()::containsKey).toList();
        if (redacted.isEmpty()) {
            return model.getName();
        }
        Map<String, Schema> properties = new LinkedHashMap<>(record.getProperties());
        properties.keySet().removeAll(redacted);
        Schema<Object> snapshot = new ObjectSchema().description(model.getName() + " as its history keeps it: the "
            + "record without its redacted fields (" + String.join(", ", redacted) + ")");
        snapshot.setProperties(properties);
        List<String> required = record.getRequired() == null ? List.of()
            : record.getRequired().stream().filter(name -> !redacted.contains(name)).toList();
        if (!required.isEmpty()) {
            snapshot.setRequired(required);
        }
        String name = history.getName() + "Snapshot";
        schemas.put(name, snapshot);
        return name;
    }

    /** A response's description, read off the component it refers to when it is a reference. */
    private static String description(OpenAPI document, ApiResponse response) {
        String ref = response.get$ref();
        if (ref == null) {
            return response.getDescription();
        }
        String name = ref.substring(ref.lastIndexOf('/') + 1);
        ApiResponse component = document.getComponents().getResponses() == null ? null
            : document.getComponents().getResponses().get(name);
        return component == null || component.getDescription() == null ? name : component.getDescription();
    }

    private static void describeRoute(OpenAPI document, PathItem item, ModelDescriptor model, ModelDescriptor history) {
        Operation get = item.getGet();
        get.summary("Read the change history of a " + model.getName() + ", newest first");
        List<Parameter> parameters = new java.util.ArrayList<>(get.getParameters() == null ? List.of() : get.getParameters());
        parameters.add(new Parameter().in("query").name("page").description("The page, from 1")
            .schema(new IntegerSchema().minimum(java.math.BigDecimal.ONE)._default(1)));
        parameters.add(new Parameter().in("query").name("limit").description("Rows per page, at most 200")
            .schema(new IntegerSchema().minimum(java.math.BigDecimal.ONE).maximum(java.math.BigDecimal.valueOf(200))
                ._default(20)));
        parameters.add(new Parameter().in("query").name("cursor").description("Continues after a page: its "
            + "meta.next_cursor (not with page)").schema(new io.swagger.v3.oas.models.media.StringSchema()));
        get.setParameters(parameters);
        ApiResponses responses = get.getResponses();
        ApiResponse ok = responses == null ? null : responses.get("200");
        if (ok != null) {
            ok.description("The " + model.getName() + "'s history rows, newest first").content(new Content()
                .addMediaType("application/json", new MediaType().schema(new Schema<>()
                    .$ref("#/components/schemas/" + history.getName() + "List"))));
        }
        Operation head = new Operation().operationId("head" + "History" + model.getName())
            .summary("The history's status and headers, no body").tags(get.getTags()).parameters(parameters);
        ApiResponses headResponses = new ApiResponses();
        if (responses != null) {
            // the GET's answers without bodies, as the core documents every HEAD
            responses.forEach((status, response) -> headResponses.addApiResponse(status, new ApiResponse()
                .description(description(document, response) + (status.equals("200") ? " (headers only)" : " (no body)"))
                .headers(response.getHeaders())));
        }
        item.head(head.responses(headResponses));
    }
}
