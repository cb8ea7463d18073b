package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * File fields on create and update through the real server with real files: multipart uploads with their refusals
 * (nothing stored), the write controls on file parts, and the JSON body limit left as it was.
 */
@TestDatabase
class FileFieldsTest {

    private static final String DOCS = "/api/documents";

    @TempDir
    static Path directory;
    private static FilesServer files;
    private static Api api;

    @BeforeAll
    static void start() {
        files = FilesServer.start("FileFieldsTest", directory.resolve("store"), "fx.max-body-size", "32768",
            "fx.files.max-upload-size", "262144");
        api = files.api;
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    private Api.Reply create(Form form) {
        return files.form("POST", DOCS, form);
    }

    private void refused(Api.Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply.toString());
        assertEquals(code, reply.code(), reply.toString());
    }

    private Map<String, Object> violation(Api.Reply reply) {
        refused(reply, 422, "VALIDATION_ERROR");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> details = (List<Map<String, Object>>) reply.error().get("details");
        assertEquals(1, details.size(), reply.toString());
        return details.get(0);
    }

    @Test
    void aFormCreatesARecordWithItsFileAndCastValues() {
        List<String> before = files.stored();
        Api.Reply reply = create(new Form().text("title", "With cover").text("count", "42")
            .text("meta", "{\"a\":1}").file("cover", "cover.png", "text/plain", Form.png(1024)));
        assertEquals(201, reply.status(), reply.toString());
        Map<String, Object> data = reply.data();
        assertEquals(42, ((Number) data.get("count")).intValue());
        assertEquals(Map.of("a", 1), data.get("meta"));
        String key = (String) data.get("cover");
        assertTrue(key.startsWith("anonymous/") && key.endsWith("/cover.png"), key);
        List<String> after = files.stored();
        assertEquals(before.size() + 1, after.size());
        assertTrue(after.contains(key), after.toString());
    }

    @Test
    void exactlyMaxSizePassesAndOneByteMoreIsRefusedUnstored() {
        assertEquals(201, create(new Form().text("title", "1024").file("cover", "a.png", Form.png(1024))).status());
        List<String> before = files.stored();
        long count = api.count(DOCS);
        refused(create(new Form().text("title", "1025").file("cover", "a.png", Form.png(1025))), 413,
            "FILE_TOO_LARGE");
        assertEquals(before, files.stored());
        assertEquals(count, api.count(DOCS));
    }

    @Test
    void temporaryFilesAreGoneWhenTheRequestEnds() throws Exception {
        assertEquals(201, create(new Form().text("title", "tmp").file("attachment", "a.txt", Form.utf8("a"))).status());
        refused(create(new Form().text("title", "tmp").file("cover", "a.png", Form.png(2000))), 413, "FILE_TOO_LARGE");
        refused(create(new Form().text("title", "tmp").file("cover", "a.png", Form.utf8("<html></html>"))), 415,
            "FILE_TYPE_NOT_ALLOWED");
        try (java.util.stream.Stream<Path> left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString())
                .filter(n -> n.startsWith("fx-upload") && n.endsWith(".part")).toList());
        }
    }

    @Test
    void htmlAndSvgDressedAsPngAreRefused() {
        List<String> before = files.stored();
        refused(create(new Form().text("title", "html").file("cover", "cat.png", "image/png",
            Form.utf8("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"))), 415,
            "FILE_TYPE_NOT_ALLOWED");
        refused(create(new Form().text("title", "svg").file("cover", "cat.png", "image/png",
            Form.utf8("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script>"
                + "</svg>"))), 415, "FILE_TYPE_NOT_ALLOWED");
        assertEquals(before, files.stored());
    }

    @Test
    void malformedPartsAreRefusedNamingTheField() {
        List<String> before = files.stored();
        assertEquals("attachment", violation(create(new Form().text("title", "t")
            .file("attachment", "empty.txt", new byte[0]))).get("field"));
        assertEquals("title", violation(create(new Form().file("title", "t.txt", Form.utf8("x")))).get("field"));
        assertEquals("nothing", violation(create(new Form().text("title", "t")
            .file("nothing", "t.txt", Form.utf8("x")))).get("field"));
        Map<String, Object> twice = violation(create(new Form().text("title", "t")
            .file("attachment", "a.txt", Form.utf8("a")).file("attachment", "b.txt", Form.utf8("b"))));
        assertEquals("attachment", twice.get("field"));
        assertEquals("count", violation(create(new Form().text("title", "t").text("count", "many"))).get("field"));
        assertEquals(before, files.stored());
    }

    @Test
    void writeControlsHoldOnFileParts() {
        List<String> before = files.stored();
        Map<String, Object> readonly = violation(create(new Form().text("title", "t")
            .file("locked", "a.txt", Form.utf8("a"))));
        assertEquals(List.of("locked", "readonly"), List.of(readonly.get("field"), readonly.get("rule")));
        Map<String, Object> hidden = violation(create(new Form().text("title", "t")
            .file("secret", "a.txt", Form.utf8("a"))));
        assertEquals(List.of("secret", "hidden"), List.of(hidden.get("field"), hidden.get("rule")));
        assertEquals(before, files.stored());

        Api.Reply created = create(new Form().text("title", "stamped").file("stamp", "s.txt", Form.utf8("stamp"))
            .file("blob", "b.txt", Form.utf8("blob")));
        assertEquals(201, created.status(), created.toString());
        assertNotNull(created.data().get("stamp"));
        assertFalse(created.data().containsKey("blob"), "writeonly never returns the key: " + created);
        String id = created.createdId();
        List<String> stored = files.stored();
        Map<String, Object> immutable = violation(files.form("PATCH", DOCS + "/" + id, new Form()
            .file("stamp", "t.txt", Form.utf8("again"))));
        assertEquals(List.of("stamp", "immutable"), List.of(immutable.get("field"), immutable.get("rule")));
        assertEquals(stored, files.stored());
        assertFalse(api.get(DOCS + "/" + id).data().containsKey("blob"));
    }

    @Test
    void jsonValuesForControlledFileFieldsAreStrippedAsForAnyField() {
        Api.Reply created = api.post(DOCS, Map.of("title", "json", "locked", "anonymous/x/y"));
        assertEquals(201, created.status(), created.toString());
        assertNull(created.data().get("locked"));
    }

    @Test
    void malformedMultipartIsAMultipartError() {
        Api.Reply reply = api.sendBytes("POST", DOCS, Form.utf8("--" + Form.BOUNDARY + "\r\nno headers here"),
            Form.HEADERS);
        refused(reply, 400, "MULTIPART_ERROR");
        refused(api.sendBytes("POST", DOCS, Form.utf8("x"), Map.of("Content-Type", "multipart/form-data")), 400,
            "MULTIPART_ERROR");
    }

    @Test
    void theUploadCapAppliesToFormsAndJsonKeepsItsOwnLimit() {
        byte[] big = new byte[100_000];
        java.util.Arrays.fill(big, (byte) 'a');
        assertEquals(201, create(new Form().text("title", "big").file("attachment", "big.txt", big)).status(),
            "a form over fx.max-body-size but within the upload cap passes");
        List<String> before = files.stored();
        byte[] huge = new byte[300_000];
        refused(create(new Form().text("title", "huge").file("attachment", "huge.bin", huge)), 413, "BODY_TOO_LARGE");
        assertEquals(before, files.stored());
        String json = "{\"title\":\"" + "a".repeat(40_000) + "\"}";
        refused(api.post(DOCS, json), 413, "BODY_TOO_LARGE");
    }

    @Test
    void hostileAndUtf8NamesAreReducedInKeysAndQuotedInDownloads() throws Exception {
        Api.Reply created = create(new Form().text("title", "names")
            .file("attachment", "../../etc/passwd", Form.utf8("root:x:0:0"))
            .file("keep", "résumé \\\"2024\\\" 📄.txt", Form.utf8("plain words")));
        assertEquals(201, created.status(), created.toString());
        String attachment = (String) created.data().get("attachment");
        assertTrue(attachment.endsWith("/passwd"), attachment);
        String keep = (String) created.data().get("keep");
        assertTrue(keep.endsWith("/rsum2024.txt"), keep);
        for (String key : List.of(attachment, keep)) {
            assertTrue(Files.isRegularFile(files.root.resolve(key)), key);
        }
        Downloads.Download download = Downloads.get(files, DOCS + "/" + created.createdId() + "/keep", Map.of());
        assertEquals(200, download.status());
        String disposition = download.header("Content-Disposition");
        assertTrue(disposition.startsWith("inline; filename=\""), disposition);
        assertTrue(disposition.contains("filename*=UTF-8''r%C3%A9sum%C3%A9%20%222024%22%20%F0%9F%93%84.txt"),
            disposition);
        assertFalse(disposition.contains("\r") || disposition.contains("\n"), disposition);
        assertEquals(2, disposition.chars().filter(c -> c == '"').count(), "no raw quote in the name: " + disposition);
    }
}
