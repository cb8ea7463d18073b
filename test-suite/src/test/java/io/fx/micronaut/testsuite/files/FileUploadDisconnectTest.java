package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client that sends the headers and part of a multipart body, then closes the connection: the upload's temporary
 * file is gone once the request ends, nothing is stored, no record is written, and the server goes on serving. Each
 * case waits until the server has started spooling the file part (its temporary file exists) before closing, so the
 * disconnect lands mid-upload.
 */
@TestDatabase
class FileUploadDisconnectTest {

    private static final String DOCS = "/api/documents";
    private static final int FILE_SIZE = 1024 * 1024;
    private static final int SENT = 256 * 1024;

    @TempDir
    static Path directory;
    private static FilesServer files;
    private static Api api;
    private static FxLifecycle lifecycle;

    @BeforeAll
    static void start() {
        files = FilesServer.start("FileUploadDisconnectTest", directory.resolve("store"));
        api = files.api;
        lifecycle = files.server.getApplicationContext().getBean(FxLifecycle.class);
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    @Test
    void aCreateWhoseClientLeavesMidFileLeavesNoRowNoObjectAndNoTemporaryFile() throws Exception {
        abandon(DOCS, "attachment", false, SENT);
    }

    @Test
    void aChunkedCreateWhoseClientLeavesMidFileLeavesNothing() throws Exception {
        abandon(DOCS, "attachment", true, SENT);
    }

    @Test
    void anUploadToFilesWhoseClientLeavesMidFileLeavesNothing() throws Exception {
        abandon("/api/files", "file", false, SENT);
    }

    @Test
    void aCreateWhoseClientLeavesBeforeTheClosingBoundaryLeavesNothing() throws Exception {
        abandon(DOCS, "attachment", false, FILE_SIZE);
    }

    /**
     * Sends the headers, a text part and the first {@code sent} bytes of a 1 MiB file part, waits until the server
     * spools it, closes the socket, then checks what is left and that the server still serves uploads.
     */
    private void abandon(String path, String part, boolean chunked, int sent) throws Exception {
        List<String> storedBefore = files.stored();
        long rows = api.count(DOCS);
        Set<Path> temporaryBefore = temporaryFiles();
        byte[] file = Form.png(FILE_SIZE);
        byte[] body = new Form().text("title", "gone").file(part, "gone.png", file).bytes();
        int prefix = indexOf(body, file) + sent;

        try (Socket socket = new Socket("127.0.0.1", files.server.getPort())) {
            OutputStream out = socket.getOutputStream();
            String framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + body.length;
            out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                + Form.HEADERS.get("Content-Type") + "\r\n" + framing + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            for (int offset = 0; offset < prefix; offset += 16 * 1024) {
                int length = Math.min(16 * 1024, prefix - offset);
                if (chunked) {
                    out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                }
                out.write(body, offset, length);
                if (chunked) {
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
            }
            out.flush();
            await(() -> !newTemporaryFiles(temporaryBefore).isEmpty(), "the server spools the file part");
        }

        await(() -> lifecycle.getInFlight() == 0, "the abandoned request ends");
        await(() -> newTemporaryFiles(temporaryBefore).isEmpty(), "its temporary file is deleted");
        assertEquals(Set.of(), newTemporaryFiles(temporaryBefore));
        assertEquals(storedBefore, files.stored(), "nothing is stored");
        assertEquals(rows, api.count(DOCS), "no record is written");

        Api.Reply created = files.form("POST", DOCS, new Form().text("title", "after")
            .file("attachment", "after.txt", Form.utf8("still serving")));
        assertEquals(201, created.status(), created.toString());
        String key = (String) created.data().get("attachment");
        assertTrue(files.stored().contains(key), "the next upload is stored");
        assertEquals(204, api.delete(DOCS + "/" + created.createdId()).status());
        assertFalse(files.stored().contains(key));
        assertEquals(rows, api.count(DOCS));
    }

    private static Set<Path> temporaryFiles() {
        try (Stream<Path> listed = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return listed.filter(p -> p.getFileName().toString().startsWith("fx-upload")).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<Path> newTemporaryFiles(Set<Path> before) {
        Set<Path> now = new HashSet<>(temporaryFiles());
        now.removeAll(before);
        return now;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(20);
        }
    }

    private static int indexOf(byte[] body, byte[] file) {
        String text = new String(body, StandardCharsets.ISO_8859_1);
        int at = text.indexOf(new String(file, 0, 16, StandardCharsets.ISO_8859_1));
        assertTrue(at > 0, "the file part is in the body");
        return at;
    }
}
