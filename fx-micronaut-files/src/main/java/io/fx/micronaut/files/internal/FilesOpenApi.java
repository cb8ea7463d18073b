package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FileField;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.BinarySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Documents the files module: a {@code multipart/form-data} body beside the JSON one of each create and update of a
 * model with file fields (its settable file fields as binary parts; {@code readonly}, {@code hidden} and, on update,
 * {@code immutable} ones left out), the record file routes as binary downloads with {@code Range}, {@code POST /files}
 * when mounted, and the refusals of each. The codes themselves reach {@code x-fx-error-codes} through the module's
 * error catalog.
 */
@Singleton
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Requires(classes = OpenAPI.class)
final class FilesOpenApi implements OpenApiCustomizer {

    private static final String ERROR = "#/components/schemas/FxError";

    private final ModelRegistry registry;

    FilesOpenApi(ModelRegistry registry) {
        this.registry = registry;
    }

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE - 100;
    }

    @Override
    public void customize(@NonNull OpenAPI document) {
        if (document.getPaths() == null) {
            return;
        }
        for (ModelDescriptor model : registry.getModels()) {
            if (FileField.of(model).isEmpty() || model.isHeadless()) {
                continue;
            }
            markKeys(document, model);
            document.getPaths().forEach((path, item) -> describe(path, item, model));
        }
        document.getPaths().forEach((path, item) -> {
            if (path.endsWith("/files") && item.getPost() != null) {
                describeUpload(item.getPost());
            } else if (path.endsWith("/files/{owner}/{id}/{name}") && item.getGet() != null) {
                describeDownload(item.getGet(), "The file");
            }
        });
    }

    private void describe(String path, PathItem item, ModelDescriptor model) {
        String collection = "/" + model.getTable();
        if (path.endsWith(collection) && item.getPost() != null) {
            addForm(item.getPost(), model, true);
        } else if (path.endsWith(collection + "/{id}") && item.getPatch() != null) {
            addForm(item.getPatch(), model, false);
        } else {
            for (FileField field : FileField.of(model)) {
                if (path.endsWith(collection + "/{id}/" + field.name()) && item.getGet() != null) {
                    describeDownload(item.getGet(), "The " + field.name() + " of the " + model.getName());
                }
            }
        }
    }

    /**
     * Marks the file fields of the model's record, create and update schemas: a storage key, with the extension
     * {@code x-fx-file} holding the field's {@code max_size} and {@code accept}.
     */
    @SuppressWarnings("rawtypes")
    private static void markKeys(OpenAPI document, ModelDescriptor model) {
        if (document.getComponents() == null || document.getComponents().getSchemas() == null) {
            return;
        }
        for (String name : new String[] {model.getName(), model.getName() + "Create", model.getName() + "Update"}) {
            Schema schema = document.getComponents().getSchemas().get(name);
            if (schema == null || schema.getProperties() == null) {
                continue;
            }
            for (FileField field : FileField.of(model)) {
                Object property = schema.getProperties().get(field.name());
                if (property instanceof Schema key) {
                    Map<String, Object> file = new LinkedHashMap<>();
                    file.put("max_size", field.maxSize() < 0 ? null : field.maxSize());
                    file.put("accept", field.accept());
                    key.addExtension("x-fx-file", file);
                    key.setDescription(fileDescription(field));
                }
            }
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void addForm(Operation operation, ModelDescriptor model, boolean create) {
        if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
            return;
        }
        Schema form = new ObjectSchema().description("The fields as form parts: text parts cast to their field's type "
            + "(JSON text for JSON fields), a part with a file name uploads to the file field of its name");
        Map<String, Schema> properties = new LinkedHashMap<>();
        for (FieldDescriptor field : model.getFields()) {
            if (!field.isWritable(create)) {
                continue;
            }
            properties.put(field.name(), FileField.of(field).isPresent()
                ? new BinarySchema().description(fileDescription(FileField.of(field).orElseThrow()))
                : new StringSchema().description("The value as text"));
        }
        form.setProperties(properties);
        operation.getRequestBody().getContent().addMediaType("multipart/form-data", new MediaType().schema(form));
        error(operation, "413", "BODY_TOO_LARGE over fx.files.max-upload-size, FILE_TOO_LARGE over a field's max_size");
        error(operation, "415", "FILE_TYPE_NOT_ALLOWED: a file's detected type is outside its field's accept");
        error(operation, "400", "MULTIPART_ERROR: the form cannot be read");
        error(operation, "403", "FILE_FORBIDDEN: a referenced key of another owner");
        error(operation, "422", "FILE_NOT_FOUND: a referenced key names no file; VALIDATION_ERROR: an empty file, "
            + "two parts for one field, a file part for a field that is not a settable file field");
        error(operation, "501", "NO_STORAGE: a file part or key without storage");
    }

    private static String fileDescription(FileField field) {
        StringBuilder text = new StringBuilder("A file");
        if (field.maxSize() >= 0) {
            text.append(", at most ").append(field.maxSize()).append(" bytes");
        }
        if (!field.accept().isEmpty()) {
            text.append(", of type ").append(String.join(" or ", field.accept()));
        }
        return text.append("; as JSON, the key of a file from POST /files").toString();
    }

    private static void describeUpload(Operation operation) {
        operation.requestBody(new io.swagger.v3.oas.models.parameters.RequestBody().required(true)
            .content(new Content().addMediaType("multipart/form-data", new MediaType().schema(new ObjectSchema()
                .addProperty("file", new BinarySchema().description("The file"))))));
        Schema<?> data = new ObjectSchema()
            .addProperty("key", new StringSchema().description("The key, <owner>/<uuid>/<name>"))
            .addProperty("filename", new StringSchema())
            .addProperty("content_type", new StringSchema().description("Detected from the bytes"))
            .addProperty("size", new IntegerSchema().format("int64"));
        operation.getResponses().addApiResponse("201", new ApiResponse().description("Stored")
            .content(new Content().addMediaType("application/json", new MediaType()
                .schema(new ObjectSchema().addProperty("data", data)))));
        operation.getResponses().remove("200");
        error(operation, "400", "MULTIPART_ERROR: not a form, or no part named file");
        error(operation, "413", "BODY_TOO_LARGE: over fx.files.max-upload-size");
        error(operation, "501", "NO_STORAGE: no storage is configured");
    }

    private static void describeDownload(Operation operation, String what) {
        operation.addParametersItem(new Parameter().in("header").name("Range").required(false)
            .description("One range, bytes=first-last, first- or -suffix; several or a malformed one get the whole file")
            .schema(new StringSchema()));
        Content binary = new Content().addMediaType("*/*", new MediaType().schema(new BinarySchema()));
        operation.getResponses().addApiResponse("200", new ApiResponse().description(what + ", with its stored type, "
            + "X-Content-Type-Options: nosniff and Content-Disposition").content(binary));
        operation.getResponses().addApiResponse("206", new ApiResponse().description("The range asked for, with "
            + "Content-Range").content(binary));
        operation.getResponses().remove("404");
        operation.getResponses().remove("416");
        error(operation, "416", "RANGE_NOT_SATISFIABLE: the range starts past the end (Content-Range: bytes */size)");
        error(operation, "404", "NOT_FOUND: no such record, file or readable field; FILE_NOT_SET: no file in the field");
        error(operation, "403", "FILE_FORBIDDEN: another owner's key");
        error(operation, "500", "STORAGE_ERROR: the storage failed");
    }

    private static void error(Operation operation, String status, String description) {
        ApiResponse existing = operation.getResponses().get(status);
        if (existing != null) {
            if (existing.get$ref() == null && existing.getDescription() != null) {
                existing.setDescription(existing.getDescription() + "; " + description);
            }
            return;
        }
        operation.getResponses().addApiResponse(status, new ApiResponse().description(description)
            .content(new Content().addMediaType("application/json", new MediaType()
                .schema(new Schema<>().$ref(ERROR)))));
    }
}
