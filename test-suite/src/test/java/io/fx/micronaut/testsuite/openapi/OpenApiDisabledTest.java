package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.openapi.OpenApiDocument;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.ApplicationContext;
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
    Api api;
    @Inject
    ApplicationContext context;

    @Test
    void notServedUnlessEnabled() {
        assertFalse(context.containsBean(OpenApiDocument.class));
        Api.Reply reply = api.get("/api/openapi.json");
        assertEquals(404, reply.status());
        assertEquals("NOT_FOUND", reply.code());
    }
}
