package io.fx.micronaut.files.internal;

import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.files.FileErrorCodes;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.pipeline.ContentDisposition;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.http.HttpMethod;
import jakarta.inject.Singleton;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * A stored file as a response: its stored type as {@code Content-Type}, {@code Content-Length},
 * {@code X-Content-Type-Options: nosniff}, {@code Accept-Ranges: bytes}, and {@code Content-Disposition: attachment}
 * unless the type is one of {@code fx.files.inline-types} (then {@code inline}), with an ASCII {@code filename} and an
 * RFC 5987 {@code filename*}. One {@code Range} is answered 206 with {@code Content-Range}; one past the end is 416
 * {@code RANGE_NOT_SATISFIABLE} with {@code Content-Range: bytes *&#47;size}; several or a malformed one, 200 whole.
 * A body of at most {@code fx.files.buffered-download-size} bytes (512 KiB) is read at once and sent from memory (no
 * stream handed from the blocking executor to the connection piece by piece); a larger one, or the body of a HEAD,
 * is streamed.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FileDownloads {

    private final Storage storage;
    private final Set<String> inline;
    private final long buffered;

    FileDownloads(Storage storage, FilesConfiguration configuration) {
        this.storage = storage;
        Set<String> types = new HashSet<>();
        configuration.getInlineTypes().forEach(t -> types.add(t.trim().toLowerCase(Locale.ROOT)));
        this.inline = Set.copyOf(types);
        this.buffered = Math.max(0, configuration.getBufferedDownloadSize());
    }

    FxResponse respond(RequestContext context, String key, FileMetadata metadata) {
        long size = metadata.size();
        ByteRange range = ByteRange.parse(context.view().getHeader("Range").orElse(null), size);
        if (range == ByteRange.UNSATISFIABLE) {
            context.response().setHeader("Content-Range", "bytes */" + size);
            throw FileErrorCodes.RANGE_NOT_SATISFIABLE.exception("The range starts past the end of the file");
        }
        String type = metadata.contentType();
        String filename = metadata.filename().isBlank() ? key.substring(key.lastIndexOf('/') + 1) : metadata.filename();
        String disposition = inline.contains(bare(type)) ? ContentDisposition.inline(filename)
            : ContentDisposition.attachment(filename);
        boolean head = context.view().getHttpRequest().map(r -> r.getMethod() == HttpMethod.HEAD).orElse(false);
        FxResponse response;
        if (range == null) {
            response = body(200, type, key, 0, size, head);
        } else {
            response = body(206, type, key, range.first(), range.length(), head)
                .withHeader("Content-Range", "bytes " + range.first() + "-" + range.last() + "/" + size);
        }
        return response.withHeader("Content-Disposition", disposition)
            .withHeader("X-Content-Type-Options", "nosniff")
            .withHeader("Accept-Ranges", "bytes");
    }

    private FxResponse body(int status, String type, String key, long offset, long length, boolean head) {
        if (!head && length <= buffered) {
            return FxResponse.bytes(status, type, storage.readFully(key, offset, (int) length));
        }
        return FxResponse.stream(status, type, storage.read(key, offset, length), length);
    }

    private static String bare(String type) {
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }
}
