package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What becomes of stored files: keys from {@code POST /files} referenced by JSON writes (checked for existence,
 * size and type), objects deleted after a committed replace, clear or hard delete (cascades too) and never after a
 * rollback, a soft delete, {@code auto_delete:false} or while referenced, and no object left by a refused write.
 */
@TestDatabase
class FileLifecycleTest {

    private static final String DOCS = "/api/documents";

    @TempDir
    static Path directory;
    private static FilesServer files;
    private static Api api;

    @BeforeAll
    static void start() {
        files = FilesServer.start("FileLifecycleTest", directory.resolve("store"));
        api = files.api;
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    private String upload(String name, byte[] bytes) {
        Api.Reply reply = files.form("POST", "/api/files", new Form().file("file", name, bytes));
        assertEquals(201, reply.status(), reply.toString());
        Map<String, Object> data = reply.data();
        assertEquals(List.of("key", "filename", "content_type", "size"), new ArrayList<>(data.keySet()));
        assertEquals(bytes.length, ((Number) data.get("size")).intValue());
        assertEquals("/api/files/" + data.get("key"), reply.header("Location"));
        assertEquals("FILE_UPLOAD", reply.header("X-File-Operation"), "middleware named for the operation run");
        return (String) data.get("key");
    }

    private boolean exists(String key) {
        return Files.isRegularFile(files.root.resolve(key));
    }

    private void refused(Api.Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply.toString());
        assertEquals(code, reply.code(), reply.toString());
    }

    @Test
    void anUploadedKeyIsReferencedByAJsonWriteAndThenInUse() throws Exception {
        String key = upload("notes.txt", Form.utf8("some notes"));
        Downloads.Download download = Downloads.get(files, "/api/files/" + key, Map.of());
        assertEquals(200, download.status());
        assertEquals("some notes", new String(download.bytes()));
        assertEquals(null, download.header("X-File-Operation"), "FILE_DOWNLOAD is another operation");
        Downloads.Download head = Downloads.send(files, "HEAD", "/api/files/" + key, Map.of());
        assertEquals(200, head.status());
        assertEquals("10", head.header("Content-Length"));
        assertEquals(0, head.bytes().length);
        String id = api.create(DOCS, Map.of("title", "ref", "attachment", key));
        assertEquals(key, api.get(DOCS + "/" + id).data().get("attachment"));
        refused(api.delete("/api/files/" + key), 409, "FILE_IN_USE");
        assertTrue(exists(key));
    }

    @Test
    void referencedKeysMustExistFitAndHaveAnAcceptedType() {
        long count = api.count(DOCS);
        refused(api.post(DOCS, Map.of("title", "x", "attachment", "anonymous/" + java.util.UUID.randomUUID()
            + "/gone.txt")), 422, "FILE_NOT_FOUND");
        for (String traversal : List.of("../../etc/passwd", "anonymous/../../../etc/passwd", "/etc/passwd",
            "anonymous/" + java.util.UUID.randomUUID() + "/../x")) {
            refused(api.post(DOCS, Map.of("title", "x", "attachment", traversal)), 422, "FILE_NOT_FOUND");
        }
        refused(api.post(DOCS, Map.of("title", "x", "cover", upload("big.png", Form.png(1025)))), 413,
            "FILE_TOO_LARGE");
        refused(api.post(DOCS, Map.of("title", "x", "cover", upload("cat.png",
            Form.utf8("<html><body>not an image</body></html>")))), 415, "FILE_TYPE_NOT_ALLOWED");
        assertEquals(201, api.post(DOCS, Map.of("title", "x", "cover", upload("ok.png", Form.png(1024)))).status());
        assertEquals(count + 1, api.count(DOCS));
    }

    @Test
    void replacingClearingAndHardDeletingDeleteTheOldObjectsAfterCommit() {
        Api.Reply created = files.form("POST", DOCS, new Form().text("title", "cycle")
            .file("attachment", "one.txt", Form.utf8("one")).file("keep", "keep.txt", Form.utf8("keep")));
        assertEquals(201, created.status(), created.toString());
        String id = created.createdId();
        String one = (String) created.data().get("attachment");
        String kept = (String) created.data().get("keep");

        Api.Reply replaced = files.form("PATCH", DOCS + "/" + id, new Form().file("attachment", "two.txt",
            Form.utf8("two")).file("keep", "keep2.txt", Form.utf8("keep2")));
        assertEquals(200, replaced.status(), replaced.toString());
        String two = (String) replaced.data().get("attachment");
        assertFalse(exists(one), "the replaced object is gone once the update answered");
        assertTrue(exists(two));
        assertTrue(exists(kept), "auto_delete:false keeps the replaced object");

        assertEquals(200, api.patch(DOCS + "/" + id, "{\"attachment\":null}").status());
        assertFalse(exists(two), "a cleared field's object is gone");

        String kept2 = (String) replaced.data().get("keep");
        String three = upload("three.txt", Form.utf8("three"));
        assertEquals(200, api.patch(DOCS + "/" + id, Map.of("attachment", three)).status());
        assertEquals(204, api.delete(DOCS + "/" + id).status());
        assertFalse(exists(three), "a hard delete deletes the record's objects");
        assertTrue(exists(kept2), "but not those of auto_delete:false fields");
    }

    @Test
    void aKeyStillReferencedElsewhereIsKept() {
        String shared = upload("shared.txt", Form.utf8("shared"));
        String first = api.create(DOCS, Map.of("title", "a", "attachment", shared));
        String second = api.create(DOCS, Map.of("title", "b", "attachment", shared));
        assertEquals(204, api.delete(DOCS + "/" + first).status());
        assertTrue(exists(shared), "the second record still references it");
        assertEquals(204, api.delete(DOCS + "/" + second).status());
        assertFalse(exists(shared));
    }

    @Test
    void aRefusedWriteLeavesNoObjectAndDeletesNothing() {
        String code = "code-" + java.util.UUID.randomUUID();
        Api.Reply first = files.form("POST", DOCS, new Form().text("title", "first").text("code", code)
            .file("attachment", "first.txt", Form.utf8("first")));
        assertEquals(201, first.status(), first.toString());
        List<String> before = files.stored();
        refused(files.form("POST", DOCS, new Form().text("title", "dup").text("code", code)
            .file("attachment", "dup.txt", Form.utf8("dup"))), 409, "CONFLICT");
        assertEquals(before, files.stored(), "no object after a 409");

        String other = api.create(DOCS, Map.of("title", "other"));
        Api.Reply withOld = files.form("PATCH", DOCS + "/" + other, new Form().file("attachment", "old.txt",
            Form.utf8("old")));
        String old = (String) withOld.data().get("attachment");
        List<String> stored = files.stored();
        refused(files.form("PATCH", DOCS + "/" + other, new Form().text("code", code)
            .file("attachment", "new.txt", Form.utf8("new"))), 409, "CONFLICT");
        assertEquals(stored, files.stored(), "the rolled-back replace deleted neither the old object nor kept the new");
        assertTrue(exists(old));
    }

    @Test
    void softDeleteKeepsTheFileAndCascadesDeleteTheirs() {
        Api.Reply album = files.form("POST", "/api/albums", new Form().text("name", "a")
            .file("art", "art.txt", Form.utf8("art")));
        assertEquals(201, album.status(), album.toString());
        String art = (String) album.data().get("art");
        assertEquals(204, api.delete("/api/albums/" + album.createdId()).status());
        assertTrue(exists(art), "a soft delete keeps the file");
        io.fx.micronaut.db.DataStore store = files.server.getApplicationContext().getBean(io.fx.micronaut.db.DataStore.class);
        io.fx.micronaut.model.ModelDescriptor albums = files.server.getApplicationContext()
            .getBean(io.fx.micronaut.model.ModelRegistry.class).findByName("Album").orElseThrow();
        store.inTransaction(() -> store.hardDelete(io.fx.micronaut.db.StorageContext.system(), albums,
            album.createdId()));
        assertFalse(exists(art), "a hard delete of the soft-deleted row (RecordChange.isRemoval) deletes it");

        String drawer = api.create("/api/drawers", Map.of("name", "d"));
        Api.Reply card = files.form("POST", "/api/cards", new Form().text("drawer_id", drawer)
            .file("scan", "scan.txt", Form.utf8("scan")));
        assertEquals(201, card.status(), card.toString());
        String scan = (String) card.data().get("scan");
        assertEquals(204, api.delete("/api/drawers/" + drawer).status());
        assertFalse(exists(scan), "the cascaded leaf's file is deleted");
    }

    @Test
    void twoConcurrentReplacementsLeaveOneObject() throws Exception {
        String id = api.create(DOCS, Map.of("title", "race"));
        CyclicBarrier barrier = new CyclicBarrier(2);
        List<CompletableFuture<Api.Reply>> replies = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int n = i;
            replies.add(CompletableFuture.supplyAsync(() -> {
                try {
                    barrier.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return files.form("PATCH", DOCS + "/" + id, new Form().file("attachment", "r" + n + ".txt",
                    Form.utf8("race " + n)));
            }));
        }
        Map<Integer, Integer> statuses = new HashMap<>();
        List<String> keys = new ArrayList<>();
        for (CompletableFuture<Api.Reply> reply : replies) {
            Api.Reply r = reply.get();
            statuses.merge(r.status(), 1, Integer::sum);
            keys.add((String) r.data().get("attachment"));
        }
        assertEquals(Map.of(200, 2), statuses);
        String current = (String) api.get(DOCS + "/" + id).data().get("attachment");
        assertEquals(1, keys.stream().filter(this::exists).count(), "one of the two objects is left: " + keys);
        assertTrue(exists(current));
    }

    @Test
    void largeFilesKeepTheirSha256AndAreStreamedWholeAndInRanges() throws Exception {
        byte[] bytes = new byte[700_001];
        new java.util.Random(5).nextBytes(bytes);
        String key = upload("big.bin", bytes);
        java.util.Properties meta = new java.util.Properties();
        try (java.io.Reader in = Files.newBufferedReader(files.root.resolve(key).resolveSibling(".meta"))) {
            meta.load(in);
        }
        assertEquals(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
            .digest(bytes)), meta.getProperty("sha256"), "the SHA-256 computed while spooling");

        Downloads.Download whole = Downloads.get(files, "/api/files/" + key, Map.of());
        assertEquals(200, whole.status());
        assertEquals("700001", whole.header("Content-Length"));
        assertArrayEquals(bytes, whole.bytes());
        Downloads.Download part = Downloads.get(files, "/api/files/" + key, Map.of("Range", "bytes=100-600099"));
        assertEquals(206, part.status());
        assertEquals("bytes 100-600099/700001", part.header("Content-Range"));
        assertArrayEquals(java.util.Arrays.copyOfRange(bytes, 100, 600_100), part.bytes());
        Downloads.Download small = Downloads.get(files, "/api/files/" + key, Map.of("Range", "bytes=-5"));
        assertArrayEquals(java.util.Arrays.copyOfRange(bytes, bytes.length - 5, bytes.length), small.bytes());
        Downloads.Download head = Downloads.send(files, "HEAD", "/api/files/" + key, Map.of());
        assertEquals("700001", head.header("Content-Length"));
        assertEquals(0, head.bytes().length);
    }

    @Test
    void downloadsCarrySafeHeadersAndAnswerOneRange() throws Exception {
        Api.Reply created = files.form("POST", DOCS, new Form().text("title", "range")
            .file("attachment", "page.html", Form.utf8("<html><body>0123456789</body></html>")));
        String id = created.createdId();
        String path = DOCS + "/" + id + "/attachment";
        Downloads.Download whole = Downloads.get(files, path, Map.of());
        assertEquals(200, whole.status());
        assertEquals("text/html", whole.header("Content-Type").split(";")[0]);
        assertEquals("nosniff", whole.header("X-Content-Type-Options"));
        assertEquals("bytes", whole.header("Accept-Ranges"));
        assertEquals("36", whole.header("Content-Length"));
        assertTrue(whole.header("Content-Disposition").startsWith("attachment; filename=\"page.html\""),
            "HTML is never inline: " + whole.header("Content-Disposition"));

        Downloads.Download part = Downloads.get(files, path, Map.of("Range", "bytes=12-21"));
        assertEquals(206, part.status());
        assertEquals("bytes 12-21/36", part.header("Content-Range"));
        assertEquals("0123456789", new String(part.bytes()));
        Downloads.Download suffix = Downloads.get(files, path, Map.of("Range", "bytes=-7"));
        assertEquals("</html>", new String(suffix.bytes()));
        assertEquals(206, Downloads.get(files, path, Map.of("Range", "bytes=30-")).status());

        Downloads.Download past = Downloads.get(files, path, Map.of("Range", "bytes=36-"));
        assertEquals(416, past.status());
        assertEquals("bytes */36", past.header("Content-Range"));
        assertTrue(new String(past.bytes()).contains("RANGE_NOT_SATISFIABLE"));
        assertEquals(200, Downloads.get(files, path, Map.of("Range", "bytes=0-1,4-5")).status());
        assertEquals(200, Downloads.get(files, path, Map.of("Range", "bytes=x-y")).status());

        Downloads.Download head = Downloads.send(files, "HEAD", path, Map.of());
        assertEquals(200, head.status());
        assertEquals("36", head.header("Content-Length"));
        assertEquals(0, head.bytes().length);
    }

    @Test
    void recordFileRoutesRefuseWhatCannotBeRead() throws Exception {
        String id = api.create(DOCS, Map.of("title", "empty"));
        refused(api.get(DOCS + "/" + id + "/attachment"), 404, "FILE_NOT_SET");
        refused(api.get(DOCS + "/" + id + "/secret"), 404, "NOT_FOUND");
        refused(api.get(DOCS + "/" + id + "/blob"), 404, "NOT_FOUND");
        refused(api.get(DOCS + "/" + java.util.UUID.randomUUID() + "/attachment"), 404, "NOT_FOUND");
        refused(api.get(DOCS + "/" + id + "/title"), 404, "NOT_FOUND");
    }

    @Test
    void fileRoutesRefuseUnknownMalformedAndEmptyRequests() {
        refused(api.get("/api/files/anonymous/" + java.util.UUID.randomUUID() + "/none.txt"), 404, "NOT_FOUND");
        refused(api.delete("/api/files/anonymous/" + java.util.UUID.randomUUID() + "/none.txt"), 404, "NOT_FOUND");
        refused(api.get("/api/files/anonymous/not-a-uuid/x.txt"), 404, "NOT_FOUND");
        refused(api.get("/api/files/anonymous/" + java.util.UUID.randomUUID() + "/%2E%2E"), 404, "NOT_FOUND");
        refused(files.form("POST", "/api/files", new Form().text("file", "not a file")), 400, "MULTIPART_ERROR");
        refused(api.post("/api/files", Map.of("file", "json")), 400, "MULTIPART_ERROR");
        String key = upload("gone.txt", Form.utf8("gone"));
        assertEquals(204, api.delete("/api/files/" + key).status());
        assertFalse(exists(key));
    }
}
