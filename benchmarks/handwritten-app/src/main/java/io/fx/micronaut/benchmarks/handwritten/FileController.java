package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.multipart.StreamingFileUpload;
import io.micronaut.http.server.types.files.SystemFile;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * {@code POST /api/files} and {@code GET /api/files/{owner}/{id}/{name}}, the plain Micronaut way, for the files
 * benchmark ({@code benchmarks/files.sh}): the upload is Micronaut's {@link StreamingFileUpload} copied to a file
 * under {@code bench.files.root} as it arrives, the download a {@link SystemFile} of that file with its type (from
 * the name), length, {@code nosniff} and an inline disposition. No type detection, checksum, owner or metadata.
 *
 * @since 0.1.0
 */
@Controller("/api/files")
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(property = "bench.files.root")
public class FileController {

    private static final String OWNER = "anonymous";
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,119}");

    private final Path root;

    /**
     * @param root the directory the files are stored in (created when missing)
     */
    public FileController(@Value("${bench.files.root}") String root) {
        try {
            this.root = Files.createDirectories(Path.of(root)).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("bench.files.root " + root + " is not a usable directory", e);
        }
    }

    /**
     * @param file the part named {@code file}, streamed
     * @return 201 with the key and {@code Location}
     * @throws IOException when the file cannot be written
     */
    @Post(consumes = MediaType.MULTIPART_FORM_DATA)
    public HttpResponse<StoredFile.Envelope> upload(StreamingFileUpload file) throws IOException {
        String name = safeName(file.getFilename());
        String key = OWNER + "/" + UUID.randomUUID() + "/" + name;
        Path target = root.resolve(key);
        Files.createDirectories(target.getParent());
        long size;
        try (InputStream in = file.asInputStream()) {
            size = Files.copy(in, target);
        }
        String type = file.getContentType().map(MediaType::toString).orElse(MediaType.APPLICATION_OCTET_STREAM);
        return HttpResponse.created(new StoredFile.Envelope(new StoredFile(key, name, type, size)),
            URI.create("/api/files/" + key));
    }

    /**
     * @param owner the key's owner segment
     * @param id    the key's uuid
     * @param name  the key's name
     * @return the file
     */
    @Get("/{owner}/{id}/{name}")
    public HttpResponse<SystemFile> download(@PathVariable String owner, @PathVariable String id,
                                             @PathVariable String name) {
        if (!OWNER.equals(owner) || !NAME.matcher(name).matches() || !isUuid(id)) {
            throw notFound();
        }
        Path file = root.resolve(owner).resolve(id).resolve(name);
        if (!Files.isRegularFile(file)) {
            throw notFound();
        }
        MediaType type = MediaType.forFilename(name);
        return HttpResponse.ok(new SystemFile(file.toFile(), type))
            .header("X-Content-Type-Options", "nosniff")
            .header("Content-Disposition", "inline; filename=\"" + name + "\"");
    }

    private static String safeName(String filename) {
        String name = UNSAFE.matcher(filename == null ? "" : filename).replaceAll("");
        int start = 0;
        while (start < name.length() && name.charAt(start) == '.') {
            start++;
        }
        name = name.substring(start, Math.min(name.length(), start + 120));
        return name.isEmpty() ? "unnamed" : name;
    }

    private static boolean isUuid(String id) {
        try {
            return UUID.fromString(id).toString().equals(id);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static ApiException notFound() {
        return new ApiException(HttpStatus.NOT_FOUND, "NOT_FOUND", "No file has this key", null);
    }
}
