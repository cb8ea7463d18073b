package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

@MicronautTest(environments = "test")
@Property(name = "spec.name", value = OpenApiBeans.SPEC)
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:OpenApiDocumentTest;DB_CLOSE_DELAY=-1")
@Property(name = "fx.openapi.enabled", value = "true")
@Property(name = "fx.openapi.title", value = "Suite API")
@Property(name = "fx.openapi.description", value = "Every test model")
@Property(name = "fx.openapi.version", value = "9.9.9")
@Property(name = "fx.openapi.servers", value = "https://api.example.com,http://localhost:8080")
@Property(name = "fx.openapi.security-schemes.bearer.type", value = "http")
@Property(name = "fx.openapi.security-schemes.bearer.scheme", value = "bearer")
@Property(name = "fx.openapi.security-schemes.bearer.bearer-format", value = "JWT")
@Property(name = "fx.openapi.security-schemes.key.type", value = "apiKey")
@Property(name = "fx.openapi.security-schemes.key.in", value = "header")
@Property(name = "fx.openapi.security-schemes.key.parameter-name", value = "X-API-Key")
@Property(name = "fx.openapi.security", value = "bearer")
class OpenApiDocumentTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;

    @Test
    void dump() throws Exception {
        Api.Reply reply = new Api(server, json).get("/api/openapi.json");
        assertEquals(200, reply.status());
        Files.writeString(Path.of("target/openapi-suite.json"), reply.text());
        assertEquals(java.util.List.of(), OpenApiValidation.messages(reply.text()));
    }
}
