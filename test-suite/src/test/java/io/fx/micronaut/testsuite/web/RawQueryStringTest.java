package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.web.DefaultRawQueryString;
import io.fx.micronaut.web.RawQueryString;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 34 fix 2: the Deserialize step decodes the raw query string the {@link RawQueryString} bean finds (by
 * default the request URI's), so an adapter whose request parameters are not the client's (API Gateway's HTTP API
 * comma-joins repeated ones) supplies the original. Here a replacement takes it from a header, as the AWS module
 * takes it from the event.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "spec.name", value = RawQueryStringTest.SPEC)
class RawQueryStringTest {

    static final String SPEC = "RawQueryStringTest";

    @Inject
    Api api;

    @Test
    void theDefaultDecodesTheUrisQueryWithTheServersRules() {
        api.post("/api/articles", Map.of("title", "raw one", "body", "b", "slug", "raw-1"));
        api.post("/api/articles", Map.of("title", "raw two", "body", "b", "slug", "raw-2"));
        api.post("/api/articles", Map.of("title", "raw, three", "body", "b", "slug", "raw-3"));
        Api.Reply in = api.get("/api/articles?sort=title&filter=" + Api.q("title:in:raw one,raw two"));
        assertEquals(List.of("raw one", "raw two"), titles(in));
        Api.Reply repeated = api.get("/api/articles?sort=title&filter=title:like:raw%25&filter=slug:in:raw-1,raw-3");
        assertEquals(List.of("raw one", "raw, three"), titles(repeated), repeated.toString());
        Api.Reply plus = api.get("/api/articles?filter=title:eq:raw+one");
        assertEquals(List.of("raw one"), titles(plus), "+ is a space, as the server decodes it");
    }

    @Test
    void aReplacementSuppliesTheQueryTheStepDecodes() {
        api.post("/api/articles", Map.of("title", "replaced", "body", "b", "slug", "raw-replaced"));
        Api.Reply reply = api.with(Map.of("X-Original-Query", "filter=slug%3Aeq%3Araw-replaced"))
            .get("/api/articles?filter=slug:eq:nothing-matches");
        assertEquals(List.of("replaced"), titles(reply), reply.toString());
        Api.Reply malformed = api.with(Map.of("X-Original-Query", "filter=%zz")).get("/api/articles");
        assertEquals(400, malformed.status(), malformed.toString());
        assertEquals("MALFORMED_REQUEST", malformed.code());
        Api.Reply notUtf8 = api.with(Map.of("X-Original-Query", "filter=title:eq:%C3%28")).get("/api/articles");
        assertEquals(400, notUtf8.status(), notUtf8.toString());
        assertEquals("MALFORMED_REQUEST", notUtf8.code());
    }

    private static List<Object> titles(Api.Reply reply) {
        return reply.list().stream().map(row -> row.get("title")).toList();
    }

    /** Takes the raw query from a header when one is sent, else the URI's. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    @Replaces(DefaultRawQueryString.class)
    static class HeaderRawQueryString implements RawQueryString {
        @Override
        @NonNull
        public Optional<String> of(@NonNull HttpRequest<?> request) {
            return Optional.ofNullable(request.getHeaders().get("X-Original-Query"))
                .or(() -> Optional.ofNullable(request.getUri().getRawQuery()));
        }
    }
}
