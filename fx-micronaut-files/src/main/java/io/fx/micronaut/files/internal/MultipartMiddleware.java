package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.files.FileErrorCodes;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import io.micronaut.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a create or update sent as {@code multipart/form-data}, as it arrives, before the Deserialize step's default
 * (which then keeps the body): text parts become the values of their fields, cast as filter values are (a JSON field's
 * part holds JSON text); a part with a file name is spooled to a temporary file for the file field of its name, and
 * the field's value becomes the key it will be stored under in the DB step. Refusals, before anything is stored:
 * a file part for a field that is not a file field, two parts for one field, an empty file, a file for a
 * {@code readonly} or {@code hidden} field or for an {@code immutable} one on update (422 {@code VALIDATION_ERROR}
 * naming the field and the rule); no storage (501 {@code NO_STORAGE}); over {@code max_size} (413
 * {@code FILE_TOO_LARGE}); a type outside {@code accept} (415 {@code FILE_TYPE_NOT_ALLOWED}); a body that is not a
 * form (400 {@code MULTIPART_ERROR}). The temporary files are deleted when the request ends.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@FxMiddleware(step = Step.DESERIALIZE, operations = {"CREATE", "UPDATE"}, name = "fx-files multipart")
@Order(-100)
final class MultipartMiddleware implements Middleware {

    private final Storage storage;
    private final TypeDetector detector;
    private final JsonMapper json;
    private final long maxText;

    MultipartMiddleware(Storage storage, TypeDetector detector, JsonMapper json, FxConfiguration configuration) {
        this.storage = storage;
        this.detector = detector;
        this.json = json;
        this.maxText = configuration.getMaxBodySize();
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        String contentType = context.view().getHeader("Content-Type").orElse(null);
        if (context.findSubResource().isPresent() || !MultipartForms.isForm(contentType)) {
            next.next();
            return;
        }
        String boundary = MultipartReader.boundary(contentType);
        if (boundary == null) {
            throw MultipartException.of("The multipart/form-data Content-Type has no usable boundary");
        }
        try (UploadSpool spool = new UploadSpool()) {
            context.payload().setBody(read(context, boundary, spool));
            context.attributes().put(UploadSpool.KEY, spool);
            next.next();
        }
    }

    private Map<String, Object> read(RequestContext context, String boundary, UploadSpool spool) {
        ModelDescriptor model = context.getModel();
        boolean create = Operation.CREATE.equals(context.getOperation());
        Map<String, Object> body = new LinkedHashMap<>();
        try (InputStream in = context.payload().getRequestBody().stream()) {
            MultipartReader reader = new MultipartReader(in, boundary);
            for (MultipartPart part = reader.next(); part != null; part = reader.next()) {
                if (body.containsKey(part.name())) {
                    throw FileViolations.of(part.name(), "duplicate", part.name() + " is sent twice");
                }
                FieldDescriptor field = model.findField(part.name()).orElse(null);
                if (part.isFile()) {
                    body.put(part.name(), upload(context, field, part, create, spool));
                } else {
                    body.put(part.name(), value(field, part.name(), text(part)));
                }
            }
        } catch (IOException e) {
            throw FileErrorCodes.MULTIPART_ERROR.exception("The multipart/form-data body could not be read");
        } catch (UncheckedIOException e) {
            throw FileErrorCodes.MULTIPART_ERROR.exception("The multipart/form-data body could not be read");
        }
        return body;
    }

    private String upload(RequestContext context, FieldDescriptor field, MultipartPart part, boolean create,
                          UploadSpool spool) throws IOException {
        String name = part.name();
        FileField file = field == null ? null : FileField.of(field).orElse(null);
        if (file == null) {
            throw FileViolations.of(name, "file", name + " is not a file field");
        }
        if (field.readonly()) {
            throw FileViolations.of(name, "readonly", name + " is read-only");
        }
        if (field.hidden()) {
            throw FileViolations.of(name, "hidden", name + " cannot be written");
        }
        if (!create && field.immutable()) {
            throw FileViolations.of(name, "immutable", name + " cannot change once set");
        }
        storage.require();
        String filename = part.filename() == null ? "" : part.filename();
        String key = FileKeys.newKey(context.getPrincipal().orElse(null), filename);
        return spool.spool(file, name, key, filename, part.body(), detector).key();
    }

    private String text(MultipartPart part) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int n;
        while ((n = part.body().read(chunk)) >= 0) {
            if (out.size() + n > maxText) {
                throw FileViolations.of(part.name(), "size", part.name() + " is longer than " + maxText + " bytes");
            }
            out.write(chunk, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Boolean bool(String text) {
        if (text.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (text.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException(text);
    }

    /** A text part as its field's value: cast as a filter value is; JSON text for a JSON field. */
    private Object value(FieldDescriptor field, String name, String text) {
        if (field == null) {
            return text;
        }
        FieldType type = field.type();
        try {
            return switch (type) {
                case JSON_ARRAY, JSON_OBJECT -> json.readValue(text, Object.class);
                case INTEGER -> Long.parseLong(text.trim());
                case DECIMAL -> Double.parseDouble(text.trim());
                case BOOLEAN -> bool(text.trim());
                default -> text;
            };
        } catch (IllegalArgumentException e) {
            throw FileViolations.of(name, "type", name + " is not a " + type.name().toLowerCase(java.util.Locale.ROOT));
        } catch (IOException | RuntimeException e) {
            throw FileViolations.of(name, "type", name + " does not hold valid JSON");
        }
    }
}
