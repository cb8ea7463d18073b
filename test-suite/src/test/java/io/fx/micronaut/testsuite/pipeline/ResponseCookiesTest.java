package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.cookie.Cookie;
import io.micronaut.http.cookie.SameSite;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code RequestContext.addCookie}: each cookie is its own {@code Set-Cookie} header, on successes and on
 * error envelopes alike, and a later cookie with the same name and path replaces an earlier one.
 */
@MicronautTest(environments = "test")
@Property(name = "spec.name", value = ResponseCookiesTest.SPEC)
@TestDatabase
class ResponseCookiesTest {

    static final String SPEC = "ResponseCookiesTest";

    @Inject
    Api api;

    @Test
    void everyCookieIsItsOwnSetCookieHeader() {
        Api.Reply reply = api.get("/api/widgets");
        assertEquals(200, reply.status(), reply.text());
        List<String> cookies = setCookies(reply);
        assertEquals(2, cookies.size(), cookies.toString());
        String first = cookies.stream().filter(c -> c.startsWith("first=")).findFirst().orElseThrow();
        assertTrue(first.startsWith("first=one"), first);
        assertTrue(first.toLowerCase(java.util.Locale.ROOT).contains("httponly"), first);
        assertTrue(first.contains("SameSite=Lax"), first);
        assertTrue(first.contains("Path=/"), first);
        assertTrue(cookies.stream().anyMatch(c -> c.startsWith("second=two")), cookies.toString());
    }

    @Test
    void aLaterCookieWithTheSameNameAndPathReplacesTheEarlierOne() {
        Api.Reply reply = api.send("GET", "/api/widgets", null, Map.of("X-Replace-Cookie", "1"));
        List<String> cookies = setCookies(reply);
        assertEquals(2, cookies.size(), cookies.toString());
        assertTrue(cookies.stream().anyMatch(c -> c.startsWith("first=replaced")), cookies.toString());
        assertTrue(cookies.stream().noneMatch(c -> c.startsWith("first=one")), cookies.toString());
    }

    @Test
    void cookiesAreSetOnErrorEnvelopesToo() {
        Api.Reply reply = api.send("GET", "/api/widgets", null, Map.of("X-Refuse", "1"));
        assertEquals(403, reply.status(), reply.text());
        assertEquals("FORBIDDEN", reply.code());
        assertEquals(2, setCookies(reply).size(), reply.headers().toString());
    }

    private static List<String> setCookies(Api.Reply reply) {
        return reply.headers().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase("Set-Cookie"))
            .flatMap(e -> e.getValue().stream()).toList();
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        @Named("cookies")
        PipelineConfigurer cookies() {
            return registry -> registry.use(Step.AUTH, (context, next) -> {
                context.response().addCookie(Cookie.of("first", "one").httpOnly(true).sameSite(SameSite.Lax).path("/"));
                context.response().addCookie(Cookie.of("second", "two").path("/"));
                var request = context.getRequest().orElseThrow();
                if (request.getHeaders().contains("X-Replace-Cookie")) {
                    context.response().addCookie(Cookie.of("first", "replaced").path("/"));
                }
                if (request.getHeaders().contains("X-Refuse")) {
                    context.abort(403, "FORBIDDEN", "refused");
                    return;
                }
                next.next();
            });
        }
    }
}
