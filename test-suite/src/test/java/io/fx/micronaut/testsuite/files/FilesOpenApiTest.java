package io.fx.micronaut.testsuite.files;

import com.fasterxml.jackson.databind.JsonNode;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The files module's part of the OpenAPI document (validated): multipart bodies without unsettable file fields, the
 * record file routes as binary downloads, {@code /files} only when mounted, and the module's codes.
 */
@TestDatabase
class FilesOpenApiTest {

    @TempDir
    Path directory;

    @Test
    void theDocumentDescribesFormsDownloadsAndCodes() {
        try (FilesServer files = FilesServer.start("FilesOpenApiTest", directory, "fx.openapi.enabled", "true")) {
            JsonNode document = OpenApiValidation.fetchValid(files.api, "/api/openapi.json");
            JsonNode paths = document.path("paths");
            JsonNode createForm = paths.path("/api/documents").path("post").path("requestBody").path("content")
                .path("multipart/form-data").path("schema").path("properties");
            assertEquals("binary", createForm.path("cover").path("format").asText(), createForm.toString());
            assertTrue(createForm.has("stamp"), "immutable fields are settable on create");
            assertFalse(createForm.has("locked") || createForm.has("secret"), createForm.toString());
            JsonNode updateForm = paths.path("/api/documents/{id}").path("patch").path("requestBody").path("content")
                .path("multipart/form-data").path("schema").path("properties");
            assertTrue(updateForm.has("attachment"));
            assertFalse(updateForm.has("stamp"), "immutable fields are not settable on update: " + updateForm);
            JsonNode download = paths.path("/api/documents/{id}/cover").path("get").path("responses");
            assertTrue(download.has("206") && download.has("416"), download.toString());
            assertEquals("binary", download.path("200").path("content").path("*/*").path("schema").path("format")
                .asText());
            assertTrue(paths.path("/api/files").path("post").path("requestBody").path("content")
                .has("multipart/form-data"), paths.path("/api/files").toString());
            assertTrue(paths.has("/api/files/{owner}/{id}/{name}"), paths.toString());
            JsonNode codes = document.path("components").path("schemas").path("FxError").path("x-fx-error-codes");
            assertEquals(413, codes.path("FILE_TOO_LARGE").asInt(), codes.toString());
            assertEquals(501, codes.path("NO_STORAGE").asInt());
            assertEquals(416, codes.path("RANGE_NOT_SATISFIABLE").asInt());
        }
    }

    @Test
    void filesRoutesAreOnlyDocumentedWhenMounted() {
        try (FilesServer files = FilesServer.start("FilesOpenApiTest", directory, "fx.openapi.enabled", "true",
            "fx.files.routes.enabled", "false")) {
            JsonNode paths = OpenApiValidation.fetchValid(files.api, "/api/openapi.json").path("paths");
            assertFalse(paths.has("/api/files"), paths.toString());
            assertTrue(paths.has("/api/documents/{id}/attachment"));
        }
    }
}
