package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.openapi.OpenApiDocument;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Off by default: no document bean, and the path is just an unknown collection. */
@MicronautTest(environments = "test")
@TestDatabase
class OpenApiDisabledTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    ApplicationContext context;

    @Test
    void notServedUnlessEnabled() {
        assertFalse(context.containsBean(OpenApiDocument.class));
        Api.Reply reply = new Api(server, json).get("/api/openapi.json");
        assertEquals(404, reply.status());
        assertEquals("NOT_FOUND", reply.code());
    }
}
