package io.fx.micronaut.examples.files;

import io.fx.micronaut.examples.security.BlogServer;
import io.fx.micronaut.files.FileStorage;
import io.fx.micronaut.files.objectstorage.ObjectStorageFileStorage;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.jclouds.blobstore.options.ListContainerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's file fields on S3, end to end: the blog started with the environment {@code readme-files-s3} (the files
 * README's S3 block) and no {@code BLOG_FILES_DIR}, against S3Proxy in process (a jclouds {@code transient} blob
 * store). A form create puts the cover in the bucket and the record's download and a range come back from it; an
 * upload is referenced by a comment and then in use; a replace deletes the old object after the commit, a refused
 * write leaves the bucket as it was, a soft delete keeps the file, and {@code DELETE /api/files/{key}} removes an
 * unreferenced one.
 */
class BlogS3FilesTest {

    private static final String BUCKET = "blog-files";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static BlobStoreContext blobs;
    private static S3Proxy proxy;

    @BeforeAll
    static void startS3() throws Exception {
        blobs = ContextBuilder.newBuilder("transient").credentials("identity", "credential")
            .build(BlobStoreContext.class);
        blobs.getBlobStore().createContainerInLocation(null, BUCKET);
        proxy = S3Proxy.builder().blobStore(blobs.getBlobStore()).endpoint(URI.create("http://127.0.0.1:0")).build();
        proxy.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!proxy.getState().equals("STARTED")) {
            assertTrue(System.nanoTime() < deadline, "S3Proxy started");
            Thread.sleep(10);
        }
    }

    @AfterAll
    static void stopS3() throws Exception {
        if (proxy != null) {
            proxy.stop();
        }
        if (blobs != null) {
            blobs.close();
        }
    }

    private static BlogServer blog() {
        return BlogServer.start(Map.of(), Map.of(
            "aws.services.s3.endpoint-override", "http://127.0.0.1:" + proxy.getPort(),
            "aws.access-key-id", "identity",
            "aws.secret-key", "credential"), "readme-files-s3");
    }

    private static Set<String> objects() {
        BlobStore store = blobs.getBlobStore();
        Set<String> names = new TreeSet<>();
        for (StorageMetadata blob : store.list(BUCKET, ListContainerOptions.Builder.recursive())) {
            if (blob.getType() == org.jclouds.blobstore.domain.StorageType.BLOB) {
                names.add(blob.getName());
            }
        }
        return names;
    }

    private static byte[] stored(String key) throws IOException {
        try (InputStream in = blobs.getBlobStore().getBlob(BUCKET, key).getPayload().openStream()) {
            return in.readAllBytes();
        }
    }

    private static byte[] png(int size) {
        byte[] png = new byte[size];
        byte[] head = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
        System.arraycopy(head, 0, png, 0, head.length);
        for (int i = head.length; i < size; i++) {
            png[i] = (byte) (i * 31);
        }
        return png;
    }

    /** A form: name, value pairs; a value that is a byte[] is a file part named after its field. */
    private static byte[] form(Object... parts) {
        return MultipartForm.of(".png", parts);
    }

    private static HttpResponse<byte[]> send(BlogServer blog, String method, String path, byte[] body,
                                             String contentType, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(blog.url() + path))
            .timeout(Duration.ofSeconds(20))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpResponse<byte[]> multipart(BlogServer blog, String method, String path, byte[] form)
        throws Exception {
        return send(blog, method, path, form, MultipartForm.CONTENT_TYPE);
    }

    private static HttpResponse<byte[]> json(BlogServer blog, String method, String path, String body) throws Exception {
        return send(blog, method, path, body == null ? null : body.getBytes(StandardCharsets.UTF_8), "application/json");
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static String field(HttpResponse<byte[]> response, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]+)\"").matcher(text(response));
        assertTrue(m.find(), name + " in " + text(response));
        return m.group(1);
    }

    private static void status(int expected, HttpResponse<byte[]> response) {
        assertEquals(expected, response.statusCode(), text(response));
    }

    @Test
    void theBlogKeepsItsFilesInTheBucket() throws Exception {
        try (BlogServer blog = blog()) {
            assertInstanceOf(ObjectStorageFileStorage.class, blog.context().getBean(FileStorage.class));
            byte[] cover = png(4096);
            HttpResponse<byte[]> post = multipart(blog, "POST", "/api/posts", form("title", "On S3", "body", "text",
                "slug", "on-s3", "cover", cover));
            status(201, post);
            String id = field(post, "id");
            String key = field(post, "cover");
            assertTrue(objects().contains(key), key + " in " + objects());
            assertArrayEquals(cover, stored(key));

            HttpResponse<byte[]> download = send(blog, "GET", "/api/posts/" + id + "/cover", null, null);
            status(200, download);
            assertArrayEquals(cover, download.body());
            assertEquals("image/png", download.headers().firstValue("Content-Type").orElseThrow());
            assertEquals("4096", download.headers().firstValue("Content-Length").orElseThrow());
            assertEquals("nosniff", download.headers().firstValue("X-Content-Type-Options").orElseThrow());
            HttpResponse<byte[]> range = send(blog, "GET", "/api/posts/" + id + "/cover", null, null,
                "Range", "bytes=100-199");
            status(206, range);
            assertEquals("bytes 100-199/4096", range.headers().firstValue("Content-Range").orElseThrow());
            assertArrayEquals(Arrays.copyOfRange(cover, 100, 200), range.body());

            Set<String> before = objects();
            HttpResponse<byte[]> html = multipart(blog, "PATCH", "/api/posts/" + id, form("cover",
                "<html><body>not an image</body></html>".getBytes(StandardCharsets.UTF_8)));
            status(415, html);
            assertEquals(before, objects(), "a refused write leaves the bucket as it was");

            byte[] second = png(2048);
            HttpResponse<byte[]> replaced = multipart(blog, "PATCH", "/api/posts/" + id, form("cover", second));
            status(200, replaced);
            String secondKey = field(replaced, "cover");
            assertFalse(objects().contains(key), "the replaced cover is deleted once the update answered");
            assertArrayEquals(second, stored(secondKey));

            status(204, json(blog, "DELETE", "/api/posts/" + id, null));
            assertTrue(objects().contains(secondKey), "a soft-deleted post keeps its cover");
        }
    }

    @Test
    void uploadsAreReferencedInUseAndDeletedThroughTheFilesRoutes() throws Exception {
        try (BlogServer blog = blog()) {
            HttpResponse<byte[]> post = json(blog, "POST", "/api/posts", "{\"title\":\"Commented\",\"body\":\"b\","
                + "\"slug\":\"commented-on-s3\"}");
            status(201, post);
            byte[] notes = "notes kept in S3".getBytes(StandardCharsets.UTF_8);
            HttpResponse<byte[]> upload = multipart(blog, "POST", "/api/files", form("file", notes));
            status(201, upload);
            String key = field(upload, "key");
            assertEquals("text/plain", field(upload, "content_type"));
            assertArrayEquals(notes, stored(key));
            assertArrayEquals(notes, send(blog, "GET", "/api/files/" + key, null, null).body());

            HttpResponse<byte[]> comment = json(blog, "POST", "/api/comments", "{\"post_id\":\"" + field(post, "id")
                + "\",\"body\":\"see attached\",\"author_name\":\"Ann\",\"attachment\":\"" + key + "\"}");
            status(201, comment);
            HttpResponse<byte[]> inUse = json(blog, "DELETE", "/api/files/" + key, null);
            status(409, inUse);
            assertTrue(text(inUse).contains("FILE_IN_USE"), text(inUse));
            assertTrue(objects().contains(key));

            HttpResponse<byte[]> spare = multipart(blog, "POST", "/api/files", form("file", png(64)));
            status(201, spare);
            String spareKey = field(spare, "key");
            assertTrue(objects().contains(spareKey));
            status(204, json(blog, "DELETE", "/api/files/" + spareKey, null));
            assertFalse(objects().contains(spareKey));
            status(404, json(blog, "GET", "/api/files/" + spareKey, null));
        }
    }
}
