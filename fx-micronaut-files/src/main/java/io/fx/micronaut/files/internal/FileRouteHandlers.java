package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.files.FileErrorCodes;
import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.RequestContext;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The work of the {@code /files} routes. An upload takes the part named {@code file} of a
 * {@code multipart/form-data} body (other parts are skipped), within {@code fx.files.max-upload-size}; it is stored
 * under a key of the caller's owner segment and answered 201 with the key and {@code Location}. A download or a
 * delete takes a key of the caller's owner segment (or {@code anonymous}): another owner's is 403
 * {@code FILE_FORBIDDEN}, an unknown or malformed one 404; a delete of a key a record still references is 409
 * {@code FILE_IN_USE}. Without storage every route is 501 {@code NO_STORAGE}.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FileRouteHandlers {

    private final Storage storage;
    private final TypeDetector detector;
    private final FileDownloads downloads;
    private final FileReferences references;
    private final String prefix;

    FileRouteHandlers(Storage storage, TypeDetector detector, FileDownloads downloads, FileReferences references,
                      FxConfiguration configuration) {
        this.storage = storage;
        this.detector = detector;
        this.downloads = downloads;
        this.references = references;
        String path = configuration.getPathPrefix();
        this.prefix = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    Object upload(RequestContext context) {
        storage.require();
        String contentType = context.view().getHeader("Content-Type").orElse(null);
        String boundary = MultipartForms.isForm(contentType) ? MultipartReader.boundary(contentType) : null;
        if (boundary == null) {
            throw FileErrorCodes.MULTIPART_ERROR.exception("Send multipart/form-data with a part named file");
        }
        try (UploadSpool spool = new UploadSpool();
             InputStream in = context.payload().getRequestBody().stream()) {
            MultipartReader reader = new MultipartReader(in, boundary);
            PendingUpload upload = null;
            for (MultipartPart part = reader.next(); part != null; part = reader.next()) {
                if (part.name().equals("file") && part.isFile()) {
                    if (upload != null) {
                        throw FileErrorCodes.MULTIPART_ERROR.exception("Send one part named file");
                    }
                    String key = FileKeys.newKey(context.getPrincipal().orElse(null), part.filename());
                    upload = spool.spool(null, "file", key, part.filename(), part.body(), detector);
                }
            }
            if (upload == null) {
                throw FileErrorCodes.MULTIPART_ERROR.exception("The form has no file part named file");
            }
            FileMetadata stored = storage.store(upload);
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("key", upload.key());
            data.put("filename", stored.filename());
            data.put("content_type", stored.contentType());
            data.put("size", stored.size());
            return new FxResponse(201, Map.of("data", data), Map.of("Location", prefix + "/files/" + upload.key()));
        } catch (IOException e) {
            throw FileErrorCodes.MULTIPART_ERROR.exception("The multipart/form-data body could not be read");
        }
    }

    Object download(RequestContext context) {
        String key = ownedKey(context);
        FileMetadata metadata = storage.stat(key).orElseThrow(ErrorCodes::notFound);
        return downloads.respond(context, key, metadata);
    }

    Object delete(RequestContext context) {
        String key = ownedKey(context);
        storage.stat(key).orElseThrow(ErrorCodes::notFound);
        if (references.isReferenced(key)) {
            throw FileErrorCodes.FILE_IN_USE.exception("A record still references the file");
        }
        storage.delete(key);
        return null;
    }

    private String ownedKey(RequestContext context) {
        storage.require();
        String key = context.view().getPathParameter("owner").orElse("") + "/"
            + context.view().getPathParameter("id").orElse("") + "/" + context.view().getPathParameter("name").orElse("");
        if (!FileKeys.isKey(key)) {
            throw ErrorCodes.notFound();
        }
        if (!FileKeys.ownedBy(key, context.getPrincipal().orElse(null))) {
            throw FileErrorCodes.FILE_FORBIDDEN.exception("The file belongs to another owner");
        }
        return key;
    }

    /** The 404 of a key no file has. */
    private static final class ErrorCodes {
        static RuntimeException notFound() {
            return ErrorCode.NOT_FOUND.exception("No file has this key");
        }
    }
}
