package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static io.fx.micronaut.testsuite.model.ModelPaths.TICKETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 item 1 (query part): {@code like}/{@code ilike} values carry at most {@code maxLikeWildcards} (4)
 * wildcards and pattern values at most {@code maxLikeLength} (256) characters, 400 {@code INVALID_QUERY} naming
 * the field otherwise, per server and per model; {@code contains}, {@code starts_with} and {@code ends_with}
 * keep the client's {@code %}, {@code _} and backslash literal on both databases.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.openapi.enabled", value = "true")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LikePatternLimitTest {

    @Inject
    Api api;
    String tag;

    @BeforeAll
    void seed() {
        tag = "lp" + UUID.randomUUID().toString().substring(0, 8);
        for (String suffix : List.of("100%", "100x", "a_b", "axb", "c\\d", "cd", "%start", "xstart", "end_", "endx")) {
            Api.Reply created = api.post(SPECIMENS, Map.of("name", tag + suffix, "color", tag));
            assertEquals(201, created.status(), created.toString());
        }
    }

    private Api.Reply list(String filter) {
        return api.get(SPECIMENS + Api.query("filter", "color:eq:" + tag, "filter", filter, "limit", "50"));
    }

    private Set<String> names(String filter) {
        Api.Reply reply = list(filter);
        assertEquals(200, reply.status(), reply.toString());
        return reply.list().stream().map(r -> ((String) r.get("name")).substring(tag.length()))
            .collect(Collectors.toSet());
    }

    private static void assertInvalid(Api.Reply reply, String... fragments) {
        assertEquals(400, reply.status(), reply.toString());
        assertEquals("INVALID_QUERY", reply.code(), reply.toString());
        String message = (String) reply.error().get("message");
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), message + " names " + fragment);
        }
    }

    @Test
    void fourWildcardsAreAcceptedFiveAreNot() {
        // anchored at the end: the random tag may itself hold "1?0", so the pattern must not match inside it
        assertEquals(Set.of("100%", "100x"), names("name:like:%1_0_"));
        assertEquals(200, list("name:like:%a%a%a%").status());
        assertInvalid(list("name:like:%a%a%a%a%b"), "'name'", "maxLikeWildcards");
        assertInvalid(list("name:ilike:_____"), "'name'", "maxLikeWildcards");
    }

    @Test
    void escapedWildcardsAreLiteralAndNotCounted() {
        assertEquals(Set.of("100%"), names("name:like:%100\\%"));
        assertEquals(200, list("name:like:\\%\\%\\%\\%\\%\\_\\_%").status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"like", "ilike", "contains", "starts_with", "ends_with"})
    void longPatternsAreRefused(String op) {
        assertInvalid(list("name:" + op + ":" + "a".repeat(257)), "'name'", "maxLikeLength");
        Api.Reply atTheLimit = list("name:" + op + ":" + "a".repeat(256));
        assertEquals(200, atTheLimit.status(), atTheLimit.toString());
        assertEquals(List.of(), atTheLimit.list());
    }

    @Test
    void manyPercentSignsInContainsAreLiteralAndNotAWildcardCount() {
        assertEquals(200, list("name:contains:%%%%%%%%").status());
        assertEquals(Set.of(), names("name:contains:%%%%%%%%"));
    }

    @Test
    void containsStartsWithAndEndsWithKeepPercentUnderscoreAndBackslashLiteral() {
        assertEquals(Set.of("100%", "%start"), names("name:contains:%"));
        assertEquals(Set.of("a_b", "end_"), names("name:contains:_"));
        assertEquals(Set.of("c\\d"), names("name:contains:\\"));
        assertEquals(Set.of("c\\d"), names("name:contains:c\\d"));
        assertEquals(Set.of("%start"), names("name:starts_with:" + tag + "%"));
        assertEquals(Set.of("end_"), names("name:ends_with:_"));
        assertEquals(Set.of("100%"), names("name:ends_with:0%"));
        assertEquals(Set.of("a_b"), names("name:contains:a_b"));
    }

    @Test
    void aModelMayTightenThePatternLimits() {
        Api.Reply one = api.get(TICKETS + Api.query("filter", "subject:like:a%"));
        assertEquals(200, one.status(), one.toString());
        assertInvalid(api.get(TICKETS + Api.query("filter", "subject:like:%a%")), "'subject'", "maxLikeWildcards");
        assertInvalid(api.get(TICKETS + Api.query("filter", "subject:contains:" + "x".repeat(13))), "'subject'",
            "maxLikeLength");
    }

    @Test
    void theLimitsAppearInTheOpenApiDocument() {
        Api.Reply doc = api.get("/api/openapi.json");
        assertEquals(200, doc.status(), "the OpenAPI document is served at /api/openapi.json");
        assertTrue(doc.text().contains("at most 4 unescaped % or _ wildcards (maxLikeWildcards)"), "server limit");
        assertTrue(doc.text().contains("at most 1 unescaped % or _ wildcards (maxLikeWildcards)"), "model limit");
        assertTrue(doc.text().contains("at most 256 characters (maxLikeLength)"), "server length");
    }
}
