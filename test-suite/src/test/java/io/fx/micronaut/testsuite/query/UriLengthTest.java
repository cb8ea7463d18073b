package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The URI length cap (QueryLimits.maxUriLength, 8 KiB by default): a URI up to the cap is served, a longer
 * one is a 414 URI_TOO_LONG in the framework's envelope. Runs with the server's default Netty settings.
 */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UriLengthTest {

    private static final String HEAD = "/api/articles?filter=title:eq:kept&filter=views:lte:";

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        api.create("/api/articles", Map.of("title", "kept", "body", "b", "views", 7));
    }

    /** @return a list URI of exactly {@code length} characters matching the seeded row: views:lte:000…07 */
    private static String uriOfLength(int length) {
        String uri = HEAD + "0".repeat(length - HEAD.length() - 1) + "7";
        assertEquals(length, uri.length());
        return uri;
    }

    @Test
    void aShortUriIsServed() {
        assertRows(api.get(uriOfLength(1000)), "title", "kept");
    }

    @Test
    void aUriBetweenFourAndEightKibibytesIsServed() {
        assertRows(api.get(uriOfLength(5000)), "title", "kept");
    }

    @Test
    void aUriOfExactlyEightKibibytesIsServed() {
        assertRows(api.get(uriOfLength(8192)), "title", "kept");
    }

    @Test
    void aUriOverEightKibibytesIsRefusedWith414() {
        Api.Reply reply = api.get(uriOfLength(8193));
        assertEquals(414, reply.status(), reply.toString());
        assertEquals("URI_TOO_LONG", reply.code(), reply.toString());
    }
}
