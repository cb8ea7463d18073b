package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Micronaut's {@code SecurityFilter} is off by default (the module's low-priority default); an application
 * that turns it back on keeps the fx routes, which authenticate on their own Auth step, while its other
 * routes are left to Micronaut's rules.
 */
@TestDatabase
class SecurityFilterTest {

    static final String SPEC = "SecurityFilterTest";

    @Test
    void theFilterIsOffByDefault() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC))) {
            assertEquals(200, new Api(server).get("/outside").status());
            assertEquals(200, new Api(server).get("/api/dossiers").status());
        }
    }

    @Test
    void turnedBackOnTheFxRoutesStayReachableAndAuthenticateThemselves() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC,
                "micronaut.security.filter.enabled", "true", "fx.security.jwt.secret", SECRET))) {
            Api api = new Api(server);
            assertEquals(200, api.withBearer(Tokens.jwt("u").token()).get("/api/dossiers").status());
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
