package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keys bound to their owner with real HS256 tokens of the security module: the owner segment is the hash of the
 * tenant, else of the user; another owner's key is 403 {@code FILE_FORBIDDEN} to reference, download or delete;
 * anonymous uploads are open to all.
 */
@TestDatabase
class FileOwnersTest {

    private static final String DOCS = "/api/documents";

    @TempDir
    static Path directory;
    private static FilesServer files;

    @BeforeAll
    static void start() {
        files = FilesServer.start("FileOwnersTest", directory.resolve("store"),
            SecurityConfig.none().secret(Tokens.SECRET).jwt("tenant-claim", "tenant_id").pairs());
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    private static Api as(String user) {
        return files.api.withBearer(Tokens.jwt(user).token());
    }

    private static Api asTenant(String user, String tenant) {
        return files.api.withBearer(Tokens.jwt(user).tenant(tenant).token());
    }

    private static String upload(Api api, String name) {
        Api.Reply reply = api.sendBytes("POST", "/api/files", new Form().file("file", name, Form.utf8(name)).bytes(),
            Form.HEADERS);
        assertEquals(201, reply.status(), reply.toString());
        return (String) reply.data().get("key");
    }

    private static void forbidden(Api.Reply reply) {
        assertEquals(403, reply.status(), reply.toString());
        assertEquals("FILE_FORBIDDEN", reply.code(), reply.toString());
    }

    @Test
    void anotherOwnersKeyIsForbidden() {
        String alice = "alice-" + Tokens.id();
        String bob = "bob-" + Tokens.id();
        String key = upload(as(alice), "alice.txt");
        assertTrue(!key.startsWith("anonymous/"), key);
        forbidden(as(bob).post(DOCS, Map.of("title", "steal", "attachment", key)));
        forbidden(as(bob).get("/api/files/" + key));
        forbidden(files.api.get("/api/files/" + key));
        forbidden(as(bob).delete("/api/files/" + key));
        assertTrue(Files.exists(files.root.resolve(key)));
        assertEquals(201, as(alice).post(DOCS, Map.of("title", "mine", "attachment", key)).status());
        assertEquals(200, as(alice).get("/api/files/" + key).status());
    }

    @Test
    void formUploadsAreOwnedByTheirCaller() {
        String carol = "carol-" + Tokens.id();
        Api.Reply created = as(carol).sendBytes("POST", DOCS, new Form().text("title", "carol's")
            .file("attachment", "c.txt", Form.utf8("c")).bytes(), Form.HEADERS);
        assertEquals(201, created.status(), created.toString());
        String key = (String) created.data().get("attachment");
        assertEquals(key.substring(0, 16), upload(as(carol), "again.txt").substring(0, 16));
        forbidden(as("dave-" + Tokens.id()).post(DOCS, Map.of("title", "dave", "attachment", key)));
    }

    @Test
    void aTenantSharesItsKeysAndAnonymousKeysAreOpen() {
        String tenant = "acme-" + Tokens.id();
        String key = upload(asTenant("erin-" + Tokens.id(), tenant), "tenant.txt");
        assertEquals(201, asTenant("frank-" + Tokens.id(), tenant).post(DOCS, Map.of("title", "same tenant",
            "attachment", key)).status());
        forbidden(asTenant("erin-" + Tokens.id(), "other-" + Tokens.id()).post(DOCS, Map.of("title", "other tenant",
            "attachment", key)));
        String open = upload(files.api, "open.txt");
        assertTrue(open.startsWith("anonymous/"), open);
        assertEquals(201, as("gina-" + Tokens.id()).post(DOCS, Map.of("title", "open", "attachment", open)).status());
    }
}
