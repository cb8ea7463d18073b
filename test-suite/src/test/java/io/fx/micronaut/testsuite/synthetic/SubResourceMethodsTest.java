package io.fx.micronaut.testsuite.synthetic;

import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.BinaryBodyMediaType;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 item 5: a sub-resource answers the methods it lists, each through the pipeline of its own
 * operation and with its own status (POST 201 or 202, DELETE 204); another method is 405 with {@code Allow};
 * its body is streamed within its own limit; the OpenAPI document lists its methods.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = SubResourceMethodBeans.SPEC)
@Property(name = BinaryBodyMediaType.ENABLED, value = "true")
@Property(name = "fx.openapi.enabled", value = "true")
@TestDatabase
class SubResourceMethodsTest {

    private static final Map<String, String> ATTACHER = Map.of("X-Attacher", "yes", "X-File-Name", "a.bin",
        "Content-Type", "application/octet-stream");

    @Inject
    Api api;

    private String memo() {
        Api.Reply created = api.post("/api/memos", Map.of("text", "with attachments"));
        assertEquals(201, created.status(), created.toString());
        return "/api/memos/" + created.data().get("id");
    }

    private Api.Reply attach(String memo, String body, Map<String, String> headers) {
        return api.sendBytes("POST", memo + "/attachments", body.getBytes(StandardCharsets.UTF_8), headers);
    }

    @Test
    void postAnswers201DeleteAnswers204AndGetListsWhatIsLeft() {
        String memo = memo();
        Api.Reply added = attach(memo, "hello", ATTACHER);
        assertEquals(201, added.status(), added.toString());
        assertEquals(Map.of("name", "a.bin", "bytes", 5), added.data());
        assertFalse(added.header("X-Request-Id").isBlank());
        assertEquals(List.of(Map.of("name", "a.bin", "bytes", 5)), api.get(memo + "/attachments").body().get("data"));
        Api.Reply dropped = api.delete(memo + "/attachments");
        assertEquals(204, dropped.status(), dropped.toString());
        assertEquals("", dropped.text());
        assertEquals(List.of(), api.get(memo + "/attachments").body().get("data"));
    }

    @Test
    void aSubResourceReturningAResponseAnswersWithIt() {
        String memo = memo();
        Api.Reply queued = api.send("POST", memo + "/receipt", null, Map.of());
        assertEquals(202, queued.status(), queued.toString());
        assertEquals(memo + "/receipt", queued.header("Location"));
        assertEquals(memo.substring("/api/memos/".length()), queued.body().get("queued"));
    }

    @Test
    void eachMethodRunsThePipelineOfItsOperation() {
        String memo = memo();
        Api.Reply refused = attach(memo, "hello", Map.of("Content-Type", "application/octet-stream"));
        assertEquals(403, refused.status(), "the ATTACH middleware ran: " + refused);
        assertEquals("FORBIDDEN", refused.code());
        assertEquals(200, api.get(memo + "/attachments").status(), "the READ pipeline does not run it");
        assertEquals(204, api.delete(memo + "/attachments").status(), "nor does the DELETE pipeline");
        Api.Reply missing = attach("/api/memos/00000000-0000-4000-8000-000000000000", "x", ATTACHER);
        assertEquals(404, missing.status(), "the parent is read for the caller first: " + missing);
        assertEquals("NOT_FOUND", missing.code());
    }

    @Test
    void anotherMethodIs405WithAllow() {
        String memo = memo();
        Api.Reply patch = api.send("PATCH", memo + "/attachments", "{}", Map.of());
        assertEquals(405, patch.status(), patch.toString());
        assertEquals("METHOD_NOT_ALLOWED", patch.code());
        assertEquals(Set.of("GET", "HEAD", "POST", "DELETE", "OPTIONS"), Set.of(patch.header("Allow").split(",\\s*")));
        assertFalse(patch.header("X-Request-Id").isBlank());
        Api.Reply get = api.get(memo + "/receipt");
        assertEquals(405, get.status(), get.toString());
        assertEquals("METHOD_NOT_ALLOWED", get.code());
        assertEquals("POST, OPTIONS", get.header("Allow"));
        Api.Reply unknown = api.send("POST", memo + "/nothing", "{}", Map.of());
        assertEquals(405, unknown.status(), "as before for a name no sub-resource has: " + unknown);
        assertEquals(Set.of("GET", "HEAD", "OPTIONS"), Set.of(unknown.header("Allow").split(",\\s*")));
    }

    @Test
    void theBodyIsCheckedAndLimitedAsOnAnyRoute() {
        String memo = memo();
        Api.Reply exact = attach(memo, "x".repeat(SubResourceMethodBeans.ATTACHMENT_LIMIT), ATTACHER);
        assertEquals(201, exact.status(), exact.toString());
        Api.Reply over = attach(memo, "x".repeat(SubResourceMethodBeans.ATTACHMENT_LIMIT + 1), ATTACHER);
        assertEquals(413, over.status(), over.toString());
        assertEquals("BODY_TOO_LARGE", over.code());
        Map<String, String> plainText = Map.of("X-Attacher", "yes", "Content-Type", "text/plain");
        Api.Reply refused = attach(memo, "hello", plainText);
        assertEquals(415, refused.status(), refused.toString());
        assertEquals("UNSUPPORTED_MEDIA_TYPE", refused.code());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theOpenApiDocumentListsTheMethods() {
        Api.Reply document = api.get("/api/openapi.json");
        assertEquals(List.of(), OpenApiValidation.messages(document.text()));
        Map<String, Object> paths = (Map<String, Object>) document.body().get("paths");
        Map<String, Object> attachments = (Map<String, Object>) paths.get("/api/memos/{id}/attachments");
        assertTrue(attachments.keySet().containsAll(Set.of("get", "post", "delete")), attachments.keySet().toString());
        assertFalse(attachments.containsKey("patch"));
        assertTrue(((Map<String, Object>) ((Map<String, Object>) attachments.get("post")).get("responses"))
            .containsKey("201"));
        assertTrue(((Map<String, Object>) ((Map<String, Object>) attachments.get("delete")).get("responses"))
            .containsKey("204"));
        Map<String, Object> receipt = (Map<String, Object>) paths.get("/api/memos/{id}/receipt");
        assertEquals(Set.of("parameters", "post"), receipt.keySet());
    }
}
