package io.fx.micronaut.examples.files;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's file fields, black-box: with {@code BLOG_FILES_DIR} (a form create, an upload then a key reference,
 * download headers, a range, the fields' limits and write controls), with it plus {@code BLOG_JWT_SECRET} (keys bound
 * to their owner), and without it (uploads are 501, everything else unchanged).
 */
class BlogFilesTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String SECRET = "blog-files-secret-0123456789-abcdefghijkl";

    @TempDir
    Path directory;

    private static byte[] png(int size) {
        byte[] png = new byte[size];
        byte[] head = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
        System.arraycopy(head, 0, png, 0, head.length);
        return png;
    }

    /** A form: name, value pairs; a value that is a byte[] is a file part named after its field. */
    private static byte[] form(Object... parts) {
        return MultipartForm.of(".bin", parts);
    }

    private static HttpResponse<String> send(BlogServer blog, String method, String path, byte[] body,
                                             String contentType, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(blog.url() + path))
            .timeout(Duration.ofSeconds(10))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1));
    }

    private static HttpResponse<String> multipart(BlogServer blog, String method, String path, byte[] form,
                                                  String... headers) throws Exception {
        return send(blog, method, path, form, MultipartForm.CONTENT_TYPE, headers);
    }

    private static HttpResponse<String> json(BlogServer blog, String method, String path, String body,
                                             String... headers) throws Exception {
        return send(blog, method, path, body == null ? null : body.getBytes(StandardCharsets.UTF_8),
            "application/json", headers);
    }

    private static String field(HttpResponse<String> response, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]+)\"").matcher(response.body());
        assertTrue(m.find(), name + " in " + response.body());
        return m.group(1);
    }

    private static void refused(HttpResponse<String> response, int status, String code) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"" + code + "\""), response.body());
    }

    private static String token(String subject) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), new JWTClaimsSet.Builder().subject(subject)
            .expirationTime(Date.from(Instant.now().plusSeconds(3600))).build());
        jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
        return "Bearer " + jwt.serialize();
    }

    @Test
    void withAFilesDirectoryPostsTakeCoversAndCommentsAttachments() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_FILES_DIR", directory.toString()))) {
            HttpResponse<String> post = multipart(blog, "POST", "/api/posts", form("title", "With a cover",
                "body", "text", "slug", "with-a-cover", "views", "3", "cover", png(2048)));
            assertEquals(201, post.statusCode(), post.body());
            String id = field(post, "id");
            String cover = field(post, "cover");
            assertTrue(Files.isRegularFile(directory.resolve(cover)), cover);

            HttpResponse<String> download = send(blog, "GET", "/api/posts/" + id + "/cover", null, null);
            assertEquals(200, download.statusCode());
            assertEquals("image/png", download.headers().firstValue("Content-Type").orElseThrow());
            assertEquals("nosniff", download.headers().firstValue("X-Content-Type-Options").orElseThrow());
            assertEquals("2048", download.headers().firstValue("Content-Length").orElseThrow());
            assertTrue(download.headers().firstValue("Content-Disposition").orElseThrow().startsWith("inline;"));
            HttpResponse<String> range = send(blog, "GET", "/api/posts/" + id + "/cover", null, null,
                "Range", "bytes=0-7");
            assertEquals(206, range.statusCode());
            assertEquals("bytes 0-7/2048", range.headers().firstValue("Content-Range").orElseThrow());

            refused(multipart(blog, "PATCH", "/api/posts/" + id, form("cover", "<html><body>x</body></html>"
                .getBytes(StandardCharsets.UTF_8))), 415, "FILE_TYPE_NOT_ALLOWED");
            refused(multipart(blog, "PATCH", "/api/posts/" + id, form("thumbnail", png(64))), 422, "VALIDATION_ERROR");

            HttpResponse<String> upload = multipart(blog, "POST", "/api/files", form("file", "a comment's notes"
                .getBytes(StandardCharsets.UTF_8)));
            assertEquals(201, upload.statusCode(), upload.body());
            String key = field(upload, "key");
            HttpResponse<String> comment = json(blog, "POST", "/api/comments", "{\"post_id\":\"" + id
                + "\",\"body\":\"see attached\",\"author_name\":\"Ann\",\"attachment\":\"" + key + "\"}");
            assertEquals(201, comment.statusCode(), comment.body());
            refused(multipart(blog, "PATCH", "/api/comments/" + field(comment, "id"), form("attachment",
                "again".getBytes(StandardCharsets.UTF_8))), 422, "VALIDATION_ERROR");
            refused(json(blog, "DELETE", "/api/files/" + key, null), 409, "FILE_IN_USE");

            HttpResponse<String> avatar = multipart(blog, "POST", "/api/authors", form("name", "Ann",
                "email", "ann@example.com", "avatar", png(512 * 1024 + 1)));
            refused(avatar, 413, "FILE_TOO_LARGE");
        }
    }

    @Test
    void withJwtKeysAreBoundToTheirOwner() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_FILES_DIR", directory.toString(),
            "BLOG_JWT_SECRET", SECRET))) {
            String alice = token("alice");
            HttpResponse<String> upload = multipart(blog, "POST", "/api/files", form("file", png(100)),
                "Authorization", alice);
            assertEquals(201, upload.statusCode(), upload.body());
            String key = field(upload, "key");
            assertFalse(key.startsWith("anonymous/"), key);
            refused(json(blog, "POST", "/api/posts", "{\"title\":\"Bob's\",\"body\":\"b\",\"slug\":\"bobs\","
                + "\"cover\":\"" + key + "\"}", "Authorization", token("bob")), 403, "FILE_FORBIDDEN");
            HttpResponse<String> mine = json(blog, "POST", "/api/posts", "{\"title\":\"Alice's\",\"body\":\"b\","
                + "\"slug\":\"alices\",\"cover\":\"" + key + "\"}", "Authorization", alice);
            assertEquals(201, mine.statusCode(), mine.body());
        }
    }

    @Test
    void withoutStorageUploadsAre501AndEverythingElseWorks() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of())) {
            refused(multipart(blog, "POST", "/api/posts", form("title", "t", "body", "b", "slug", "no-storage",
                "cover", png(100))), 501, "NO_STORAGE");
            refused(multipart(blog, "POST", "/api/files", form("file", png(100))), 501, "NO_STORAGE");
            HttpResponse<String> plain = json(blog, "POST", "/api/posts", "{\"title\":\"t\",\"body\":\"b\","
                + "\"slug\":\"no-storage-json\"}");
            assertEquals(201, plain.statusCode(), plain.body());
        }
    }
}
