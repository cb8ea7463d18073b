package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The DB step of a create or update with file fields: each key a JSON body references is checked
 * ({@link KeyReferences}), then each file the form sent is stored under its key, and the write runs. Objects this
 * request stored are deleted again when the write fails (an exception, an answer that is not 2xx, a rollback of the
 * surrounding transaction), so a failed write leaves none behind.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@FxMiddleware(step = Step.DB, operations = {"CREATE", "UPDATE"}, name = "fx-files store")
final class FileWriteMiddleware implements Middleware {

    private final Storage storage;
    private final KeyReferences references;

    FileWriteMiddleware(Storage storage, KeyReferences references) {
        this.storage = storage;
        this.references = references;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        Map<String, Object> body = context.payload().getBody();
        List<FileField> fields = context.findModel().map(FileField::of).orElse(List.of());
        if (body == null || fields.isEmpty() || context.findSubResource().isPresent()) {
            next.next();
            return;
        }
        UploadSpool spool = context.getAttribute(UploadSpool.KEY).orElse(null);
        for (FileField field : fields) {
            Object value = body.get(field.name());
            if (value != null && (spool == null || spool.find(value) == null)) {
                references.check(context, field, value);
            }
        }
        List<String> stored = new ArrayList<>();
        boolean succeeded = false;
        try {
            if (spool != null) {
                for (PendingUpload upload : spool.uploads()) {
                    storage.store(upload);
                    stored.add(upload.key());
                }
            }
            next.next();
            succeeded = succeeded(context);
        } finally {
            if (!succeeded) {
                storage.deleteQuietly(stored, "the write failed");
            } else if (!stored.isEmpty() && context.transaction().isActive()) {
                context.transaction().afterRollback(() -> storage.deleteQuietly(stored, "the write rolled back"));
            }
        }
    }

    /** @return whether the write went through: no abort, and a 2xx answer (or none yet) */
    private static boolean succeeded(RequestContext context) {
        if (context.response().isAborted()) {
            return false;
        }
        FxResponse response = context.response().find().orElse(null);
        return response == null || (response.status() >= 200 && response.status() < 300);
    }

    static boolean writes(Operation operation) {
        return Operation.CREATE.equals(operation) || Operation.UPDATE.equals(operation);
    }
}
