package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.JWSAlgorithm;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Micronaut's {@code SecurityFilter} is off by default (the module's low-priority default); an application
 * that turns it back on keeps the fx routes, which authenticate on their own Auth step, while its other
 * routes are left to Micronaut's rules.
 */
@TestDatabase
class SecurityFilterTest {

    static final String SPEC = "SecurityFilterTest";

    private static Api api(EmbeddedServer server) {
        return new Api(server, server.getApplicationContext().getBean(JsonMapper.class));
    }

    @Test
    void theFilterIsOffByDefault() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC))) {
            assertEquals(200, api(server).get("/outside").status());
            assertEquals(200, api(server).get("/api/dossiers").status());
        }
    }

    @Test
    void turnedBackOnTheFxRoutesStayReachableAndAuthenticateThemselves() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC,
                "micronaut.security.filter.enabled", "true", "fx.security.jwt.secret", BearerTokenTest.SECRET))) {
            Api api = api(server);
            String token = Tokens.hmac(JWSAlgorithm.HS256, BearerTokenTest.SECRET, Tokens.claims("u").build());
            assertEquals(200, api.send("GET", "/api/dossiers", null, Map.of("Authorization", "Bearer " + token)).status());
            Reply anonymous = api.get("/api/dossiers");
            assertEquals(401, anonymous.status(), anonymous::toString);
            assertEquals("UNAUTHORIZED", anonymous.code());
            assertEquals(401, api.get("/outside").status(), "left to Micronaut's rules, which allow nothing here");
        }
    }

    @Controller("/outside")
    @Requires(property = "spec.name", value = SPEC)
    static class Outside {

        @Get
        String hello() {
            return "hello";
        }
    }
}
